package syntax

import (
	"testing"

	"github.com/a0diff/a0diff/runtime/ast"
)

// FuzzParse checks, for any input: Parse does not panic (nor report CodeInternal); it returns either a program or
// at least one diagnostic (never both, never neither); and a program prints to text that
// parses back to an equal tree.
func FuzzParse(f *testing.F) {
	for _, file := range []string{"testdata/parse_errors.txt", "testdata/parse_trees.txt"} {
		for _, c := range readCases(f, file) {
			f.Add([]byte(c.Source))
		}
	}
	for _, src := range deepPrograms(50) {
		f.Add([]byte(src))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		src := DecodeSource(b)
		prog, diags := Parse("f.a0", src)
		if (prog == nil) == (len(diags) == 0) {
			t.Fatalf("program %v with %d diagnostics", prog != nil, len(diags))
		}
		for _, d := range diags {
			if d.Code == CodeInternal {
				t.Fatalf("the parser panicked: %s\n%s", d.Message, d.Hint)
			}
			if d.Code == "" || d.Message == "" {
				t.Fatalf("incomplete diagnostic %+v", d)
			}
		}
		if prog == nil {
			return
		}
		text := ast.Print(prog)
		again, diags := Parse("f.a0", text)
		if len(diags) > 0 {
			t.Fatalf("printed program does not parse: %v\n%s", diags[0], text)
		}
		if !ast.Equal(prog, again) {
			t.Fatalf("round trip changed the tree:\n%s", text)
		}
	})
}
