// Package eval is the Go evaluator of A0 (spec §5): it executes a parsed and validated
// *ast.Program — capability gate, budgets, scopes, every construct, tool and stdlib
// dispatch, evidence and the trace events of §6 — and reports the result, the runtime
// error, the evidence and the trace as plain data.
//
// The evaluator reproduces the TypeScript reference's observable behaviour, including the
// parts that come from JavaScript (record key order, prototype reads, typeof names); the
// value package supplies those semantics, this package supplies the control flow.
//
// Besides A0's own errors, a run can end because of the harness limits of
// outcome.Limits (recursion depth, value size, the context's deadline) or because of a bug
// in the evaluator (a recovered panic). Those endings are not A0 errors: `try` cannot
// catch them, and Run reports them in Result.Status.
package eval

import (
	"context"
	"fmt"
	"runtime/debug"
	"strings"
	"time"

	"github.com/a0diff/a0diff/runtime/ast"
	"github.com/a0diff/a0diff/runtime/diag"
	"github.com/a0diff/a0diff/runtime/outcome"
	"github.com/a0diff/a0diff/runtime/stdlib"
	"github.com/a0diff/a0diff/runtime/toolkit"
	"github.com/a0diff/a0diff/runtime/value"
)

// Options configure one run.
type Options struct {
	// File is the span file name reported in run_start; empty means the program's own
	// span file.
	File string
	// Allow is the set of capabilities the policy allows (spec §9.3).
	Allow []string
	// Kit executes tool calls and records them; nil means no tool exists (every call is
	// E_UNKNOWN_TOOL).
	Kit toolkit.Kit
	// Stdlib resolves stdlib functions; nil means the shipped stdlib (runtime/stdlib).
	Stdlib StdlibResolver
	// Limits are the harness bounds, resolved (every field set, as outcome.Bound leaves
	// them). The Timeout field is not used here: ctx carries the run's deadline.
	Limits outcome.Limits
	// TraceRoom is memory the trace is written into when it fits (what it held is
	// overwritten): a caller that is done with the last run's trace when it starts the
	// next hands it back (run.Options.ReuseTrees). nil: the trace is a slice of its own.
	TraceRoom []outcome.Event
}

// Result is what a run produced.
type Result struct {
	// Status is outcome.StatusOK when the program reached an A0 outcome (success or an A0
	// error); otherwise the run was ended by a harness limit, the deadline, or a crash.
	// After a harness limit named by Limit (outcome.LimitSteps, LimitDepth, LimitSize)
	// Evidence and Trace hold what the run produced before it; otherwise only Detail is
	// meaningful.
	Status outcome.Status
	Limit  outcome.LimitName
	Detail string
	// Value is the program's result when Err is nil.
	Value value.Value
	// Err is the runtime error that ended the run, nil on success.
	Err *Error
	// Evidence holds the evidence records (also those gathered before Err).
	Evidence []value.Value
	// Trace holds the trace events in emission order (empty after a capability denial).
	Trace []outcome.Event
	// Steps is the number of steps of Limits.MaxSteps the run took (the step that would
	// exceed the limit not included).
	Steps int
}

// Run executes prog. It never panics: a panic inside the evaluator is reported as
// outcome.StatusCrash with its stack. It returns when the program ends or soon after ctx
// is done (StatusTimeout); a tool that blocks is not interrupted (callers that must
// return by a deadline run Run in a goroutine, as runtime/run does).
func Run(ctx context.Context, prog *ast.Program, opts Options) (res Result) {
	ev := newEvaluator(ctx, prog, opts)
	defer func() {
		if p := recover(); p != nil {
			if _, ok := p.(stepsExhausted); ok {
				res = ev.limitResult(&abort{status: outcome.StatusResource, limit: outcome.LimitSteps,
					detail: fmt.Sprintf("maxSteps: the run took more than %d steps (trace events and iterations)", ev.limits.MaxSteps)})
				return
			}
			res = Result{Status: outcome.StatusCrash, Detail: fmt.Sprintf("panic in the Go evaluator: %v\n%s", p, debug.Stack())}
		}
		res.Steps = ev.limits.MaxSteps - ev.stepsLeft
	}()
	return ev.run(prog)
}

// evaluator is the state of one run.
type evaluator struct {
	ctx     context.Context
	limits  outcome.Limits
	allowed map[string]bool
	kit     toolkit.Kit // nil: no tool exists
	stdlib  StdlibResolver
	file    string

	stdlibLimits stdlib.Limits

	fns      map[string]*userFn // the program-wide function registry (§5.10); nil while empty
	budget   budget
	counters counters
	clock    clock

	evidence []value.Value
	trace    traceLog

	freeScopes []*scope                 // finished scopes ready for reuse (scope.go)
	scopeList  *[]*scope                // the holder freeScopes came in from freeScopeLists
	literals   map[ast.Expr]value.Value // boxed literals of a long run (expr.go)

	depth     int  // nested user-function invocations (Limits.MaxDepth)
	stepsLeft int  // steps of Limits.MaxSteps not yet taken
	nesting   int  // nested evaluator frames, a proxy for Go stack use
	entered   uint // statements and expressions entered, for the context checks
	maxNest   int
}

// userFn is a registered function: its declaration and the scope it was declared in.
type userFn struct {
	decl     *ast.FnDecl
	closure  *scope
	callData *value.Record // {"fn": name}, the data of its call events (emitFn)
}

func newEvaluator(ctx context.Context, prog *ast.Program, opts Options) *evaluator {
	ev := &evaluator{
		ctx:     ctx,
		limits:  opts.Limits,
		kit:     opts.Kit,
		stdlib:  opts.Stdlib,
		file:    opts.File,
		maxNest: maxEngineNesting,
	}
	ev.trace.room = opts.TraceRoom
	ev.stepsLeft = ev.limits.MaxSteps
	if ev.stdlib == nil {
		ev.stdlib = stdlib.Lookup
	}
	ev.stdlibLimits = stdlib.Limits{MaxSize: ev.limits.MaxSize, Ctx: ctx}
	if ev.file == "" {
		ev.file = prog.Span.File
	}
	if len(opts.Allow) > 0 {
		ev.allowed = make(map[string]bool, len(opts.Allow))
		for _, c := range opts.Allow {
			ev.allowed[c] = true
		}
	}
	return ev
}

func (ev *evaluator) run(prog *ast.Program) Result {
	// 1. Capability gate: nothing is traced when it fails.
	caps, firstCap := requestedCapabilities(prog)
	for _, c := range caps {
		if !ev.allowed[c] {
			d := value.NewRecord()
			d.Set("capability", c)
			return Result{Status: outcome.StatusOK, Err: &Error{
				Code:    diag.CapDenied,
				Message: fmt.Sprintf("Capability '%s' is not allowed by policy.", c),
				Span:    spanPtr(firstCap),
				Details: d,
			}}
		}
	}

	// 2. Budgets and the budget clock; 3. run_start.
	ev.budget = extractBudget(prog)
	ev.clock = startClock()
	start := time.Now()
	capList := make([]value.Value, len(caps))
	for i, c := range caps {
		capList[i] = c
	}
	data := value.NewRecordSize(3)
	data.Set("file", ev.file)
	data.Set("capabilities", value.NewList(capList...))
	if b := ev.budget.record(); b != nil {
		data.Set("budget", b)
	}
	ev.emit(outcome.EventRunStart, &prog.Span, data)

	// 4. The top-level statements in a fresh global scope.
	v, err := ev.execBlock(prog.Statements, newScope(nil))
	ev.recycleScopes()

	// 5. run_end, on success and on failure.
	end := value.NewRecordSize(3)
	end.Set("durationMs", float64(time.Since(start).Milliseconds()))
	if err != nil {
		if a, ok := err.(*abort); ok {
			return ev.limitResult(a)
		}
		e := asA0Error(err)
		end.Set("error", string(e.Code))
		end.Set("message", e.Message)
		ev.emit(outcome.EventRunEnd, &prog.Span, end)
		// Only an A0 error carries the evidence gathered before it (spec §5.2): an
		// internal error (E_RUNTIME, a JavaScript exception in the reference) reports
		// none, as upstream's run does. The trace and the tool calls stay.
		evidence := ev.evidence
		if _, isA0 := err.(*Error); !isA0 {
			evidence = nil
		}
		return Result{Status: outcome.StatusOK, Err: e, Evidence: evidence, Trace: ev.trace.events()}
	}
	ev.emit(outcome.EventRunEnd, &prog.Span, end)
	return Result{Status: outcome.StatusOK, Value: v, Evidence: ev.evidence, Trace: ev.trace.events()}
}

// limitResult is the Result of a run ended by a: what the run produced so far when a
// names a harness limit (which trips at the same point on every implementation, so the
// partial outcome is comparable), only the status and detail otherwise.
func (ev *evaluator) limitResult(a *abort) Result {
	if a.limit == "" {
		return Result{Status: a.status, Detail: a.detail}
	}
	return Result{Status: a.status, Limit: a.limit, Detail: a.detail, Evidence: ev.evidence, Trace: ev.trace.events()}
}

// requestedCapabilities lists the keys of every cap pair whose value is literal true, in
// header order with duplicates, and returns the first cap header (the gate's span).
func requestedCapabilities(prog *ast.Program) (caps []string, first *ast.CapDecl) {
	for _, h := range prog.Headers {
		c, ok := h.(*ast.CapDecl)
		if !ok {
			continue
		}
		if first == nil {
			first = c
		}
		if c.Capabilities == nil {
			continue
		}
		for _, e := range c.Capabilities.Pairs {
			p, ok := e.(*ast.RecordPair)
			if !ok {
				continue
			}
			if b, ok := p.Value.(*ast.BoolLiteral); ok && b.Value {
				caps = append(caps, p.Key)
			}
		}
	}
	return caps, first
}

// joinPath is a dotted name (tool or function) as the spec writes it.
func joinPath(p *ast.IdentPath) string {
	if p == nil {
		return ""
	}
	if len(p.Parts) == 1 {
		return p.Parts[0]
	}
	return strings.Join(p.Parts, ".")
}
