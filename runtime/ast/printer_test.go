package ast_test

import (
	"math"
	"strings"
	"testing"

	. "github.com/a0diff/a0diff/runtime/ast"
	"github.com/a0diff/a0diff/runtime/syntax"
)

// Small constructors for trees built by code (all spans zero, as generators make them).
func path(parts ...string) *IdentPath { return &IdentPath{Parts: parts} }
func num(v float64) *IntLiteral       { return &IntLiteral{Value: v} }
func flt(v float64) *FloatLiteral     { return &FloatLiteral{Value: v} }
func str(s string) *StrLiteral        { return &StrLiteral{Value: s} }
func bin(op Op, l, r Expr) *BinaryExpr {
	return &BinaryExpr{Op: op, Left: l, Right: r}
}
func neg(e Expr) *UnaryExpr { return &UnaryExpr{Op: "-", Operand: e} }
func rec(kv ...any) *RecordExpr {
	r := &RecordExpr{}
	for i := 0; i < len(kv); i += 2 {
		r.Pairs = append(r.Pairs, &RecordPair{Key: kv[i].(string), Value: kv[i+1].(Expr)})
	}
	return r
}
func ret(e Expr) *ReturnStmt        { return &ReturnStmt{Value: e} }
func let(n string, e Expr) *LetStmt { return &LetStmt{Name: n, Value: e} }
func exprStmt(e Expr) *ExprStmt     { return &ExprStmt{Expr: e} }
func prog(s ...Stmt) *Program       { return &Program{Statements: s} }
func ifBlock(c Expr) *IfBlockExpr {
	return &IfBlockExpr{Cond: c, ThenBody: []Stmt{ret(num(1))}, ElseBody: []Stmt{ret(num(2))}}
}

// TestPrintExpr pins the text of expressions whose printing needs care (§2.6, §2.7).
func TestPrintExpr(t *testing.T) {
	filterCall := &FnCallExpr{Name: path("filter"), Args: rec("in", path("xs"))}
	cases := []struct {
		name string
		e    Expr
		want string
	}{
		{"left-assoc chain needs no parens", bin("-", bin("-", num(1), num(2)), num(3)), "1 - 2 - 3"},
		{"right operand of equal precedence", bin("-", num(1), bin("-", num(2), num(3))), "1 - (2 - 3)"},
		{"tighter right operand", bin("+", num(1), bin("*", num(2), num(3))), "1 + 2 * 3"},
		{"looser left operand", bin("*", bin("+", num(1), num(2)), num(3)), "(1 + 2) * 3"},
		{"comparison as left operand of comparison", bin("==", bin("<", num(1), num(2)), &BoolLiteral{Value: true}), "(1 < 2) == true"},
		{"comparison as right operand of comparison", bin("==", &BoolLiteral{Value: true}, bin("<", num(1), num(2))), "true == (1 < 2)"},
		{"unary of binary", neg(bin("+", num(1), num(2))), "-(1 + 2)"},
		{"unary of unary", neg(neg(num(3))), "-(-3)"},
		{"binary minus of unary", bin("-", num(2), neg(num(2))), "2 - -2"},
		{"control form as operand", bin("+", num(1), ifBlock(path("c"))), "1 + (if (c) {\n  return 1\n} else {\n  return 2\n})"},
		{"tool call as operand", bin("+", &CallExpr{Tool: path("fs", "read"), Args: rec("path", str("x"))}, num(1)), `(call? fs.read { path: "x" }) + 1`},
		{"block-less filter as operand", neg(filterCall), "-(filter { in: xs })"},
		{"block-less filter", filterCall, "filter { in: xs }"},
		{"non-path match subject", &MatchExpr{Subject: rec("ok", num(1)),
			OkArm:  &MatchArm{Tag: "ok", Binding: "v", Body: []Stmt{ret(path("v"))}},
			ErrArm: &MatchArm{Tag: "err", Binding: "e", Body: []Stmt{ret(path("e"))}}},
			"match ({ ok: 1 }) {\n  ok { v } {\n    return v\n  }\n  err { e } {\n    return e\n  }\n}"},
		{"record-form if", &IfExpr{Cond: path("c"), Then: num(1), Else: num(2)}, "if { cond: c, then: 1, else: 2 }"},
		{"for", &ForExpr{List: path("xs"), Binding: "my item", Body: []Stmt{ret(num(1))}}, "for { in: xs, as: \"my item\" } {\n  return 1\n}"},
		{"loop", &LoopExpr{Init: num(0), Times: num(3), Binding: "i", Body: []Stmt{ret(path("i"))}}, "loop { in: 0, times: 3, as: \"i\" } {\n  return i\n}"},
		{"try", &TryExpr{TryBody: []Stmt{ret(num(1))}, CatchBinding: "e", CatchBody: []Stmt{}}, "try {\n  return 1\n} catch { e } {}"},
		{"strings are re-escaped JSON style", str("é/\"\\\x01\x7f\t\n" + "\xed\xa0\xbd" + "😀"), `"é/\"\\\u0001` + "\x7f" + `\t\n\ud83d😀"`},
		{"integral float keeps a fraction", flt(1000), "1000.0"},
		{"small float without exponent", flt(2.5e-7), "0.00000025"},
		{"large float needs an exponent with a fraction", flt(1e21), "1.0e+21"},
		{"tiny float", flt(5e-324), "5.0e-324"},
		{"infinite float", flt(math.Inf(1)), "1.0e400"},
		{"float zero", flt(0), "0.0"},
		{"large integer", num(1e21), "1000000000000000000000"},
		{"infinite integer", num(math.Inf(1)), "1" + strings.Repeat("0", 309)},
		{"literal text is kept when it denotes the value", &FloatLiteral{Value: 1000, Text: "1.0e3"}, "1.0e3"},
		{"literal text is ignored when it does not", &IntLiteral{Value: 7, Text: "5"}, "7"},
		{"spread and keyword keys", &RecordExpr{Pairs: []RecordEntry{&SpreadPair{Expr: path("a")}, &RecordPair{Key: "if", Value: num(1)}, &RecordPair{Key: "fs.read", Value: &BoolLiteral{Value: true}}}}, "{ ...a, if: 1, fs.read: true }"},
		{"long records break lines", rec("alpha", str(strings.Repeat("a", 30)), "beta", str(strings.Repeat("b", 30))),
			"{\n  alpha: \"" + strings.Repeat("a", 30) + "\",\n  beta: \"" + strings.Repeat("b", 30) + "\"\n}"},
		{"empty record and list", &ListExpr{Elements: []Expr{&RecordExpr{}, &ListExpr{}}}, "[{}, []]"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := PrintExpr(c.e); got != c.want {
				t.Errorf("got:\n%s\nwant:\n%s", got, c.want)
			}
			roundTrip(t, prog(let("x", c.e), ret(path("x"))))
		})
	}
}

// TestPrintStatementBoundaries checks the statement-level pitfalls of §2.7: an expression
// statement starting with `{` would become call arguments or a filter block of the
// previous statement, one starting with `-` would continue it.
func TestPrintStatementBoundaries(t *testing.T) {
	cases := []struct {
		name string
		p    *Program
		want string
	}{
		{"record statement after a path", prog(let("a", path("b")), exprStmt(rec("k", num(1))), ret(num(0))),
			"let a = b\n({ k: 1 })\nreturn 0\n"},
		{"record statement after a block-less filter", prog(let("a", &FnCallExpr{Name: path("filter"), Args: rec("in", path("xs"))}), exprStmt(&RecordExpr{}), ret(num(0))),
			"let a = filter { in: xs }\n({})\nreturn 0\n"},
		{"negative statement after an expression", prog(let("a", path("b")), exprStmt(neg(num(1))), ret(num(0))),
			"let a = b\n(-1)\nreturn 0\n"},
		{"binary statement starting with a record", prog(exprStmt(bin("+", rec("k", num(1)), num(2))), ret(num(0))),
			"({ k: 1 } + 2)\nreturn 0\n"},
		{"binary statement whose record is parenthesised anyway", prog(exprStmt(bin("*", bin("+", rec(), num(1)), num(2))), ret(num(0))),
			"({} + 1) * 2\nreturn 0\n"},
		{"target", prog(&ExprStmt{Expr: num(1), Target: path("out", "inner")}, ret(path("out"))),
			"1 -> out.inner\nreturn out\n"},
		{"headers then statements", &Program{
			Headers:    []Header{&CapDecl{Capabilities: rec("fs.read", &BoolLiteral{Value: true})}, &ImportDecl{Path: "p", Alias: "m"}},
			Statements: []Stmt{ret(num(1))}},
			"cap { fs.read: true }\nimport \"p\" as m\n\nreturn 1\n"},
		{"functions", prog(&FnDecl{Name: "f", Params: []string{"a", "b"}, Body: []Stmt{ret(path("a"))}}, &FnDecl{Name: "g", Body: []Stmt{}}, ret(num(0))),
			"fn f { a, b } {\n  return a\n}\nfn g {} {}\nreturn 0\n"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := Print(c.p); got != c.want {
				t.Errorf("got:\n%s\nwant:\n%s", got, c.want)
			}
			roundTrip(t, c.p)
		})
	}
}

// roundTrip asserts that p is printable and that its text parses back to an equal tree.
func roundTrip(t testing.TB, p *Program) {
	t.Helper()
	if err := Printable(p); err != nil {
		t.Fatalf("not printable: %v", err)
	}
	text := Print(p)
	q, diags := syntax.Parse("p.a0", text)
	if len(diags) > 0 {
		t.Fatalf("printed text does not parse: %v\n%s", diags, text)
	}
	if !Equal(p, q) {
		t.Fatalf("round trip changed the tree; text:\n%s\nbuilt:\n%s\nparsed:\n%s", text, Dump(p), Dump(q))
	}
}

func TestPrintableRejects(t *testing.T) {
	cases := []struct {
		name string
		p    *Program
		want string
	}{
		{"keyword let name", prog(let("if", num(1))), `let name "if" is not an identifier`},
		{"bad record key", prog(ret(rec("a b", num(1)))), `record key "a b"`},
		{"true as key", prog(ret(rec("true", num(1)))), `record key "true"`},
		{"empty binding", prog(ret(&ForExpr{List: path("x"), Body: []Stmt{ret(num(1))}})), "empty binding"},
		{"negative int", prog(ret(num(-1))), "cannot be written"},
		{"NaN float", prog(ret(flt(math.NaN()))), "cannot be written"},
		{"negative zero", prog(ret(flt(math.Copysign(0, -1)))), "cannot be written"},
		{"fractional int", prog(ret(num(1.5))), "cannot be written"},
		{"nil expression", prog(ret(nil)), "nil expression"},
		{"split surrogate pair", prog(ret(str("\xed\xa0\xbd\xed\xb8\x80"))), "surrogate pair"},
		{"invalid bytes", prog(ret(str("\xff"))), "not WTF-8"},
		{"wrong arm tag", prog(ret(&MatchExpr{Subject: path("x"),
			OkArm:  &MatchArm{Tag: "err", Binding: "v"},
			ErrArm: &MatchArm{Tag: "err", Binding: "e"}})), `tag is "err"`},
		{"keyword path head", prog(ret(path("match", "x"))), `path segment "match"`},
		{"unknown operator", prog(ret(bin("&&", num(1), num(2)))), "unknown binary operator"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			err := Printable(c.p)
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("Printable = %v, want an error containing %q", err, c.want)
			}
			_ = Print(c.p) // must not panic
		})
	}
}

func TestEqualIgnoresSpansAndText(t *testing.T) {
	a := prog(let("x", &IntLiteral{Value: 5, Text: "5", Span: Span{StartLine: 1}}))
	b := prog(let("x", &IntLiteral{Value: 5}))
	if !Equal(a, b) {
		t.Error("spans or text made trees differ")
	}
	if Equal(prog(let("x", num(5))), prog(let("x", flt(5)))) {
		t.Error("IntLiteral equals FloatLiteral")
	}
	if Equal(prog(ret(flt(0))), prog(ret(flt(math.Copysign(0, -1))))) {
		t.Error("0 equals -0")
	}
	var nilPath *IdentPath
	if !Equal(&ExprStmt{Expr: num(1)}, &ExprStmt{Expr: num(1), Target: nilPath}) {
		t.Error("nil target differs from typed nil target")
	}
}
