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

type dumper struct{ sb strings.Builder }

func (d *dumper) line(depth int, text string, sp Span, hasSpan bool) {
	d.sb.WriteString(strings.Repeat("  ", depth))
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
	sp := *n.NodeSpan()
	at := func(text string) { d.line(depth, text, sp, true) }
	switch n := n.(type) {
	case *Program:
		at("Program")
		for _, h := range n.Headers {
			d.node(h, depth+1)
		}
		for _, s := range n.Statements {
			d.node(s, depth+1)
		}
	case *CapDecl:
		at("CapDecl")
		d.node(n.Capabilities, depth+1)
	case *BudgetDecl:
		at("BudgetDecl")
		d.node(n.Budget, depth+1)
	case *ImportDecl:
		at("Import " + Quote(n.Path) + " as " + n.Alias)
	case *LetStmt:
		at("Let " + n.Name)
		d.node(n.Value, depth+1)
	case *ExprStmt:
		at("ExprStmt")
		d.node(n.Expr, depth+1)
		if n.Target != nil {
			d.line(depth+1, "-> Path "+strings.Join(n.Target.Parts, "."), n.Target.Span, true)
		}
	case *ReturnStmt:
		at("Return")
		d.node(n.Value, depth+1)
	case *FnDecl:
		at("Fn " + n.Name + "(" + strings.Join(n.Params, ", ") + ")")
		d.stmts("body", n.Body, depth+1)
	case *IntLiteral:
		at("Int " + dumpNumber(n.Value))
	case *FloatLiteral:
		at("Float " + dumpNumber(n.Value))
	case *BoolLiteral:
		at("Bool " + strconv.FormatBool(n.Value))
	case *StrLiteral:
		at("Str " + Quote(n.Value))
	case *NullLiteral:
		at("Null")
	case *IdentPath:
		at("Path " + strings.Join(n.Parts, "."))
	case *RecordExpr:
		at("Record")
		for _, e := range n.Pairs {
			d.node(e, depth+1)
		}
	case *RecordPair:
		at("Pair " + n.Key)
		d.node(n.Value, depth+1)
	case *SpreadPair:
		at("Spread")
		d.node(n.Expr, depth+1)
	case *ListExpr:
		at("List")
		for _, e := range n.Elements {
			d.node(e, depth+1)
		}
	case *CallExpr:
		at("Call?")
		d.node(n.Tool, depth+1)
		d.node(n.Args, depth+1)
	case *DoExpr:
		at("Do")
		d.node(n.Tool, depth+1)
		d.node(n.Args, depth+1)
	case *AssertExpr:
		at("Assert")
		d.node(n.Args, depth+1)
	case *CheckExpr:
		at("Check")
		d.node(n.Args, depth+1)
	case *FnCallExpr:
		at("FnCall")
		d.node(n.Name, depth+1)
		d.node(n.Args, depth+1)
	case *IfExpr:
		at("If")
		d.node(n.Cond, depth+1)
		d.node(n.Then, depth+1)
		d.node(n.Else, depth+1)
	case *IfBlockExpr:
		at("IfBlock")
		d.node(n.Cond, depth+1)
		d.stmts("then", n.ThenBody, depth+1)
		d.stmts("else", n.ElseBody, depth+1)
	case *ForExpr:
		at("For " + Quote(n.Binding))
		d.node(n.List, depth+1)
		d.stmts("body", n.Body, depth+1)
	case *FilterBlockExpr:
		at("Filter " + Quote(n.Binding))
		d.node(n.List, depth+1)
		d.stmts("body", n.Body, depth+1)
	case *LoopExpr:
		at("Loop " + Quote(n.Binding))
		d.node(n.Init, depth+1)
		d.node(n.Times, depth+1)
		d.stmts("body", n.Body, depth+1)
	case *MatchExpr:
		at("Match")
		d.node(n.Subject, depth+1)
		d.node(n.OkArm, depth+1)
		d.node(n.ErrArm, depth+1)
	case *MatchArm:
		at("Arm " + n.Tag.String() + " " + n.Binding)
		d.stmts("body", n.Body, depth+1)
	case *TryExpr:
		at("Try")
		d.stmts("try", n.TryBody, depth+1)
		d.stmts("catch "+n.CatchBinding, n.CatchBody, depth+1)
	case *BinaryExpr:
		at("Binary " + n.Op.String())
		d.node(n.Left, depth+1)
		d.node(n.Right, depth+1)
	case *UnaryExpr:
		at("Unary " + n.Op.String())
		d.node(n.Operand, depth+1)
	default:
		at(fmt.Sprintf("%T", n))
	}
}

// dumpNumber writes integers below 1e21 in plain decimal and everything else in %g form.
func dumpNumber(v float64) string {
	if v == math.Trunc(v) && math.Abs(v) < 1e21 {
		return strconv.FormatFloat(v, 'f', -1, 64)
	}
	return strconv.FormatFloat(v, 'g', -1, 64)
}
