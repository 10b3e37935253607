package gen

import (
	"github.com/a0diff/a0diff/runtime/ast"
)

// Scenarios are small top-level statement groups built around one function, arranged so
// that the semantics of functions show in the result (spec §5.10): a closure called
// where its free variable means something else (B-16), a nested declaration replacing a
// registry entry that is called again afterwards (B-17, B-61), a loop whose body
// redeclares a closure over the loop variable. Free generation reaches these shapes
// almost never: calls are chosen among all visible functions, and names rarely meet.
// Each scenario's results are watched: the program's final record returns them.

// scenario generates one scenario at the top level sc.
func (g *generator) scenario(sc *scope, depth int) []ast.Stmt {
	switch g.weighted(4, w(g.has(FeatRegistry), 3), w(g.has(FeatRegistry) && g.has(FeatLoops), 3)) {
	case 1:
		return g.registryScenario(sc, depth)
	case 2:
		return g.redeclaringLoopScenario(sc, depth)
	}
	return g.closureScenario(sc, depth)
}

// declareFn registers a function built by a scenario in sc, as fnDecl does for free
// declarations, so that later code may call it too.
func (g *generator) declareFn(sc *scope, name string, params []string, ptypes []*typ, ret *typ) *fnInfo {
	g.ranks++
	f := &fnInfo{name: name, params: params, ptypes: ptypes, ret: ret, rank: g.ranks}
	f.limit = min(sc.limit, f.rank)
	if e := sc.enclosingFn(); e != nil {
		f.depth = e.depth + 1
	}
	sc.fns = append(sc.fns, f)
	sc.locals.add(name)
	g.allFns = append(g.allFns, f)
	return f
}

// watch binds e to a fresh variable of sc whose value the program returns.
func (g *generator) watch(sc *scope, e ast.Expr, t *typ) ast.Stmt {
	name := g.varName()
	sc.addVar(name, t)
	g.watched = append(g.watched, name)
	return &ast.LetStmt{Name: name, Value: e}
}

func ref(name string) *ast.IdentPath { return &ast.IdentPath{Parts: []string{name}} }

// pairOf is a value that shows both of its parts: a list, a record, or (for two
// numbers or two strings) their sum.
func (g *generator) pairOf(a ast.Expr, at *typ, b ast.Expr, bt *typ) (ast.Expr, *typ) {
	if at != nil && bt != nil && at.k == bt.k && (at.k == kNum || at.k == kStr) && g.chance(40) {
		return bin("+", a, b), at
	}
	if g.chance(50) {
		return &ast.ListExpr{Elements: []ast.Expr{a, b}}, listOf(tyAny)
	}
	k1, k2 := g.key(), g.key()
	if k1 == k2 {
		k2 += "2"
	}
	return record(k1, a, k2, b), recOf(field{k1, at}, field{k2, bt})
}

// closureScenario (B-16): `let X = …`, a function F reading X and its parameter, and
// calls of F from places where X is bound to something else — a loop binding, the
// parameter of a caller (called directly and as a map callback), a let in an if block.
func (g *generator) closureScenario(sc *scope, depth int) []ast.Stmt {
	g.spend(6)
	x := g.varName()
	xv, xt := g.expr(sc, g.anyType(), depth+1)
	stmts := []ast.Stmt{&ast.LetStmt{Name: x, Value: xv}}
	sc.addVar(x, xt)

	fname := g.fresh([]string{"f", "helper", "calc", "pick"}[g.n(4)])
	p := g.fresh([]string{"p", "a", "n"}[g.n(3)])
	pt := g.anyType()
	body, rt := g.pairOf(ref(x), xt, ref(p), pt)
	f := g.declareFn(sc, fname, []string{p}, []*typ{pt}, rt)
	stmts = append(stmts, &ast.FnDecl{Name: fname, Params: []string{p}, Body: []ast.Stmt{&ast.ReturnStmt{Value: body}}})
	callF := func(arg ast.Expr) ast.Expr {
		return &ast.FnCallExpr{Name: ref(fname), Args: record(p, arg)}
	}
	// a direct call where X means what it says, for contrast
	if g.chance(50) {
		a, _ := g.expr(sc, pt, depth+1)
		stmts = append(stmts, g.watch(sc, callF(a), rt))
	}
	for n := 1 + g.n(2); n > 0; n-- {
		switch g.weighted(w(g.has(FeatLoops), 4), 4, w(g.has(FeatControl), 2), w(g.has(FeatHigherOrder) && g.has(FeatLoops), 2)) {
		case 3: // a reducer reading X, reduced inside a loop binding X
			rname := g.fresh("fold")
			acc := g.fresh("acc")
			rb, rrt := g.pairOf(ref(acc), tyAny, ref(x), xt)
			g.declareFn(sc, rname, []string{acc, p}, []*typ{tyAny, pt}, rrt)
			stmts = append(stmts, &ast.FnDecl{Name: rname, Params: []string{acc, p}, Body: []ast.Stmt{&ast.ReturnStmt{Value: rb}}})
			in, _ := g.expr(sc, listOf(pt), depth+1)
			items, _ := g.expr(sc, listOf(pt), depth+1)
			red := call("reduce", "in", items, "fn", strLit(rname), "init", ref(x))
			loop := &ast.ForExpr{List: in, Binding: x, Body: []ast.Stmt{&ast.ReturnStmt{Value: red}}}
			stmts = append(stmts, g.watch(sc, loop, listOf(rrt)))
		case 0: // for { in: […], as: "X" } { return F { p: X } }
			in, _ := g.expr(sc, listOf(pt), depth+1)
			loop := &ast.ForExpr{List: in, Binding: x, Body: []ast.Stmt{&ast.ReturnStmt{Value: callF(ref(x))}}}
			stmts = append(stmts, g.watch(sc, loop, listOf(rt)))
		case 1: // fn G { X } { return F { p: X } }, called directly and by map
			gname := g.fresh("caller")
			g.declareFn(sc, gname, []string{x}, []*typ{pt}, rt)
			stmts = append(stmts, &ast.FnDecl{Name: gname, Params: []string{x}, Body: []ast.Stmt{&ast.ReturnStmt{Value: callF(ref(x))}}})
			if g.has(FeatHigherOrder) && g.chance(50) {
				in, _ := g.expr(sc, listOf(pt), depth+1)
				stmts = append(stmts, g.watch(sc, call("map", "in", in, "fn", strLit(gname)), listOf(rt)))
			} else {
				a, _ := g.expr(sc, pt, depth+1)
				stmts = append(stmts, g.watch(sc, &ast.FnCallExpr{Name: ref(gname), Args: record(x, a)}, rt))
			}
		default: // if { cond } { let X = …; return F { p: X } } else { return F { p: … } }
			c, _ := g.cond(sc, depth+1)
			a, _ := g.expr(sc, pt, depth+1)
			b, _ := g.expr(sc, pt, depth+1)
			blk := &ast.IfBlockExpr{
				Cond:     c,
				ThenBody: []ast.Stmt{&ast.LetStmt{Name: x, Value: a}, &ast.ReturnStmt{Value: callF(ref(x))}},
				ElseBody: []ast.Stmt{&ast.ReturnStmt{Value: callF(b)}},
			}
			stmts = append(stmts, g.watch(sc, blk, rt))
		}
	}
	f.limit = min(f.limit, sc.limit)
	return stmts
}

// registryScenario (B-61, B-17): a function W whose body declares H and calls it, then a
// top-level H; H is called before W runs and after, directly or by a computed callback
// name, so the replaced registry entry is called once it has been replaced.
func (g *generator) registryScenario(sc *scope, depth int) []ast.Stmt {
	g.spend(8)
	wname := g.fresh([]string{"outer", "wrap", "run"}[g.n(3)])
	hname := g.fresh([]string{"helper", "h", "inner"}[g.n(3)])
	q := g.fresh("q")
	a := g.fresh("a")
	at := g.anyType()

	// H's two bodies: the nested one and the top-level one differ in a literal.
	tagInner, tagTop := strLit("inner"), strLit("top")
	if g.chance(30) {
		tagInner, tagTop = g.strLit(), g.strLit()
	}
	inner := &ast.FnDecl{Name: hname, Params: []string{a}, Body: []ast.Stmt{&ast.ReturnStmt{Value: &ast.ListExpr{Elements: []ast.Expr{tagInner, ref(a)}}}}}
	wBody := []ast.Stmt{inner, &ast.ReturnStmt{Value: &ast.FnCallExpr{Name: ref(hname), Args: record(a, ref(q))}}}
	g.declareFn(sc, wname, []string{q}, []*typ{at}, listOf(tyAny))
	stmts := []ast.Stmt{&ast.FnDecl{Name: wname, Params: []string{q}, Body: wBody}}
	g.declareFn(sc, hname, []string{a}, []*typ{at}, listOf(tyAny))
	stmts = append(stmts, &ast.FnDecl{Name: hname, Params: []string{a}, Body: []ast.Stmt{&ast.ReturnStmt{Value: &ast.ListExpr{Elements: []ast.Expr{tagTop, ref(a)}}}}})

	callH := func() ast.Expr {
		v, _ := g.expr(sc, at, depth+1)
		if g.has(FeatHigherOrder) && g.chance(40) {
			in := &ast.ListExpr{Elements: []ast.Expr{v}}
			return call("map", "in", in, "fn", g.splitName(hname, true))
		}
		return &ast.FnCallExpr{Name: ref(hname), Args: record(a, v)}
	}
	if g.chance(60) {
		stmts = append(stmts, g.watch(sc, callH(), tyAny))
	}
	v, _ := g.expr(sc, at, depth+1)
	stmts = append(stmts, g.watch(sc, &ast.FnCallExpr{Name: ref(wname), Args: record(q, v)}, listOf(tyAny)))
	stmts = append(stmts, g.watch(sc, callH(), tyAny))
	return stmts
}

// splitName is a callback name (always, when it is not visible: validation rejects an
// unknown literal callback name) computed at run time ("hel" + "per"), which validation
// does not resolve: the registry does, finding the latest declaration.
func (g *generator) splitName(name string, visible bool) ast.Expr {
	if visible && g.chance(30) {
		return strLit(name)
	}
	cut := 1 + g.n(len(name)-1)
	return bin("+", strLit(name[:cut]), strLit(name[cut:]))
}

// redeclaringLoopScenario: a loop whose body declares a closure K over the loop variable
// and calls it; every iteration replaces K in the registry, and after the loop K is
// called by a computed name — the last iteration's K.
func (g *generator) redeclaringLoopScenario(sc *scope, depth int) []ast.Stmt {
	g.spend(8)
	i := g.fresh([]string{"i", "item", "el"}[g.n(3)])
	kname := g.fresh([]string{"step", "k", "fmt"}[g.n(3)])
	x := g.fresh("x")
	// a non-empty list, so that K exists after the loop
	it := g.anyType()
	in := &ast.ListExpr{}
	for n := 1 + g.n(3); n > 0; n-- {
		e, _ := g.expr(sc, it, depth+1)
		in.Elements = append(in.Elements, e)
	}
	kBody, _ := g.pairOf(ref(x), tyAny, ref(i), it)
	decl := &ast.FnDecl{Name: kname, Params: []string{x}, Body: []ast.Stmt{&ast.ReturnStmt{Value: kBody}}}
	arg, _ := g.expr(sc, g.anyType(), depth+1)
	var body []ast.Stmt
	if g.chance(50) {
		body = []ast.Stmt{decl, &ast.ReturnStmt{Value: &ast.FnCallExpr{Name: ref(kname), Args: record(x, arg)}}}
	} else {
		// a callback by literal name inside the body, where K is visible
		body = []ast.Stmt{decl, &ast.ReturnStmt{Value: call("map", "in", &ast.ListExpr{Elements: []ast.Expr{arg}}, "fn", strLit(kname))}}
	}
	stmts := []ast.Stmt{g.watch(sc, &ast.ForExpr{List: in, Binding: i, Body: body}, tyList)}
	after, _ := g.expr(sc, g.anyType(), depth+1)
	stmts = append(stmts, g.watch(sc, call("map", "in", &ast.ListExpr{Elements: []ast.Expr{after}}, "fn", g.splitName(kname, false)), tyList))
	return stmts
}
