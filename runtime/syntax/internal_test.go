package syntax

import (
	"strings"
	"testing"
)

// TestParseReportsItsOwnPanics checks Parse's promise never to panic: a panic inside the
// parser (injected through testHookParse) becomes the single CodeInternal diagnostic
// carrying the panic value and the stack, and the recycled parser state still parses the
// next program correctly.
func TestParseReportsItsOwnPanics(t *testing.T) {
	var nilMap map[string]int
	tests := []struct {
		name string
		hook func(src string)
		want string // the message's start
	}{
		{"panic with a string", func(string) { panic("boom") }, "panic in the Go parser: boom"},
		{"runtime error", func(src string) { nilMap[src] = 1 }, "panic in the Go parser: assignment to entry in nil map"},
		{"value shaped like a bailout", func(string) { panic(struct{ diag string }{"E_PARSE"}) }, "panic in the Go parser: {E_PARSE}"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			testHookParse = tt.hook
			prog, diags := Parse("t.a0", "return 1")
			testHookParse = nil
			if prog != nil || len(diags) != 1 {
				t.Fatalf("got program %v and %d diagnostics, want one diagnostic", prog != nil, len(diags))
			}
			d := diags[0]
			if d.Code != CodeInternal || !strings.HasPrefix(d.Message, tt.want) || d.Span != nil {
				t.Errorf("diagnostic %s %q (span %v), want %s %q…", d.Code, d.Message, d.Span, CodeInternal, tt.want)
			}
			if !strings.Contains(d.Hint, "runtime/syntax.Parse") {
				t.Errorf("hint does not hold the stack:\n%s", d.Hint)
			}
			if prog, diags := Parse("t.a0", "let a = [1, 2]\nreturn a"); prog == nil || len(diags) != 0 {
				t.Fatalf("the parse after a panic failed: %v", diags)
			}
		})
	}
}
