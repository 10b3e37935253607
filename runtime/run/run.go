// Package run is the Go implementation of A0 as the harness drives it: an
// outcome.Runner that parses (runtime/syntax), validates (runtime/validate) and evaluates
// (runtime/eval) a program over a fresh hermetic tool kit, and reports the canonical
// Outcome of spec §7 (exit codes, value, diagnostics, evidence, trace, tool calls).
//
// Section numbers (§N) and appendices refer to doc/a0.md, the project's reference of A0.
package run

import (
	"context"
	"fmt"
	"runtime/debug"
	"sync"
	"sync/atomic"
	"time"

	"github.com/a0diff/a0diff/runtime/ast"
	"github.com/a0diff/a0diff/runtime/diag"
	"github.com/a0diff/a0diff/runtime/eval"
	"github.com/a0diff/a0diff/runtime/outcome"
	"github.com/a0diff/a0diff/runtime/syntax"
	"github.com/a0diff/a0diff/runtime/toolkit"
	"github.com/a0diff/a0diff/runtime/validate"
	"github.com/a0diff/a0diff/runtime/value"
)

// Options configure a Runner. The zero value is the shipped implementation.
type Options struct {
	// Kit builds the tool kit of one run from the case's fixtures. nil means a fresh
	// toolkit.Virtual per run (built on the first tool call). Tests inject faulty tools
	// through it.
	Kit func(outcome.Fixtures) toolkit.Kit
	// Stdlib overrides the stdlib resolver; nil means the shipped stdlib.
	Stdlib eval.StdlibResolver
	// Inline runs each program on the goroutine that calls Run, instead of handing it to
	// a goroutine of its own that Run can abandon 50 ms after the deadline. The
	// evaluator still stops at the deadline (it looks at the run's context every
	// thousand steps), but a run stuck where it does not look (a tool that never
	// returns) keeps Run from returning. Handing a run over wakes a second thread when a
	// processor is idle, about a thread switch per run: inline is for a caller that
	// bounds a stuck run itself — a batch worker, killed by its supervisor when its
	// progress cell stops moving past the case's deadline (worker.Batch).
	Inline bool
	// ReuseTrees parses each program into node memory the Runner reuses for its next
	// run (syntax.Trees), rather than allocating a tree per run, and writes the trace
	// into the last run's (eval.Options.TraceRoom): an Outcome's trace and spans (of its
	// trace events and errors, which point into the tree) are then valid only until the
	// Runner's next run begins. For a caller that is done with each Outcome before
	// it starts the next run: a batch worker, which compares the two Outcomes of a case
	// and drops them. A run that finds the memory in use (by a concurrent run, or one
	// abandoned at its deadline) parses into fresh memory.
	ReuseTrees bool
}

// Runner is the Go implementation. It holds no per-run state (but the node memory of
// Options.ReuseTrees) and is safe for concurrent use.
type Runner struct {
	opts Options

	// trees is the node memory of Options.ReuseTrees, and traceRoom the last run's trace
	// (eval.Options.TraceRoom), held by the run using them.
	treesMu   sync.Mutex
	trees     syntax.Trees
	traceRoom []outcome.Event

	abandoned, abandonedRunning atomic.Int64
}

// Abandoned reports the runs that had not returned timeoutGrace after their deadline
// (a tool that never returns, or evaluator work between two looks at the context):
// total since the Runner was made, and running, those whose goroutine is still busy.
// The evaluator and the stdlib's long loops look at the context every few thousand
// steps, so a running count that stays above zero means a blocked tool or a bug.
func (r *Runner) Abandoned() (running, total int64) {
	return r.abandonedRunning.Load(), r.abandoned.Load()
}

// Go is the shipped Go implementation.
var Go outcome.Runner = New()

// New returns the shipped Go implementation.
func New() *Runner { return &Runner{} }

// NewRunner returns a Go implementation configured by opts.
func NewRunner(opts Options) *Runner { return &Runner{opts: opts} }

// Name is "go".
func (r *Runner) Name() string { return "go" }

// timeoutGrace is how long Run waits, after the deadline, for the evaluator to notice it
// and return on its own; after that Run reports the timeout itself (outcome.GraceEvaluator,
// one of the graces of outcome's table).
const timeoutGrace = outcome.GraceEvaluator

// Run parses, validates and executes source under cfg (spec §7.1) and returns its
// Outcome. It returns by the deadline (ctx's or cfg.Limits.Timeout, whichever is
// earlier, plus a grace of timeoutGrace) even if a tool blocks — unless Options.Inline
// says the caller bounds a stuck run itself.
func (r *Runner) Run(ctx context.Context, source string, cfg outcome.Config) outcome.Outcome {
	return r.bounded(ctx, cfg, func(ctx context.Context, lim outcome.Limits) outcome.Outcome {
		return r.runSource(ctx, source, cfg, lim)
	})
}

// RunProgram executes an already built program without validating it (the parse and
// validation steps are skipped), so tests and generators can reach the run-time checks
// that validation normally makes unreachable (unknown functions and tools, call? on an
// effect tool, wrong callback arity).
func (r *Runner) RunProgram(ctx context.Context, prog *ast.Program, cfg outcome.Config) outcome.Outcome {
	return r.bounded(ctx, cfg, func(ctx context.Context, lim outcome.Limits) outcome.Outcome {
		return r.execute(ctx, prog, cfg, lim, nil)
	})
}

// bounded runs work on a goroutine of its own (workers.go), or on the caller's
// (Options.Inline), under the run's deadline
// (outcome.Bound: work gets it in its context, and the resolved limits) and turns a
// panic that escapes it (a bug in the parser, validator or evaluator) into StatusCrash.
func (r *Runner) bounded(ctx context.Context, cfg outcome.Config, work func(context.Context, outcome.Limits) outcome.Outcome) outcome.Outcome {
	ctx, cancel, cfg := outcome.Bound(ctx, cfg)
	defer cancel()
	lim := cfg.Limits
	if r.opts.Inline {
		return runInline(ctx, lim, work)
	}
	done := make(chan outcome.Outcome, 1)
	goRun(func() {
		defer func() {
			if p := recover(); p != nil {
				done <- crashOutcome(p)
			}
		}()
		done <- work(ctx, lim)
	})
	select {
	case o := <-done:
		return o
	case <-ctx.Done():
	}
	grace := time.NewTimer(timeoutGrace)
	defer grace.Stop()
	select {
	case o := <-done:
		return o
	case <-grace.C:
		r.abandoned.Add(1)
		r.abandonedRunning.Add(1)
		go func() {
			<-done
			r.abandonedRunning.Add(-1)
		}()
		return outcome.Outcome{Status: outcome.StatusTimeout, Detail: "the run did not finish before its deadline (" + ctx.Err().Error() + ")"}
	}
}

// runInline is bounded's work on the calling goroutine (Options.Inline).
func runInline(ctx context.Context, lim outcome.Limits, work func(context.Context, outcome.Limits) outcome.Outcome) (o outcome.Outcome) {
	defer func() {
		if p := recover(); p != nil {
			o = crashOutcome(p)
		}
	}()
	return work(ctx, lim)
}

// crashOutcome is the Outcome of a panic that escaped a run.
func crashOutcome(p any) outcome.Outcome {
	return outcome.Outcome{Status: outcome.StatusCrash, Detail: fmt.Sprintf("panic in the Go implementation: %v\n%s", p, debug.Stack())}
}

func (r *Runner) runSource(ctx context.Context, source string, cfg outcome.Config, lim outcome.Limits) outcome.Outcome {
	var prog *ast.Program
	var diags []diag.Diagnostic
	var traceRoom *[]outcome.Event
	if r.opts.ReuseTrees && r.treesMu.TryLock() {
		defer r.treesMu.Unlock() // the tree is in use until the run ends
		prog, diags = r.trees.Parse(cfg.File, source)
		traceRoom = &r.traceRoom
	} else {
		prog, diags = syntax.Parse(cfg.File, source)
	}
	if len(diags) == 1 && diags[0].Code == syntax.CodeTooDeep {
		// Not an A0 diagnostic: the parser's own nesting bound, a harness limit like the
		// reference's engine stack.
		return outcome.Outcome{Status: outcome.StatusResource, Limit: outcome.LimitNesting, Detail: "maxNesting: " + diags[0].Message}
	}
	if len(diags) == 1 && diags[0].Code == syntax.CodeInternal {
		// Not an A0 diagnostic: the parser failed, as a panic in the evaluator does.
		return outcome.Outcome{Status: outcome.StatusCrash, Detail: diags[0].Message + "\n" + diags[0].Hint}
	}
	if len(diags) > 0 {
		return outcome.Outcome{Status: outcome.StatusOK, ExitCode: 2, Errors: diags}
	}
	res := validate.Check(prog)
	if res.UnsupportedSpread {
		// The reference's validator crashes with a TypeError (spec §4.5): exit 1 and
		// nothing else.
		return outcome.Outcome{Status: outcome.StatusOK, ExitCode: 1}
	}
	if len(res.Diagnostics) > 0 {
		return outcome.Outcome{Status: outcome.StatusOK, ExitCode: 2, Errors: res.Diagnostics}
	}
	return r.execute(ctx, prog, cfg, lim, traceRoom)
}

// maxTraceRoom bounds the trace memory a Runner keeps for its next run.
const maxTraceRoom = 1 << 16

// execute evaluates prog over a fresh tool kit and builds the Outcome. traceRoom (nil:
// none) is the memory the trace is written into when it fits, and is given the trace's
// for the next run.
func (r *Runner) execute(ctx context.Context, prog *ast.Program, cfg outcome.Config, lim outcome.Limits, traceRoom *[]outcome.Event) outcome.Outcome {
	var room []outcome.Event
	if traceRoom != nil {
		room = *traceRoom
	}
	var kit toolkit.Kit
	if r.opts.Kit != nil {
		kit = r.opts.Kit(cfg.Fixtures)
	} else {
		kit = &lazyVirtual{fixtures: cfg.Fixtures}
	}
	res := eval.Run(ctx, prog, eval.Options{
		File:      cfg.File,
		Allow:     cfg.Allow,
		Kit:       kit,
		Stdlib:    r.opts.Stdlib,
		Limits:    lim,
		TraceRoom: room,
	})
	if traceRoom != nil && cap(res.Trace) > cap(room) && cap(res.Trace) <= maxTraceRoom {
		*traceRoom = res.Trace
	}
	if res.Status != outcome.StatusOK && res.Limit == "" {
		return outcome.Outcome{Status: res.Status, Detail: res.Detail}
	}
	o := outcome.Outcome{Status: res.Status, Limit: res.Limit, Detail: res.Detail, Evidence: res.Evidence, Trace: res.Trace}
	o.ToolCalls = kit.Calls()
	switch {
	case res.Status != outcome.StatusOK:
		// A harness limit: the partial outcome, no value, no error.
	case res.Err != nil:
		o.ExitCode = ExitCode(res.Err.Code)
		o.Errors = []outcome.Diagnostic{res.Err.Diagnostic()}
	default:
		o.Value, o.HasValue = res.Value, true
		o.ExitCode = 0
		if anyFailed(res.Evidence) {
			o.ExitCode = 5
		}
	}
	if detail, ok := fitsSizeLimit(o, lim.MaxSize); !ok {
		// The Outcome is too big to report; the tool calls stay, as the reference's host
		// attaches the calls it recorded to every outcome (each call was bounded when made).
		return outcome.Outcome{Status: outcome.StatusResource, Limit: outcome.LimitSize, ToolCalls: o.ToolCalls, Detail: "maxSize: " + detail}
	}
	return o
}

// ExitCode is the exit status of a run that ended with the runtime error code (§7.2).
func ExitCode(code diag.Code) int {
	switch code {
	case diag.CapDenied:
		return 3
	case diag.Assert:
		return 5
	}
	return 4
}

// anyFailed reports whether an evidence record has ok: false.
func anyFailed(evidence []value.Value) bool {
	for _, e := range evidence {
		if r, ok := e.(*value.Record); ok {
			if v, _ := r.Get("ok"); v == false {
				return true
			}
		}
	}
	return false
}

// fitsSizeLimit applies Limits.MaxSize to every value the Outcome serialises (the result,
// evidence, error details, trace data), the last of the serialisation points
// outcome.Limits names, as the reference does when it writes its Outcome text.
func fitsSizeLimit(o outcome.Outcome, maxSize int) (string, bool) {
	check := func(what string, v value.Value) (string, bool) {
		if v == nil {
			return "", true
		}
		if err := eval.CheckSerialisable(v, maxSize); err != nil {
			return what + ": " + err.Error(), false
		}
		return "", true
	}
	if o.HasValue {
		if d, ok := check("result", o.Value); !ok {
			return d, false
		}
	}
	for _, e := range o.Evidence {
		if d, ok := check("evidence", e); !ok {
			return d, false
		}
	}
	for _, d := range o.Errors {
		if d.Details != nil {
			if msg, ok := check("error details", d.Details); !ok {
				return msg, false
			}
		}
	}
	// The call events of one function share one data record: check it once.
	var checked *value.Record
	for _, e := range o.Trace {
		if r, ok := e.Data.(*value.Record); ok && r == checked {
			continue
		}
		if e.Data != nil {
			if d, ok := check(string(e.Event)+" data", e.Data); !ok {
				return d, false
			}
			checked, _ = e.Data.(*value.Record)
		}
	}
	// Tool calls are not checked here: the reference's host records them, outside the
	// bundle's Outcome text, and each call's arguments and result were bounded when the
	// call was made (eval checks them at the same points as the reference).
	return "", true
}
