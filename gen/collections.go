package gen

import (
	"github.com/a0diff/a0diff/runtime/ast"
	"github.com/a0diff/a0diff/runtime/value"
)

// ---- lists ----

func (g *generator) listExpr(sc *scope, elem *typ, depth int) (ast.Expr, *typ) {
	d := depth + 1
	l := g.has(FeatLists)
	anyElem := elem == nil || elem.k == kAny
	return g.pick([]producer{
		{10, func() (ast.Expr, *typ) { return g.listLiteral(sc, elem, d) }},
		{12, func() (ast.Expr, *typ) { return g.ref(sc, listOf(elem)) }},
		{w(l && (anyElem || elem.k == kNum), 4), func() (ast.Expr, *typ) { return g.rangeCall(sc, d) }},
		{w(g.has(FeatHigherOrder), 8), func() (ast.Expr, *typ) { return g.mapCall(sc, elem, d) }},
		{w(g.has(FeatHigherOrder), 5), func() (ast.Expr, *typ) { return g.filterFnCall(sc, elem, d) }},
		{w(l, 2), func() (ast.Expr, *typ) { return g.filterByCall(sc, d) }},
		{w(g.has(FeatLoops), 3), func() (ast.Expr, *typ) { return g.filterBlock(sc, elem, d) }},
		{w(g.has(FeatLoops), 4), func() (ast.Expr, *typ) { return g.forExpr(sc, elem, d) }},
		{w(l, 4), func() (ast.Expr, *typ) { return g.sortCall(sc, d) }},
		{w(l, 2), func() (ast.Expr, *typ) {
			in, t := g.expr(sc, listOf(elem), d)
			var v ast.Expr
			if g.chance(90) {
				v, _ = g.expr(sc, orAny(elem), d)
			}
			return call("append", "in", in, "value", v), t
		}},
		{w(l, 2), func() (ast.Expr, *typ) {
			a, t := g.expr(sc, listOf(elem), d)
			b, _ := g.expr(sc, listOf(elem), d)
			return call("concat", "a", a, "b", b), t
		}},
		{w(g.has(FeatData) && anyElem, 3), func() (ast.Expr, *typ) {
			in, _ := g.expr(sc, tyRec, d)
			switch g.n(3) {
			case 0:
				return call("keys", "in", in), listOf(tyStr)
			case 1:
				return call("values", "in", in), tyList
			}
			return call("entries", "in", in), listOf(recOf(field{"key", tyStr}, field{"value", tyAny}))
		}},
		{w(l, 2), func() (ast.Expr, *typ) {
			in, t := g.expr(sc, listOf(elem), d)
			return call("unique", "in", in), t
		}},
		{w(l && anyElem, 2), func() (ast.Expr, *typ) {
			shape := g.recShape()
			in, _ := g.expr(sc, listOf(shape), d)
			return call("pluck", "in", in, "key", g.wrongly(strLit(g.keyOf(shape)))), tyList
		}},
		{w(l && anyElem, 2), func() (ast.Expr, *typ) {
			in, _ := g.expr(sc, listOf(tyList), d)
			return call("flat", "in", in), tyList
		}},
		{w(g.has(FeatStrings) && (anyElem || elem.k == kStr), 3), func() (ast.Expr, *typ) {
			in, _ := g.expr(sc, tyStr, d)
			sep, _ := g.patternOr(sc, d)
			return call("str.split", "in", in, "sep", sep), listOf(tyStr)
		}},
		{w(g.has(FeatStrings) && g.has(FeatPitfalls) && (anyElem || elem.k == kStr), 2), func() (ast.Expr, *typ) {
			// split into UTF-16 code units: astral characters become two lone surrogates
			g.spend(2)
			second := g.classString()
			if g.chance(50) {
				second = g.loneSurrogateString() // a lone high surrogate may end it
			}
			return call("str.split", "in", strLit(value.Concat(g.classString(), second)), "sep", strLit("")), listOf(tyStr)
		}},
		{w(g.has(FeatData) && g.has(FeatPitfalls) && (anyElem || elem.k == kStr), 2), func() (ast.Expr, *typ) {
			// integer-like keys come first, ascending; "01", "-1", "1.0" are not integer-like
			g.spend(2)
			texts := []string{`{"b":1,"01":2,"10":3,"2":4}`, `{"x":0,"1":1,"01":2,"-1":3,"0":4}`, `{"007":1,"7":2,"a":3,"1.0":4,"4294967295":5,"4294967294":6}`}
			return call("keys", "in", call("parse.json", "in", strLit(texts[g.n(len(texts))]))), listOf(tyStr)
		}},
		{w(g.has(FeatTools) && anyElem, 2), func() (ast.Expr, *typ) { return g.toolOf(sc, "fs.list", d) }},
		{w(g.has(FeatFunctions), 2), func() (ast.Expr, *typ) { return g.userCall(sc, listOf(elem), d) }},
		{w(g.has(FeatControl), 1), func() (ast.Expr, *typ) { return g.ifInline(sc, listOf(elem), d) }},
		{w(g.has(FeatTry), 1), func() (ast.Expr, *typ) { return g.tryExpr(sc, listOf(elem), d) }},
	})
}

func orAny(t *typ) *typ {
	if t == nil {
		return tyAny
	}
	return t
}

// keyOf picks a field of shape (or any key, now and then).
func (g *generator) keyOf(shape *typ) string {
	if len(shape.fields) > 0 && g.chance(80) {
		return shape.fields[g.n(len(shape.fields))].key
	}
	return g.key()
}

// listLiteral is [e1, …] with elements of type elem (mixed when elem is unknown).
func (g *generator) listLiteral(sc *scope, elem *typ, d int) (ast.Expr, *typ) {
	l := &ast.ListExpr{}
	if elem == nil && g.chance(50) {
		elem = g.anyType()
		if elem.k == kRec && g.chance(60) {
			elem = g.recShape()
		}
	}
	n := g.n(5)
	for i := 0; i < n && !g.out(); i++ {
		e, _ := g.expr(sc, orAny(elem), d)
		l.Elements = append(l.Elements, e)
	}
	g.spend(1)
	if elem != nil && elem.k == kAny {
		elem = nil
	}
	return l, listOf(elem)
}

// rangeCall is range { from, to } over a small span (spec Appendix D: no enormous
// ranges); wrong types give its E_FN.
func (g *generator) rangeCall(sc *scope, d int) (ast.Expr, *typ) {
	from := g.smallSigned(4)
	var to ast.Expr = intLit(float64(g.n(8)))
	switch {
	case g.chance(10):
		to = numberNode([]string{"2.5", "3.0", "1.0e400"}[g.n(3)], true)
	case g.chance(10):
		to, _ = g.expr(sc, tyNum, d)
		to = call("math.min", "in", &ast.ListExpr{Elements: []ast.Expr{to, intLit(9)}})
	}
	return call("range", "from", from, "to", to), listOf(tyNum)
}

// smallSigned is an integer in (-n, n).
func (g *generator) smallSigned(n int) ast.Expr {
	v := g.smallInt(n)
	if g.chance(30) {
		return &ast.UnaryExpr{Op: "-", Operand: v}
	}
	return v
}

// sortCall is sort { in, by? } over portable values: finite numbers, ASCII/Latin-1
// strings (spec Appendix D).
func (g *generator) sortCall(sc *scope, d int) (ast.Expr, *typ) {
	g.portable++
	defer func() { g.portable-- }()
	var in ast.Expr
	var by ast.Expr
	var t *typ
	switch g.weighted(5, 4, 2, w(g.has(FeatPitfalls), 1)) {
	case 3: // more records than an insertion sort handles, few distinct keys: stability shows
		l := &ast.ListExpr{}
		for i, n := 0, 13+g.n(8); i < n; i++ {
			l.Elements = append(l.Elements, record("k", intLit(float64(g.n(3))), "n", intLit(float64(i))))
		}
		g.spend(4)
		return call("sort", "in", l, "by", strLit("k")), listOf(recOf(field{"k", tyNum}, field{"n", tyNum}))
	case 1: // records by one or more keys
		shape := g.recShape()
		in, t = g.portableValue(listOf(shape), d)
		if g.chance(40) {
			keys := &ast.ListExpr{}
			for _, f := range shape.fields {
				keys.Elements = append(keys.Elements, strLit(f.key))
			}
			if g.chance(20) {
				keys.Elements = append(keys.Elements, intLit(1)) // not a string: E_FN
			}
			by = keys
		} else {
			by = strLit(g.keyOf(shape))
		}
	case 2: // mixed values, sometimes by length
		in, t = g.portableValue(tyList, d)
		if g.chance(40) {
			keys := []string{"length", "0", "a"}
			if g.has(FeatProto) {
				// the wrapper prototype of a string, number, list or boolean (§8.4, §10.2)
				keys = append(keys, "__proto__")
			}
			by = strLit(keys[g.n(len(keys))])
			if g.chance(30) {
				// by several keys: the first ties, the next decides
				by = &ast.ListExpr{Elements: []ast.Expr{strLit(keys[g.n(len(keys))]), by}}
			}
		}
	default:
		in, t = g.portableValue(listOf(ofKind([]kind{kNum, kStr}[g.n(2)])), d)
	}
	if g.chance(5) {
		by = intLit(3)
	}
	return call("sort", "in", g.wrongly(in), "by", by), t
}

// portableValue is a literal value sort compares consistently.
func (g *generator) portableValue(want *typ, d int) (ast.Expr, *typ) {
	if want.k == kList && d < maxDepth {
		l := &ast.ListExpr{}
		for n := g.n(6); n > 0; n-- {
			e, _ := g.portableValue(orAny(want.elem), d+1)
			l.Elements = append(l.Elements, e)
		}
		return l, want
	}
	if want.k == kRec {
		return g.recordLiteral(nil, want, d+1)
	}
	if want.k == kAny {
		k := concreteKinds[g.weighted(5, 5, 1, 1, 1, 2)]
		if d >= maxDepth && (k == kList || k == kRec) {
			k = kNum
		}
		return g.portableValue(ofKind(k), d)
	}
	return g.literal(want)
}

// filterByCall is the stdlib filter { in, by } (spec §8.4).
func (g *generator) filterByCall(sc *scope, d int) (ast.Expr, *typ) {
	shape := g.recShape()
	in, t := g.expr(sc, listOf(shape), d)
	by := ast.Expr(strLit(g.keyOf(shape)))
	if g.chance(5) {
		by = intLit(1)
	}
	return call("filter", "in", in, "by", by), t
}

// ---- records ----

func (g *generator) recExpr(sc *scope, want *typ, depth int) (ast.Expr, *typ) {
	d := depth + 1
	data := g.has(FeatData)
	shaped := len(want.fields) > 0
	return g.pick([]producer{
		{12, func() (ast.Expr, *typ) { return g.recordLiteral(sc, want, d) }},
		{12, func() (ast.Expr, *typ) { return g.ref(sc, want) }},
		{w(data && !shaped, 3), func() (ast.Expr, *typ) {
			a, ta := g.expr(sc, tyRec, d)
			b, tb := g.expr(sc, tyRec, d)
			return call("merge", "a", a, "b", b), mergeTypes(ta, tb)
		}},
		{w(data && !shaped, 3), func() (ast.Expr, *typ) {
			in, t := g.expr(sc, tyAny, d)
			v, _ := g.expr(sc, tyAny, d)
			return call("put", "in", in, "path", g.wrongly(g.pathText(t)), "value", v), tyAny
		}},
		{w(data && !shaped, 3), func() (ast.Expr, *typ) { return g.patchCall(sc, d) }},
		{w(data && !shaped, 5), func() (ast.Expr, *typ) {
			text := jsonObjectTexts[0]
			if g.pitfall() {
				text = jsonObjectTexts[g.n(len(jsonObjectTexts))]
			}
			return call("parse.json", "in", g.wrongly(strLit(text))), jsonType(text)
		}},
		{w(g.has(FeatEvidence) && !shaped, 2), func() (ast.Expr, *typ) { return g.evidence(sc, d, false) }},
		{w(g.has(FeatTools) && !shaped, 3), func() (ast.Expr, *typ) {
			return g.toolOf(sc, []string{"http.get", "fs.write", "sh.exec"}[g.n(3)], d)
		}},
		{w(g.has(FeatTry) && !shaped, 3), func() (ast.Expr, *typ) { return g.tryExpr(sc, errorRecordType, d) }},
		{w(g.has(FeatControl), 2), func() (ast.Expr, *typ) { return g.matchExpr(sc, want, d) }},
		{w(g.has(FeatFunctions), 2), func() (ast.Expr, *typ) { return g.userCall(sc, want, d) }},
		{w(g.has(FeatControl), 1), func() (ast.Expr, *typ) { return g.ifInline(sc, want, d) }},
	})
}

func mergeTypes(a, b *typ) *typ {
	t := &typ{k: kRec}
	if a != nil {
		t.fields = append(t.fields, a.fields...)
	}
	if b != nil {
		t.fields = append(t.fields, b.fields...)
	}
	return t
}

// recordLiteral is { k: v, … } with at least the fields want asks for; with FeatSpread
// also spreads and repeated keys (spec §5.9). sc nil means literal members only.
func (g *generator) recordLiteral(sc *scope, want *typ, d int) (ast.Expr, *typ) {
	g.spend(1)
	r := &ast.RecordExpr{}
	t := &typ{k: kRec}
	val := func(ft *typ) (ast.Expr, *typ) {
		if sc == nil || d >= maxDepth {
			if g.portable > 0 && d < maxDepth && (ft.k == kList || ft.k == kRec || ft.k == kAny) {
				return g.portableValue(ft, d+1)
			}
			return g.literal(ft)
		}
		return g.expr(sc, ft, d)
	}
	add := func(k string, ft *typ) {
		v, vt := val(ft)
		r.Pairs = append(r.Pairs, &ast.RecordPair{Key: k, Value: v})
		t.fields = append(t.fields, field{k, vt})
	}
	for _, f := range want.fields {
		add(f.key, f.t)
	}
	extra := g.n(4)
	if len(want.fields) > 0 {
		extra = g.n(2)
	}
	spreads := sc != nil && g.portable == 0 && g.has(FeatSpread)
	for i := 0; i < extra && !g.out(); i++ {
		if p := g.protoPair(sc, d); p != nil {
			r.Pairs = append(r.Pairs, p)
			continue
		}
		switch {
		case spreads && g.chance(15):
			e, et := g.expr(sc, tyRec, d)
			r.Pairs = append(r.Pairs, &ast.SpreadPair{Expr: e})
			if et != nil {
				t.fields = append(t.fields, et.fields...)
			}
		case spreads && len(r.Pairs) > 0 && g.chance(10):
			// a repeated key replaces the value in place
			if p, ok := r.Pairs[g.n(len(r.Pairs))].(*ast.RecordPair); ok {
				add(p.Key, g.anyType())
			}
		default:
			k := g.key()
			if g.chance(8) {
				k += "." + g.key() // a dotted key is one flat key
			}
			add(k, g.anyType())
		}
	}
	return r, t
}

// intKeyedJSON are JSON objects with integer-like keys, out of order and mixed with
// other keys, for patch.
var intKeyedJSON = []string{
	`{"b":1,"10":2,"a":3,"2":4,"01":5}`,
	`{"7":1,"3":2,"x":0,"5":3}`,
	`{"0":"z","4294967295":1,"4294967294":2,"a":3,"10":4}`,
}

// patchCall is patch { in, ops } with operations around the pointer rules of §8.2.
func (g *generator) patchCall(sc *scope, d int) (ast.Expr, *typ) {
	var in ast.Expr
	if g.chance(60) {
		g.spend(4)
		in = record("a", record("b", intLit(1)), "list", &ast.ListExpr{Elements: []ast.Expr{intLit(1), intLit(2)}}, "meta", record("v", intLit(1)),
			"rows", &ast.ListExpr{Elements: []ast.Expr{record("k", intLit(1)), record("k", intLit(2))}})
	} else {
		in, _ = g.expr(sc, tyAny, d)
	}
	pointers := []string{"/a", "/a/b", "/list/0", "/list/-", "/list/5", "/meta/v", "", "/x/y/z", "/a/b/c/d", "a", "/list/01", "/new", "/a~1b", "/~0", "/list/-1", "/meta",
		"/rows/0/k", "/rows/1", "/rows/5/k", "/rows/-/k", "/rows/0/new", "/list/1/x", "/rows/x"}
	if g.pitfall() && g.chance(25) {
		// a record with integer-like keys, which enumerate first (§10.1): removing,
		// replacing or moving one must keep the others in order
		g.spend(2)
		in = call("parse.json", "in", strLit(intKeyedJSON[g.n(len(intKeyedJSON))]))
		pointers = []string{"/10", "/2", "/0", "/01", "/b", "/a", "/4294967295", "/7", "/new", "/3"}
	}
	ops := &ast.ListExpr{}
	for n := 1 + g.n(3); n > 0; n-- {
		g.spend(2)
		op := []string{"add", "replace", "remove", "copy", "move", "test", "nope"}[g.weighted(5, 3, 3, 2, 2, 2, 1)]
		var opVal ast.Expr = strLit(op)
		if g.chance(3) {
			opVal = intLit(1)
		}
		var path ast.Expr = strLit(pointers[g.n(len(pointers))])
		if g.has(FeatProto) && g.chance(20) {
			path = strLit(protoPointers[g.n(len(protoPointers))])
		}
		if g.chance(3) {
			path = &ast.NullLiteral{}
		}
		var value, from ast.Expr
		if op == "test" && g.chance(50) {
			// a test that holds on the default document
			known := []struct {
				p string
				v ast.Expr
			}{{"/a/b", intLit(1)}, {"/meta", record("v", intLit(1))}, {"/list", &ast.ListExpr{Elements: []ast.Expr{intLit(1), intLit(2)}}}, {"/rows/1/k", intLit(2)}}
			k := known[g.n(len(known))]
			path, value = strLit(k.p), k.v
		} else if op == "add" || op == "replace" || op == "test" {
			if g.chance(85) {
				value, _ = g.expr(sc, tyAny, d+1)
			}
		}
		if op == "copy" || op == "move" {
			if g.chance(90) {
				from = strLit(pointers[g.n(len(pointers))])
			}
		}
		var o ast.Expr = record("op", opVal, "path", path, "value", value, "from", from)
		if g.chance(3) {
			o = intLit(7) // not a record: Invalid op at index I.
		}
		ops.Elements = append(ops.Elements, o)
	}
	var opsArg ast.Expr = ops
	if g.chance(4) {
		opsArg = strLit("ops")
	}
	return call("patch", "in", in, "ops", opsArg), tyAny
}
