package syntax

import (
	"strings"
	"testing"

	"github.com/a0diff/a0diff/runtime/ast"
)

// deepPrograms are programs nested 10 000 levels deep (Appendix D asks generators to stay
// below about that), in every recursive form of the grammar.
func deepPrograms(n int) map[string]string {
	return map[string]string{
		"parentheses":   "return " + strings.Repeat("(", n) + "1" + strings.Repeat(")", n),
		"lists":         "return " + strings.Repeat("[", n) + strings.Repeat("]", n),
		"records":       "return " + strings.Repeat("{ a: ", n) + "1" + strings.Repeat(" }", n),
		"unary minus":   "return " + strings.Repeat("-", n) + "1",
		"binary chain":  "return 1" + strings.Repeat(" + 1", n),
		"right nesting": "return " + strings.Repeat("1 - (", n) + "1" + strings.Repeat(")", n),
		"block ifs":     "return " + strings.Repeat("if (true) { return ", n) + "1" + strings.Repeat(" } else { return 0 }", n),
		"record ifs":    "return " + strings.Repeat("if { cond: true, then: 1, else: ", n) + "0" + strings.Repeat(" }", n),
		"functions":     strings.Repeat("fn f {} { ", n) + "return 1" + strings.Repeat(" } ", n) + " return 1",
		"spreads":       "return " + strings.Repeat("{ ...", n) + "{}" + strings.Repeat(" }", n),
	}
}

func TestDeepNesting(t *testing.T) {
	for name, src := range deepPrograms(10000) {
		t.Run(name, func(t *testing.T) {
			prog, diags := Parse("deep.a0", src)
			if len(diags) > 0 {
				t.Fatalf("diagnostics: %v", diags[0])
			}
			checkRoundTrip(t, prog)
		})
	}
}

func TestDeepErrorsAreFound(t *testing.T) {
	// The syntax error sits at the bottom of 10 000 levels.
	src := "return " + strings.Repeat("[", 10000) + ")"
	_, diags := Parse("deep.a0", src)
	if len(diags) != 1 || diags[0].Message != "Expected RBracket but found ')'." {
		t.Fatalf("got %v", diags)
	}
}

func TestTooDeep(t *testing.T) {
	n := MaxNestingDepth + 1
	src := "return " + strings.Repeat("(", n) + "1" + strings.Repeat(")", n)
	prog, diags := Parse("deep.a0", src)
	if prog != nil || len(diags) != 1 || diags[0].Code != CodeTooDeep {
		t.Fatalf("got %v", diags)
	}
	// Lexical errors are still reported first: the limit is a parser limit.
	_, diags = Parse("deep.a0", src+"$")
	if len(diags) != 1 || diags[0].Code != "E_LEX" {
		t.Fatalf("got %v", diags)
	}
}

// TestPathologicalLexing feeds inputs whose naive lexing is quadratic.
func TestPathologicalLexing(t *testing.T) {
	n := 200000
	cases := map[string]struct {
		src    string
		errors int
	}{
		// Every quote starts a string that runs to the bad escape at the end.
		"escaped quotes": {"return \"" + strings.Repeat(`\"`, n) + `\x"`, 0},
		// Every digit starts a number that fails at the final dot.
		"digit run before a dot": {"return 1" + strings.Repeat("1", n) + ".", 1},
		"unterminated string":    {"return \"" + strings.Repeat("a", n), 1},
	}
	for name, c := range cases {
		t.Run(name, func(t *testing.T) {
			_, diags := Parse("p.a0", c.src)
			if len(diags) == 0 || diags[0].Code != "E_LEX" {
				t.Fatalf("got %v", diags)
			}
			if c.errors > 0 && len(diags) != c.errors {
				t.Fatalf("got %d errors, want %d", len(diags), c.errors)
			}
		})
	}
}

// TestSpanFile checks that every node span carries the file name given to Parse.
func TestSpanFile(t *testing.T) {
	prog, diags := Parse("dir/f.a0", "cap { fs.read: true }\nlet x = [1, { a: -2 }]\nreturn x")
	if len(diags) > 0 {
		t.Fatal(diags)
	}
	if !strings.Contains(ast.Dump(prog), "@1:1") || prog.Span.File != "dir/f.a0" {
		t.Fatalf("program span %+v", prog.Span)
	}
	lit := prog.Statements[0].(*ast.LetStmt).Value.(*ast.ListExpr).Elements[1].(*ast.RecordExpr).Pairs[0].(*ast.RecordPair).Value
	if lit.NodeSpan().File != "dir/f.a0" {
		t.Fatalf("nested span %+v", lit.NodeSpan())
	}
}
