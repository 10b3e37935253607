package gen

import (
	"github.com/a0diff/a0diff/runtime/ast"
)

// ifInline is if { cond, then, else }.
func (g *generator) ifInline(sc *scope, want *typ, d int) (ast.Expr, *typ) {
	c, _ := g.cond(sc, d)
	th, t := g.expr(sc, want, d)
	el, _ := g.expr(sc, want, d)
	return &ast.IfExpr{Cond: c, Then: th, Else: el}, t
}

// cond is an if condition: mostly a boolean, sometimes any value (truthiness, §5.8).
func (g *generator) cond(sc *scope, d int) (ast.Expr, *typ) {
	if g.pitfall() && g.chance(10) {
		// truthiness at its edges (§5.8): "0", "false", NaN and empty containers are
		// truthy; "", 0 and -0 are falsy
		g.spend(1)
		switch g.n(4) {
		case 0:
			return strLit([]string{"0", "false", "", " ", "null"}[g.n(5)]), tyStr
		case 1:
			return g.specialNumber(), tyNum
		case 2:
			return []ast.Expr{&ast.ListExpr{}, &ast.RecordExpr{}}[g.n(2)], tyAny
		}
		return intLit(float64(g.n(2))), tyNum
	}
	if g.chance(20) {
		return g.expr(sc, tyAny, d)
	}
	return g.expr(sc, tyBool, d)
}

// ifBlock is if (c) { … } else { … }.
func (g *generator) ifBlock(sc *scope, want *typ, d int) (ast.Expr, *typ) {
	c, _ := g.cond(sc, d)
	th, t := g.block(sc, nil, want, d)
	el, _ := g.block(sc, nil, want, d)
	return &ast.IfBlockExpr{Cond: c, ThenBody: th, ElseBody: el}, t
}

// binding is the name of a for/filter/loop binding: fresh, an outer name to shadow, or
// (rarely) a string that is no identifier and therefore cannot be referenced.
func (g *generator) binding(sc *scope) (name string, usable bool) {
	switch g.weighted(75, 21, 4) {
	case 1:
		if vars := sc.visibleVars(); len(vars) > 0 {
			return vars[g.n(len(vars))].name, true
		}
	case 2:
		return []string{"my item", "1x", "é", "as"}[g.n(4)], false
	}
	return g.fresh([]string{"i", "x", "item", "el"}[g.n(4)]), true
}

func bindVars(name string, usable bool, t *typ) []*varInfo {
	if !usable {
		return nil
	}
	return []*varInfo{{name: name, t: t}}
}

// forExpr is for { in, as } { … }: the list of body values.
func (g *generator) forExpr(sc *scope, elem *typ, d int) (ast.Expr, *typ) {
	in, lt := g.expr(sc, tyList, d)
	it := tyAny
	if lt != nil && lt.k == kList && lt.elem != nil {
		it = lt.elem
	}
	name, ok := g.binding(sc)
	body, bt := g.block(sc, bindVars(name, ok, it), orAny(elem), d)
	return &ast.ForExpr{List: in, Binding: name, Body: body}, listOf(bt)
}

// filterBlock is filter { in, as } { … }; the body's value is unwrapped when it is a
// record (spec §5.12), which the generator provokes now and then.
func (g *generator) filterBlock(sc *scope, elem *typ, d int) (ast.Expr, *typ) {
	in, lt := g.expr(sc, listOf(elem), d)
	it := tyAny
	if lt != nil && lt.k == kList && lt.elem != nil {
		it = lt.elem
	}
	name, ok := g.binding(sc)
	ret := tyBool
	switch g.weighted(6, 2, 2) {
	case 1:
		ret = recOf(field{g.key(), tyAny})
	case 2:
		ret = tyAny
	}
	body, _ := g.block(sc, bindVars(name, ok, it), ret, d)
	return &ast.FilterBlockExpr{List: in, Binding: name, Body: body}, lt
}

// timesExpr is a loop count: a small integer, or one of the values §5.12 rejects or
// accepts surprisingly.
func (g *generator) timesExpr(sc *scope, d int) ast.Expr {
	if g.has(FeatWrongTypes) && g.chance(12) {
		g.spend(1)
		switch g.n(7) {
		case 0:
			return numberNode("2.5", true)
		case 1:
			return &ast.UnaryExpr{Op: "-", Operand: intLit(1)}
		case 2:
			return strLit("3")
		case 3:
			return &ast.NullLiteral{}
		case 4:
			return numberNode("3.0", true)
		case 5:
			return &ast.UnaryExpr{Op: "-", Operand: intLit(0)}
		default:
			return &ast.ListExpr{Elements: []ast.Expr{intLit(1)}}
		}
	}
	return g.smallInt(6)
}

// loopExpr is loop { in, times, as } { … }: the body's value feeds the next iteration.
func (g *generator) loopExpr(sc *scope, want *typ, d int) (ast.Expr, *typ) {
	init, t := g.expr(sc, want, d)
	times := g.timesExpr(sc, d)
	name, ok := g.binding(sc)
	body, _ := g.block(sc, bindVars(name, ok, t), want, d)
	return &ast.LoopExpr{Init: init, Times: times, Binding: name, Body: body}, t
}

// matchExpr is match S { ok {v} {…} err {e} {…} }.
func (g *generator) matchExpr(sc *scope, want *typ, d int) (ast.Expr, *typ) {
	okT, errT := g.anyType(), g.anyType()
	var subj ast.Expr
	switch g.weighted(6, 4, 2, 1) {
	case 1: // a variable holding a record with ok or err
		for _, v := range sc.visibleVars() {
			if v.t.k == kRec && (v.t.field("ok") != nil || v.t.field("err") != nil) {
				subj = &ast.IdentPath{Parts: []string{v.name}}
				if f := v.t.field("ok"); f != nil {
					okT = f
				}
				if f := v.t.field("err"); f != nil {
					errT = f
				}
				break
			}
		}
	case 2: // a record without ok/err (E_MATCH_NO_ARM) or no record (E_MATCH_NOT_RECORD)
		if g.has(FeatWrongTypes) {
			if g.chance(50) {
				subj, _ = g.recordLiteral(sc, recOf(field{g.key() + "_", tyAny}), d)
			} else {
				subj, _ = g.expr(sc, tyAny, d)
			}
		}
	case 3:
		if g.has(FeatTry) {
			subj, _ = g.tryExpr(sc, recOf(field{"ok", okT}), d)
		}
	}
	if subj == nil {
		var fields []field
		switch g.weighted(4, 3, 1) {
		case 0:
			fields = []field{{"ok", okT}}
		case 1:
			fields = []field{{"err", errT}}
		default:
			fields = []field{{"err", errT}, {"ok", okT}}
		}
		subj, _ = g.recordLiteral(sc, recOf(fields...), d)
	}
	okName, errName := g.fresh("v"), g.fresh("e")
	okBody, t := g.block(sc, []*varInfo{{okName, okT}}, want, d)
	errBody, _ := g.block(sc, []*varInfo{{errName, errT}}, want, d)
	return &ast.MatchExpr{
		Subject: subj,
		OkArm:   &ast.MatchArm{Tag: "ok", Binding: okName, Body: okBody},
		ErrArm:  &ast.MatchArm{Tag: "err", Binding: errName, Body: errBody},
	}, t
}

// tryExpr is try { … } catch { e } { … }. The try body is generated with more wrong
// types so that it fails often; the handler looks at the error record.
func (g *generator) tryExpr(sc *scope, want *typ, d int) (ast.Expr, *typ) {
	g.risk++
	body, t := g.block(sc, nil, want, d)
	g.risk--
	e := g.fresh("e")
	ev := &varInfo{name: e, t: errorRecordType}
	var handler []ast.Stmt
	if want == errorRecordType || want.k == kAny || want.k == kRec && len(want.fields) == 0 && g.chance(50) {
		handler = []ast.Stmt{&ast.ReturnStmt{Value: &ast.IdentPath{Parts: []string{e}}}}
	} else if want.k == kStr && g.chance(60) {
		handler = []ast.Stmt{&ast.ReturnStmt{Value: &ast.IdentPath{Parts: []string{e, []string{"code", "message"}[g.n(2)]}}}}
	} else {
		handler, _ = g.block(sc, []*varInfo{ev}, want, d)
		return &ast.TryExpr{TryBody: body, CatchBinding: e, CatchBody: handler}, t
	}
	return &ast.TryExpr{TryBody: body, CatchBinding: e, CatchBody: handler}, t
}

// evidence is assert { that, msg, details? } or check { … }. Asserts mostly hold, so
// that programs go on running.
func (g *generator) evidence(sc *scope, d int, isAssert bool) (ast.Expr, *typ) {
	var that ast.Expr
	if isAssert && g.chance(60) {
		g.spend(1)
		that = &ast.BoolLiteral{Value: true}
	} else if g.chance(90) {
		that, _ = g.expr(sc, tyBool, d)
	}
	var msg ast.Expr
	if g.chance(80) {
		msg, _ = g.expr(sc, tyStr, d)
	} else if g.chance(50) {
		msg = intLit(5) // not a string: msg becomes ""
	}
	var details ast.Expr
	if g.chance(35) {
		details, _ = g.expr(sc, []*typ{tyRec, tyRec, tyList, tyNull}[g.n(4)], d)
	}
	args := record("that", that, "msg", msg, "details", details)
	if isAssert {
		return &ast.AssertExpr{Args: args}, evidenceType
	}
	return &ast.CheckExpr{Args: args}, evidenceType
}
