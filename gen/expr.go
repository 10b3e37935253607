package gen

import (
	"strings"

	"github.com/a0diff/a0diff/runtime/ast"
	"github.com/a0diff/a0diff/runtime/value"
)

// producer is one way of making an expression; f returns nil when it does not apply
// (no suitable variable, no callback function, feature switched off at a deeper level).
type producer struct {
	w int
	f func() (ast.Expr, *typ)
}

// w is weight if cond holds, else 0.
func w(cond bool, weight int) int {
	if cond {
		return weight
	}
	return 0
}

// expr returns an expression of (usually) type want together with what is known about
// its type. Deliberately wrong types come from here, at the share of
// Options.WrongTypePercent (raised inside try bodies).
func (g *generator) expr(sc *scope, want *typ, depth int) (ast.Expr, *typ) {
	if g.portable > 0 {
		return g.portableValue(want, depth)
	}
	if g.has(FeatWrongTypes) && g.chance(g.opts.WrongTypePercent+g.risk*15) {
		if g.chance(10) {
			if e, t := g.badPath(sc); e != nil {
				return e, t
			}
		}
		want = ofKind(concreteKinds[g.n(len(concreteKinds))])
	}
	if depth >= maxDepth || g.out() {
		return g.leaf(sc, want)
	}
	g.spend(1)
	var e ast.Expr
	var t *typ
	switch want.k {
	case kNum:
		e, t = g.numExpr(sc, depth)
	case kStr:
		e, t = g.strExpr(sc, depth)
	case kBool:
		e, t = g.boolExpr(sc, depth)
	case kNull:
		e, t = g.nullExpr(sc, depth)
	case kList:
		e, t = g.listExpr(sc, want.elem, depth)
	case kRec:
		e, t = g.recExpr(sc, want, depth)
	default:
		e, t = g.anyExpr(sc, depth)
	}
	if e != nil {
		return e, t
	}
	return g.leaf(sc, want)
}

// pick runs one of ps, drawn by weight; it returns a nil expression when the producer
// found nothing to make. The producers of an expression kind (numExpr, strExpr, …) hand
// their list straight to pick, which keeps neither it nor its closures: the compiler
// then keeps them on the stack (a generated case makes a few hundred).
func (g *generator) pick(ps []producer) (ast.Expr, *typ) {
	var room [32]int
	ws := room[:0]
	for _, p := range ps {
		ws = append(ws, p.w)
	}
	return ps[g.weighted(ws...)].f()
}

// wrongly returns e, or — at the share of deliberate type errors — a value of another
// type in its place (for arguments the generator otherwise writes as constants).
func (g *generator) wrongly(e ast.Expr) ast.Expr {
	if !g.has(FeatWrongTypes) || !g.chance(g.opts.WrongTypePercent) {
		return e
	}
	switch g.n(5) {
	case 0:
		return intLit(float64(g.n(3)))
	case 1:
		return &ast.NullLiteral{}
	case 2:
		return &ast.ListExpr{Elements: []ast.Expr{strLit("a")}}
	case 3:
		return record("a", intLit(1))
	}
	return &ast.BoolLiteral{Value: true}
}

// badPath reads a field through a value that is no record (E_PATH, spec §5.5), or a
// field a record lacks (null).
func (g *generator) badPath(sc *scope) (ast.Expr, *typ) {
	for _, v := range sc.visibleVars() {
		if v.t.k != kRec && v.t.k != kAny && g.chance(50) {
			return &ast.IdentPath{Parts: []string{v.name, g.key()}}, tyNull
		}
		if v.t.k == kRec {
			for _, f := range v.t.fields {
				if ast.IsKeyName(f.key) && f.t.k != kRec && f.t.k != kAny && g.chance(50) {
					return &ast.IdentPath{Parts: []string{v.name, f.key, g.key()}}, tyNull
				}
			}
		}
	}
	return nil, nil
}

// leaf is a variable (or a path into one) of the wanted type, or a literal.
func (g *generator) leaf(sc *scope, want *typ) (ast.Expr, *typ) {
	if g.portable == 0 && g.chance(55) {
		if e, t := g.ref(sc, want); e != nil {
			return e, t
		}
	}
	return g.literal(want)
}

// literal is a literal of type want (records and lists with literal members).
func (g *generator) literal(want *typ) (ast.Expr, *typ) {
	k := want.k
	if k == kAny {
		k = concreteKinds[g.weighted(5, 5, 3, 1, 2, 2)]
	}
	switch k {
	case kNum:
		return g.numLit(), tyNum
	case kStr:
		return g.strLit(), tyStr
	case kBool:
		g.spend(1)
		return &ast.BoolLiteral{Value: g.chance(50)}, tyBool
	case kNull:
		g.spend(1)
		return &ast.NullLiteral{}, tyNull
	case kList:
		elem := want.elem
		if elem == nil && g.chance(60) {
			elem = ofKind(concreteKinds[g.weighted(5, 5, 2, 1, 1, 2)])
		}
		l := &ast.ListExpr{}
		for n := g.n(4); len(l.Elements) < n; n-- {
			var e ast.Expr
			if elem != nil {
				e, _ = g.literal(elem)
			} else {
				e, _ = g.literal(tyAny)
			}
			l.Elements = append(l.Elements, e)
		}
		g.spend(1)
		return l, listOf(elem)
	case kRec:
		return g.recordLiteral(nil, want, maxDepth)
	}
	return &ast.NullLiteral{}, tyNull
}

// ref finds a variable, or a path into a record variable, whose type fits want.
func (g *generator) ref(sc *scope, want *typ) (ast.Expr, *typ) {
	type cand struct {
		parts []string
		t     *typ
	}
	var cands []cand
	for _, v := range sc.visibleVars() {
		if v.t.fits(want) {
			cands = append(cands, cand{[]string{v.name}, v.t})
		}
		if v.t.k != kRec {
			continue
		}
		for _, f := range v.t.fields {
			if !ast.IsKeyName(f.key) {
				continue // a dotted key: v.a.b would traverse instead
			}
			if f.t.fits(want) {
				cands = append(cands, cand{[]string{v.name, f.key}, f.t})
			}
			if f.t.k == kRec {
				for _, f2 := range f.t.fields {
					if ast.IsKeyName(f2.key) && f2.t.fits(want) {
						cands = append(cands, cand{[]string{v.name, f.key, f2.key}, f2.t})
					}
				}
			}
		}
		if want.k == kNull && g.chance(30) {
			cands = append(cands, cand{[]string{v.name, g.key() + "_missing"}, tyNull})
		}
	}
	if len(cands) == 0 {
		return nil, nil
	}
	c := cands[g.n(len(cands))]
	g.spend(1)
	return &ast.IdentPath{Parts: c.parts}, c.t
}

// anyRef is any visible variable.
func (g *generator) anyRef(sc *scope) (ast.Expr, *typ) {
	vars := sc.visibleVars()
	if len(vars) == 0 {
		return nil, nil
	}
	v := vars[g.n(len(vars))]
	return &ast.IdentPath{Parts: []string{v.name}}, v.t
}

func call(name string, pairs ...any) *ast.FnCallExpr {
	return &ast.FnCallExpr{Name: &ast.IdentPath{Parts: strings.Split(name, ".")}, Args: record(pairs...)}
}

// record builds a record from key, value pairs; a nil value leaves the pair out.
func record(pairs ...any) *ast.RecordExpr {
	r := &ast.RecordExpr{Pairs: make([]ast.RecordEntry, 0, len(pairs)/2)}
	for i := 0; i+1 < len(pairs); i += 2 {
		v, _ := pairs[i+1].(ast.Expr)
		if v == nil || ast.IsNil(v) {
			continue
		}
		r.Pairs = append(r.Pairs, &ast.RecordPair{Key: pairs[i].(string), Value: v})
	}
	return r
}

func bin(op string, l, r ast.Expr) *ast.BinaryExpr {
	return &ast.BinaryExpr{Op: ast.Op(op), Left: l, Right: r}
}

// ---- numbers ----

func (g *generator) numExpr(sc *scope, depth int) (ast.Expr, *typ) {
	d := depth + 1
	return g.pick([]producer{
		{10, func() (ast.Expr, *typ) { return g.numLit(), tyNum }},
		{14, func() (ast.Expr, *typ) { return g.ref(sc, tyNum) }},
		{12, func() (ast.Expr, *typ) {
			op := []string{"+", "-", "*", "/", "%"}[g.weighted(4, 3, 3, 2, 2)]
			l, _ := g.expr(sc, tyNum, d)
			r, _ := g.expr(sc, tyNum, d)
			return bin(op, l, r), tyNum
		}},
		{3, func() (ast.Expr, *typ) {
			e, _ := g.expr(sc, tyNum, d)
			return &ast.UnaryExpr{Op: "-", Operand: e}, tyNum
		}},
		{w(g.has(FeatLists), 4), func() (ast.Expr, *typ) {
			in, _ := g.expr(sc, ofKind([]kind{kList, kStr, kRec}[g.n(3)]), d)
			return call("len", "in", in), tyNum
		}},
		{w(g.has(FeatLists), 3), func() (ast.Expr, *typ) {
			if g.pitfall() && g.chance(30) {
				return call([]string{"math.max", "math.min"}[g.n(2)], "in", g.signedZeroList()), tyNum
			}
			in, _ := g.expr(sc, listOf(tyNum), d)
			return call([]string{"math.max", "math.min"}[g.n(2)], "in", in), tyNum
		}},
		{w(g.has(FeatControl), 3), func() (ast.Expr, *typ) { return g.ifInline(sc, tyNum, d) }},
		{w(g.has(FeatControl), 2), func() (ast.Expr, *typ) { return g.ifBlock(sc, tyNum, d) }},
		{w(g.has(FeatLoops), 3), func() (ast.Expr, *typ) { return g.loopExpr(sc, tyNum, d) }},
		{w(g.has(FeatHigherOrder), 3), func() (ast.Expr, *typ) { return g.reduceCall(sc, tyNum, d) }},
		{w(g.has(FeatFunctions), 4), func() (ast.Expr, *typ) { return g.userCall(sc, tyNum, d) }},
		{2, func() (ast.Expr, *typ) { return g.coalesce(sc, tyNum, d) }},
		{w(g.has(FeatData), 2), func() (ast.Expr, *typ) { return g.getCall(sc, d) }},
		{w(g.has(FeatTry), 2), func() (ast.Expr, *typ) { return g.tryExpr(sc, tyNum, d) }},
		{w(g.has(FeatControl), 2), func() (ast.Expr, *typ) { return g.matchExpr(sc, tyNum, d) }},
		{w(g.has(FeatData), 1), func() (ast.Expr, *typ) {
			return call("parse.json", "in", g.wrongly(strLit([]string{"42", "-0", "1e400", "0.1", "12345678901234567890", "1E21"}[g.n(6)]))), tyNum
		}},
	})
}

// ---- strings ----

func (g *generator) strExpr(sc *scope, depth int) (ast.Expr, *typ) {
	d := depth + 1
	s := g.has(FeatStrings)
	return g.pick([]producer{
		{10, func() (ast.Expr, *typ) { return g.strLit(), tyStr }},
		{14, func() (ast.Expr, *typ) { return g.ref(sc, tyStr) }},
		{6, func() (ast.Expr, *typ) {
			l, _ := g.expr(sc, tyStr, d)
			r, _ := g.expr(sc, tyStr, d)
			return bin("+", l, r), tyStr
		}},
		{w(s, 5), func() (ast.Expr, *typ) {
			parts, _ := g.expr(sc, tyList, d)
			return call("str.concat", "parts", parts), tyStr
		}},
		{w(g.has(FeatPitfalls), 2), func() (ast.Expr, *typ) {
			// a lone high surrogate meets a lone low one: the concatenation is a pair
			hi := classUnits[classSurrogate][g.n(2)*4+0] // 0xD800 or 0xD83D
			lo := 0xDC00 + rune(g.n(0x400))
			if g.chance(40) {
				// or meets what it does not pair with: another high surrogate, U+D7FF, U+E000
				lo = []rune{0xD800, 0xDBFF, 0xD83D, 0xD7FF, 0xE000}[g.n(5)]
			}
			l := value.FromUTF16([]uint16{uint16('a' + g.n(3)), uint16(hi)})
			r := value.FromUTF16([]uint16{uint16(lo), 'z'})
			g.spend(2)
			return bin("+", strLit(l), strLit(r)), tyStr
		}},
		{w(s && g.has(FeatPitfalls), 3), func() (ast.Expr, *typ) {
			// special numbers in containers through String(): concat, join, template
			c := g.specialContainer(0)
			switch g.n(3) {
			case 1:
				return call("join", "in", c, "sep", strLit([]string{",", "", " | "}[g.n(3)])), tyStr
			case 2:
				// a null var leaves its placeholder as it is (§8.5)
				return call("str.template", "in", strLit("<{a}> {b} {n}"), "vars", record("a", c, "b", g.specialNumber(), "n", &ast.NullLiteral{})), tyStr
			}
			return call("str.concat", "parts", &ast.ListExpr{Elements: []ast.Expr{c, g.specialNumber(), strLit(":")}}), tyStr
		}},
		{w(s, 3), func() (ast.Expr, *typ) {
			in, _ := g.expr(sc, tyList, d)
			var sep ast.Expr
			if g.chance(70) {
				sep, _ = g.expr(sc, tyStr, d)
			}
			return call("join", "in", in, "sep", sep), tyStr
		}},
		{w(s, 4), func() (ast.Expr, *typ) {
			in, _ := g.expr(sc, tyStr, d)
			from, _ := g.patternOr(sc, d)
			to, _ := g.patternOr(sc, d)
			return call("str.replace", "in", in, "from", from, "to", to), tyStr
		}},
		{w(s && g.has(FeatPitfalls), 2), func() (ast.Expr, *typ) {
			// a pattern that occurs, replaced by the $ substitutions (§8.5)
			g.spend(3)
			to := []string{"$$", "[$&]", "$`|$'", "$$$&", "a$$b", "$"}[g.n(6)]
			return call("str.replace", "in", strLit("xabyab"), "from", strLit([]string{"ab", "b", "y"}[g.n(3)]), "to", strLit(to)), tyStr
		}},
		{w(s, 4), func() (ast.Expr, *typ) {
			in := g.wrongly(g.templateText())
			vars, _ := g.expr(sc, tyRec, d)
			return call("str.template", "in", in, "vars", vars), tyStr
		}},
		{w(s, 2), func() (ast.Expr, *typ) {
			var in ast.Expr
			if g.chance(90) {
				in, _ = g.expr(sc, tyAny, d)
			}
			return call("typeof", "in", in), tyStr
		}},
		{w(g.has(FeatTools), 3), func() (ast.Expr, *typ) { return g.toolOf(sc, "fs.read", d) }},
		{w(g.has(FeatControl), 2), func() (ast.Expr, *typ) { return g.ifInline(sc, tyStr, d) }},
		{w(g.has(FeatFunctions), 3), func() (ast.Expr, *typ) { return g.userCall(sc, tyStr, d) }},
		{1, func() (ast.Expr, *typ) { return g.coalesce(sc, tyStr, d) }},
		{w(g.has(FeatTry), 2), func() (ast.Expr, *typ) { return g.tryExpr(sc, tyStr, d) }},
		{w(g.has(FeatLoops), 1), func() (ast.Expr, *typ) { return g.loopExpr(sc, tyStr, d) }},
	})
}

// patternOr is a str.replace pattern: a short literal with $-patterns now and then.
func (g *generator) patternOr(sc *scope, d int) (ast.Expr, *typ) {
	if g.chance(60) {
		g.spend(1)
		pats := []string{"a", "", "-", "$&", "$$", "$'", "$`", "b", ",", "ab", "x$1", "é", "😀",
			string(value.FromUTF16([]uint16{0xD83D})), string(value.FromUTF16([]uint16{0xDE00})), "$", "$$$&", "\uFFFF"}
		return strLit(pats[g.n(len(pats))]), tyStr
	}
	return g.expr(sc, tyStr, d)
}

func (g *generator) templateText() ast.Expr {
	g.spend(1)
	texts := []string{"{a}", "{a} and {b}", "x{k}y", "{missing}", "{{a}}", "{a.b}", "{ a }", "{}", "{n}-{name}", "{ok}{err}", "no placeholders"}
	return strLit(texts[g.n(len(texts))])
}

// ---- booleans ----

func (g *generator) boolExpr(sc *scope, depth int) (ast.Expr, *typ) {
	d := depth + 1
	return g.pick([]producer{
		{6, func() (ast.Expr, *typ) { g.spend(1); return &ast.BoolLiteral{Value: g.chance(50)}, tyBool }},
		{8, func() (ast.Expr, *typ) { return g.ref(sc, tyBool) }},
		{12, func() (ast.Expr, *typ) { return g.comparison(sc, d), tyBool }},
		{3, func() (ast.Expr, *typ) {
			a, _ := g.expr(sc, tyAny, d)
			b, _ := g.expr(sc, tyAny, d)
			return call("eq", "a", a, "b", b), tyBool
		}},
		{3, func() (ast.Expr, *typ) {
			in, _ := g.expr(sc, ofKind([]kind{kList, kStr, kRec, kNum}[g.weighted(4, 4, 3, 1)]), d)
			v, _ := g.expr(sc, tyAny, d)
			return call("contains", "in", in, "value", v), tyBool
		}},
		{4, func() (ast.Expr, *typ) {
			a, _ := g.expr(sc, tyAny, d)
			if g.chance(35) {
				return call("not", "in", a), tyBool
			}
			b, _ := g.expr(sc, tyAny, d)
			return call([]string{"and", "or"}[g.n(2)], "a", a, "b", b), tyBool
		}},
		{w(g.has(FeatStrings), 3), func() (ast.Expr, *typ) {
			in, _ := g.expr(sc, tyStr, d)
			v, _ := g.patternOr(sc, d)
			return call([]string{"str.starts", "str.ends"}[g.n(2)], "in", in, "value", v), tyBool
		}},
		{w(g.has(FeatTools), 2), func() (ast.Expr, *typ) { return g.toolOf(sc, "fs.exists", d) }},
		{w(g.has(FeatControl), 1), func() (ast.Expr, *typ) { return g.ifInline(sc, tyBool, d) }},
		{w(g.has(FeatFunctions), 2), func() (ast.Expr, *typ) { return g.userCall(sc, tyBool, d) }},
	})
}

// comparison compares two numbers or two strings, or any two values for equality.
func (g *generator) comparison(sc *scope, d int) ast.Expr {
	switch g.weighted(5, 3, 4) {
	case 1:
		if g.pitfall() {
			g.spend(2)
			if g.chance(20) {
				// a string ending in a high surrogate against the same continued by a low
				// one: a prefix, so less (§10.3)
				units := value.ToUTF16(g.classString())
				hi := uint16(classUnits[classSurrogate][g.n(2)*4]) // 0xD800 or 0xD83D
				short := value.FromUTF16(append(units[:len(units):len(units)], hi))
				long := value.FromUTF16(append(units[:len(units):len(units)], hi, uint16(0xDC00+g.n(0x400))))
				if g.chance(50) {
					short, long = long, short
				}
				return bin([]string{"<", ">", "<=", ">=", "==", "!="}[g.n(6)], strLit(short), strLit(long))
			}
			// strings of two range classes meet (UTF-16 order, §10.3)
			return bin([]string{"<", ">", "<=", ">="}[g.n(4)], strLit(g.classString()), strLit(g.classString()))
		}
		l, _ := g.expr(sc, tyStr, d)
		r, _ := g.expr(sc, tyStr, d)
		return bin([]string{"<", ">", "<=", ">="}[g.n(4)], l, r)
	case 2:
		if g.pitfall() && g.chance(15) {
			// values of different types, falsy or truthy: never equal (§5.7)
			l, r := g.crossTypeValue(), g.crossTypeValue()
			if g.chance(25) {
				return call("eq", "a", l, "b", r)
			}
			return bin([]string{"==", "!="}[g.n(2)], l, r)
		}
		if g.pitfall() && g.chance(15) {
			// the same record with its keys in another order: equal (§5.7)
			a, _ := g.expr(sc, tyAny, d)
			b, _ := g.expr(sc, tyAny, d)
			k1, k2 := plainKeys[g.n(4)], plainKeys[4+g.n(4)]
			return bin([]string{"==", "!="}[g.n(2)], record(k1, a, k2, b), record(k2, ast.Clone(b), k1, ast.Clone(a)))
		}
		l, _ := g.expr(sc, tyAny, d)
		if rec, ok := l.(*ast.RecordExpr); ok && g.chance(30) && plainRecord(rec) {
			// the same record with its keys in another order: equal (§5.7)
			return bin([]string{"==", "!="}[g.n(2)], l, reversedRecord(rec))
		}
		r, _ := g.expr(sc, tyAny, d)
		return bin([]string{"==", "!="}[g.n(2)], l, r)
	}
	l, _ := g.expr(sc, tyNum, d)
	r, _ := g.expr(sc, tyNum, d)
	if g.pitfall() && g.chance(25) {
		// NaN and the infinities against anything: every comparison with NaN is false
		if g.chance(50) {
			l = g.specialNumber()
		} else {
			r = g.specialNumber()
		}
	}
	return bin([]string{"<", ">", "<=", ">=", "==", "!="}[g.n(6)], l, r)
}

// ---- null ----

func (g *generator) nullExpr(sc *scope, depth int) (ast.Expr, *typ) {
	d := depth + 1
	return g.pick([]producer{
		{10, func() (ast.Expr, *typ) { g.spend(1); return &ast.NullLiteral{}, tyNull }},
		{4, func() (ast.Expr, *typ) { return g.ref(sc, tyNull) }},
		{w(g.has(FeatLists), 2), func() (ast.Expr, *typ) { return g.findCall(sc, d) }},
		{w(g.has(FeatData), 2), func() (ast.Expr, *typ) { return g.getCall(sc, d) }},
		{1, func() (ast.Expr, *typ) { return g.coalesce(sc, tyNull, d) }},
	})
}

// ---- any ----

func (g *generator) anyExpr(sc *scope, depth int) (ast.Expr, *typ) {
	d := depth + 1
	return g.pick([]producer{
		{20, func() (ast.Expr, *typ) { return g.expr(sc, g.anyType(), depth) }},
		{6, func() (ast.Expr, *typ) { return g.anyRef(sc) }},
		{w(g.has(FeatData), 3), func() (ast.Expr, *typ) { return g.getCall(sc, d) }},
		{w(g.has(FeatData), 3), func() (ast.Expr, *typ) {
			text := g.jsonText()
			return call("parse.json", "in", g.wrongly(strLit(text))), jsonType(text)
		}},
		{w(g.has(FeatLists), 1), func() (ast.Expr, *typ) { return g.findCall(sc, d) }},
		{w(g.has(FeatTools), 3), func() (ast.Expr, *typ) { return g.toolCall(sc, d, false) }},
	})
}

// coalesce { in, default }: in is often null so that default shows.
func (g *generator) coalesce(sc *scope, want *typ, d int) (ast.Expr, *typ) {
	var in ast.Expr
	if g.chance(50) {
		in = &ast.NullLiteral{}
	} else if g.chance(80) {
		in, _ = g.expr(sc, want, d)
	}
	def, _ := g.expr(sc, want, d)
	return call("coalesce", "in", in, "default", def), want
}

// getCall is get { in, path } with a path of the §8.2 syntax.
func (g *generator) getCall(sc *scope, d int) (ast.Expr, *typ) {
	if g.pitfall() && g.chance(15) {
		// a long list under index segments of every digit (§8.2: a segment of ASCII
		// digits only is an index)
		g.spend(3)
		var in ast.Expr = call("range", "from", intLit(0), "to", intLit(float64(10+g.n(15))))
		if g.chance(50) {
			in = record("a", in)
		}
		paths := []string{"[9]", "9", "19", "a[9]", "a.19", "a[18]", "a.7", "[10]", "a[3]", "a.5", "[6]"}
		return call("get", "in", in, "path", strLit(paths[g.n(len(paths))])), tyAny
	}
	in, t := g.expr(sc, tyRec, d)
	path := g.pathText(t)
	return call("get", "in", in, "path", g.wrongly(path)), tyAny
}

// pathText is a get/put path: mostly a field of t, else one of the odd forms of §8.2.
func (g *generator) pathText(t *typ) ast.Expr {
	g.spend(1)
	if g.has(FeatProto) && g.chance(15) {
		return strLit(protoPaths[g.n(len(protoPaths))])
	}
	if t != nil && len(t.fields) > 0 && g.chance(60) {
		f := t.fields[g.n(len(t.fields))]
		p := f.key
		if f.t.k == kRec && len(f.t.fields) > 0 && g.chance(50) {
			p += "." + f.t.fields[0].key
		} else if f.t.k == kList && g.chance(50) {
			p += []string{"[0]", ".1", "[2]"}[g.n(3)]
		}
		return strLit(p)
	}
	paths := []string{"a", "a.b", "b", "items[0].k", "a.0", "[1]", "", "a..b", "a[x]", "a[-1]", "a[01]", "0", "k.deep", "x[0][1]", "length", "a[]"}
	return strLit(paths[g.n(len(paths))])
}

// findCall is find { in, key, value }.
func (g *generator) findCall(sc *scope, d int) (ast.Expr, *typ) {
	if g.pitfall() && g.chance(30) {
		// several records match: find returns the first
		l := &ast.ListExpr{}
		for i, n := 0, 2+g.n(3); i < n; i++ {
			l.Elements = append(l.Elements, record("k", intLit(float64(g.n(2))), "n", intLit(float64(i))))
		}
		g.spend(3)
		return call("find", "in", l, "key", strLit("k"), "value", intLit(float64(g.n(2)))), recOf(field{"k", tyNum}, field{"n", tyNum})
	}
	in, t := g.expr(sc, listOf(g.recShape()), d)
	key := g.key()
	if t != nil && t.elem != nil && len(t.elem.fields) > 0 && g.chance(70) {
		key = t.elem.fields[g.n(len(t.elem.fields))].key
	}
	var v ast.Expr
	if g.chance(85) {
		v, _ = g.expr(sc, tyAny, d)
	}
	return call("find", "in", in, "key", g.wrongly(strLit(key)), "value", v), tyAny
}

// recShape is a record type with a few known fields, for lists of records.
func (g *generator) recShape() *typ {
	t := &typ{k: kRec}
	n := 1 + g.n(3)
	used := map[string]bool{}
	for i := 0; i < n; i++ {
		k := plainKeys[g.n(len(plainKeys))]
		if used[k] {
			continue
		}
		used[k] = true
		t.fields = append(t.fields, field{k, ofKind(concreteKinds[g.weighted(5, 4, 2, 1, 1, 0)])})
	}
	return t
}

// plainRecord reports whether a record literal has only pairs with distinct keys.
func plainRecord(r *ast.RecordExpr) bool {
	seen := map[string]bool{}
	for _, en := range r.Pairs {
		p, ok := en.(*ast.RecordPair)
		if !ok || seen[p.Key] {
			return false
		}
		seen[p.Key] = true
	}
	return len(r.Pairs) > 1
}

// reversedRecord is a copy of the plain record literal r with its pairs reversed.
func reversedRecord(r *ast.RecordExpr) *ast.RecordExpr {
	c := ast.Clone(r)
	for i, j := 0, len(c.Pairs)-1; i < j; i, j = i+1, j-1 {
		c.Pairs[i], c.Pairs[j] = c.Pairs[j], c.Pairs[i]
	}
	return c
}
