package outcome

import (
	"testing"

	"github.com/a0diff/a0diff/runtime/value"
)

func TestHostMessage(t *testing.T) {
	fn := func(name string) value.Value {
		r := value.NewRecord()
		r.Set("fn", name)
		return r
	}
	tests := []struct {
		d    Diagnostic
		want bool
	}{
		{Diagnostic{Code: "E_AST", Message: "Bad control character in string literal in JSON at position 4"}, true},
		{Diagnostic{Code: "E_TOOL", Message: "Tool 'fs.read' failed: ENOENT"}, true},
		{Diagnostic{Code: "E_IO", Message: "Error reading file: ENOENT"}, true},
		{Diagnostic{Code: "E_RUNTIME", Message: "x is not a function"}, true},
		{Diagnostic{Code: "E_FN", Message: "Function 'parse.json' failed: Unexpected end of JSON input", Details: fn("parse.json")}, true},
		{Diagnostic{Code: "E_FN", Message: "Function 'parse.json' failed: Unexpected end of JSON input"}, true},
		{Diagnostic{Code: "E_FN", Message: "Function 'parse.json' failed: parse.json requires 'in' to be a string.", Details: fn("parse.json")}, false},
		{Diagnostic{Code: "E_FN", Message: "Function 'get' failed: get requires 'path' to be a string.", Details: fn("get")}, false},
		{Diagnostic{Code: "E_FN", Message: "Function 'parse.json' failed: x", Details: fn("get")}, false},
		{Diagnostic{Code: "E_TOOL_ARGS", Message: "Invalid arguments for tool 'fs.read': path: Expected string, received number"}, false},
		{Diagnostic{Code: "E_TYPE", Message: "Division by zero."}, false},
	}
	for _, tt := range tests {
		if got := HostMessage(tt.d); got != tt.want {
			t.Errorf("HostMessage(%s %q) = %v", tt.d.Code, tt.d.Message, got)
		}
	}
}
