package gen

import (
	"github.com/a0diff/a0diff/runtime/ast"
)

// stmt generates one statement into scope sc (usually one; a few constructs come with a
// preparatory statement).
func (g *generator) stmt(sc *scope, depth int) []ast.Stmt {
	canFn := g.has(FeatFunctions) && depth < 3 && g.noUserCalls == 0
	fnWeight := 0
	if canFn {
		fnWeight = 14
		if !sc.top {
			fnWeight = 4
		}
	}
	targets := 0
	if g.has(FeatTargets) {
		targets = 8
	}
	evidence := 0
	if g.has(FeatEvidence) {
		evidence = 6
	}
	effects := 0
	if g.has(FeatTools) {
		effects = 4
	}
	scenarios := 0
	if canFn && sc.top {
		scenarios = 8
	}
	switch g.weighted(40, fnWeight, targets, evidence, effects, 3, scenarios) {
	case 6:
		return g.scenario(sc, depth)
	case 1:
		d := g.fnDecl(sc, depth)
		// Most declared functions are called: right after the declaration, directly or
		// as a callback, while the later free choice among all visible functions adds
		// more calls.
		if f := sc.fns[len(sc.fns)-1]; g.chance(60) && g.canCall(sc, f) {
			e, t := g.callOf(sc, f, depth+1)
			name := g.bindName(sc)
			sc.addVar(name, t)
			return []ast.Stmt{d, &ast.LetStmt{Name: name, Value: e}}
		}
		return []ast.Stmt{d}
	case 2:
		return []ast.Stmt{g.targetStmt(sc, depth)}
	case 3:
		e, _ := g.evidence(sc, depth+1, g.chance(50))
		return []ast.Stmt{&ast.ExprStmt{Expr: e}}
	case 4:
		e, _ := g.toolCall(sc, depth+1, true)
		return []ast.Stmt{&ast.ExprStmt{Expr: e}}
	case 5:
		e, _ := g.expr(sc, tyAny, depth+1)
		return []ast.Stmt{&ast.ExprStmt{Expr: e}}
	}
	return []ast.Stmt{g.letStmt(sc, depth)}
}

// bindName picks the name of a new binding in sc: fresh, or (in a block) the name of a
// variable of an enclosing scope, which the block may shadow (spec §4.3).
func (g *generator) bindName(sc *scope) string {
	if !sc.top && g.chance(20) {
		for _, v := range sc.visibleVars() {
			if !sc.locals.has(v.name) && g.chance(50) {
				return v.name
			}
		}
	}
	return g.varName()
}

func (g *generator) letStmt(sc *scope, depth int) ast.Stmt {
	g.spend(1)
	want := g.anyType()
	e, t := g.expr(sc, want, depth+1)
	name := g.bindName(sc)
	sc.addVar(name, t)
	return &ast.LetStmt{Name: name, Value: e}
}

// targetStmt is `expr -> name` or `expr -> name.a.b` (spec §5.4).
func (g *generator) targetStmt(sc *scope, depth int) ast.Stmt {
	g.spend(1)
	e, t := g.expr(sc, g.anyType(), depth+1)
	name := g.bindName(sc)
	parts := []string{name}
	for len(parts) < 3 && g.chance(30) {
		parts = append(parts, g.key())
	}
	for i := len(parts) - 1; i >= 1; i-- {
		t = recOf(field{parts[i], t})
	}
	sc.addVar(name, t)
	return &ast.ExprStmt{Expr: e, Target: &ast.IdentPath{Parts: parts}}
}

// anyType picks the type of a new variable.
func (g *generator) anyType() *typ {
	switch g.weighted(0, 5, 4, 2, 1, 4, 5) {
	case 1:
		return tyNum
	case 2:
		return tyStr
	case 3:
		return tyBool
	case 4:
		return tyNull
	case 5:
		return tyList
	case 6:
		return tyRec
	}
	return tyAny
}

// block generates a statement list ending in `return`, in a new scope below sc with the
// given extra bindings (parameters, loop binding, arm or catch binder).
func (g *generator) block(sc *scope, extra []*varInfo, ret *typ, depth int) ([]ast.Stmt, *typ) {
	bs := newScope(sc)
	for _, v := range extra {
		bs.addVar(v.name, v.t)
	}
	return g.body(bs, ret, depth)
}

// body fills the scope bs (already created) with statements and the final return.
func (g *generator) body(bs *scope, ret *typ, depth int) ([]ast.Stmt, *typ) {
	var stmts []ast.Stmt
	max := 3 - depth/2
	for len(stmts) < max && !g.out() && depth < maxDepth && g.chance(45) {
		stmts = append(stmts, g.stmt(bs, depth)...)
	}
	e, t := g.expr(bs, ret, depth+1)
	return append(stmts, &ast.ReturnStmt{Value: e}), t
}
