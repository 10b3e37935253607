package eval

import (
	"time"

	"github.com/a0diff/a0diff/runtime/ast"
	"github.com/a0diff/a0diff/runtime/diag"
	"github.com/a0diff/a0diff/runtime/outcome"
	"github.com/a0diff/a0diff/runtime/value"
)

// budget holds the limits declared by the program's budget headers (spec §5.16). A field
// that is not declared is unlimited; a declared 0 is enforced literally.
type budget struct {
	fields []string // declared fields in order of first appearance (for run_start)
	values map[string]float64

	hasTime, hasIterations, hasToolCalls, hasBytes bool
	timeMs, maxIterations, maxToolCalls, maxBytes  float64
}

// counters are program-wide and never reset, even when `try` catches an E_BUDGET.
type counters struct {
	iterations, toolCalls, bytesWritten float64
}

var budgetFields = map[string]bool{"timeMs": true, "maxToolCalls": true, "maxBytesWritten": true, "maxIterations": true}

// extractBudget reads every budget header in order; later values override earlier ones
// field by field. Only integer literals count (anything else is a validation error).
func extractBudget(prog *ast.Program) budget {
	var b budget
	for _, h := range prog.Headers {
		d, ok := h.(*ast.BudgetDecl)
		if !ok || d.Budget == nil {
			continue
		}
		for _, e := range d.Budget.Pairs {
			p, ok := e.(*ast.RecordPair)
			if !ok || !budgetFields[p.Key] {
				continue
			}
			lit, ok := p.Value.(*ast.IntLiteral)
			if !ok {
				continue
			}
			if _, seen := b.values[p.Key]; !seen {
				b.fields = append(b.fields, p.Key)
			}
			if b.values == nil {
				b.values = make(map[string]float64, len(budgetFields))
			}
			b.values[p.Key] = lit.Value
		}
	}
	b.timeMs, b.hasTime = b.values["timeMs"]
	b.maxIterations, b.hasIterations = b.values["maxIterations"]
	b.maxToolCalls, b.hasToolCalls = b.values["maxToolCalls"]
	b.maxBytes, b.hasBytes = b.values["maxBytesWritten"]
	return b
}

// record is run_start's budget data, or nil when no field is declared.
func (b budget) record() *value.Record {
	if len(b.fields) == 0 {
		return nil
	}
	r := value.NewRecordSize(len(b.fields))
	for _, f := range b.fields {
		r.Set(f, b.values[f])
	}
	return r
}

// clock measures whole milliseconds the way the reference's Date.now() differences do
// (each reading floored to a millisecond), using Go's monotonic clock.
type clock struct {
	start   time.Time
	startNs int64
}

func startClock() clock {
	now := time.Now()
	return clock{start: now, startNs: now.UnixNano()}
}

func (c clock) elapsedMs() float64 {
	now := c.startNs + int64(time.Since(c.start))
	return float64(now/1e6 - c.startNs/1e6)
}

// exceeded emits budget_exceeded at node n and returns the E_BUDGET error.
func (ev *evaluator) exceeded(n ast.Node, field string, limit, actual float64, message string) error {
	d := detailRecord("budget", field, "limit", limit, "actual", actual)
	span := spanPtr(n)
	ev.emit(outcome.EventBudgetExceeded, span, d)
	return &Error{Code: diag.Budget, Message: message, Span: span, Details: d}
}

// checkTime is the time-budget check performed at statements, expression entries and
// after stdlib and tool calls.
func (ev *evaluator) checkTime(n ast.Node) error {
	if !ev.budget.hasTime {
		return nil
	}
	elapsed := ev.clock.elapsedMs()
	if elapsed > ev.budget.timeMs {
		return ev.exceeded(n, "timeMs", ev.budget.timeMs, elapsed,
			"Budget exceeded: timeMs limit of "+value.FormatNumber(ev.budget.timeMs)+"ms exceeded ("+value.FormatNumber(elapsed)+"ms elapsed).")
	}
	return nil
}

// countIteration counts one loop iteration or callback invocation at node n: first as a
// step of Limits.MaxSteps, then for the maxIterations budget.
func (ev *evaluator) countIteration(n ast.Node) error {
	ev.takeStep()
	ev.counters.iterations++
	if ev.budget.hasIterations && ev.counters.iterations > ev.budget.maxIterations {
		return ev.exceeded(n, "maxIterations", ev.budget.maxIterations, ev.counters.iterations,
			"Budget exceeded: maxIterations limit of "+value.FormatNumber(ev.budget.maxIterations)+" reached.")
	}
	return nil
}

// countToolCall counts one tool call that passed argument validation.
func (ev *evaluator) countToolCall(n ast.Node) error {
	ev.counters.toolCalls++
	if ev.budget.hasToolCalls && ev.counters.toolCalls > ev.budget.maxToolCalls {
		return ev.exceeded(n, "maxToolCalls", ev.budget.maxToolCalls, ev.counters.toolCalls,
			"Budget exceeded: maxToolCalls limit of "+value.FormatNumber(ev.budget.maxToolCalls)+" reached.")
	}
	return nil
}

// countBytes adds the bytes a tool reported writing.
func (ev *evaluator) countBytes(n ast.Node, bytes float64) error {
	ev.counters.bytesWritten += bytes
	if ev.budget.hasBytes && ev.counters.bytesWritten > ev.budget.maxBytes {
		return ev.exceeded(n, "maxBytesWritten", ev.budget.maxBytes, ev.counters.bytesWritten,
			"Budget exceeded: maxBytesWritten limit of "+value.FormatNumber(ev.budget.maxBytes)+" bytes exceeded ("+value.FormatNumber(ev.counters.bytesWritten)+" bytes written).")
	}
	return nil
}
