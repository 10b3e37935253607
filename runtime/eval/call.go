package eval

import (
	"errors"
	"fmt"
	"slices"

	"github.com/a0diff/a0diff/runtime/ast"
	"github.com/a0diff/a0diff/runtime/diag"
	"github.com/a0diff/a0diff/runtime/outcome"
	"github.com/a0diff/a0diff/runtime/stdlib"
	"github.com/a0diff/a0diff/runtime/value"
)

// StdlibResolver finds a stdlib function by its dotted name (stdlib.Lookup, or a test's
// replacement).
type StdlibResolver func(name string) (stdlib.Func, bool)

// evalCall is `name { args }` (spec §5.10): the built-ins map/filter/reduce first, then
// the function registry, then the stdlib.
func (ev *evaluator) evalCall(e *ast.FnCallExpr, s *scope) (value.Value, error) {
	name := joinPath(e.Name)
	switch name {
	case "map":
		return ev.evalMap(e, s)
	case "filter":
		return ev.evalFilterCall(e, s)
	case "reduce":
		return ev.evalReduce(e, s)
	}
	if f, ok := ev.fns[name]; ok {
		return ev.callUser(e, name, f, s)
	}
	if fn, ok := ev.stdlib(name); ok {
		args, err := ev.evalRecord(e.Args, s)
		if err != nil {
			return nil, err
		}
		v, err := ev.callStdlib(e, name, fn, args)
		if err != nil {
			return nil, err
		}
		if err := ev.checkTime(e); err != nil {
			return nil, err
		}
		return v, nil
	}
	return nil, newError(diag.UnknownFn, e, "Unknown function '%s'.", name)
}

// callStdlib runs a stdlib function: failures become E_FN "Function 'N' failed: INNER".
// A panic inside the function is a bug of the Go stdlib and is left to Run's recovery
// (StatusCrash), where the differ reports it instead of an A0 error masking it.
func (ev *evaluator) callStdlib(e ast.Node, name string, fn stdlib.Func, args *value.Record) (value.Value, error) {
	v, err := fn(args, ev.stdlibLimits)
	if err != nil {
		if a, ok := fromLimitError(err); ok {
			return nil, a
		}
		var c *stdlib.CancelledError
		if errors.As(err, &c) {
			return nil, &abort{status: outcome.StatusTimeout, detail: "the run's deadline passed in '" + name + "' (" + c.Err.Error() + ")"}
		}
		// A message may be tens of megabytes (a patch test's texts): it is copied once,
		// behind the OUTER message's start.
		message := "Function '" + name + "' failed: "
		if se, ok := err.(*stdlib.Error); ok {
			message = se.MessageAfter(message)
		} else {
			message += err.Error()
		}
		return nil, &Error{
			Code:    diag.Fn,
			Message: message,
			Span:    spanPtr(e),
			Details: detailRecord("fn", name),
		}
	}
	if err := ev.checkProduced(v); err != nil {
		return nil, err
	}
	return v, nil
}

// internalError is a non-A0 failure inside a run (caught by try as E_RUNTIME).
type internalError struct{ msg string }

func (e *internalError) Error() string { return e.msg }

// callUser is a direct user-function call: fn_call_start before the arguments are
// evaluated (in the caller's scope), parameters bound by name from the argument record
// (absent → null, extra ignored), the body run in a child of the closure scope, and
// fn_call_end only on success.
func (ev *evaluator) callUser(e *ast.FnCallExpr, name string, f *userFn, s *scope) (value.Value, error) {
	span := spanPtr(e)
	ev.emitFn(outcome.EventFnCallStart, span, f)
	fs, err := ev.bindArgs(e.Args, f, s)
	if err != nil {
		return nil, err
	}
	return ev.invoke(f, fs, span)
}

// noArgs is the argument record of a call without arguments: parameters that no pair
// names read it, i.e. Object.prototype (a "toString" parameter gets the function value).
var noArgs = value.NewRecord()

// bindArgs evaluates a direct call's argument record in the caller's scope s and returns
// the scope of f's body with every parameter bound to the record's property of its name.
// The record itself never reaches the program, so when it is made of plain pairs (no
// spread, no "__proto__" key) the values go straight into the parameters: the last pair
// of a name wins, as in the record, and a parameter no pair names reads Object.prototype,
// as a lookup on the record would.
func (ev *evaluator) bindArgs(argsExpr *ast.RecordExpr, f *userFn, s *scope) (*scope, error) {
	params := f.decl.Params
	if !plainPairs(argsExpr, ev.limits.MaxSize) {
		args, err := ev.evalRecord(argsExpr, s)
		if err != nil {
			return nil, err
		}
		return ev.bindRecord(f, args)
	}
	fs := ev.newScope(f.closure)
	if argsExpr != nil {
		for _, entry := range argsExpr.Pairs {
			p := entry.(*ast.RecordPair)
			v, err := ev.eval(p.Value, s)
			if err != nil {
				ev.release(fs)
				return nil, err
			}
			if slices.Contains(params, p.Key) {
				fs.bind(p.Key, v)
			}
		}
	}
	for _, p := range params {
		if _, bound := fs.find(p); !bound {
			v, _ := noArgs.Lookup(p)
			fs.bind(p, v)
		}
	}
	return fs, nil
}

// plainPairs reports whether a record literal is only key: value pairs, none of them
// "__proto__", and too few to reach the size limit: a literal whose record is just its
// pairs, the last one of each key winning.
func plainPairs(e *ast.RecordExpr, maxSize int) bool {
	if e == nil {
		return true
	}
	if len(e.Pairs) > maxSize {
		return false
	}
	for _, entry := range e.Pairs {
		p, ok := entry.(*ast.RecordPair)
		if !ok || p.Key == "__proto__" {
			return false
		}
	}
	return true
}

// invoke runs a user function's body in its prepared scope, bounded by Limits.MaxDepth,
// then releases the scope and, when the body completed, emits fn_call_end at span (its
// callers emitted fn_call_start).
func (ev *evaluator) invoke(f *userFn, fs *scope, span *ast.Span) (value.Value, error) {
	if ev.depth >= ev.limits.MaxDepth {
		return nil, &abort{status: outcome.StatusResource, limit: outcome.LimitDepth, detail: fmt.Sprintf("maxDepth: user-function nesting exceeded the depth limit %d (in '%s')", ev.limits.MaxDepth, f.decl.Name)}
	}
	ev.depth++
	v, err := ev.execBlock(f.decl.Body, fs)
	ev.depth--
	ev.release(fs)
	if err != nil {
		return nil, err
	}
	ev.emitFn(outcome.EventFnCallEnd, span, f)
	return v, nil
}

// bindItem binds a map/filter callback's parameters for one item: one parameter takes
// the item itself; otherwise the item must be a record and each parameter reads the
// property of its name.
func (ev *evaluator) bindItem(e ast.Node, op, name string, f *userFn, item value.Value) (*scope, error) {
	params := f.decl.Params
	if len(params) == 1 {
		fs := ev.newScope(f.closure)
		fs.bind(params[0], item)
		return fs, nil
	}
	r, ok := item.(*value.Record)
	if !ok {
		return nil, newError(diag.Type, e, "%s item must be a record when function '%s' expects %d parameters; got %s.", op, name, len(params), value.ShapeName(item))
	}
	return ev.bindRecord(f, r)
}

// bindRecord returns the scope of f's body with every parameter bound to r's property
// of its name, read as a lookup reads it (inherited ones too; a read that throws in
// JavaScript is the call's error).
func (ev *evaluator) bindRecord(f *userFn, r *value.Record) (*scope, error) {
	fs := ev.newScope(f.closure)
	for _, p := range f.decl.Params {
		v, _, err := r.LookupErr(p)
		if err != nil {
			ev.release(fs)
			return nil, err
		}
		fs.bind(p, v)
	}
	return fs, nil
}

// callItem is one iteration of map or filter with a callback: the iteration count, the
// call of f on item, and the fn_call events around it.
func (ev *evaluator) callItem(e ast.Node, span *ast.Span, op, name string, f *userFn, item value.Value) (value.Value, error) {
	if err := ev.countIteration(e); err != nil {
		return nil, err
	}
	ev.emitFn(outcome.EventFnCallStart, span, f)
	fs, err := ev.bindItem(e, op, name, f, item)
	if err != nil {
		return nil, err
	}
	return ev.invoke(f, fs, span)
}

// listAndFn reads and checks the `in` and `fn` arguments of map/filter/reduce, and
// resolves the `fn:` name in the registry of user functions.
func (ev *evaluator) listAndFn(e ast.Node, op string, args *value.Record) (*value.List, string, *userFn, error) {
	in, present := args.Lookup("in")
	list, ok := in.(*value.List)
	if !ok {
		return nil, "", nil, newError(diag.Type, e, "%s 'in' must be a list, got %s.", op, typeofArg(in, present))
	}
	fnv, present := args.Lookup("fn")
	name, ok := fnv.(string)
	if !ok {
		return nil, "", nil, newError(diag.Type, e, "%s 'fn' must be a string, got %s.", op, typeofArg(fnv, present))
	}
	f, ok := ev.fns[name]
	if !ok {
		return nil, "", nil, newError(diag.UnknownFn, e, "Unknown function '%s'.", name)
	}
	return list, name, f, nil
}

// evalMap is `map { in: L, fn: F }` (spec §5.11).
func (ev *evaluator) evalMap(e *ast.FnCallExpr, s *scope) (value.Value, error) {
	args, err := ev.evalRecord(e.Args, s)
	if err != nil {
		return nil, err
	}
	list, name, f, err := ev.listAndFn(e, "map", args)
	if err != nil {
		return nil, err
	}
	span := spanPtr(e)
	n := float64(len(list.Items))
	ev.emit2(outcome.EventMapStart, span, "fn", name, "listLength", n)
	out := make([]value.Value, 0, len(list.Items))
	for _, item := range list.Items {
		v, err := ev.callItem(e, span, "map", name, f, item)
		if err != nil {
			return nil, err
		}
		out = append(out, v)
	}
	ev.emit2(outcome.EventMapEnd, span, "fn", name, "iterations", n)
	return value.NewList(out...), nil
}

// evalFilterCall is `filter { … }` without a block: the stdlib `by:` form, or the
// evaluator's `fn:` form with the predicate unwrap rule (spec §5.11).
func (ev *evaluator) evalFilterCall(e *ast.FnCallExpr, s *scope) (value.Value, error) {
	args, err := ev.evalRecord(e.Args, s)
	if err != nil {
		return nil, err
	}
	fnv, _ := args.Lookup("fn")
	byv, _ := args.Lookup("by")
	if fnv != nil && byv != nil {
		return nil, &Error{Code: diag.Fn, Message: "filter requires exactly one of 'by' or 'fn', not both.", Span: spanPtr(e), Details: detailRecord("fn", "filter")}
	}
	if fnv == nil {
		fn, ok := ev.stdlib("filter")
		if !ok {
			return nil, &internalError{msg: "the stdlib has no 'filter'"}
		}
		// No time-budget check follows this delegation (spec §5.11 step 3).
		return ev.callStdlib(e, "filter", fn, args)
	}
	list, name, f, err := ev.listAndFn(e, "filter", args)
	if err != nil {
		return nil, err
	}
	span := spanPtr(e)
	kept := make([]value.Value, 0)
	for _, item := range list.Items {
		v, err := ev.callItem(e, span, "filter", name, f, item)
		if err != nil {
			return nil, err
		}
		if value.Truthy(unwrapPredicate(v)) {
			kept = append(kept, item)
		}
	}
	return value.NewList(kept...), nil
}

// unwrapPredicate is the filter predicate rule: a record stands for its first property
// value in key order (an empty record for null); anything else for itself.
func unwrapPredicate(v value.Value) value.Value {
	r, ok := v.(*value.Record)
	if !ok {
		return v
	}
	if r.Len() == 0 {
		return nil
	}
	return r.ValueAt(0)
}

// evalReduce is `reduce { in: L, fn: F, init: I }` (spec §5.11).
func (ev *evaluator) evalReduce(e *ast.FnCallExpr, s *scope) (value.Value, error) {
	args, err := ev.evalRecord(e.Args, s)
	if err != nil {
		return nil, err
	}
	list, name, f, err := ev.listAndFn(e, "reduce", args)
	if err != nil {
		return nil, err
	}
	acc, _ := args.Lookup("init")
	if n := len(f.decl.Params); n != 2 {
		return nil, newError(diag.Type, e, "reduce callback '%s' must accept exactly 2 parameters (accumulator, item), got %d.", name, n)
	}
	span := spanPtr(e)
	n := float64(len(list.Items))
	ev.emit2(outcome.EventReduceStart, span, "fn", name, "listLength", n)
	for _, item := range list.Items {
		if err := ev.countIteration(e); err != nil {
			return nil, err
		}
		ev.emitFn(outcome.EventFnCallStart, span, f)
		fs := ev.newScope(f.closure)
		fs.bind(f.decl.Params[0], acc)
		fs.bind(f.decl.Params[1], item)
		v, err := ev.invoke(f, fs, span)
		if err != nil {
			return nil, err
		}
		acc = v
	}
	ev.emit2(outcome.EventReduceEnd, span, "fn", name, "iterations", n)
	return acc, nil
}
