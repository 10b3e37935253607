package ast

import (
	"math"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"
	"unsafe"
)

// Print returns canonical A0 source text for p, in a layout close to `a0 fmt` (spec
// Appendix C): headers one per line, a blank line before the statements, one statement
// per line, two-space indentation, records and lists inline when they fit in 72 columns.
//
// The text always parses back to an Equal tree when p satisfies Printable, whether p came
// from the parser or was built by code (spans are never read). Unlike `a0 fmt`,
// Print adds every parenthesis the grammar needs: around comparison operands that are
// comparisons, right operands of equal precedence, control-flow and tool forms used as
// operands, non-path match subjects, and expression statements that start with `{` or
// `-` (they would otherwise continue the previous statement, §2.7). Comments are not
// part of the tree. Print never panics; on a tree that fails Printable its output is
// best effort (a nil expression prints as `null`).
func Print(p *Program) string {
	if p == nil {
		return ""
	}
	sc := printScratches.Get().(*printScratch)
	pr := &printer{numbers: &numberTexts{}, pseudo: &sc.pseudo, buf: sc.buf[:0]}
	for _, h := range p.Headers {
		pr.header(h)
		pr.buf = append(pr.buf, '\n')
	}
	if len(p.Headers) > 0 && len(p.Statements) > 0 {
		pr.buf = append(pr.buf, '\n')
	}
	for _, s := range p.Statements {
		pr.stmt(s, 0)
		pr.buf = append(pr.buf, '\n')
	}
	text := string(pr.buf)
	if cap(pr.buf) <= maxPrintScratch {
		sc.buf = pr.buf[:0]
	}
	printScratches.Put(sc)
	return text
}

// printScratch is what a Print reuses from the one before: the buffer it writes the
// text into, copied out once at its exact size (a generated program is 0.5–1.3 KB: a
// text grown from a kilobyte's room allocated about twice its size), and the nodes of
// its pseudo-records.
type printScratch struct {
	buf    []byte
	pseudo pseudoFree
}

var printScratches = sync.Pool{New: func() any { return new(printScratch) }}

// maxPrintScratch bounds the text buffer kept for the next Print.
const maxPrintScratch = 64 << 10

// PrintExpr returns the source text of one expression, as it would appear as a `let`
// value at the top level.
func PrintExpr(e Expr) string {
	pr := &printer{}
	pr.expr(e, 0)
	return string(pr.buf)
}

// PrintStmt returns the source text of one statement at indentation level 0.
func PrintStmt(s Stmt) string {
	pr := &printer{}
	pr.stmt(s, 0)
	return string(pr.buf)
}

const (
	// inlineWidth is the longest record or list `a0 fmt` keeps on one line.
	inlineWidth = 72
	// maxIndent caps the indentation level so that printing deeply nested programs stays
	// linear in their size (indentation is not significant in A0).
	maxIndent = 32
)

type printer struct {
	buf []byte // the text written
	// measuring printers write nothing: they add up the length of the inline text
	// (width, in bytes), giving up (full) as soon as it exceeds limit or a block would be
	// needed.
	measuring bool
	width     int
	limit     int
	full      bool
	// inline: the record or list being written fits on one line, and so does everything
	// in it, which is not measured again.
	inline bool
	// numbers are the texts of the number literals written or measured last, shared by
	// the measuring printers of one Print (nil: none kept).
	numbers *numberTexts
	// pseudo are the nodes of the pseudo-records written or measured, shared by the
	// printers of one Print (nil: none kept).
	pseudo *pseudoFree
}

// numberTexts remembers the texts intText and floatText gave for the last few number
// literals of one Print. A literal is written once and measured again in every record
// or list around it that is measured, and checking that a literal's own text denotes its
// value takes strconv.ParseFloat its slow path for texts such as 1.0e308 or 5.0e-324
// (the generator's pitfalls): that was a twentieth of generating a case. The nodes are
// those of the tree being printed, which does not change while it is printed.
type numberTexts struct {
	nodes [16]Expr
	texts [16]string
	next  int
}

// text is the text of the number literal n, made by write on its first use.
func (m *numberTexts) text(n Expr, write func() string) string {
	if m == nil {
		return write()
	}
	for i, seen := range m.nodes {
		if seen == n {
			return m.texts[i]
		}
	}
	t := write()
	m.nodes[m.next], m.texts[m.next] = n, t
	m.next = (m.next + 1) % len(m.nodes)
	return t
}

func (pr *printer) write(s string) {
	if pr.full {
		return
	}
	if pr.measuring {
		pr.width += len(s)
		pr.full = pr.width > pr.limit
		return
	}
	pr.buf = append(pr.buf, s...)
}

// indentation is the deepest indentation, which newline slices.
var indentation = strings.Repeat("  ", maxIndent)

func (pr *printer) newline(ind int) {
	if pr.measuring {
		pr.full = true
		return
	}
	pr.buf = append(pr.buf, '\n')
	pr.buf = append(pr.buf, indentation[:2*min(ind, maxIndent)]...)
}

// ---- headers and statements ----

func (pr *printer) header(h Header) {
	switch h := h.(type) {
	case *CapDecl:
		if h != nil {
			pr.write("cap ")
			pr.record(h.Capabilities, 0)
			return
		}
	case *BudgetDecl:
		if h != nil {
			pr.write("budget ")
			pr.record(h.Budget, 0)
			return
		}
	case *ImportDecl:
		if h != nil {
			pr.write("import " + Quote(h.Path) + " as " + h.Alias)
			return
		}
	}
	pr.write("# missing header")
}

// stmt writes one statement; the caller has written the indentation already.
func (pr *printer) stmt(s Stmt, ind int) {
	switch s := s.(type) {
	case *LetStmt:
		if s != nil {
			pr.write("let ")
			pr.write(s.Name)
			pr.write(" = ")
			pr.expr(s.Value, ind)
			return
		}
	case *ReturnStmt:
		if s != nil {
			pr.write("return ")
			pr.expr(s.Value, ind)
			return
		}
	case *ExprStmt:
		if s != nil {
			if c := leadingChar(s.Expr); c == '{' || c == '-' {
				pr.write("(")
				pr.expr(s.Expr, ind)
				pr.write(")")
			} else {
				pr.expr(s.Expr, ind)
			}
			if s.Target != nil {
				pr.write(" -> ")
				pr.path(s.Target)
			}
			return
		}
	case *FnDecl:
		if s != nil {
			pr.write("fn " + s.Name + " {")
			if len(s.Params) > 0 {
				pr.write(" " + strings.Join(s.Params, ", ") + " ")
			}
			pr.write("} ")
			pr.block(s.Body, ind)
			return
		}
	}
	pr.write("null")
}

// block writes `{`, the statements one per line one level deeper, and `}`.
func (pr *printer) block(body []Stmt, ind int) {
	if len(body) == 0 {
		pr.write("{}")
		return
	}
	pr.write("{")
	for _, s := range body {
		pr.newline(ind + 1)
		if pr.full {
			return
		}
		pr.stmt(s, ind+1)
	}
	pr.newline(ind)
	pr.write("}")
}

// ---- expressions ----

// precedence levels of binary operators (§2.6); higher binds tighter.
func precedence(op Op) int {
	switch op {
	case Star, Slash, Percent:
		return 3
	case Plus, Minus:
		return 2
	}
	return 1 // the six comparisons share one non-associative level
}

// isControlForm reports whether e is one of the forms that only a top-level Expr position
// accepts (§2.4): as an operand or match subject it needs parentheses.
func isControlForm(e Expr) bool {
	switch e := e.(type) {
	case *IfExpr, *IfBlockExpr, *ForExpr, *FilterBlockExpr, *LoopExpr, *MatchExpr,
		*CallExpr, *DoExpr, *AssertExpr, *CheckExpr, *TryExpr:
		return true
	case *FnCallExpr:
		return isFilterCall(e)
	}
	return false
}

// isFilterCall reports whether a call is the block-less `filter { … }` form, which is
// written with the keyword.
func isFilterCall(e *FnCallExpr) bool {
	return e != nil && e.Name != nil && len(e.Name.Parts) == 1 && e.Name.Parts[0] == "filter"
}

func leftNeedsParens(b *BinaryExpr) bool {
	if isControlForm(b.Left) {
		return true
	}
	l, ok := b.Left.(*BinaryExpr)
	if !ok || l == nil {
		return false
	}
	pl, pb := precedence(l.Op), precedence(b.Op)
	return pl < pb || pl == pb && pb == 1
}

func rightNeedsParens(b *BinaryExpr) bool {
	if isControlForm(b.Right) {
		return true
	}
	r, ok := b.Right.(*BinaryExpr)
	return ok && r != nil && precedence(r.Op) <= precedence(b.Op)
}

func unaryNeedsParens(u *UnaryExpr) bool {
	switch o := u.Operand.(type) {
	case *BinaryExpr:
		return o != nil
	case *UnaryExpr:
		return o != nil
	}
	return isControlForm(u.Operand)
}

// leadingChar is the first character Print writes for e (0 when it is not `{` or `-`).
func leadingChar(e Expr) byte {
	for {
		switch x := e.(type) {
		case *RecordExpr:
			if x != nil {
				return '{'
			}
		case *UnaryExpr:
			if x != nil {
				return '-'
			}
		case *BinaryExpr:
			if x != nil && !leftNeedsParens(x) {
				e = x.Left
				continue
			}
		}
		return 0
	}
}

// expr writes e in a position where any Expr is allowed; ind is the indentation level of
// the line e starts on.
func (pr *printer) expr(e Expr, ind int) {
	if pr.full {
		return
	}
	switch e := e.(type) {
	case *IntLiteral:
		if e != nil {
			pr.write(pr.numbers.text(e, func() string { return intText(e) }))
			return
		}
	case *FloatLiteral:
		if e != nil {
			pr.write(pr.numbers.text(e, func() string { return floatText(e) }))
			return
		}
	case *BoolLiteral:
		if e != nil {
			pr.write(strconv.FormatBool(e.Value))
			return
		}
	case *StrLiteral:
		if e != nil {
			pr.quoted(e.Value)
			return
		}
	case *NullLiteral:
	case *IdentPath:
		if e != nil {
			pr.path(e)
			return
		}
	case *RecordExpr:
		if e != nil {
			pr.record(e, ind)
			return
		}
	case *ListExpr:
		if e != nil {
			pr.list(e, ind)
			return
		}
	case *CallExpr:
		if e != nil {
			pr.write("call? ")
			pr.path(e.Tool)
			pr.write(" ")
			pr.record(e.Args, ind)
			return
		}
	case *DoExpr:
		if e != nil {
			pr.write("do ")
			pr.path(e.Tool)
			pr.write(" ")
			pr.record(e.Args, ind)
			return
		}
	case *AssertExpr:
		if e != nil {
			pr.write("assert ")
			pr.record(e.Args, ind)
			return
		}
	case *CheckExpr:
		if e != nil {
			pr.write("check ")
			pr.record(e.Args, ind)
			return
		}
	case *FnCallExpr:
		if e != nil {
			if isFilterCall(e) {
				pr.write("filter")
			} else {
				pr.path(e.Name)
			}
			pr.write(" ")
			pr.record(e.Args, ind)
			return
		}
	case *IfExpr:
		if e != nil {
			pr.pseudoRecord("if ", []pseudoPair{{"cond", e.Cond}, {"then", e.Then}, {"else", e.Else}}, "", ind)
			return
		}
	case *IfBlockExpr:
		if e != nil {
			pr.write("if (")
			pr.expr(e.Cond, ind)
			pr.write(") ")
			pr.block(e.ThenBody, ind)
			pr.write(" else ")
			pr.block(e.ElseBody, ind)
			return
		}
	case *ForExpr:
		if e != nil {
			pr.pseudoRecord("for ", []pseudoPair{{"in", e.List}}, e.Binding, ind)
			pr.write(" ")
			pr.block(e.Body, ind)
			return
		}
	case *FilterBlockExpr:
		if e != nil {
			pr.pseudoRecord("filter ", []pseudoPair{{"in", e.List}}, e.Binding, ind)
			pr.write(" ")
			pr.block(e.Body, ind)
			return
		}
	case *LoopExpr:
		if e != nil {
			pr.pseudoRecord("loop ", []pseudoPair{{"in", e.Init}, {"times", e.Times}}, e.Binding, ind)
			pr.write(" ")
			pr.block(e.Body, ind)
			return
		}
	case *MatchExpr:
		if e != nil {
			pr.write("match ")
			if s, ok := e.Subject.(*IdentPath); ok && s != nil {
				pr.path(s)
			} else {
				pr.write("(")
				pr.expr(e.Subject, ind)
				pr.write(")")
			}
			pr.write(" {")
			pr.arm(e.OkArm, OkTag, ind)
			pr.arm(e.ErrArm, ErrTag, ind)
			pr.newline(ind)
			pr.write("}")
			return
		}
	case *TryExpr:
		if e != nil {
			pr.write("try ")
			pr.block(e.TryBody, ind)
			pr.write(" catch { " + e.CatchBinding + " } ")
			pr.block(e.CatchBody, ind)
			return
		}
	case *BinaryExpr:
		if e != nil {
			pr.operand(e.Left, leftNeedsParens(e), ind)
			pr.write(" ")
			pr.write(e.Op.String())
			pr.write(" ")
			pr.operand(e.Right, rightNeedsParens(e), ind)
			return
		}
	case *UnaryExpr:
		if e != nil {
			pr.write("-")
			pr.operand(e.Operand, unaryNeedsParens(e), ind)
			return
		}
	}
	pr.write("null")
}

func (pr *printer) operand(e Expr, parens bool, ind int) {
	if parens {
		pr.write("(")
		pr.expr(e, ind)
		pr.write(")")
		return
	}
	pr.expr(e, ind)
}

func (pr *printer) arm(a *MatchArm, tag ArmTag, ind int) {
	pr.newline(ind + 1)
	if a == nil {
		pr.write(tag.String() + " { _ } {}")
		return
	}
	pr.write(tag.String() + " { " + a.Binding + " } ")
	pr.block(a.Body, ind+1)
}

func (pr *printer) path(p *IdentPath) {
	if p == nil {
		pr.write("null")
		return
	}
	pr.write(strings.Join(p.Parts, "."))
}

// ---- records and lists ----

// fitsInline reports whether e's inline text is at most inlineWidth characters and needs
// no line break. It stops measuring as soon as the answer is known, so it costs O(width)
// and printing stays linear however deep records nest.
func (pr *printer) fitsInline(e Expr) bool {
	m := printer{measuring: true, limit: inlineWidth, numbers: pr.numbers, pseudo: pr.pseudo}
	m.expr(e, 0)
	return !m.full
}

func (pr *printer) record(r *RecordExpr, ind int) {
	if r == nil {
		pr.write("{}")
		return
	}
	if len(r.Pairs) == 0 {
		pr.write("{}")
		return
	}
	inline := pr.measuring || pr.inline || pr.fitsInline(r)
	defer func(outer bool) { pr.inline = outer }(pr.inline)
	pr.inline = inline
	pr.write("{")
	for i, en := range r.Pairs {
		if inline {
			if i > 0 {
				pr.write(",")
			}
			pr.write(" ")
		} else {
			if i > 0 {
				pr.write(",")
			}
			pr.newline(ind + 1)
		}
		pr.entry(en, ind+1)
		if pr.full {
			return
		}
	}
	if inline {
		pr.write(" }")
	} else {
		pr.newline(ind)
		pr.write("}")
	}
}

func (pr *printer) entry(en RecordEntry, ind int) {
	switch en := en.(type) {
	case *RecordPair:
		if en != nil {
			pr.write(en.Key) // two writes: no string made for each entry measured
			pr.write(": ")
			pr.expr(en.Value, ind)
			return
		}
	case *SpreadPair:
		if en != nil {
			pr.write("...")
			pr.expr(en.Expr, ind)
			return
		}
	}
	pr.write("...null")
}

type pseudoPair struct {
	key   string
	value Expr
}

// pseudoRecord writes the record of a desugared form (`if`, `for`, `filter`, `loop`),
// followed by `as: "binding"` when binding is not empty.
func (pr *printer) pseudoRecord(keyword string, pairs []pseudoPair, binding string, ind int) {
	n := pr.pseudo.get()
	rec := &n.rec
	rec.Pairs = n.entries[:0]
	for i, p := range pairs {
		n.pairs[i] = RecordPair{Key: p.key, Value: p.value}
		rec.Pairs = append(rec.Pairs, &n.pairs[i])
	}
	if binding != "" || keyword != "if " {
		n.as.Value = binding
		n.pairs[len(pairs)] = RecordPair{Key: "as", Value: &n.as}
		rec.Pairs = append(rec.Pairs, &n.pairs[len(pairs)])
	}
	pr.write(keyword)
	pr.record(rec, ind)
	pr.pseudo.put(n)
}

// pseudoNodes are the nodes of one pseudo-record (at most three pairs and `as`), made
// at once. A Print reuses them for the next pseudo-record once one is written (and
// measured), and the next Print reuses them, so that it makes none, not one per `if`,
// `for`, `filter` and `loop` and per measure of each (4 % of the bytes generating a case
// allocated).
type pseudoNodes struct {
	rec     RecordExpr
	entries [4]RecordEntry
	pairs   [4]RecordPair
	as      StrLiteral
}

// pseudoFree are the pseudoNodes free for reuse, kept from Print to Print
// (printScratch).
type pseudoFree struct{ free []*pseudoNodes }

func (f *pseudoFree) get() *pseudoNodes {
	if f == nil || len(f.free) == 0 {
		return new(pseudoNodes)
	}
	n := f.free[len(f.free)-1]
	f.free = f.free[:len(f.free)-1]
	return n
}

func (f *pseudoFree) put(n *pseudoNodes) {
	if f != nil {
		*n = pseudoNodes{} // nothing of a printed tree stays reachable from the pool
		f.free = append(f.free, n)
	}
}

func (pr *printer) list(l *ListExpr, ind int) {
	if len(l.Elements) == 0 {
		pr.write("[]")
		return
	}
	inline := pr.measuring || pr.inline || pr.fitsInline(l)
	defer func(outer bool) { pr.inline = outer }(pr.inline)
	pr.inline = inline
	pr.write("[")
	for i, e := range l.Elements {
		if i > 0 {
			pr.write(",")
			if inline {
				pr.write(" ")
			}
		}
		if !inline {
			pr.newline(ind + 1)
		}
		pr.expr(e, ind+1)
		if pr.full {
			return
		}
	}
	if !inline {
		pr.newline(ind)
	}
	pr.write("]")
}

// ---- literals ----

// intText is the IntLit text of n: its Text when that is an IntLit denoting Value, else
// Value written in decimal (+Inf as a 310-digit literal that overflows back to +Inf).
func intText(n *IntLiteral) string {
	if isIntText(n.Text) && sameNumber(NumberValue(n.Text), n.Value) {
		return n.Text
	}
	v := n.Value
	switch {
	case math.IsInf(v, 1):
		return "1" + strings.Repeat("0", 309)
	case math.IsNaN(v) || v < 0 || v != math.Trunc(v):
		return "0" // not printable; see Printable
	case v < 1<<53 && !math.Signbit(v):
		// An exact integer (the generator's are): the same digits, sooner.
		return strconv.FormatInt(int64(v), 10)
	}
	return strconv.FormatFloat(v, 'f', -1, 64)
}

// floatText is the FloatLit text of n: its Text when that is a FloatLit denoting Value,
// else the shortest text that reads back as Value, always with a fraction.
func floatText(n *FloatLiteral) string {
	if isFloatText(n.Text) && sameNumber(NumberValue(n.Text), n.Value) {
		return n.Text
	}
	v := n.Value
	switch {
	case math.IsInf(v, 1):
		return "1.0e400"
	case math.IsNaN(v) || v < 0:
		return "0.0" // not printable; see Printable
	case v == 0:
		return "0.0"
	case v >= 1e-7 && v < 1e21:
		s := strconv.FormatFloat(v, 'f', -1, 64)
		if !strings.Contains(s, ".") {
			s += ".0"
		}
		return s
	}
	s := strconv.FormatFloat(v, 'e', -1, 64)
	mant, exp, _ := strings.Cut(s, "e")
	if !strings.Contains(mant, ".") {
		mant += ".0"
	}
	return mant + "e" + exp
}

// NumberValue is the double the text of a number literal (an IntLit or FloatLit of
// §1.6) denotes: the correctly rounded value, +Inf past the largest double. It is
// strconv.ParseFloat's answer, reached sooner for the integers a generated program is
// full of: below 10^15 the exact integer, and from 10^309 on +Inf, which strconv
// establishes by its arbitrary-precision path (≈ 50 µs for the 310-digit literal the
// generator uses for +Inf, read again by the printer in every enclosing record it
// measures and by the parser).
func NumberValue(s string) float64 {
	if isIntText(s) {
		switch {
		case len(s) <= 15:
			// Below 10^15 < 2^53 every integer is a float64: the exact integer is the
			// correctly rounded value.
			n := int64(0)
			for i := 0; i < len(s); i++ {
				n = n*10 + int64(s[i]-'0')
			}
			return float64(n)
		case len(s) >= 310:
			// At least 10^309 (an IntLit has no leading zero), above the largest
			// double (≈ 1.798 × 10^308) and above the midpoint between it and 2^1024,
			// where rounding goes to +Inf.
			return math.Inf(1)
		}
	}
	f, _ := strconv.ParseFloat(s, 64)
	return f
}

// Quote writes s (WTF-8) as an A0 string literal, JSON style: `"` and `\` escaped,
// control characters as \b \f \n \r \t or \u00XX, lone surrogates as \uXXXX, everything
// else raw. Bytes that are not WTF-8 come out as \ufffd.
func Quote(s string) string {
	b := appendQuoted(make([]byte, 0, len(s)+2), s)
	return unsafe.String(unsafe.SliceData(b), len(b)) // b is not written again
}

// quoted writes s as Quote does, into the printer's text, or adds its length when
// measuring: a program has dozens of string literals, each quoted on its own line and
// measured again in every record or list around it.
func (pr *printer) quoted(s string) {
	switch {
	case pr.full:
	case pr.measuring:
		pr.width += quotedLen(s)
		pr.full = pr.width > pr.limit
	default:
		pr.buf = appendQuoted(pr.buf, s)
	}
}

// appendQuoted appends Quote(s) to dst.
func appendQuoted(dst []byte, s string) []byte {
	dst = append(dst, '"')
	for i := 0; i < len(s); {
		c := s[i]
		if c < 0x80 {
			switch c {
			case '"':
				dst = append(dst, `\"`...)
			case '\\':
				dst = append(dst, `\\`...)
			case '\b':
				dst = append(dst, `\b`...)
			case '\f':
				dst = append(dst, `\f`...)
			case '\n':
				dst = append(dst, `\n`...)
			case '\r':
				dst = append(dst, `\r`...)
			case '\t':
				dst = append(dst, `\t`...)
			default:
				if c < 0x20 {
					dst = append(dst, `\u00`...)
					dst = append(dst, hexDigits[c>>4])
					dst = append(dst, hexDigits[c&0xF])
				} else {
					dst = append(dst, c)
				}
			}
			i++
			continue
		}
		if u, ok := surrogateAt(s, i); ok {
			dst = append(dst, `\u`...)
			for shift := 12; shift >= 0; shift -= 4 {
				dst = append(dst, hexDigits[u>>shift&0xF])
			}
			i += 3
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			dst = append(dst, `\ufffd`...)
		} else {
			dst = append(dst, s[i:i+size]...)
		}
		i += size
	}
	dst = append(dst, '"')
	return dst
}

// quotedLen is len(Quote(s)), counted without writing it.
func quotedLen(s string) int {
	n := 2
	for i := 0; i < len(s); {
		c := s[i]
		if c < 0x80 {
			switch {
			case c == '"' || c == '\\' || c == '\b' || c == '\f' || c == '\n' || c == '\r' || c == '\t':
				n += 2
			case c < 0x20:
				n += 6
			default:
				n++
			}
			i++
			continue
		}
		if _, ok := surrogateAt(s, i); ok {
			n += 6
			i += 3
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			n += 6
		} else {
			n += size
		}
		i += size
	}
	return n
}

const hexDigits = "0123456789abcdef"

// surrogateAt decodes a WTF-8 encoded surrogate code unit (ED A0..BF 80..BF) at s[i].
func surrogateAt(s string, i int) (uint16, bool) {
	if i+2 < len(s) && s[i] == 0xED && s[i+1] >= 0xA0 && s[i+1] <= 0xBF && s[i+2]&0xC0 == 0x80 {
		return 0xD000 | uint16(s[i+1]&0x3F)<<6 | uint16(s[i+2]&0x3F), true
	}
	return 0, false
}
