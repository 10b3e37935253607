package ast

// StandIns returns the expressions below e that may take its place — C-Reduce's "replace
// an expression by one of its children" — for the generators' shrinker (package gen) and
// the reducer (package reduce), which both make that edit and check each result
// themselves. They are, in this order:
//
//   - a record's field values and spread records; a call's (call?, do, assert, check,
//     function call) argument values the same way; a list's elements;
//   - an if's then and else values, then its condition; an if block's returned values
//     (the E of a final `return E` of each body), then its condition;
//   - the list of a for or filter block; a loop's initial value and its count;
//   - a match's subject, then the returned values of its ok and err arms; the returned
//     values of a try's body and catch body;
//   - a binary operation's operands; a unary minus's operand.
//
// Nil expressions (possible in trees built by code) are left out. A returned value may
// name a binding of its block; the caller's check rejects such a replacement like any
// other that does not reproduce.
func StandIns(e Expr) []Expr {
	var out []Expr
	add := func(c Expr) {
		if !isNil(c) {
			out = append(out, c)
		}
	}
	fields := func(r *RecordExpr) {
		if r == nil {
			return
		}
		for _, p := range r.Pairs {
			switch p := p.(type) {
			case *RecordPair:
				add(p.Value)
			case *SpreadPair:
				add(p.Expr)
			}
		}
	}
	returned := func(body []Stmt) {
		if len(body) > 0 {
			if r, ok := body[len(body)-1].(*ReturnStmt); ok {
				add(r.Value)
			}
		}
	}
	if isNil(e) {
		return nil
	}
	switch e := e.(type) {
	case *RecordExpr:
		fields(e)
	case *ListExpr:
		for _, el := range e.Elements {
			add(el)
		}
	case *CallExpr, *DoExpr, *AssertExpr, *CheckExpr, *FnCallExpr:
		fields(Args(e))
	case *IfExpr:
		add(e.Then)
		add(e.Else)
		add(e.Cond)
	case *IfBlockExpr:
		returned(e.ThenBody)
		returned(e.ElseBody)
		add(e.Cond)
	case *ForExpr:
		add(e.List)
	case *FilterBlockExpr:
		add(e.List)
	case *LoopExpr:
		add(e.Init)
		add(e.Times)
	case *MatchExpr:
		add(e.Subject)
		if e.OkArm != nil {
			returned(e.OkArm.Body)
		}
		if e.ErrArm != nil {
			returned(e.ErrArm.Body)
		}
	case *TryExpr:
		returned(e.TryBody)
		returned(e.CatchBody)
	case *BinaryExpr:
		add(e.Left)
		add(e.Right)
	case *UnaryExpr:
		add(e.Operand)
	}
	return out
}
