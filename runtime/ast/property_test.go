package ast_test

import (
	"fmt"
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	. "github.com/a0diff/a0diff/runtime/ast"
)

// treeGen builds random printable trees the way program generators and reducers do:
// by code, with zero spans and no literal Text, reaching every node kind and every
// printing pitfall (operator nesting, control forms in operand positions, statements
// starting with `{` or `-`, keyword keys, awkward strings and numbers).
type treeGen struct {
	r *rand.Rand
}

var (
	genNames    = []string{"a", "b", "x", "call", "format", "_t", "ok", "err", "in"}
	genKeyNames = []string{"a", "b", "if", "as", "fn", "match", "filter", "loop", "catch", "cond", "by"}
	genOps      = []string{"+", "-", "*", "/", "%", ">", "<", ">=", "<=", "==", "!="}
	genStrings  = []string{"", "a", "é", "😀", "\x00\x1f\x7f", "\"\\/", "\xed\xa0\xbd", "\xed\xb8\x80x", "tab\there", "#not a comment"}
	genFloats   = []float64{0, 0.5, 1, 2.5e-7, 1e21, 1e-7, 5e-324, math.MaxFloat64, math.Inf(1), 123.456, 1e300}
	genInts     = []float64{0, 1, 42, 9007199254740993, 1e21, 1e300, math.Inf(1)}
)

func (g *treeGen) pick(xs []string) string { return xs[g.r.IntN(len(xs))] }

func (g *treeGen) path() *IdentPath {
	p := &IdentPath{Parts: []string{g.pick(genNames)}}
	for g.r.IntN(3) == 0 {
		p.Parts = append(p.Parts, g.pick(genKeyNames))
	}
	return p
}

func (g *treeGen) record(depth int) *RecordExpr {
	r := &RecordExpr{}
	for n := g.r.IntN(4); n > 0; n-- {
		if g.r.IntN(5) == 0 {
			r.Pairs = append(r.Pairs, &SpreadPair{Expr: g.expr(depth - 1)})
			continue
		}
		key := g.pick(genKeyNames)
		if g.r.IntN(4) == 0 {
			key += "." + g.pick(genKeyNames)
		}
		r.Pairs = append(r.Pairs, &RecordPair{Key: key, Value: g.expr(depth - 1)})
	}
	return r
}

func (g *treeGen) body(depth int) []Stmt {
	var b []Stmt
	for n := g.r.IntN(3); n > 0; n-- {
		b = append(b, g.stmt(depth-1))
	}
	return b
}

func (g *treeGen) expr(depth int) Expr {
	if depth <= 0 {
		switch g.r.IntN(6) {
		case 0:
			return &IntLiteral{Value: genInts[g.r.IntN(len(genInts))]}
		case 1:
			if g.r.IntN(2) == 0 {
				return &FloatLiteral{Value: genFloats[g.r.IntN(len(genFloats))]}
			}
			return &FloatLiteral{Value: math.Abs(math.Float64frombits(g.r.Uint64()&^(0x7FF<<52) | uint64(g.r.IntN(0x7FF))<<52))}
		case 2:
			return &StrLiteral{Value: g.pick(genStrings)}
		case 3:
			return &BoolLiteral{Value: g.r.IntN(2) == 0}
		case 4:
			return &NullLiteral{}
		}
		return g.path()
	}
	switch g.r.IntN(20) {
	case 0:
		return g.record(depth)
	case 1:
		l := &ListExpr{}
		for n := g.r.IntN(4); n > 0; n-- {
			l.Elements = append(l.Elements, g.expr(depth-1))
		}
		return l
	case 2:
		return &CallExpr{Tool: g.path(), Args: g.record(depth)}
	case 3:
		return &DoExpr{Tool: g.path(), Args: g.record(depth)}
	case 4:
		return &AssertExpr{Args: g.record(depth)}
	case 5:
		return &CheckExpr{Args: g.record(depth)}
	case 6:
		if g.r.IntN(3) == 0 {
			return &FnCallExpr{Name: &IdentPath{Parts: []string{"filter"}}, Args: g.record(depth)}
		}
		return &FnCallExpr{Name: g.path(), Args: g.record(depth)}
	case 7:
		return &IfExpr{Cond: g.expr(depth - 1), Then: g.expr(depth - 1), Else: g.expr(depth - 1)}
	case 8:
		return &IfBlockExpr{Cond: g.expr(depth - 1), ThenBody: g.body(depth), ElseBody: g.body(depth)}
	case 9:
		return &ForExpr{List: g.expr(depth - 1), Binding: g.pick([]string{"i", "my item", "é"}), Body: g.body(depth)}
	case 10:
		return &FilterBlockExpr{List: g.expr(depth - 1), Binding: "v", Body: g.body(depth)}
	case 11:
		return &LoopExpr{Init: g.expr(depth - 1), Times: g.expr(depth - 1), Binding: "k", Body: g.body(depth)}
	case 12:
		return &MatchExpr{Subject: g.expr(depth - 1),
			OkArm:  &MatchArm{Tag: "ok", Binding: g.pick(genNames), Body: g.body(depth)},
			ErrArm: &MatchArm{Tag: "err", Binding: g.pick(genNames), Body: g.body(depth)}}
	case 13:
		return &TryExpr{TryBody: g.body(depth), CatchBinding: g.pick(genNames), CatchBody: g.body(depth)}
	case 14, 15, 16:
		return &BinaryExpr{Op: Op(g.pick(genOps)), Left: g.expr(depth - 1), Right: g.expr(depth - 1)}
	case 17, 18:
		return &UnaryExpr{Op: "-", Operand: g.expr(depth - 1)}
	}
	return g.expr(0)
}

func (g *treeGen) stmt(depth int) Stmt {
	switch g.r.IntN(6) {
	case 0:
		return &LetStmt{Name: g.pick(genNames), Value: g.expr(depth)}
	case 1:
		return &ReturnStmt{Value: g.expr(depth)}
	case 2:
		return &FnDecl{Name: g.pick(genNames), Params: []string{"a", "b"}[:g.r.IntN(3)], Body: g.body(depth)}
	case 3:
		// Statements that start with `{` or `-` exercise the boundary rules.
		var e Expr = g.record(depth)
		if g.r.IntN(2) == 0 {
			e = &UnaryExpr{Op: "-", Operand: g.expr(depth - 1)}
		}
		if g.r.IntN(2) == 0 {
			e = &BinaryExpr{Op: Op(g.pick(genOps)), Left: e, Right: g.expr(depth - 1)}
		}
		return &ExprStmt{Expr: e}
	}
	s := &ExprStmt{Expr: g.expr(depth)}
	if g.r.IntN(3) == 0 {
		s.Target = g.path()
	}
	return s
}

func (g *treeGen) program() *Program {
	p := &Program{}
	for n := g.r.IntN(3); n > 0; n-- {
		switch g.r.IntN(3) {
		case 0:
			p.Headers = append(p.Headers, &CapDecl{Capabilities: g.record(2)})
		case 1:
			p.Headers = append(p.Headers, &BudgetDecl{Budget: g.record(2)})
		default:
			p.Headers = append(p.Headers, &ImportDecl{Path: g.pick(genStrings), Alias: g.pick(genNames)})
		}
	}
	for n := 1 + g.r.IntN(6); n > 0; n-- {
		p.Statements = append(p.Statements, g.stmt(4))
	}
	return p
}

// TestRoundTripGenerated prints thousands of code-built trees and parses them back.
func TestRoundTripGenerated(t *testing.T) {
	n := 3000
	if testing.Short() {
		n = 300
	}
	for seed := range uint64(n) {
		g := &treeGen{r: rand.New(rand.NewPCG(seed, 0x5eed))}
		p := g.program()
		t.Run(fmt.Sprint(seed), func(t *testing.T) { roundTrip(t, p) })
		if t.Failed() {
			break
		}
	}
}

// TestPrintDeep prints deeply nested trees: printing must stay linear (indentation is
// capped) and the text must parse back.
func TestPrintDeep(t *testing.T) {
	const depth = 10000
	var e Expr = &IntLiteral{Value: 1}
	var body []Stmt = []Stmt{&ReturnStmt{Value: &IntLiteral{Value: 1}}}
	var chain Expr = &IntLiteral{Value: 1}
	for range depth {
		e = &RecordExpr{Pairs: []RecordEntry{&RecordPair{Key: "a", Value: &ListExpr{Elements: []Expr{e}}}}}
		body = []Stmt{&ReturnStmt{Value: &IfBlockExpr{Cond: &BoolLiteral{Value: true}, ThenBody: body, ElseBody: []Stmt{}}}}
		chain = &BinaryExpr{Op: "-", Left: chain, Right: &UnaryExpr{Op: "-", Operand: &IntLiteral{Value: 2}}}
	}
	p := &Program{Statements: append(body[:0:0], &LetStmt{Name: "r", Value: e}, &LetStmt{Name: "c", Value: chain}, body[0])}
	text := Print(p)
	if len(text) > 200*depth*3 {
		t.Fatalf("printed text of %d bytes is not linear in the tree", len(text))
	}
	if !strings.HasPrefix(text, "let r = {\n") {
		t.Fatalf("unexpected start %q", text[:20])
	}
	roundTrip(t, p)
}
