package eval

import (
	"github.com/a0diff/a0diff/runtime/ast"
	"github.com/a0diff/a0diff/runtime/outcome"
	"github.com/a0diff/a0diff/runtime/value"
)

// emit appends one trace event (spec §6.2). data is nil for stmt_start and stmt_end; its
// keys are set by the callers in the order §6.2 fixes.
func (ev *evaluator) emit(event string, span *ast.Span, data *value.Record) {
	e := outcome.Event{Event: event, Span: span}
	if data != nil {
		e.Data = data
	}
	ev.trace.add(e)
}

// traceLog collects a run's events in blocks and joins them once at the end. A loop
// emits tens of thousands of events; growing one slice by append would allocate (and
// copy, and zero) about five times the final size, blocks cost about twice.
type traceLog struct {
	full [][]outcome.Event // filled blocks, in order
	cur  []outcome.Event   // the block being filled
	n    int               // events in full
}

// Block sizes start small (most runs emit a few dozen events) and double up to a bound.
const (
	firstTraceBlock = 32
	maxTraceBlock   = 4096
)

func (t *traceLog) add(e outcome.Event) {
	if len(t.cur) == cap(t.cur) {
		size := firstTraceBlock
		if c := cap(t.cur); c > 0 {
			t.full = append(t.full, t.cur)
			t.n += c
			size = min(2*c, maxTraceBlock)
		}
		t.cur = make([]outcome.Event, 0, size)
	}
	t.cur = append(t.cur, e)
}

// events returns every event in emission order.
func (t *traceLog) events() []outcome.Event {
	if len(t.full) == 0 {
		return t.cur
	}
	out := make([]outcome.Event, 0, t.n+len(t.cur))
	for _, b := range t.full {
		out = append(out, b...)
	}
	return append(out, t.cur...)
}

// emitFn emits the events whose only data is {"fn": name}. Event data is never
// modified after emission, so one record per function name serves every such event
// (calls are the most frequent events after statements).
func (ev *evaluator) emitFn(event string, span *ast.Span, name string) {
	d, ok := ev.fnData[name]
	if !ok {
		d = value.NewRecordSize(1)
		d.Set("fn", name)
		if ev.fnData == nil {
			ev.fnData = make(map[string]*value.Record)
		}
		ev.fnData[name] = d
	}
	ev.emit(event, span, d)
}

// emit2 emits an event whose data has two keys, in the order given.
func (ev *evaluator) emit2(event string, span *ast.Span, k1 string, v1 value.Value, k2 string, v2 value.Value) {
	d := value.NewRecordSize(2)
	d.Set(k1, v1)
	d.Set(k2, v2)
	ev.emit(event, span, d)
}

// emit1 emits an event whose data has one key.
func (ev *evaluator) emit1(event string, span *ast.Span, k string, v value.Value) {
	d := value.NewRecordSize(1)
	d.Set(k, v)
	ev.emit(event, span, d)
}
