package eval

import (
	"math"

	"github.com/a0diff/a0diff/runtime/ast"
	"github.com/a0diff/a0diff/runtime/diag"
	"github.com/a0diff/a0diff/runtime/outcome"
	"github.com/a0diff/a0diff/runtime/value"
)

// evalFor is `for { in: L, as: "x" } { body }` (spec §5.12).
func (ev *evaluator) evalFor(e *ast.ForExpr, s *scope) (value.Value, error) {
	lv, err := ev.eval(e.List, s)
	if err != nil {
		return nil, err
	}
	list, ok := lv.(*value.List)
	if !ok {
		return nil, newError(diag.ForNotList, e.List, "for-in expression must evaluate to a list, got %s.", value.RawTypeofName(lv))
	}
	span := spanPtr(e)
	ev.emit2(outcome.EventForStart, span, "listLength", float64(len(list.Items)), "as", e.Binding)
	out := make([]value.Value, 0, len(list.Items))
	for _, item := range list.Items {
		if err := ev.countIteration(e); err != nil {
			return nil, err
		}
		v, err := ev.execBlockWith(e.Body, s, e.Binding, item)
		if err != nil {
			return nil, err
		}
		out = append(out, v)
	}
	ev.emit1(outcome.EventForEnd, span, "iterations", float64(len(list.Items)))
	return value.NewList(out...), nil
}

// evalFilterBlock is `filter { in: L, as: "x" } { body }` (spec §5.12).
func (ev *evaluator) evalFilterBlock(e *ast.FilterBlockExpr, s *scope) (value.Value, error) {
	lv, err := ev.eval(e.List, s)
	if err != nil {
		return nil, err
	}
	list, ok := lv.(*value.List)
	if !ok {
		return nil, newError(diag.Type, e.List, "filter 'in' must be a list, got %s.", value.TypeofName(lv))
	}
	span := spanPtr(e)
	ev.emit2(outcome.EventFilterStart, span, "listLength", float64(len(list.Items)), "as", e.Binding)
	kept := make([]value.Value, 0)
	for _, item := range list.Items {
		if err := ev.countIteration(e); err != nil {
			return nil, err
		}
		v, err := ev.execBlockWith(e.Body, s, e.Binding, item)
		if err != nil {
			return nil, err
		}
		if value.Truthy(unwrapPredicate(v)) {
			kept = append(kept, item)
		}
	}
	ev.emit1(outcome.EventFilterEnd, span, "iterations", float64(len(list.Items)))
	return value.NewList(kept...), nil
}

// evalLoop is `loop { in: I, times: N, as: "x" } { body }` (spec §5.12).
func (ev *evaluator) evalLoop(e *ast.LoopExpr, s *scope) (value.Value, error) {
	cur, err := ev.eval(e.Init, s)
	if err != nil {
		return nil, err
	}
	tv, err := ev.eval(e.Times, s)
	if err != nil {
		return nil, err
	}
	times, ok := tv.(float64)
	if !ok || math.IsInf(times, 0) || math.IsNaN(times) || times != math.Trunc(times) || times < 0 {
		text := "null"
		if tv != nil {
			t, ok, err := value.JSONLimit(tv, "", ev.limits.MaxSize)
			if err != nil {
				if a, isLimit := fromLimitError(err); isLimit {
					return nil, a
				}
				return nil, err
			}
			text = t
			if !ok {
				text = "undefined" // JSON.stringify of a function value
			}
		}
		return nil, newError(diag.Type, e, "loop 'times' must be a non-negative integer, got %s.", text)
	}
	span := spanPtr(e)
	ev.emit2(outcome.EventLoopStart, span, "times", times, "as", e.Binding)
	for i := float64(0); i < times; i++ {
		if err := ev.countIteration(e); err != nil {
			return nil, err
		}
		v, err := ev.execBlockWith(e.Body, s, e.Binding, cur)
		if err != nil {
			return nil, err
		}
		cur = v
	}
	ev.emit1(outcome.EventLoopEnd, span, "iterations", times)
	return cur, nil
}

// evalMatch is `match S { ok {v} {…} err {e} {…} }` (spec §5.12). Key presence, not
// truthiness, selects the arm, and inherited keys count (§10.2).
func (ev *evaluator) evalMatch(e *ast.MatchExpr, s *scope) (value.Value, error) {
	sv, err := ev.eval(e.Subject, s)
	if err != nil {
		return nil, err
	}
	r, ok := sv.(*value.Record)
	if !ok {
		return nil, newError(diag.MatchNotRecord, e.Subject, "match subject must be a record, got %s.", value.ShapeName(sv))
	}
	var arm *ast.MatchArm
	var tag string
	switch {
	case r.HasInherited("ok"):
		arm, tag = e.OkArm, "ok"
	case r.HasInherited("err"):
		arm, tag = e.ErrArm, "err"
	default:
		return nil, newError(diag.MatchNoArm, e.Subject, "match subject record has neither 'ok' nor 'err' key.")
	}
	if arm == nil {
		return nil, &internalError{msg: "match expression without an " + tag + " arm"}
	}
	span := spanPtr(e)
	ev.emit1(outcome.EventMatchStart, span, "arm", tag)
	bound, _ := r.Lookup(tag)
	v, err := ev.execBlockWith(arm.Body, s, arm.Binding, bound)
	if err != nil {
		return nil, err
	}
	ev.emit1(outcome.EventMatchEnd, span, "arm", tag)
	return v, nil
}

// evalTry is `try { body } catch { e } { handler }` (spec §5.12): every A0 error and every
// internal error is caught; harness aborts are not. Nothing is rolled back.
func (ev *evaluator) evalTry(e *ast.TryExpr, s *scope) (value.Value, error) {
	ts := ev.newScope(s)
	v, err := ev.execBlock(e.TryBody, ts)
	ev.release(ts)
	if err == nil {
		return v, nil
	}
	if _, ok := err.(*abort); ok {
		return nil, err
	}
	return ev.execBlockWith(e.CatchBody, s, e.CatchBinding, asA0Error(err).Record())
}

// execBlockWith runs body in a fresh child scope of s holding the one binding name = v,
// which is how for, filter and loop bodies, match arms and catch handlers are entered.
func (ev *evaluator) execBlockWith(body []ast.Stmt, s *scope, name string, v value.Value) (value.Value, error) {
	bs := ev.newScope(s)
	bs.bind(name, v)
	out, err := ev.execBlock(body, bs)
	ev.release(bs)
	return out, err
}
