package syntax

import (
	"strings"
	"testing"

	"github.com/a0diff/a0diff/runtime/ast"
	"github.com/a0diff/a0diff/runtime/syntax/testfile"
)

// defaultHint is the hint a diagnostic of code has when a test file does not state one.
func defaultHint(code, _ string) string {
	switch code {
	case "E_LEX":
		return lexHint
	case "E_PARSE":
		return parseHint
	}
	return ""
}

func readCases(t testing.TB, path string) []testfile.Case {
	t.Helper()
	cases, err := testfile.Read(path)
	if err != nil {
		t.Fatal(err)
	}
	if len(cases) == 0 {
		t.Fatalf("%s: no cases", path)
	}
	return cases
}

// TestParseErrors checks every program of testdata/parse_errors.txt against its
// diagnostics (code, message, span, hint).
func TestParseErrors(t *testing.T) {
	const file = "testdata/parse_errors.txt"
	for _, c := range readCases(t, file) {
		t.Run(c.Name, func(t *testing.T) {
			prog, diags := Parse("t.a0", c.Source)
			if prog != nil {
				t.Fatalf("%s:%d: parsed, want diagnostics:\n%s", file, c.Line, ast.Dump(prog))
			}
			for _, d := range diags {
				if d.Span != nil && d.Span.File != "t.a0" {
					t.Errorf("%s:%d: span file %q, want t.a0", file, c.Line, d.Span.File)
				}
			}
			got := strings.Join(testfile.Diagnostics(diags), "\n")
			want := strings.Join(testfile.NormalizeExpected(c.Expect, defaultHint), "\n")
			if got != want {
				t.Errorf("%s:%d:\n got: %s\nwant: %s", file, c.Line, got, want)
			}
		})
	}
}

// TestParseTrees checks the tree (with every span) of each program of
// testdata/parse_trees.txt, and that printing it parses back to an equal tree.
func TestParseTrees(t *testing.T) {
	const file = "testdata/parse_trees.txt"
	for _, c := range readCases(t, file) {
		t.Run(c.Name, func(t *testing.T) {
			prog, diags := Parse("t.a0", c.Source)
			if len(diags) > 0 {
				t.Fatalf("%s:%d: unexpected diagnostics:\n%s", file, c.Line, strings.Join(testfile.Diagnostics(diags), "\n"))
			}
			got := strings.TrimRight(ast.Dump(prog), "\n")
			want := strings.Join(c.Expect, "\n")
			if got != want {
				t.Errorf("%s:%d: tree\n got:\n%s\nwant:\n%s", file, c.Line, got, want)
			}
			checkRoundTrip(t, prog)
		})
	}
}

// checkRoundTrip asserts parse(Print(prog)) == prog and that printing is idempotent.
func checkRoundTrip(t testing.TB, prog *ast.Program) {
	t.Helper()
	if err := ast.Printable(prog); err != nil {
		t.Fatalf("parsed tree not printable: %v", err)
	}
	text := ast.Print(prog)
	again, diags := Parse("p.a0", text)
	if len(diags) > 0 {
		t.Fatalf("printed text does not parse: %s\n%s", strings.Join(testfile.Diagnostics(diags), "\n"), text)
	}
	if !ast.Equal(prog, again) {
		t.Fatalf("round trip changed the tree; printed:\n%s\noriginal:\n%s\nreparsed:\n%s", text, ast.Dump(prog), ast.Dump(again))
	}
	if text2 := ast.Print(again); text2 != text {
		t.Fatalf("printing is not idempotent:\n%s\n---\n%s", text, text2)
	}
}
