package gen

import "github.com/a0diff/a0diff/runtime/ast"

// The prototype model of spec §10.2, generated under FeatProto: "__proto__" keys whose
// values are records, lists, function values, null or primitives, and the keys whose
// reads and writes a replaced prototype changes (inherited `length`/`name`, index keys,
// Array.prototype and Function.prototype members, the throwing `caller`/`arguments`).

// protoKeys are record keys (bare names, §2.5) that meet the prototype model: assigning
// "__proto__" replaces the prototype, and the others are read from, or refuse
// assignment because of, a list or function-value prototype.
var protoKeys = []string{"__proto__", "__proto__", "__proto__", "length", "name", "caller", "arguments", "constructor", "join", "call", "prototype", "toString", "valueOf", "toJSON"}

// protoPaths are get/put paths for the same keys; "0" and "1" are index keys a list
// prototype provides (a get path segment of digits indexes lists only, §8.2).
var protoPaths = []string{"__proto__", "length", "name", "0", "caller", "join", "__proto__.length", "__proto__.0"}

// protoPointers are patch pointers at the same keys.
var protoPointers = []string{"/__proto__", "/__proto__", "/length", "/name", "/caller"}

// protoMethods are names whose read on a record gives a function value: Object.prototype's
// methods (the constructor is Object, whose `prototype` is read-only).
var protoMethods = []string{"valueOf", "toString", "hasOwnProperty", "constructor", "isPrototypeOf"}

// protoKey is key() under FeatProto: now and then a key of protoKeys.
func (g *generator) protoKey() (string, bool) {
	if !g.has(FeatProto) || !g.chance(12) {
		return "", false
	}
	return protoKeys[g.n(len(protoKeys))], true
}

// protoPair is a "__proto__" pair for a record literal or argument record, or nil (sc
// nil: literals only).
func (g *generator) protoPair(sc *scope, d int) *ast.RecordPair {
	if !g.has(FeatProto) || !g.chance(10) {
		return nil
	}
	return &ast.RecordPair{Key: "__proto__", Value: g.protoValue(sc, d)}
}

// protoValue is a value to assign to "__proto__": each kind of §10.2 — a record, a list,
// a function value, null, a number/string/boolean — or any expression.
func (g *generator) protoValue(sc *scope, d int) ast.Expr {
	g.spend(2)
	switch g.weighted(3, 4, 4, 2, 2, 2, 2) {
	case 0:
		e, _ := g.literal(tyRec)
		return e
	case 6:
		// a record whose own prototype is a function value: what it makes read-only is
		// inherited two levels down
		v, _ := g.literal(tyAny)
		return record("__proto__", g.functionValue(sc, d), plainKeys[g.n(len(plainKeys))], v)
	case 1:
		e, _ := g.literal(listOf(nil))
		return e
	case 2:
		return g.functionValue(sc, d)
	case 3:
		return &ast.NullLiteral{}
	case 4:
		e, _ := g.literal(tyAny)
		return e
	}
	if sc == nil || d >= maxDepth {
		e, _ := g.literal(tyAny)
		return e
	}
	e, _ := g.expr(sc, tyAny, d+1)
	return e
}

// functionValue is an expression giving a function value: a method read through get,
// sometimes from a record whose prototype is a list (Array.prototype's join), or a
// record variable's method when one is in scope.
func (g *generator) functionValue(sc *scope, d int) ast.Expr {
	name := protoMethods[g.n(len(protoMethods))]
	if sc != nil && g.chance(30) {
		for _, v := range sc.visibleVars() {
			if v.t != nil && v.t.k == kRec {
				return &ast.IdentPath{Parts: []string{v.name, name}}
			}
		}
	}
	var in ast.Expr = &ast.RecordExpr{}
	if g.chance(25) {
		// Array.prototype methods, which a record holding one as toString or toJSON runs
		// on itself (§10.2)
		arrayMethods := []string{"join", "toString", "push", "pop", "at", "indexOf", "includes", "unshift", "shift", "slice"}
		name = arrayMethods[g.n(len(arrayMethods))]
		in = record("__proto__", &ast.ListExpr{Elements: []ast.Expr{intLit(1)}})
	}
	return call("get", "in", in, "path", strLit(name))
}
