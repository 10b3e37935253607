package validate

import (
	"strings"
	"testing"

	"github.com/a0diff/a0diff/runtime/ast"
	"github.com/a0diff/a0diff/runtime/syntax"
)

// TestDeep validates programs nested 10 000 levels deep; scoping must stay linear.
func TestDeep(t *testing.T) {
	n := 10000
	var sb strings.Builder
	for i := range 2000 {
		sb.WriteString("let v" + strings.Repeat("x", i%7) + string(rune('a'+i%26)) + "_" + strings.Repeat("1", i%3) + " = 1\n")
	}
	lets := sb.String()
	srcs := map[string]string{
		"block ifs": "let x = " + strings.Repeat("if (true) { let y = x return ", n) + "1" + strings.Repeat(" } else { return 0 }", n) + "\nreturn x",
		"functions": strings.Repeat("fn f {} { ", n) + "return 1" + strings.Repeat(" } return f {} ", n),
		"records":   "return " + strings.Repeat("{ a: ", n) + "1" + strings.Repeat(" }", n),
	}
	for name, src := range srcs {
		t.Run(name, func(t *testing.T) {
			prog, diags := syntax.Parse("d.a0", lets+src)
			if len(diags) > 0 {
				t.Fatal(diags[0])
			}
			res := Check(prog)
			for _, d := range res.Diagnostics {
				// Only duplicate lets of the prefix, nested redeclarations of f and the
				// self-reference of the block ifs are expected.
				if d.Code != "E_DUP_BINDING" && d.Code != "E_UNBOUND" && d.Code != "E_FN_DUP" {
					t.Fatalf("unexpected %v", d)
				}
			}
		})
	}
}

// TestTreesBuiltByCode checks that Check never panics on incomplete trees.
func TestTreesBuiltByCode(t *testing.T) {
	var nilPath *ast.IdentPath
	var nilStmt *ast.LetStmt
	var nilPair *ast.RecordPair
	progs := []*ast.Program{
		nil,
		{},
		{Statements: []ast.Stmt{nilStmt, &ast.ReturnStmt{}}},
		{Statements: []ast.Stmt{&ast.ExprStmt{Expr: &ast.FnCallExpr{}}, &ast.ReturnStmt{Value: nilPath}}},
		{Headers: []ast.Header{&ast.CapDecl{}, &ast.BudgetDecl{}, &ast.CapDecl{Capabilities: &ast.RecordExpr{Pairs: []ast.RecordEntry{nilPair, &ast.RecordPair{Key: "fs.read"}}}}}},
		{Statements: []ast.Stmt{&ast.ExprStmt{Expr: &ast.CallExpr{Args: &ast.RecordExpr{Pairs: []ast.RecordEntry{nilPair}}}}, &ast.ReturnStmt{Value: &ast.MatchExpr{}}}},
		{Statements: []ast.Stmt{&ast.FnDecl{Name: "f", Body: []ast.Stmt{nilStmt}}, &ast.ReturnStmt{Value: &ast.IfBlockExpr{}}}},
	}
	for _, p := range progs {
		_ = Check(p)
	}
}
