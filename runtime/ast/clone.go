package ast

import "slices"

// Clone returns a deep copy of the tree rooted at n, of n's own static type (a *Program
// for a *Program, an Expr for an Expr). Nothing of the copy is shared with n, not even a
// slice's backing array, so either may be edited in place without the other changing.
// The copy keeps everything: spans, the Text of number literals, and nil slices as nil
// and empty ones as empty. A nil n, a typed nil pointer, and nil entries inside slices
// are returned as they are (so is a node of a type declared outside this package).
func Clone[N Node](n N) N {
	if isNil(n) {
		return n
	}
	return cloneNode(n).(N)
}

// cloneList copies a slice of nodes, each deeply.
func cloneList[T Node](list []T) []T {
	if list == nil {
		return nil
	}
	out := make([]T, len(list))
	for i, x := range list {
		out[i] = Clone(x)
	}
	return out
}

// cloneNode copies the non-nil node n. Field-by-field struct copies keep spans, names and
// literal values; only the fields holding nodes or slices need more.
func cloneNode(n Node) Node {
	switch n := n.(type) {
	case *Program:
		c := *n
		c.Headers = cloneList(n.Headers)
		c.Statements = cloneList(n.Statements)
		return &c
	case *CapDecl:
		c := *n
		c.Capabilities = Clone(n.Capabilities)
		return &c
	case *BudgetDecl:
		c := *n
		c.Budget = Clone(n.Budget)
		return &c
	case *ImportDecl:
		c := *n
		return &c
	case *LetStmt:
		c := *n
		c.Value = Clone(n.Value)
		return &c
	case *ExprStmt:
		c := *n
		c.Expr = Clone(n.Expr)
		c.Target = Clone(n.Target)
		return &c
	case *ReturnStmt:
		c := *n
		c.Value = Clone(n.Value)
		return &c
	case *FnDecl:
		c := *n
		c.Params = slices.Clone(n.Params)
		c.Body = cloneList(n.Body)
		return &c
	case *IntLiteral:
		c := *n
		return &c
	case *FloatLiteral:
		c := *n
		return &c
	case *BoolLiteral:
		c := *n
		return &c
	case *StrLiteral:
		c := *n
		return &c
	case *NullLiteral:
		c := *n
		return &c
	case *IdentPath:
		c := *n
		c.Parts = slices.Clone(n.Parts)
		return &c
	case *RecordExpr:
		c := *n
		c.Pairs = cloneList(n.Pairs)
		return &c
	case *RecordPair:
		c := *n
		c.Value = Clone(n.Value)
		return &c
	case *SpreadPair:
		c := *n
		c.Expr = Clone(n.Expr)
		return &c
	case *ListExpr:
		c := *n
		c.Elements = cloneList(n.Elements)
		return &c
	case *CallExpr:
		c := *n
		c.Tool = Clone(n.Tool)
		c.Args = Clone(n.Args)
		return &c
	case *DoExpr:
		c := *n
		c.Tool = Clone(n.Tool)
		c.Args = Clone(n.Args)
		return &c
	case *AssertExpr:
		c := *n
		c.Args = Clone(n.Args)
		return &c
	case *CheckExpr:
		c := *n
		c.Args = Clone(n.Args)
		return &c
	case *FnCallExpr:
		c := *n
		c.Name = Clone(n.Name)
		c.Args = Clone(n.Args)
		return &c
	case *IfExpr:
		c := *n
		c.Cond = Clone(n.Cond)
		c.Then = Clone(n.Then)
		c.Else = Clone(n.Else)
		return &c
	case *IfBlockExpr:
		c := *n
		c.Cond = Clone(n.Cond)
		c.ThenBody = cloneList(n.ThenBody)
		c.ElseBody = cloneList(n.ElseBody)
		return &c
	case *ForExpr:
		c := *n
		c.List = Clone(n.List)
		c.Body = cloneList(n.Body)
		return &c
	case *FilterBlockExpr:
		c := *n
		c.List = Clone(n.List)
		c.Body = cloneList(n.Body)
		return &c
	case *LoopExpr:
		c := *n
		c.Init = Clone(n.Init)
		c.Times = Clone(n.Times)
		c.Body = cloneList(n.Body)
		return &c
	case *MatchExpr:
		c := *n
		c.Subject = Clone(n.Subject)
		c.OkArm = Clone(n.OkArm)
		c.ErrArm = Clone(n.ErrArm)
		return &c
	case *MatchArm:
		c := *n
		c.Body = cloneList(n.Body)
		return &c
	case *TryExpr:
		c := *n
		c.TryBody = cloneList(n.TryBody)
		c.CatchBody = cloneList(n.CatchBody)
		return &c
	case *BinaryExpr:
		c := *n
		c.Left = Clone(n.Left)
		c.Right = Clone(n.Right)
		return &c
	case *UnaryExpr:
		c := *n
		c.Operand = Clone(n.Operand)
		return &c
	}
	// A Node type declared outside this package: nothing is known of its fields.
	return n
}
