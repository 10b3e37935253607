package gen

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/a0diff/a0diff/runtime/ast"
	"github.com/a0diff/a0diff/runtime/syntax"
	"github.com/a0diff/a0diff/runtime/value"
)

// Corners are short top-level statement groups that reach the places where the two
// implementations, or both of them and V8, once parted (issue 23): an internal error
// after evidence, a toJSON that JSON.stringify calls without end, a text at the size
// limit's text bound, other scripts' digits and lone surrogates in a sorted list, NaN in
// a sorted list. Free generation reaches none of them: each needs a shape that its parts
// are never drawn together in. A few programs in a hundred end with one; its result is
// watched, or it ends the run. Each corner has its own function; the statements are
// written as A0 text and parsed, so that a corner reads like the corpus entry it mirrors.

// corner returns the statements of one corner for the top level sc, or nil (most of the
// time, and when the features allow none).
func (g *generator) corner(sc *scope) []ast.Stmt {
	internal := w(g.has(FeatProto), 12)
	endless := w(g.has(FeatProto), 12)
	collation := w(g.has(FeatLists), 12)
	nan := w(g.has(FeatLists), 12)
	textBound := w(g.has(FeatData), 1) // a 32 Mi-unit text takes the reference a second
	if internal+endless+collation+nan+textBound == 0 || !g.chance(4) {
		return nil
	}
	switch g.weighted(internal, endless, collation, nan, textBound) {
	case 0:
		return g.internalErrorAfterEvidence(sc)
	case 1:
		return g.endlessToJSON(sc)
	case 2:
		return g.collationCorner(sc)
	case 3:
		return g.nanSortCorner(sc)
	}
	return g.textBoundCorner(sc)
}

// cornerStmts parses the text of a corner into statements; the last binding, named
// result, is watched.
func (g *generator) cornerStmts(sc *scope, text, result string) []ast.Stmt {
	p, diags := syntax.Parse(DefaultFile, text+"\nreturn 0\n")
	if len(diags) > 0 {
		panic(fmt.Sprintf("gen: a corner does not parse: %v\n%s", diags, text))
	}
	stmts := p.Statements[:len(p.Statements)-1]
	for _, s := range stmts {
		if l, ok := s.(*ast.LetStmt); ok {
			sc.addVar(l.Name, tyAny)
		}
	}
	if result != "" {
		g.watched = append(g.watched, result)
	}
	return stmts
}

// internalErrorAfterEvidence: evidence, then a JavaScript TypeError (a read-only `name`
// or `length` inherited from a function-value prototype, spec §10.2) surfacing as
// E_RUNTIME, which ends the run without the evidence (spec §5.2) — or, inside try, is a
// caught error record and the run goes on with its evidence.
func (g *generator) internalErrorAfterEvidence(sc *scope) []ast.Stmt {
	x := g.fresh("internal")
	method := protoMethods[g.n(len(protoMethods))]
	key := []string{"name", "length"}[g.n(2)]
	thrower := fmt.Sprintf("{ __proto__: get { in: {}, path: %q }, %s: 1 }", method, key)
	check := fmt.Sprintf("check { that: %v, msg: %q }", g.chance(70), "before "+x)
	if g.chance(50) {
		return g.cornerStmts(sc, fmt.Sprintf("%s\nlet %s = try { return %s } catch { e } { return e }", check, x, thrower), x)
	}
	return g.cornerStmts(sc, fmt.Sprintf("%s\nlet %s = %s", check, x, thrower), "")
}

// endlessToJSON: a record whose toJSON is Array.prototype.concat, which JSON.stringify
// calls without end (V8: "Maximum call stack size exceeded"), written by a patch test
// message, a sort comparison or a loop 'times' message, maybe under a member with its
// own error, maybe caught.
func (g *generator) endlessToJSON(sc *scope) []ast.Stmt {
	l, r, x := g.fresh("arr"), g.fresh("rec"), g.fresh("endless")
	value := r
	switch g.n(3) {
	case 1:
		value = fmt.Sprintf("[1, %s]", r)
	case 2:
		// an earlier member whose toJSON throws its own TypeError first
		value = fmt.Sprintf("{ a: { toJSON: get { in: { __proto__: get { in: {}, path: \"valueOf\" } }, path: \"toString\" } }, b: %s }", r)
	}
	var use string
	switch g.n(3) {
	case 0:
		use = fmt.Sprintf("patch { in: { a: 1 }, ops: [{ op: \"test\", path: \"/a\", value: %s }] }", value)
	case 1:
		use = fmt.Sprintf("sort { in: [[%s], [1]] }", value)
	default:
		use = fmt.Sprintf("loop { in: 0, times: %s, as: \"i\" } { return i }", value)
	}
	if g.chance(60) {
		use = fmt.Sprintf("try { return %s } catch { e } { return e }", use)
	}
	text := fmt.Sprintf("let %s = { __proto__: [] }\nlet %s = { n: 1, toJSON: %s.concat }\nlet %s = %s", l, r, l, x, use)
	return g.cornerStmts(sc, text, x)
}

// collationPieces are the characters where goja's collator and ICU (V8) differ, among
// ordinary ones: other scripts' digits (ICU: equal to the ASCII digit), lone surrogates
// (ICU: after every assigned character, by code unit), U+FFFD and U+FFFF (ICU: last).
var collationPieces = [][]uint16{
	{'0'}, {'1'}, {'2'}, {'9'}, {'a'}, {'A'}, {'z'}, {0xE9}, {' '}, {'-'}, {0x4E2D},
	{0x661}, {0x662}, {0x6F1}, {0x967}, {0x966}, {0x9E7}, {0xE51}, {0xFF11},
	{0xD800}, {0xD83D}, {0xDBFF}, {0xDC00}, {0xDFFF}, {0xFFFD}, {0xFFFF},
	{0xD83D, 0xDE00}, // a pair: an emoji, an assigned character
}

// collationCorner: a sort of strings made of collationPieces (spec §8.4), plain or by a
// key of records holding them.
func (g *generator) collationCorner(sc *scope) []ast.Stmt {
	x := g.fresh("collated")
	n := 3 + g.n(6)
	items := make([]string, n)
	for i := range items {
		var units []uint16
		for k := 1 + g.n(3); k > 0; k-- {
			p := collationPieces[g.n(len(collationPieces))]
			if len(units) > 0 && isHighSurrogate(units[len(units)-1]) && isLowSurrogate(p[0]) {
				continue // the two would join into one code point, mostly unassigned
			}
			units = append(units, p...)
		}
		items[i] = escapedLiteral(value.FromUTF16(units))
	}
	var in string
	if g.chance(30) {
		for i, s := range items {
			items[i] = fmt.Sprintf("{ k: %s, i: %d }", s, i)
		}
		in = fmt.Sprintf("sort { in: [%s], by: \"k\" }", strings.Join(items, ", "))
	} else {
		in = fmt.Sprintf("sort { in: [%s] }", strings.Join(items, ", "))
	}
	return g.cornerStmts(sc, fmt.Sprintf("let %s = %s", x, in), x)
}

func isHighSurrogate(u uint16) bool { return u >= 0xD800 && u <= 0xDBFF }
func isLowSurrogate(u uint16) bool  { return u >= 0xDC00 && u <= 0xDFFF }

// escapedLiteral is s as an A0 string literal, every non-ASCII code unit (lone surrogates
// included, which source text cannot hold raw) as a \u escape.
func escapedLiteral(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for _, u := range value.ToUTF16(s) {
		switch {
		case u == '"' || u == '\\':
			b.WriteByte('\\')
			b.WriteByte(byte(u))
		case u < 0x20 || u >= 0x7F:
			fmt.Fprintf(&b, "\\u%04x", u)
		default:
			b.WriteByte(byte(u))
		}
	}
	b.WriteByte('"')
	return b.String()
}

// nanSortCorner: a sort of numbers with NaN among them (the comparator a - b is then no
// consistent order, and the result is TimSort's, spec §8.4), short or long enough for
// TimSort's merges, now and then by a key of records.
func (g *generator) nanSortCorner(sc *scope) []ast.Stmt {
	inf, nan, x := g.fresh("inf"), g.fresh("nan"), g.fresh("sorted")
	n := 2 + g.n(12)
	if g.chance(25) {
		n = 64 + g.n(120) // runs and merges
	}
	items := make([]string, n)
	for i := range items {
		switch {
		case g.chance(20):
			items[i] = nan
		case g.chance(3):
			items[i] = inf
		default:
			items[i] = strconv.Itoa(g.n(60) - 10)
		}
	}
	in := fmt.Sprintf("sort { in: [%s] }", strings.Join(items, ", "))
	if g.chance(25) {
		for i, v := range items {
			items[i] = fmt.Sprintf("{ k: %s, i: %d }", v, i)
		}
		in = fmt.Sprintf("sort { in: [%s], by: [\"k\", \"i\"] }", strings.Join(items, ", "))
	}
	text := fmt.Sprintf("let %s = 1.0e308 * 10.0\nlet %s = %s - %s\nlet %s = %s", inf, nan, inf, inf, x, in)
	return g.cornerStmts(sc, text, x)
}

// textBoundCorner: a patch test message whose expected value is 32 copies of a string of
// 2^20 - 2 units and a tail, at the text bound of the default maxSize (32 Mi units: one
// per node plus the strings' lengths) or one unit over it (resource maxSize), caught, so
// that only the message's length is returned. With a smaller maxSize the strings
// themselves are over it.
func (g *generator) textBoundCorner(sc *scope) []ast.Stmt {
	b, x := g.fresh("half"), g.fresh("bound")
	var text strings.Builder
	fmt.Fprintf(&text, "let %s0 = \"x\"\n", b)
	parts := make([]string, 0, 19)
	for k := 1; k < 20; k++ {
		fmt.Fprintf(&text, "let %s%d = %s%d + %s%d\n", b, k, b, k-1, b, k-1)
		parts = append(parts, fmt.Sprintf("%s%d", b, 20-k))
	}
	s := g.fresh("long")
	fmt.Fprintf(&text, "let %s = %s\n", s, strings.Join(parts, " + "))
	copies := make([]string, 32)
	for i := range copies {
		copies[i] = s
	}
	tail := 30 + g.n(2) // 30: at the bound; 31: one unit over
	fmt.Fprintf(&text, "let %s = try { return patch { in: { a: 1 }, ops: [{ op: \"test\", path: \"/a\", value: [%s, %q] }] } } catch { e } { return len { in: e.message } }",
		x, strings.Join(copies, ", "), strings.Repeat("y", tail))
	return g.cornerStmts(sc, text.String(), x)
}
