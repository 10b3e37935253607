package gen

import (
	"fmt"
	"math"
	"strings"
	"unicode/utf16"

	"github.com/a0diff/a0diff/runtime/ast"
	"github.com/a0diff/a0diff/runtime/value"
)

// Literal pools. Plain values come first in every pool, so that the answer 0 picks the
// simplest one. Nothing here is an Object.prototype member name or __proto__ (spec
// Appendix D).

var plainInts = []float64{0, 1, 2, 3, 5, 10, 42, 7, 100, 255}

// pitfallNumbers are number literals whose value or formatting is a JavaScript pitfall
// (spec §1.6, §10.4): integral floats, exponent boundaries of the Number-to-String
// algorithm, rounding of long integer literals, overflow to Infinity.
type pitfallNumber struct {
	text  string
	float bool
}

var pitfallNumbers = []pitfallNumber{
	{"0.5", true}, {"2.5", true}, {"3.0", true}, {"0.1", true}, {"0.2", true},
	{"1.0e21", true}, {"1.0e20", true}, {"1.0e-7", true}, {"0.000001", true},
	{"1.5e300", true}, {"1.0e308", true}, {"5.0e-324", true}, {"1.7976931348623157e308", true},
	{"123.456", true}, {"1.0e400", true}, {"100.0", true}, {"2.0e-7", true},
	{"9007199254740993", false}, {"123456789012345678901", false},
	{"1000000000000000000000", false}, {"4294967295", false}, {"18446744073709551616", false},
	{"1" + strings.Repeat("0", 309), false},
}

// pitfallValues are the values of pitfallNumbers' texts, read once: some take
// strconv.ParseFloat its slow path (5.0e-324 ≈ 14 µs).
var pitfallValues = func() []float64 {
	vs := make([]float64, len(pitfallNumbers))
	for i, p := range pitfallNumbers {
		vs[i] = ast.NumberValue(p.text)
	}
	return vs
}()

// pitfallNode is the literal node of pitfallNumbers[i].
func pitfallNode(i int) ast.Expr {
	p := pitfallNumbers[i]
	return numberNodeOf(p.text, p.float, pitfallValues[i])
}

// plainStrings are ordinary ASCII strings, also useful as separators, templates and
// patterns.
var plainStrings = []string{
	"", "a", "b", "abc", "hello world", "x", "A", "Z", "10", "9", "a,b,,c", ",", "-",
	"{a} and {b}", "key", "ok", "err",
}

// pitfallStrings exercise UTF-16 semantics, JSON escaping and String()/replace patterns
// (spec §10.3–§10.5). Lone surrogates are written as code units.
var pitfallStrings = []string{
	"é", "café", "ÀÉÎõü", "ß", "日本語", "Ω≈ç", "😀", "a😀b", "𝄞x",
	"\u2028\u2029", "tab\there", "line\nbreak", "nul\x00byte", "del\x7f", "quote\"back\\slash",
	"</script>&<>", "$&$$$'$`", "{a}{b}{{c}}", "a.b[0].c", "/a/b~0~1", "  spaced  ",
	string(value.FromUTF16([]uint16{0xD83D})), string(value.FromUTF16([]uint16{0xDE00, 'x'})),
	string(value.FromUTF16([]uint16{'a', 0xDBFF})), "\uFEFFbom", "e\u0301", "Z", "a", "",
	"\uFFFF", "\uE000x", "\U0010FFFF", "10", "2", "-1", "1e3", "0x10", " 7 ", "0x1f", "0b12", "0o17",
}

// portableStrings are the strings sort may see: ASCII and Latin-1 only (spec Appendix D).
var portableStrings = []string{
	"", "a", "b", "A", "B", "é", "e", "f", "10", "9", "abc", "ab", "Z", "z", " x", "-1",
	"ÿ", "Ä", "a b", "_", "0",
}

// jsonTexts are parse.json inputs around the pitfalls of §8.2 and §10.1: integer-like
// keys, duplicate keys, big and special numbers, nested data, and syntax errors.
var jsonTexts = []string{
	`{"a":1,"b":2}`,
	`[1,2,3]`,
	`{"b":1,"10":2,"a":3,"2":4,"01":5}`,
	`{"1":false,"a":true}`,
	`{"a":1,"b":2,"a":3}`,
	`{"x":{"2":"two","1":"one","y":null},"list":[1,{"0":0}]}`,
	`{"4294967294":1,"4294967295":2,"-1":3,"1.0":4,"0":5}`,
	`{"a":1,"b":2,"c":3,"k":4,"v":5,"n":6,"x":7,"y":8,"name":9,"1":"one","2":"two","30":"thirty"}`,
	`"5"`, `5`, `null`, `true`, `-0`, `1e400`, `12345678901234567890`, `0.1`, `1E21`, `[]`, `{}`,
	`{"ok":1}`, `{"err":"bad"}`, `{"ok":null,"err":2}`,
	`{"name":"a","n":2,"items":[{"k":"x","v":1},{"k":"y","v":2}]}`,
	`"\ud83d"`, `"\u00e9\n"`, `[1,"a",null,true,{"a":[]}]`,
	`{bad`, `[1,2,]`, `{"a":1,}`, ``, `NaN`, `'x'`, `{"a" 1}`,
	// V8's error messages: an unterminated string, a raw control character after an
	// escape, the end after a zero, and the context snippet of a long text at the error
	// positions 9, 10, 11 and 10 before the end
	`"abc`, "\"\\na\tb\"", `[0`, `[-0`,
	`[11,2222,x,3333,4444,5555]`, `[111,2222,x,3333,4444,5555]`, `[1111,2222,x,3333,4444,5555]`,
	`[1,2,3,4,5,6,7,8,9,10,11,1,2,3,4,5,x,7,8]`,
}

// jsonType is what the generator knows about the value of a parse.json text.
func jsonType(text string) *typ {
	v, err := value.ParseJSON(text)
	if err != nil {
		return tyAny
	}
	return typeOfValue(v, 0)
}

func typeOfValue(v value.Value, depth int) *typ {
	switch v := v.(type) {
	case nil:
		return tyNull
	case bool:
		return tyBool
	case float64:
		return tyNum
	case string:
		return tyStr
	case *value.List:
		return tyList
	case *value.Record:
		t := &typ{k: kRec}
		if depth < 2 {
			for _, k := range v.Keys() {
				f, _ := v.Get(k)
				t.fields = append(t.fields, field{k, typeOfValue(f, depth+1)})
			}
		}
		return t
	}
	return tyAny
}

// jsonObjectTexts are the jsonTexts that parse to records.
var jsonObjectTexts = func() []string {
	var out []string
	for _, t := range jsonTexts {
		if jsonType(t).k == kRec {
			out = append(out, t)
		}
	}
	return out
}()

// fieldKeys are record keys: identifiers and keywords usable as keys (spec §2.5).
var fieldKeys = []string{"a", "b", "c", "k", "v", "n", "name", "ok", "err", "items", "x", "y", "data", "value", "length", "as", "fn", "if", "in", "msg", "then"}

// plainKeys are the keys generated records mostly use.
var plainKeys = []string{"a", "b", "c", "k", "v", "n", "name", "x", "y"}

// varBases are the variable name stems; some are words that are keywords elsewhere but
// identifiers in A0 (spec §1.2).
var varBases = []string{"v", "x", "n", "s", "r", "xs", "item", "acc", "total", "ok", "err", "in", "by", "then", "cond", "times", "map", "msg"}

func (g *generator) pitfall() bool {
	return g.has(FeatPitfalls) && g.chance(g.opts.PitfallPercent)
}

func intLit(v float64) *ast.IntLiteral { return &ast.IntLiteral{Value: v} }

func strLit(s string) *ast.StrLiteral { return &ast.StrLiteral{Value: s} }

// number literal text → node.
func numberNode(text string, float bool) ast.Expr {
	return numberNodeOf(text, float, ast.NumberValue(text))
}

// numberNodeOf is the node of a number literal text whose value v is known.
func numberNodeOf(text string, float bool, v float64) ast.Expr {
	if float {
		return &ast.FloatLiteral{Value: v, Text: text}
	}
	return &ast.IntLiteral{Value: v, Text: text}
}

// numLit is a number: a plain integer, or one of the pitfalls, including the special
// values only an expression produces (-0, Infinity, NaN, 0.1 + 0.2).
func (g *generator) numLit() ast.Expr {
	g.spend(1)
	if !g.pitfall() {
		return intLit(plainInts[g.n(len(plainInts))])
	}
	portable := g.portable > 0
	switch g.n(10) {
	case 8:
		// a random double: shortest round-trip digits in every exponent range (§10.4)
		exp := g.n(80) - 40
		mant := 1 + float64(g.n(1<<20))/float64(1<<20) + float64(g.n(1<<20))/float64(1<<40)
		return &ast.FloatLiteral{Value: mant * math.Pow(10, float64(exp))}
	case 9:
		// a random integer up to 2^63: exact below 2^53, rounded above
		return &ast.IntLiteral{Value: math.Trunc(float64(g.n(1<<30)) * math.Pow(2, float64(g.n(34))))}
	case 0, 1, 2:
		i := g.n(len(pitfallNumbers))
		if p := pitfallNumbers[i]; portable && (p.text == "1.0e400" || len(p.text) > 300) {
			return intLit(3)
		}
		return pitfallNode(i)
	case 3:
		return &ast.UnaryExpr{Op: "-", Operand: intLit(0)} // -0
	case 4:
		return &ast.BinaryExpr{Op: "+", Left: numberNode("0.1", true), Right: numberNode("0.2", true)}
	case 5:
		return &ast.UnaryExpr{Op: "-", Operand: g.plainOrPitfallPositive()}
	case 6:
		if portable {
			return numberNode("2.5", true)
		}
		inf := &ast.BinaryExpr{Op: "*", Left: numberNode("1.0e308", true), Right: numberNode("10.0", true)}
		if g.chance(50) {
			return inf
		}
		return &ast.BinaryExpr{Op: "-", Left: inf, Right: &ast.BinaryExpr{Op: "*", Left: numberNode("1.0e308", true), Right: numberNode("10.0", true)}} // NaN
	default:
		return &ast.BinaryExpr{Op: "*", Left: intLit(0), Right: &ast.UnaryExpr{Op: "-", Operand: intLit(1)}} // -0
	}
}

func (g *generator) plainOrPitfallPositive() ast.Expr {
	if g.chance(50) {
		return intLit(plainInts[g.n(len(plainInts))])
	}
	return pitfallNode(g.n(17)) // finite floats only
}

// smallInt is a non-negative integer literal below n.
func (g *generator) smallInt(n int) *ast.IntLiteral {
	g.spend(1)
	return intLit(float64(g.n(n)))
}

// strValue is a string: plain, or a pitfall; only ASCII/Latin-1 while generating sort
// input.
func (g *generator) strValue() string {
	if g.portable > 0 {
		return portableStrings[g.n(len(portableStrings))]
	}
	if !g.pitfall() {
		return plainStrings[g.n(len(plainStrings))]
	}
	if g.chance(50) {
		return g.classString()
	}
	return pitfallStrings[g.n(len(pitfallStrings))]
}

func (g *generator) strLit() *ast.StrLiteral {
	g.spend(1)
	return strLit(g.strValue())
}

// jsonText is a parse.json input; object texts get integer-like keys about half the time.
func (g *generator) jsonText() string {
	if !g.pitfall() {
		return jsonTexts[g.n(2)]
	}
	if g.chance(20) {
		return g.escapedJSONString()
	}
	return jsonTexts[g.n(len(jsonTexts))]
}

// escapedJSONString is a JSON string literal whose every non-ASCII code unit is a \u
// escape: a class string, with a surrogate pair written as two escapes at the ends of the
// high and low ranges about half the time. parse.json must join a high escape and a
// following low one (U+DC00–U+DFFF, both ends) into one astral character and keep the
// others lone (§8.2, §10.3).
func (g *generator) escapedJSONString() string {
	units := value.ToUTF16(g.classString())
	if g.chance(50) {
		hi := []uint16{0xD800, 0xDBFF, 0xD83D}[g.n(3)]
		lo := []uint16{0xDC00, 0xDFFF, 0xDE00}[g.n(3)]
		at := g.n(len(units) + 1)
		pair := []uint16{hi, lo}
		if g.chance(20) {
			pair = []uint16{lo, hi} // the wrong order: two lone surrogates
		}
		units = append(units[:at], append(pair, units[at:]...)...)
	}
	// now and then a low surrogate stays raw: after an escaped high one, parse.json
	// must still join them
	rawLow := g.chance(30)
	var b strings.Builder
	b.WriteByte('"')
	for _, u := range units {
		switch {
		case rawLow && u >= 0xDC00 && u <= 0xDFFF:
			b.WriteString(value.FromUTF16([]uint16{u}))
		case u == '"' || u == '\\':
			b.WriteByte('\\')
			b.WriteByte(byte(u))
		case u >= 0x20 && u < 0x7F:
			b.WriteByte(byte(u))
		default:
			fmt.Fprintf(&b, "\\u%04x", u)
		}
	}
	b.WriteByte('"')
	return b.String()
}

// loneSurrogateString is a class string with a lone surrogate (one of classUnits'
// surrogates: both ends of the high and low ranges) inserted somewhere.
func (g *generator) loneSurrogateString() string {
	units := value.ToUTF16(g.classString())
	at := g.n(len(units) + 1)
	lone := uint16(classUnits[classSurrogate][g.n(len(classUnits[classSurrogate]))])
	return value.FromUTF16(append(units[:at:at], append([]uint16{lone}, units[at:]...)...))
}

// crossTypeValue is a falsy or truthy value of one of the types: false, true, 0, -0, 1,
// "", "0", null, [], {}, [false], { a: 0 }. Two of them of different types are never
// equal in A0 (§5.7), unlike JavaScript's ==.
func (g *generator) crossTypeValue() ast.Expr {
	g.spend(1)
	switch g.n(12) {
	case 0:
		return &ast.BoolLiteral{Value: false}
	case 1:
		return &ast.BoolLiteral{Value: true}
	case 2:
		return intLit(0)
	case 3:
		return &ast.UnaryExpr{Op: "-", Operand: intLit(0)}
	case 4:
		return intLit(1)
	case 5:
		return strLit("")
	case 6:
		return strLit("0")
	case 7:
		return &ast.NullLiteral{}
	case 8:
		return &ast.ListExpr{}
	case 9:
		return &ast.RecordExpr{}
	case 10:
		return &ast.ListExpr{Elements: []ast.Expr{&ast.BoolLiteral{Value: false}}}
	}
	return record("a", intLit(0))
}

// signedZeroList is a list for math.min / math.max around 0 and -0 (the first of equal
// values wins, §8.7), with an occasional special number or small integer.
func (g *generator) signedZeroList() ast.Expr {
	l := &ast.ListExpr{}
	for n := 2 + g.n(3); n > 0; n-- {
		switch g.weighted(4, 4, 1, 1) {
		case 0:
			l.Elements = append(l.Elements, intLit(0))
		case 1:
			l.Elements = append(l.Elements, &ast.UnaryExpr{Op: "-", Operand: intLit(0)})
		case 2:
			l.Elements = append(l.Elements, g.specialNumber())
		default:
			l.Elements = append(l.Elements, intLit(plainInts[g.n(4)]))
		}
	}
	g.spend(len(l.Elements))
	return l
}

// key picks a record key.
func (g *generator) key() string {
	if k, ok := g.protoKey(); ok {
		return k
	}
	if g.chance(20) {
		return fieldKeys[g.n(len(fieldKeys))]
	}
	return plainKeys[g.n(len(plainKeys))]
}

// UTF-16 range classes of the string pitfalls (spec §10.3): each orders differently
// under UTF-16 code units than under code points or UTF-8 bytes, or counts differently.
const (
	classASCII     = iota
	classLatin1    // U+0080–U+00FF
	classBMPLow    // U+0100–U+D7FF
	classBMPHigh   // U+E000–U+FFFF: below astral characters as code points, above them as code units
	classAstral    // U+10000–U+10FFFF: a surrogate pair, 0xD800–0xDBFF first
	classSurrogate // a lone surrogate
	numClasses
)

// classUnits are chosen code units of each class (astral ones as their code points);
// the ends of each range come first.
var classUnits = [numClasses][]rune{
	classASCII:     {'a', 'Z', '0', '~', ' ', '_'},
	classLatin1:    {0x80, 0xFF, 0xE9, 0xC4, 0xA0, 0xDF},
	classBMPLow:    {0x100, 0xD7FF, 0x3A9, 0x65E5, 0x2028, 0x301},
	classBMPHigh:   {0xE000, 0xFFFF, 0xFEFF, 0xFF21, 0xFFFD, 0xF900},
	classAstral:    {0x10000, 0x10FFFF, 0x1F600, 0x1D11E, 0x20000, 0x1F4A9},
	classSurrogate: {0xD800, 0xDBFF, 0xDC00, 0xDFFF, 0xD83D, 0xDE00},
}

// classString is a string of one to three characters from one or two range classes,
// the classes drawn evenly.
func (g *generator) classString() string {
	c1, c2 := g.n(numClasses), g.n(numClasses)
	var units []uint16
	for n := 1 + g.n(3); n > 0; n-- {
		c := c1
		if g.chance(40) {
			c = c2
		}
		r := classUnits[c][g.n(len(classUnits[c]))]
		if g.chance(30) { // anywhere in the class's range
			r = classRandom(c, g.n(1<<20))
		}
		if r >= 0x10000 {
			hi, lo := utf16.EncodeRune(r)
			units = append(units, uint16(hi), uint16(lo))
		} else {
			units = append(units, uint16(r))
		}
	}
	return value.FromUTF16(units)
}

// classRandom is the code point of class c picked by k.
func classRandom(c, k int) rune {
	switch c {
	case classLatin1:
		return rune(0x80 + k%0x80)
	case classBMPLow:
		return rune(0x100 + k%(0xD800-0x100))
	case classBMPHigh:
		return rune(0xE000 + k%0x2000)
	case classAstral:
		return rune(0x10000 + k%0x100000)
	case classSurrogate:
		return rune(0xD800 + k%0x800)
	}
	return rune(0x20 + k%0x5F)
}

// specialNumber is -0, NaN, Infinity or -Infinity, as an expression (no literal has
// these values).
func (g *generator) specialNumber() ast.Expr {
	g.spend(1)
	inf := func() ast.Expr { return bin("*", numberNode("1.0e308", true), numberNode("10.0", true)) }
	switch g.n(5) {
	case 1:
		return bin("-", inf(), inf()) // NaN
	case 2:
		return inf()
	case 3:
		return &ast.UnaryExpr{Op: "-", Operand: inf()}
	case 4:
		return bin("*", intLit(0), &ast.UnaryExpr{Op: "-", Operand: intLit(1)}) // -0
	}
	return &ast.UnaryExpr{Op: "-", Operand: intLit(0)} // -0
}

// specialContainer is a list or record holding special numbers (and, nested, a list or
// record of them), for the text channels: String(), join, templates, JSON in tool data
// and error messages (spec §10.4, §10.5).
func (g *generator) specialContainer(depth int) ast.Expr {
	n := 1 + g.n(3)
	elems := make([]ast.Expr, 0, n)
	for i := 0; i < n; i++ {
		switch {
		case depth < 1 && g.chance(20):
			elems = append(elems, g.specialContainer(depth+1))
		case g.chance(20):
			elems = append(elems, intLit(plainInts[g.n(len(plainInts))]))
		default:
			elems = append(elems, g.specialNumber())
		}
	}
	if g.chance(30) {
		r := &ast.RecordExpr{}
		for i, e := range elems {
			r.Pairs = append(r.Pairs, &ast.RecordPair{Key: plainKeys[i], Value: e})
		}
		return r
	}
	return &ast.ListExpr{Elements: elems}
}
