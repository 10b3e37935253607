// Package outcome defines what one run of an A0 program produced — the canonical Outcome
// both implementations report and the differ compares — and the Config (host
// configuration) a run is given.
//
// An Outcome crosses process and engine boundaries as canonical JSON (see Marshal):
//
//	{"status":"ok","exitCode":0,"value":…,"errors":[…],"evidence":[…],"trace":[…],"toolCalls":[…]}
//
// Values inside it (the result, diagnostic details, evidence, trace data, tool arguments
// and results) use value.MarshalCanonical, so −0, NaN and ±Infinity survive as
// {"$number":"-0"} etc. Volatile fields are removed by Normalize, which both sides'
// Outcomes pass through before comparison: `durationMs` in run_end/tool_end data and the
// `actual` of a timeMs budget_exceeded event (spec Appendix D).
//
// Section numbers (§N) and appendices refer to doc/a0.md, the project's reference of A0.
package outcome

import (
	"context"
	"fmt"
	"runtime/debug"
	"time"

	"github.com/a0diff/a0diff/runtime/ast"
	"github.com/a0diff/a0diff/runtime/diag"
	"github.com/a0diff/a0diff/runtime/value"
)

// Status classifies how an implementation's run ended, independently of A0's exit code.
type Status string

const (
	// StatusOK: the implementation ran the program to an A0 outcome (any exit code).
	StatusOK Status = "ok"
	// StatusCrash: the implementation itself failed (Go panic, JS exception escaping the
	// reference, undecodable result). Detail carries the stack.
	StatusCrash Status = "crash"
	// StatusTimeout: the run did not finish before its deadline.
	StatusTimeout Status = "timeout"
	// StatusResource: a harness limit (Limits.MaxSteps, MaxDepth, MaxSize, MaxNesting,
	// or an engine's own stack) ended the run; Outcome.Limit says which.
	StatusResource Status = "resource"
)

// Outcome is the canonical result of one run.
type Outcome struct {
	Status   Status
	ExitCode int
	// Value is the program's result; meaningful only when HasValue (the run completed:
	// exit 0, or 5 because of failed evidence).
	Value    value.Value
	HasValue bool
	// Errors holds the compile-time diagnostics (exit 2) or the one runtime error.
	Errors []Diagnostic
	// Evidence holds the evidence records (kind, ok, msg, span, details?) in order.
	Evidence []value.Value
	Trace    []Event
	// ToolCalls is what the hermetic tool kit saw, in order.
	ToolCalls []Call
	// Limit names the harness limit that ended a StatusResource run (LimitSteps, …), ""
	// for an engine's own stack and for every other status. A run ended by a limit during
	// evaluation keeps what it produced before it (Trace, Evidence, ToolCalls; never a
	// Value or Errors); one whose Outcome is over MaxSize keeps only its ToolCalls.
	Limit LimitName
	// Detail explains a non-ok Status (stack trace, which limit); it is never compared.
	Detail string
}

// Diagnostic is a compile-time diagnostic or a runtime error (spec §7.5); Details is nil
// when absent, else a *value.Record.
type Diagnostic = diag.Diagnostic

// Code is a diagnostic's code (package diag lists the codes).
type Code = diag.Code

// Event is one trace event (spec §6.2) without its ts and runId.
type Event struct {
	Event EventName
	Span  *ast.Span   // nil when absent
	Data  value.Value // nil when absent (stmt_start/stmt_end), else a *value.Record
}

// Config is the host configuration of one run: everything besides the source text.
type Config struct {
	// File is the span file name (spec §3.1), e.g. "ex01.a0".
	File string
	// Allow lists the allowed capabilities (the policy of spec §9.3); nil allows nothing.
	Allow []string
	// Fixtures feed the hermetic tool kit.
	Fixtures Fixtures
	// Limits bound the run; zero fields take the defaults of DefaultLimits.
	Limits Limits
}

// Limits are the harness's own bounds (not A0 budgets). Both implementations enforce them
// at the same points, so that a program over a limit ends as StatusResource on both
// sides, at the same point, with the same partial trace:
//
//   - MaxSteps is the deterministic step limit (wasmtime's "fuel"): a run may take at
//     most MaxSteps steps, a step being one trace event (spec §6.2, the events of the
//     run's Outcome, before its run_end) or one iteration counted as §5.16 counts them
//     (before each body of for, block filter and loop, and each callback of map, fn:
//     filter and reduce — the one kind of unbounded work that need not emit an event: a
//     loop with an empty body). The step that would be step MaxSteps+1 ends the run
//     with StatusResource and Limit LimitSteps before it happens: the Outcome keeps the
//     events emitted so far (at most MaxSteps, no run_end), the evidence and the tool
//     calls. Within an iteration the step is taken before the §5.16 counter, so a
//     maxIterations budget trips only at an iteration the fuel allows. Every unbounded
//     computation of A0 — loop, for and filter bodies, callbacks, recursion (fn_call_start)
//     — takes steps, so MaxSteps bounds the run's events, evidence and tool calls, and
//     with MaxSize its memory (README.md, "Limits and their costs").
//   - MaxDepth bounds nested user-function invocations (direct calls and map/filter/reduce
//     callbacks). The call that would make the depth exceed MaxDepth ends the run with
//     StatusResource; A0's try/catch cannot catch it.
//   - MaxSize bounds the length (list elements, string UTF-16 code units) of every list
//     or string produced by binary `+`, by a stdlib function or by a list literal (after
//     its elements are evaluated), checked on the produced value, and the node count of
//     any value serialised to text (tool arguments, tool results before tool_end, JSON,
//     String(), the values of the Outcome itself, not its tool calls). Exceeding it ends
//     the run with StatusResource. A value's nodes are its own: a record whose toJSON
//     (a function value reached through a prototype, spec §10.2) changes what
//     JSON.stringify writes is counted as the record — itself, each own member, the
//     toJSON member included — before toJSON is applied, and the toJSON result is not
//     counted (the reference's jsonText: checkNodes, then JSON.stringify). That is the
//     count for sort's comparison texts, the loop 'times' message, patch test messages
//     and fs.write's data (value.JSONLimit, value.CheckNodes). At the same points, and
//     counted before anything is written, the value's text units are bounded by
//     value.TextLimit(MaxSize): one per node plus the UTF-16 length of every string and
//     (JSON-like texts) record key; over it is maxSize too.
//   - Timeout is the wall-clock deadline of the run (StatusTimeout); it is the host's
//     business and is not passed to the reference.
//
// The parsers' nesting bound (syntax.MaxNesting, LimitNesting) is fixed, not a field.
type Limits struct {
	MaxSteps int
	MaxDepth int
	MaxSize  int
	Timeout  time.Duration
}

// DefaultLimits are used for zero fields of Limits. MaxSteps: the largest corpus entry
// takes about 12 000 steps (a recursion through a block if), Appendix B programs and
// generated ones at most a few hundred, and a recursion to the default MaxDepth at least
// 40 000 (so MaxDepth, not MaxSteps, ends a runaway recursion); 100 000 steps take the Go
// evaluator about 10 ms and the reference in goja about 0.6 s (a runaway loop: two
// events and one iteration per pass), so a runaway program ends in under a second on both
// sides instead of at the deadline.
var DefaultLimits = Limits{MaxSteps: 100_000, MaxDepth: 10000, MaxSize: 1 << 20, Timeout: 10 * time.Second}

// WithDefaults returns l with zero fields replaced by DefaultLimits.
func (l Limits) WithDefaults() Limits {
	if l.MaxSteps <= 0 {
		l.MaxSteps = DefaultLimits.MaxSteps
	}
	if l.MaxDepth <= 0 {
		l.MaxDepth = DefaultLimits.MaxDepth
	}
	if l.MaxSize <= 0 {
		l.MaxSize = DefaultLimits.MaxSize
	}
	if l.Timeout <= 0 {
		l.Timeout = DefaultLimits.Timeout
	}
	return l
}

// Runner is one A0 implementation as the harness drives it: the Go evaluator
// (runtime/run) or a reference bundle hosted in goja (reference/ts-bundle).
//
// Run executes source (already decoded from the file's bytes to valid UTF-8, see
// syntax.DecodeSource) under cfg and returns its Outcome, never an error: every failure of
// the implementation itself is classified in Outcome.Status. Run must return by the
// deadline of ctx (or cfg.Limits.Timeout, whichever is earlier: Bound) and be safe for
// concurrent use.
type Runner interface {
	Name() string
	Run(ctx context.Context, source string, cfg Config) Outcome
}

// SafeRun calls r.Run, turning a panic that escapes the implementation (which the Runner
// contract forbids, so it is an implementation bug) into a StatusCrash outcome carrying
// the panic and its stack, so that one broken case cannot take the harness down.
func SafeRun(ctx context.Context, r Runner, source string, cfg Config) (o Outcome) {
	defer func() {
		if p := recover(); p != nil {
			o = Outcome{Status: StatusCrash, Detail: fmt.Sprintf("%s runner panicked: %v\n%s", r.Name(), p, debug.Stack())}
		}
	}()
	return r.Run(ctx, source, cfg)
}
