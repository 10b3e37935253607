package gen

import (
	"slices"

	"github.com/a0diff/a0diff/runtime/ast"
)

// Function templates.
const (
	tmplPlain       = iota // 0–3 typed parameters
	tmplCallback           // one parameter: map/filter item
	tmplDestructure        // 0, 2 or 3 parameters named like record fields (§5.11)
	tmplReducer            // (acc, item)
	tmplRecursive          // guarded self-recursion
)

// fnDecl declares a function in sc.
func (g *generator) fnDecl(sc *scope, depth int) ast.Stmt {
	g.spend(2)
	name, prior := g.fnName(sc)
	tmpl := g.weighted(4, 4, 2, 3, w(g.has(FeatRecursion) && prior == nil, 3))
	f := &fnInfo{name: name, replacement: prior != nil}
	if e := sc.enclosingFn(); e != nil {
		f.depth = e.depth + 1
	}
	switch tmpl {
	case tmplCallback:
		f.params = []string{g.fresh("item")}
		f.ptypes = []*typ{g.anyType()}
		f.ret = g.anyType()
	case tmplDestructure:
		shape := g.recShape()
		if g.chance(15) {
			shape.fields = nil
		}
		if len(shape.fields) == 1 {
			shape.fields = append(shape.fields, field{"z", tyNull})
		}
		for _, fl := range shape.fields {
			f.params = append(f.params, fl.key)
			f.ptypes = append(f.ptypes, fl.t)
		}
		f.ret = g.anyType()
	case tmplReducer:
		acc := []*typ{tyNum, tyStr, tyList, tyRec}[g.weighted(5, 3, 2, 1)]
		f.params = []string{g.fresh("acc"), g.fresh("x")}
		f.ptypes = []*typ{acc, g.anyType()}
		if acc == tyNum && g.chance(70) {
			f.ptypes[1] = tyNum
		}
		f.ret = acc
	case tmplRecursive:
		f.guard = g.fresh("n")
		f.params = []string{f.guard}
		f.ptypes = []*typ{tyNum}
		if g.chance(50) {
			f.params = append(f.params, g.fresh("x"))
			f.ptypes = append(f.ptypes, g.anyType())
		}
		f.ret = []*typ{tyNum, tyStr, tyList}[g.n(3)]
	default:
		for n := g.n(4); n > 0; n-- {
			p := g.fresh([]string{"p", "a", "b", "k"}[g.n(4)])
			if vars := sc.visibleVars(); len(vars) > 0 && g.chance(25) {
				// a parameter shadowing an outer variable (spec §4.3)
				if v := vars[g.n(len(vars))].name; !slices.Contains(f.params, v) && v != name {
					p = v
				}
			}
			f.params = append(f.params, p)
			f.ptypes = append(f.ptypes, g.anyType())
		}
		f.ret = g.anyType()
	}
	if prior != nil {
		f.rank = prior.rank
		f.limit = -1
	} else {
		g.ranks++
		f.rank = g.ranks
		f.limit = min(sc.limit, f.rank)
	}
	sc.fns = append(sc.fns, f)
	sc.locals.add(name)
	g.allFns = append(g.allFns, f)

	bs := newScope(sc)
	bs.fn = f
	bs.limit = f.limit
	bs.locals.add(name)
	for i, p := range f.params {
		bs.addVar(p, f.ptypes[i])
	}
	if prior != nil {
		g.noUserCalls++
		defer func() { g.noUserCalls-- }()
	}
	var body []ast.Stmt
	if tmpl == tmplRecursive {
		body = g.recursiveBody(bs, f, depth+1)
	} else {
		body, _ = g.body(bs, f.ret, depth+1)
	}
	params := append([]string(nil), f.params...)
	return &ast.FnDecl{Name: name, Params: params, Body: body}
}

// fnName is a fresh name, or (FeatRegistry) the name of a function declared elsewhere
// that is not visible here: validation accepts the second declaration, and at run time
// it replaces the first in the global registry (spec §5.10, B-17, B-61).
func (g *generator) fnName(sc *scope) (string, *fnInfo) {
	if g.has(FeatRegistry) && g.noUserCalls == 0 && g.chance(20) {
		var cands []*fnInfo
		for _, f := range g.allFns {
			if !f.replacement && !sc.isVisibleFn(f.name) && !sc.locals.has(f.name) && !g.isVar(sc, f.name) {
				cands = append(cands, f)
			}
		}
		if len(cands) > 0 {
			f := cands[g.n(len(cands))]
			return f.name, f
		}
	}
	return g.fresh([]string{"f", "helper", "calc", "pick", "step"}[g.n(5)]), nil
}

// isVar reports whether name is a variable at the top level (whose namespace functions
// share) when sc is the top-level scope.
func (g *generator) isVar(sc *scope, name string) bool {
	if !sc.top {
		return false
	}
	for _, v := range sc.vars {
		if v.name == name {
			return true
		}
	}
	return false
}

// recursiveBody is `return if { cond: n > 0, then: … f { n: n - 1 } …, else: base }`, or
// the same with a block if: the only self-call, on a counter that starts small.
func (g *generator) recursiveBody(bs *scope, f *fnInfo, depth int) []ast.Stmt {
	n := &ast.IdentPath{Parts: []string{f.guard}}
	args := record(f.guard, bin("-", n, intLit(1)))
	if len(f.params) > 1 {
		x, _ := g.expr(bs, f.ptypes[1], depth+1)
		args.Pairs = append(args.Pairs, &ast.RecordPair{Key: f.params[1], Value: x})
	}
	self := &ast.FnCallExpr{Name: &ast.IdentPath{Parts: []string{f.name}}, Args: args}
	var step ast.Expr
	switch f.ret.k {
	case kNum:
		o, _ := g.expr(bs, tyNum, depth+1)
		step = bin([]string{"+", "*", "-"}[g.n(3)], self, o)
	case kStr:
		o, _ := g.expr(bs, tyStr, depth+1)
		step = bin("+", o, self)
	default:
		step = call("append", "in", self, "value", n)
	}
	base, _ := g.expr(bs, f.ret, depth+1)
	cond := bin(">", n, intLit(0))
	if g.chance(50) {
		return []ast.Stmt{&ast.ReturnStmt{Value: &ast.IfExpr{Cond: cond, Then: step, Else: base}}}
	}
	r := g.fresh("r")
	return []ast.Stmt{&ast.ReturnStmt{Value: &ast.IfBlockExpr{
		Cond:     cond,
		ThenBody: []ast.Stmt{&ast.LetStmt{Name: r, Value: step}, &ast.ReturnStmt{Value: &ast.IdentPath{Parts: []string{r}}}},
		ElseBody: []ast.Stmt{&ast.ReturnStmt{Value: base}},
	}}}
}

// callable lists the functions code in sc may call, unless calls are forbidden there.
func (g *generator) callable(sc *scope) []*fnInfo {
	if g.noUserCalls > 0 {
		return nil
	}
	return sc.callable()
}

// userCall calls a function returning want (or anything, now and then), with an argument
// for each parameter: sometimes one is left out (null) or an extra one passed (§5.10).
func (g *generator) userCall(sc *scope, want *typ, d int) (ast.Expr, *typ) {
	var cands []*fnInfo
	for _, f := range g.callable(sc) {
		if f.ret.fits(want) || want.k == kAny {
			cands = append(cands, f)
		}
	}
	if len(cands) == 0 {
		return nil, nil
	}
	return g.directCall(sc, cands[g.n(len(cands))], d)
}

// canCall reports whether code in sc may call f (see scope.callable).
func (g *generator) canCall(sc *scope, f *fnInfo) bool {
	for _, h := range g.callable(sc) {
		if h == f {
			return true
		}
	}
	return false
}

// callOf calls f: directly, or, for a function that suits a callback, through map,
// filter or reduce.
func (g *generator) callOf(sc *scope, f *fnInfo, d int) (ast.Expr, *typ) {
	if g.has(FeatHigherOrder) && f.guard == "" && g.chance(40) {
		if len(f.params) == 2 && g.chance(40) {
			in, _ := g.expr(sc, listOf(f.ptypes[1]), d)
			init, _ := g.expr(sc, f.ptypes[0], d)
			return call("reduce", "in", in, "fn", strLit(f.name), "init", init), f.ret
		}
		in, t := g.itemsFor(sc, f, d)
		if g.chance(30) {
			return call("filter", "in", in, "fn", strLit(f.name)), t
		}
		return call("map", "in", in, "fn", strLit(f.name)), listOf(f.ret)
	}
	return g.directCall(sc, f, d)
}

// directCall is `f { … }` with an argument for each parameter: sometimes one is left
// out (null) or an extra one passed (§5.10).
func (g *generator) directCall(sc *scope, f *fnInfo, d int) (ast.Expr, *typ) {
	args := &ast.RecordExpr{}
	if p := g.protoPair(sc, d); p != nil {
		args.Pairs = append(args.Pairs, p)
	}
	for i, p := range f.params {
		var v ast.Expr
		switch {
		case p == f.guard:
			v = g.smallInt(5)
			if g.has(FeatWrongTypes) && g.chance(5) {
				v = []ast.Expr{&ast.NullLiteral{}, strLit("3"), numberNode("2.5", true)}[g.n(3)]
			}
		case g.chance(8):
			continue
		default:
			v, _ = g.expr(sc, f.ptypes[i], d)
		}
		args.Pairs = append(args.Pairs, &ast.RecordPair{Key: p, Value: v})
	}
	if g.chance(6) {
		extra, _ := g.expr(sc, tyAny, d)
		args.Pairs = append(args.Pairs, &ast.RecordPair{Key: g.fresh("extra"), Value: extra})
	}
	if len(args.Pairs) > 0 && g.chance(6) {
		// a repeated argument key: the last pair wins, as in any record (§5.9)
		p := args.Pairs[g.n(len(args.Pairs))].(*ast.RecordPair)
		if p.Key != f.guard {
			v, _ := g.expr(sc, tyAny, d)
			args.Pairs = append(args.Pairs, &ast.RecordPair{Key: p.Key, Value: v})
		}
	}
	if len(args.Pairs) > 0 && g.has(FeatTools) && g.chance(8) {
		// a tool call among the arguments: its trace events show when the arguments are
		// evaluated (after fn_call_start, in pair order, §5.10)
		i := g.n(len(args.Pairs))
		p := args.Pairs[i].(*ast.RecordPair)
		if p.Key != f.guard {
			tool := []string{"fs.exists", "fs.read", "fs.list"}[g.n(3)]
			if e, _ := g.toolOf(sc, tool, d); e != nil {
				p.Value = e
			}
		}
	}
	g.spend(1)
	return &ast.FnCallExpr{Name: &ast.IdentPath{Parts: []string{f.name}}, Args: args}, f.ret
}

// callbackName is the fn: argument naming f: a string literal, or (FeatRegistry) a
// computed string, which validation does not check and which the registry resolves at
// run time — possibly to another function of that name, or to none yet.
func (g *generator) callbackName(sc *scope, f *fnInfo) (ast.Expr, *fnInfo) {
	if g.has(FeatWrongTypes) && g.chance(8) {
		if g.chance(60) {
			return bin("+", strLit("no"), strLit("such")), f // E_UNKNOWN_FN at run time
		}
		return g.wrongly(intLit(0)), f // E_TYPE: 'fn' must be a string
	}
	if g.has(FeatRegistry) && g.chance(15) {
		// any function declared so far whose rank is below the limit, visible or not
		var cands []*fnInfo
		for _, h := range g.allFns {
			if h.rank < sc.limit && h != sc.enclosingFn() {
				cands = append(cands, h)
			}
		}
		if len(cands) > 0 {
			h := cands[g.n(len(cands))]
			cut := 1 + g.n(len(h.name)-1)
			return bin("+", strLit(h.name[:cut]), strLit(h.name[cut:])), h
		}
	}
	return strLit(f.name), f
}

// itemsFor is a list whose items suit callback f: its parameter's type for one
// parameter, records with the parameters as fields otherwise (sometimes with a
// non-record item, which §5.11 rejects).
func (g *generator) itemsFor(sc *scope, f *fnInfo, d int) (ast.Expr, *typ) {
	if len(f.params) == 1 {
		return g.expr(sc, listOf(f.ptypes[0]), d)
	}
	shape := &typ{k: kRec}
	for i, p := range f.params {
		if g.chance(90) {
			shape.fields = append(shape.fields, field{p, f.ptypes[i]})
		}
	}
	e, t := g.expr(sc, listOf(shape), d)
	if l, ok := e.(*ast.ListExpr); ok && g.has(FeatWrongTypes) && g.chance(8) {
		l.Elements = append(l.Elements, intLit(7))
	}
	return e, t
}

// hofCandidates are the callable functions map and filter can use.
func (g *generator) hofCandidates(sc *scope) []*fnInfo {
	var out []*fnInfo
	for _, f := range g.callable(sc) {
		if f.guard == "" {
			out = append(out, f)
		}
	}
	return out
}

// mapCall is map { in, fn }.
func (g *generator) mapCall(sc *scope, elem *typ, d int) (ast.Expr, *typ) {
	var cands []*fnInfo
	for _, f := range g.hofCandidates(sc) {
		if elem == nil || f.ret.fits(elem) {
			cands = append(cands, f)
		}
	}
	if len(cands) == 0 {
		return nil, nil
	}
	f := cands[g.n(len(cands))]
	in, _ := g.itemsFor(sc, f, d)
	name, used := g.callbackName(sc, f)
	return call("map", "in", in, "fn", name), listOf(used.ret)
}

// filterFnCall is filter { in, fn } (and, rarely, with by: as well: E_FN).
func (g *generator) filterFnCall(sc *scope, elem *typ, d int) (ast.Expr, *typ) {
	cands := g.hofCandidates(sc)
	if len(cands) == 0 {
		return nil, nil
	}
	f := cands[g.n(len(cands))]
	in, t := g.itemsFor(sc, f, d)
	name, _ := g.callbackName(sc, f)
	var by ast.Expr
	if g.chance(4) {
		by = strLit("a")
	}
	return call("filter", "in", in, "fn", name, "by", by), t
}

// reduceCall is reduce { in, fn, init? } with a two-parameter callback (or, rarely,
// another one: E_TYPE).
func (g *generator) reduceCall(sc *scope, want *typ, d int) (ast.Expr, *typ) {
	var cands, others []*fnInfo
	for _, f := range g.hofCandidates(sc) {
		if len(f.params) == 2 && f.ret.fits(want) {
			cands = append(cands, f)
		} else {
			others = append(others, f)
		}
	}
	if len(cands) == 0 || g.has(FeatWrongTypes) && g.chance(4) {
		cands = append(cands, others...)
	}
	if len(cands) == 0 {
		return nil, nil
	}
	f := cands[g.n(len(cands))]
	itemT := tyAny
	accT := tyAny
	if len(f.params) == 2 {
		accT, itemT = f.ptypes[0], f.ptypes[1]
	}
	in, _ := g.expr(sc, listOf(itemT), d)
	name, used := g.callbackName(sc, f)
	var init ast.Expr
	if g.chance(80) {
		init, _ = g.expr(sc, accT, d)
	}
	return call("reduce", "in", in, "fn", name, "init", init), used.ret
}
