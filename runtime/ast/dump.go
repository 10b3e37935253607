package ast

import (
	"fmt"
	"math"
	"strconv"
	"strings"
)

// Dump renders a tree one node per line, children indented by two spaces, each line
// ending with the node's span as `@L:C-L:C` (`@-` for the zero span). It is meant for
// tests and debugging; the format is:
//
//	Program, CapDecl, BudgetDecl, Import "path" as alias
//	Let name, ExprStmt (target as a `-> Path …` child), Return, Fn name(a, b)
//	Int 5, Float 1.5, Str "…" (Quote), Bool true, Null, Path a.b
//	Record, Pair key, Spread, List
//	Call?, Do, Assert, Check, FnCall
//	If (record form; children cond, then, else), IfBlock (children: cond, then:, else:)
//	For "x", Filter "x", Loop "x" (children: in [times] then body:)
//	Match (subject, arms), Arm ok v, Try (try:, catch e:)
//	Binary +, Unary -
//
// Statement lists appear under a label line (`body:`, `then:`, …) without a span.
func Dump(n Node) string {
	d := &dumper{}
	d.node(n, 0)
	return d.sb.String()
}

type dumper struct {
	sb     strings.Builder
	prefix string // written before the next line's text
}

func (d *dumper) line(depth int, text string, sp Span, hasSpan bool) {
	d.sb.WriteString(strings.Repeat("  ", depth))
	d.sb.WriteString(d.prefix)
	d.prefix = ""
	d.sb.WriteString(text)
	if hasSpan {
		d.sb.WriteString(" @")
		d.sb.WriteString(FormatSpan(sp))
	}
	d.sb.WriteByte('\n')
}

// FormatSpan writes a span as `L:C-L:C`, or `-` for the zero span.
func FormatSpan(sp Span) string {
	if sp.StartLine == 0 {
		return "-"
	}
	return fmt.Sprintf("%d:%d-%d:%d", sp.StartLine, sp.StartCol, sp.EndLine, sp.EndCol)
}

func (d *dumper) stmts(label string, body []Stmt, depth int) {
	d.line(depth, label+":", Span{}, false)
	for _, s := range body {
		d.node(s, depth+1)
	}
}

func (d *dumper) node(n Node, depth int) {
	if isNil(n) {
		d.line(depth, "<nil>", Span{}, false)
		return
	}
	d.kind(n, depth) // nodes_gen.go
}

// prefixed writes n at depth with its first line prefixed (a `->` target).
func (d *dumper) prefixed(prefix string, n Node, depth int) {
	d.prefix = prefix
	d.node(n, depth)
}

// dumpNumber writes integers below 1e21 in plain decimal and everything else in %g form.
func dumpNumber(v float64) string {
	if v == math.Trunc(v) && math.Abs(v) < 1e21 {
		return strconv.FormatFloat(v, 'f', -1, 64)
	}
	return strconv.FormatFloat(v, 'g', -1, 64)
}
