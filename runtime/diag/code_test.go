package diag_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"strconv"
	"strings"
	"testing"
)

// Every A0 error code the Go implementation reports is one the project's reference of A0
// describes, so that a code a user meets can be looked up. The codes are read from the
// constant blocks of code.go; its last block holds the parser's codes that are not A0
// codes (not part of the language, so not in the reference).
func TestA0CodesAreDocumented(t *testing.T) {
	doc, err := os.ReadFile("../../doc/a0.md")
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "code.go", nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	var blocks [][]*ast.BasicLit
	for _, d := range f.Decls {
		if g, ok := d.(*ast.GenDecl); ok && g.Tok == token.CONST {
			var lits []*ast.BasicLit
			for _, s := range g.Specs {
				for _, v := range s.(*ast.ValueSpec).Values {
					lits = append(lits, v.(*ast.BasicLit))
				}
			}
			blocks = append(blocks, lits)
		}
	}
	if len(blocks) != 3 {
		t.Fatalf("code.go has %d const blocks, want 3 (compile-time, runtime, not A0)", len(blocks))
	}
	n := 0
	for _, lits := range blocks[:2] {
		for _, lit := range lits {
			code, _ := strconv.Unquote(lit.Value)
			n++
			if !strings.Contains(string(doc), "`"+code+"`") {
				t.Errorf("%s: %s is not described in doc/a0.md", fset.Position(lit.Pos()), code)
			}
		}
	}
	if n < 25 {
		t.Errorf("found only %d A0 codes in code.go", n)
	}
}
