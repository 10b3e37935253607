package eval

import (
	"fmt"

	"github.com/a0diff/a0diff/runtime/ast"
	"github.com/a0diff/a0diff/runtime/diag"
	"github.com/a0diff/a0diff/runtime/value"
)

// eval evaluates an expression node (spec §5.5): the entry checks, then the node.
func (ev *evaluator) eval(e ast.Expr, s *scope) (value.Value, error) {
	ev.nesting++
	if ev.nesting > ev.maxNest {
		return nil, ev.nestingAbort()
	}
	if err := ev.step(e); err != nil {
		ev.nesting--
		return nil, err
	}
	v, err := ev.evalNode(e, s)
	ev.nesting--
	return v, err
}

func (ev *evaluator) evalNode(e ast.Expr, s *scope) (value.Value, error) {
	switch e := e.(type) {
	case *ast.IntLiteral:
		if v, ok := value.SmallInt(e.Value); ok {
			return v, nil
		}
		return ev.literal(e), nil
	case *ast.FloatLiteral:
		if v, ok := value.SmallInt(e.Value); ok {
			return v, nil
		}
		return ev.literal(e), nil
	case *ast.StrLiteral:
		if e.Value == "" {
			return "", nil
		}
		return ev.literal(e), nil
	case *ast.BoolLiteral:
		return e.Value, nil
	case *ast.NullLiteral:
		return nil, nil
	case *ast.IdentPath:
		return ev.evalPath(e, s)
	case *ast.RecordExpr:
		return ev.evalRecord(e, s)
	case *ast.ListExpr:
		items := make([]value.Value, len(e.Elements))
		for i, el := range e.Elements {
			v, err := ev.eval(el, s)
			if err != nil {
				return nil, err
			}
			items[i] = v
		}
		// Checked on the produced list, after its elements, as the reference does: a
		// check before them would end the run before their calls' trace events.
		if err := ev.checkList(len(items)); err != nil {
			return nil, err
		}
		return value.NewList(items...), nil
	case *ast.CallExpr:
		return ev.evalTool(e, e.Tool, e.Args, true, s)
	case *ast.DoExpr:
		return ev.evalTool(e, e.Tool, e.Args, false, s)
	case *ast.AssertExpr:
		return ev.evalEvidence(e, "assert", e.Args, s)
	case *ast.CheckExpr:
		return ev.evalEvidence(e, "check", e.Args, s)
	case *ast.FnCallExpr:
		return ev.evalCall(e, s)
	case *ast.IfExpr:
		c, err := ev.eval(e.Cond, s)
		if err != nil {
			return nil, err
		}
		if value.Truthy(c) {
			return ev.eval(e.Then, s)
		}
		return ev.eval(e.Else, s)
	case *ast.IfBlockExpr:
		c, err := ev.eval(e.Cond, s)
		if err != nil {
			return nil, err
		}
		body := e.ElseBody
		if value.Truthy(c) {
			body = e.ThenBody
		}
		bs := ev.newScope(s)
		v, err := ev.execBlock(body, bs)
		ev.release(bs)
		return v, err
	case *ast.ForExpr:
		return ev.evalFor(e, s)
	case *ast.FilterBlockExpr:
		return ev.evalFilterBlock(e, s)
	case *ast.LoopExpr:
		return ev.evalLoop(e, s)
	case *ast.MatchExpr:
		return ev.evalMatch(e, s)
	case *ast.TryExpr:
		return ev.evalTry(e, s)
	case *ast.BinaryExpr:
		if l, ok := e.Left.(*ast.BinaryExpr); ok && e.Op == ast.Plus && l.Op == ast.Plus {
			return ev.plusChain(e, s)
		}
		l, err := ev.eval(e.Left, s)
		if err != nil {
			return nil, err
		}
		r, err := ev.eval(e.Right, s)
		if err != nil {
			return nil, err
		}
		return ev.binary(e, l, r)
	case *ast.UnaryExpr:
		v, err := ev.eval(e.Operand, s)
		if err != nil {
			return nil, err
		}
		f, ok := v.(float64)
		if !ok {
			return nil, newError(diag.Type, e, "Unary '-' requires a number, got %s.", value.TypeofName(v))
		}
		return number(-f), nil
	case nil:
		return nil, fmt.Errorf("missing expression")
	}
	return nil, fmt.Errorf("unknown expression node %T", e)
}

// literalCacheAfter is the number of steps after which a run keeps the boxes of the
// literals it evaluates.
const literalCacheAfter = 512

// literal returns the value of a number or string literal. Storing a number or string
// in a Value allocates; a long run evaluates the same literals (in loop bodies, in
// functions) again and again, so once it has taken literalCacheAfter steps it keeps
// their boxes.
func (ev *evaluator) literal(e ast.Expr) value.Value {
	long := ev.entered >= literalCacheAfter
	if long {
		if v, ok := ev.literals[e]; ok {
			return v
		}
	}
	var v value.Value
	switch e := e.(type) {
	case *ast.IntLiteral:
		v = e.Value
	case *ast.FloatLiteral:
		v = e.Value
	case *ast.StrLiteral:
		v = e.Value
	}
	if long {
		if ev.literals == nil {
			ev.literals = make(map[ast.Expr]value.Value)
		}
		ev.literals[e] = v
	}
	return v
}

// evalPath reads a variable and walks its further segments through records (spec §5.5).
// Property reads follow the prototype chain (§10.2), so `r.toString` is a function value.
func (ev *evaluator) evalPath(p *ast.IdentPath, s *scope) (value.Value, error) {
	if len(p.Parts) == 0 {
		return nil, fmt.Errorf("empty identifier path")
	}
	v, ok := s.lookup(p.Parts[0])
	if !ok {
		return nil, newError(diag.Unbound, p, "Unbound variable '%s'.", p.Parts[0])
	}
	for _, seg := range p.Parts[1:] {
		r, ok := v.(*value.Record)
		if !ok {
			return nil, newError(diag.Path, p, "Cannot access '%s' on non-record value.", seg)
		}
		var err error
		if v, _, err = r.LookupErr(seg); err != nil {
			return nil, err
		}
	}
	return v, nil
}

// evalRecord builds a record literal (spec §5.9). Pairs and spreads use JavaScript
// assignment, so a "__proto__" key replaces the prototype instead of becoming a key.
func (ev *evaluator) evalRecord(e *ast.RecordExpr, s *scope) (*value.Record, error) {
	if e == nil {
		return value.NewRecord(), nil
	}
	r := value.NewRecordSize(len(e.Pairs))
	for _, entry := range e.Pairs {
		switch p := entry.(type) {
		case *ast.RecordPair:
			v, err := ev.eval(p.Value, s)
			if err != nil {
				return nil, err
			}
			if err := r.Assign(p.Key, v); err != nil {
				return nil, err
			}
		case *ast.SpreadPair:
			v, err := ev.eval(p.Expr, s)
			if err != nil {
				return nil, err
			}
			src, ok := v.(*value.Record)
			if !ok {
				return nil, newError(diag.Type, p, "Spread requires a record, got %s.", value.ShapeName(v))
			}
			for i, k := range src.Keys() {
				if err := r.Assign(k, src.ValueAt(i)); err != nil {
					return nil, err
				}
			}
		default:
			return nil, fmt.Errorf("unknown record entry %T", entry)
		}
	}
	// No size check: the reference bounds lists and strings, not a record's keys (a
	// record's size is bounded when it is serialised).
	return r, nil
}
