package gen

import (
	"fmt"
	"strings"
	"unicode/utf16"

	"github.com/a0diff/a0diff/runtime/ast"
	"github.com/a0diff/a0diff/runtime/outcome"
	"github.com/a0diff/a0diff/runtime/value"
)

// Probes are top-level statements added before the final return, each a watched
// variable (the program returns it), arranged where free generation leaves the harness's
// comparison blind:
//
//   - text whose bytes and UTF-16 code units differ: surrogate halves joined by `+`,
//     str.concat and join, split apart by str.split, compared with `==` against the real
//     pair and measured in bytes by fs.write (a joined pair is 4 UTF-8 bytes, two lone
//     halves are written as two U+FFFD, 6 bytes) — the serialised values alone look
//     alike;
//   - parse.json of raw (unescaped) non-ASCII and astral text, from a literal, a file or
//     an HTTP body, whose keys reach keys and get paths, and whose syntax errors report
//     a position in UTF-16 code units after such characters (§8.2);
//   - numbers at the thresholds of JavaScript's Number-to-String (1e21 and 1e-7 and
//     their neighbours) turned into text by str.concat, join and str.template — the
//     outcome's own JSON carries numbers as numbers, so only text shows their format;
//   - loops long enough to meet a small step limit (FeatLimits) inside their bodies and
//     callbacks.
func (g *generator) probes(sc *scope) []ast.Stmt {
	var out []ast.Stmt
	if g.has(FeatStrings) && g.has(FeatPitfalls) && g.chance(12) {
		out = append(out, g.watch(sc, g.surrogateProbe(), tyAny))
	}
	if g.has(FeatData) && g.has(FeatPitfalls) && g.chance(12) {
		out = append(out, g.watch(sc, g.unicodeJSONProbe(sc), tyAny))
	}
	if (g.has(FeatStrings) || g.has(FeatPitfalls)) && g.chance(8) {
		out = append(out, g.watch(sc, g.numberTextProbe(), tyStr))
	}
	if g.has(FeatLimits) && g.has(FeatLoops) && g.chance(8) {
		out = append(out, g.watch(sc, g.stepsProbe(sc), tyAny))
	}
	return out
}

// astralChars are characters outside the BMP (a surrogate pair each), non-BMP ends first.
var astralChars = []rune{0x1F600, 0x10000, 0x10FFFF, 0x1D11E, 0x20000, 0x1F4A9}

// surrogateProbe is a record of comparisons and byte counts around one astral
// character C split into its halves.
func (g *generator) surrogateProbe() ast.Expr {
	g.spend(8)
	c := astralChars[g.n(len(astralChars))]
	hi, lo := utf16.EncodeRune(c)
	pre := []string{"", "a", "é", "日"}[g.n(4)]
	post := []string{"", "z", "ß", "😀"}[g.n(4)]
	whole := pre + string(c) + post
	left := value.FromUTF16(append(value.ToUTF16(pre), uint16(hi)))
	right := value.FromUTF16(append([]uint16{uint16(lo)}, value.ToUTF16(post)...))
	var joined ast.Expr
	switch g.n(4) {
	case 0:
		joined = call("str.concat", "parts", &ast.ListExpr{Elements: []ast.Expr{strLit(left), strLit(right)}})
	case 1:
		joined = call("join", "in", &ast.ListExpr{Elements: []ast.Expr{strLit(left), strLit(right)}}, "sep", strLit(""))
	case 2:
		// split between the halves, then joined again
		joined = call("join", "in", call("str.split", "in", strLit(whole), "sep", strLit(value.FromUTF16([]uint16{uint16(lo)}))), "sep", strLit(value.FromUTF16([]uint16{uint16(lo)})))
	default:
		joined = bin("+", strLit(left), strLit(right))
	}
	if g.chance(25) {
		// a half that pairs with nothing: never equal to the character
		right = value.FromUTF16([]uint16{[]uint16{0xD800, 0xE000, 'x'}[g.n(3)]})
		joined = bin("+", strLit(left), strLit(right))
	}
	r := record(
		"eq", bin([]string{"==", "!="}[g.n(2)], joined, strLit(whole)),
		"len", call("len", "in", ast.Clone(joined)),
	)
	if g.chance(50) {
		// the units of the pair, split apart and joined back
		parts := call("str.split", "in", ast.Clone(joined), "sep", strLit(""))
		r.Pairs = append(r.Pairs, &ast.RecordPair{Key: "n", Value: call("len", "in", parts)},
			&ast.RecordPair{Key: "back", Value: bin("==", call("join", "in", ast.Clone(parts), "sep", strLit("")), strLit(whole))})
	}
	if g.chance(30) {
		r.Pairs = append(r.Pairs, &ast.RecordPair{Key: "starts", Value: call([]string{"str.starts", "str.ends"}[g.n(2)], "in", ast.Clone(joined), "value", strLit([]string{left, right, string(c)}[g.n(3)]))})
	}
	if g.has(FeatTools) && g.chance(60) {
		// the byte count: a pair is 4 bytes of UTF-8, lone halves 3 each (as U+FFFD)
		g.usedTools["fs.write"] = true
		w := &ast.DoExpr{Tool: &ast.IdentPath{Parts: []string{"fs", "write"}},
			Args: record("path", strLit([]string{"u.txt", "out/ü.txt"}[g.n(2)]), "data", ast.Clone(joined), "format", strLit([]string{"raw", "text", "json"}[g.n(3)]))}
		r.Pairs = append(r.Pairs, &ast.RecordPair{Key: "bytes", Value: call("get", "in", w, "path", strLit("bytes"))})
	}
	if g.chance(30) {
		r.Pairs = append(r.Pairs, &ast.RecordPair{Key: "s", Value: ast.Clone(joined)})
	}
	return r
}

// jsonString writes s as a JSON string literal, raw except for what JSON must escape.
func jsonString(s string) string {
	out := []uint16{'"'}
	for _, u := range value.ToUTF16(s) {
		switch {
		case u == '"' || u == '\\':
			out = append(out, '\\', u)
		case u < 0x20:
			for _, c := range fmt.Sprintf("\\u%04x", u) {
				out = append(out, uint16(c))
			}
		default:
			out = append(out, u)
		}
	}
	return value.FromUTF16(append(out, '"'))
}

// unicodeText is a short non-ASCII string: characters of the non-ASCII range classes,
// astral ones in most.
func (g *generator) unicodeText() string {
	var b strings.Builder
	if g.chance(40) {
		b.WriteString(plainKeys[g.n(len(plainKeys))])
	}
	for n := 1 + g.n(3); n > 0; n-- {
		c := []int{classLatin1, classBMPLow, classBMPHigh, classAstral, classAstral}[g.n(5)]
		r := classUnits[c][g.n(len(classUnits[c]))]
		if g.chance(30) {
			r = classRandom(c, g.n(1<<20))
		}
		b.WriteRune(r)
	}
	return b.String()
}

// unicodeJSON is a JSON text with raw non-ASCII keys and strings (key is its first key),
// broken after them when bad is set, so that the error position counts UTF-16 units past
// characters of 2, 3 and 4 UTF-8 bytes.
func (g *generator) unicodeJSON(bad bool) (text, key string) {
	key, v := g.unicodeText(), g.unicodeText()
	if key == "__proto__" {
		key = "é"
	}
	k, s := jsonString(key), jsonString(v)
	if !bad {
		forms := []string{
			`{` + k + `:` + s + `,"n":1}`,
			`[` + s + `,1,` + k + `]`,
			`{"a":{` + k + `:[` + s + `]},` + k + `:2}`,
			s,
			`{ ` + k + ` : ` + s + ` }`,
		}
		return forms[g.n(len(forms))], key
	}
	forms := []string{
		`{` + k + `:` + s + `,}`,
		`[` + s + `,x]`,
		`{` + k + `:` + s + ` "b":1}`,
		strings.TrimSuffix(s, `"`),
		`[` + s + `]` + v,
		`{` + k + `:` + v + `}`,
		`{` + k + `:` + s + `,"n":01}`,
		s + ` ` + s,
	}
	return forms[g.n(len(forms))], key
}

// unicodeJSONProbe parses a non-ASCII JSON text from a literal, a file or an HTTP body,
// and reads it back through keys and get; a broken text runs inside try (mostly) so that
// the error message with its position is the probe's value.
func (g *generator) unicodeJSONProbe(sc *scope) ast.Expr {
	g.spend(6)
	bad := g.chance(40)
	text, key := g.unicodeJSON(bad)
	var src ast.Expr = strLit(text)
	if g.has(FeatTools) && g.chance(50) {
		if g.chance(50) {
			path := []string{"u.json", "données/ü.json"}[g.n(2)]
			g.world.files = append(g.world.files, outcome.File{Path: path, Content: text})
			g.usedTools["fs.read"] = true
			src = &ast.CallExpr{Tool: &ast.IdentPath{Parts: []string{"fs", "read"}}, Args: record("path", strLit(path))}
		} else {
			url := "https://api.test/ü/" + fmt.Sprint(g.n(3))
			g.world.http = append(g.world.http, outcome.HTTPResponse{URL: url, Status: 200, Body: text,
				Headers: [][2]string{{"Content-Type", "application/json; charset=utf-8"}}})
			g.usedTools["http.get"] = true
			src = call("get", "in", &ast.CallExpr{Tool: &ast.IdentPath{Parts: []string{"http", "get"}}, Args: record("url", strLit(url))}, "path", strLit("body"))
		}
	}
	parsed := call("parse.json", "in", src)
	var e ast.Expr = parsed
	if !bad {
		switch g.n(3) {
		case 0:
			e = record("v", parsed, "g", call("get", "in", ast.Clone(parsed), "path", strLit(key)))
		case 1:
			e = call("keys", "in", call("coalesce", "in", call("get", "in", record("r", parsed), "path", strLit("r")), "default", &ast.RecordExpr{}))
		}
		if g.chance(30) {
			// the same key through put and a patch pointer
			e = record("v", e, "p", call("put", "in", &ast.RecordExpr{}, "path", strLit(key), "value", strLit(key)))
		}
	}
	if (bad || g.chance(20)) && g.has(FeatTry) && g.chance(85) {
		ev := g.fresh("e")
		return &ast.TryExpr{TryBody: []ast.Stmt{&ast.ReturnStmt{Value: e}}, CatchBinding: ev,
			CatchBody: []ast.Stmt{&ast.ReturnStmt{Value: &ast.IdentPath{Parts: []string{ev, []string{"message", "code"}[g.n(4)/3]}}}}}
	}
	return e
}

// stepsProbe is a loop of 10 to 120 iterations with a small body — for, block filter,
// loop or a map callback — so that a small step limit (limits.go) trips inside it: the
// events and the iterations before the limit are what both sides must agree on.
func (g *generator) stepsProbe(sc *scope) ast.Expr {
	g.spend(6)
	n := float64(10 + g.n(110))
	list := call("range", "from", intLit(0), "to", intLit(n))
	i := g.fresh("i")
	body := func(v ast.Expr) []ast.Stmt {
		if g.chance(40) {
			t := g.fresh("t")
			return []ast.Stmt{&ast.LetStmt{Name: t, Value: v}, &ast.ReturnStmt{Value: ref(t)}}
		}
		return []ast.Stmt{&ast.ReturnStmt{Value: v}}
	}
	var loop ast.Expr
	switch g.n(4) {
	case 0:
		loop = &ast.ForExpr{List: list, Binding: i, Body: body(bin("*", ref(i), intLit(2)))}
	case 1:
		loop = &ast.FilterBlockExpr{List: list, Binding: i, Body: body(bin("==", bin("%", ref(i), intLit(3)), intLit(0)))}
	case 2:
		return &ast.LoopExpr{Init: intLit(0), Times: intLit(n), Binding: i, Body: body(bin("+", ref(i), intLit(1)))}
	default:
		if g.has(FeatHigherOrder) {
			fn := g.fresh("step")
			// the callback is declared inside a block if, so that it is a fresh name
			decl := &ast.FnDecl{Name: fn, Params: []string{"x"}, Body: []ast.Stmt{&ast.ReturnStmt{Value: bin("+", ref("x"), intLit(1))}}}
			loop = &ast.IfBlockExpr{Cond: &ast.BoolLiteral{Value: true},
				ThenBody: []ast.Stmt{decl, &ast.ReturnStmt{Value: call("map", "in", list, "fn", strLit(fn))}},
				ElseBody: []ast.Stmt{&ast.ReturnStmt{Value: &ast.NullLiteral{}}}}
		} else {
			loop = &ast.ForExpr{List: list, Binding: i, Body: body(ref(i))}
		}
	}
	return call("len", "in", loop)
}

// numberTextProbe is the text of two to four numbers next to the thresholds where
// Number-to-String switches between positional and exponent notation (n ≤ 21 digits
// before the point, n > −6 zeros after it, spec §10.4).
func (g *generator) numberTextProbe() ast.Expr {
	g.spend(4)
	var nums []ast.Expr
	for k := 2 + g.n(3); k > 0; k-- {
		mant := []string{"1.0", "1.5", "9.99", "2.0", "1.2345"}[g.n(5)]
		exp := []int{-8, -7, -6, -5, 19, 20, 21, 22}[g.n(8)]
		var e ast.Expr = numberNode(fmt.Sprintf("%se%d", mant, exp), true)
		if g.chance(20) {
			e = &ast.UnaryExpr{Op: "-", Operand: e}
		}
		nums = append(nums, e)
	}
	list := &ast.ListExpr{Elements: nums}
	switch g.n(3) {
	case 0:
		return call("join", "in", list, "sep", strLit(" "))
	case 1:
		return call("str.template", "in", strLit("{a}|{b}"), "vars", record("a", nums[0], "b", nums[1]))
	}
	return call("str.concat", "parts", list)
}
