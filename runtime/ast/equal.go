package ast

import (
	"math"
	"reflect"
	"slices"
)

// Equal reports whether two trees are the same program fragment: same node kinds and
// fields, ignoring every Span and the Text of number literals (a literal is its value).
// Nil and empty slices are equal; number values compare bit for bit (any NaN equals any
// NaN). Equal is what "parse(Print(t)) == t" means.
func Equal(a, b Node) bool {
	if isNil(a) || isNil(b) {
		return isNil(a) && isNil(b)
	}
	switch x := a.(type) {
	case *Program:
		y, ok := b.(*Program)
		if !ok || len(x.Headers) != len(y.Headers) {
			return false
		}
		for i := range x.Headers {
			if !Equal(x.Headers[i], y.Headers[i]) {
				return false
			}
		}
		return equalStmts(x.Statements, y.Statements)
	case *CapDecl:
		y, ok := b.(*CapDecl)
		return ok && Equal(x.Capabilities, y.Capabilities)
	case *BudgetDecl:
		y, ok := b.(*BudgetDecl)
		return ok && Equal(x.Budget, y.Budget)
	case *ImportDecl:
		y, ok := b.(*ImportDecl)
		return ok && x.Path == y.Path && x.Alias == y.Alias
	case *LetStmt:
		y, ok := b.(*LetStmt)
		return ok && x.Name == y.Name && Equal(x.Value, y.Value)
	case *ExprStmt:
		y, ok := b.(*ExprStmt)
		return ok && Equal(x.Expr, y.Expr) && Equal(x.Target, y.Target)
	case *ReturnStmt:
		y, ok := b.(*ReturnStmt)
		return ok && Equal(x.Value, y.Value)
	case *FnDecl:
		y, ok := b.(*FnDecl)
		return ok && x.Name == y.Name && slices.Equal(x.Params, y.Params) && equalStmts(x.Body, y.Body)
	case *IntLiteral:
		y, ok := b.(*IntLiteral)
		return ok && sameNumber(x.Value, y.Value)
	case *FloatLiteral:
		y, ok := b.(*FloatLiteral)
		return ok && sameNumber(x.Value, y.Value)
	case *BoolLiteral:
		y, ok := b.(*BoolLiteral)
		return ok && x.Value == y.Value
	case *StrLiteral:
		y, ok := b.(*StrLiteral)
		return ok && x.Value == y.Value
	case *NullLiteral:
		_, ok := b.(*NullLiteral)
		return ok
	case *IdentPath:
		y, ok := b.(*IdentPath)
		return ok && slices.Equal(x.Parts, y.Parts)
	case *RecordExpr:
		y, ok := b.(*RecordExpr)
		if !ok || len(x.Pairs) != len(y.Pairs) {
			return false
		}
		for i := range x.Pairs {
			if !Equal(x.Pairs[i], y.Pairs[i]) {
				return false
			}
		}
		return true
	case *RecordPair:
		y, ok := b.(*RecordPair)
		return ok && x.Key == y.Key && Equal(x.Value, y.Value)
	case *SpreadPair:
		y, ok := b.(*SpreadPair)
		return ok && Equal(x.Expr, y.Expr)
	case *ListExpr:
		y, ok := b.(*ListExpr)
		if !ok || len(x.Elements) != len(y.Elements) {
			return false
		}
		for i := range x.Elements {
			if !Equal(x.Elements[i], y.Elements[i]) {
				return false
			}
		}
		return true
	case *CallExpr:
		y, ok := b.(*CallExpr)
		return ok && Equal(x.Tool, y.Tool) && Equal(x.Args, y.Args)
	case *DoExpr:
		y, ok := b.(*DoExpr)
		return ok && Equal(x.Tool, y.Tool) && Equal(x.Args, y.Args)
	case *AssertExpr:
		y, ok := b.(*AssertExpr)
		return ok && Equal(x.Args, y.Args)
	case *CheckExpr:
		y, ok := b.(*CheckExpr)
		return ok && Equal(x.Args, y.Args)
	case *FnCallExpr:
		y, ok := b.(*FnCallExpr)
		return ok && Equal(x.Name, y.Name) && Equal(x.Args, y.Args)
	case *IfExpr:
		y, ok := b.(*IfExpr)
		return ok && Equal(x.Cond, y.Cond) && Equal(x.Then, y.Then) && Equal(x.Else, y.Else)
	case *IfBlockExpr:
		y, ok := b.(*IfBlockExpr)
		return ok && Equal(x.Cond, y.Cond) && equalStmts(x.ThenBody, y.ThenBody) && equalStmts(x.ElseBody, y.ElseBody)
	case *ForExpr:
		y, ok := b.(*ForExpr)
		return ok && x.Binding == y.Binding && Equal(x.List, y.List) && equalStmts(x.Body, y.Body)
	case *FilterBlockExpr:
		y, ok := b.(*FilterBlockExpr)
		return ok && x.Binding == y.Binding && Equal(x.List, y.List) && equalStmts(x.Body, y.Body)
	case *LoopExpr:
		y, ok := b.(*LoopExpr)
		return ok && x.Binding == y.Binding && Equal(x.Init, y.Init) && Equal(x.Times, y.Times) && equalStmts(x.Body, y.Body)
	case *MatchExpr:
		y, ok := b.(*MatchExpr)
		return ok && Equal(x.Subject, y.Subject) && Equal(x.OkArm, y.OkArm) && Equal(x.ErrArm, y.ErrArm)
	case *MatchArm:
		y, ok := b.(*MatchArm)
		return ok && x.Tag == y.Tag && x.Binding == y.Binding && equalStmts(x.Body, y.Body)
	case *TryExpr:
		y, ok := b.(*TryExpr)
		return ok && x.CatchBinding == y.CatchBinding && equalStmts(x.TryBody, y.TryBody) && equalStmts(x.CatchBody, y.CatchBody)
	case *BinaryExpr:
		y, ok := b.(*BinaryExpr)
		return ok && x.Op == y.Op && Equal(x.Left, y.Left) && Equal(x.Right, y.Right)
	case *UnaryExpr:
		y, ok := b.(*UnaryExpr)
		return ok && x.Op == y.Op && Equal(x.Operand, y.Operand)
	}
	return false
}

func equalStmts(a, b []Stmt) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if !Equal(a[i], b[i]) {
			return false
		}
	}
	return true
}

func sameNumber(a, b float64) bool {
	if math.IsNaN(a) || math.IsNaN(b) {
		return math.IsNaN(a) && math.IsNaN(b)
	}
	return math.Float64bits(a) == math.Float64bits(b)
}

// IsNil reports whether n is nil or a typed nil pointer (a Node interface holding a nil
// *T), which trees built by code may contain.
func IsNil(n Node) bool { return isNil(n) }

// isNil reports whether n is nil or a typed nil pointer. Every node type is a pointer
// (Node's doc), so the reflect test applies to all of them without a per-type list; the
// compiler inlines it and n does not escape.
func isNil(n Node) bool {
	return n == nil || reflect.ValueOf(n).IsNil()
}
