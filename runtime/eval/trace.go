package eval

import (
	"sync"

	"github.com/a0diff/a0diff/runtime/ast"
	"github.com/a0diff/a0diff/runtime/outcome"
	"github.com/a0diff/a0diff/runtime/value"
)

// emit appends one trace event (spec §6.2), a step of Limits.MaxSteps. data is nil for stmt_start and stmt_end; its
// keys are set by the callers in the order §6.2 fixes.
func (ev *evaluator) emit(event outcome.EventName, span *ast.Span, data *value.Record) {
	ev.takeStep()
	e := outcome.Event{Event: event, Span: span}
	if data != nil {
		e.Data = data
	}
	ev.trace.add(e)
}

// traceLog collects a run's events in scratch blocks and copies them once, at the end,
// into a slice of exactly the trace's length. The trace is most of what a run allocates:
// growing one slice by append would allocate (and zero, and copy) about five times the
// final size in a loop of many events, and twice to four times in a short run. Scratch
// blocks are recycled from run to run (traceScratch), so a run allocates its trace once.
type traceLog struct {
	cur    []outcome.Event    // the block being filled (blocks[used-1] holds its start)
	blocks *[][]outcome.Event // scratch blocks from traceScratch; nil before the first event
	used   int                // blocks in use, the last one being filled
	n      int                // events in the blocks before cur
	room   []outcome.Event    // Options.TraceRoom
}

// Block sizes start small (most runs emit a few dozen events) and double up to a bound,
// so every run uses the same sequence of sizes and any run's blocks fit any other run.
const (
	firstTraceBlock = 16
	maxTraceBlock   = 4096
	// maxRecycledEvents bounds the scratch kept for the next run.
	maxRecycledEvents = 1 << 16
)

// traceScratch holds the scratch blocks of finished runs (*[][]outcome.Event, every
// block empty). The blocks are not cleared: the old events they still hold keep their
// spans and data reachable only until the pool lets go of them at a later GC, and
// clearing would cost as much as the copy in events().
var traceScratch = sync.Pool{New: func() any { return new([][]outcome.Event) }}

func (t *traceLog) add(e outcome.Event) {
	if len(t.cur) == cap(t.cur) {
		t.grow()
	}
	t.cur = append(t.cur, e)
}

// grow files the full current block and starts the next one, a recycled one when there
// is one.
func (t *traceLog) grow() {
	if t.blocks == nil {
		t.blocks = traceScratch.Get().(*[][]outcome.Event)
	}
	bs := *t.blocks
	if t.used > 0 {
		bs[t.used-1] = t.cur
		t.n += len(t.cur)
	}
	if t.used == len(bs) {
		size := firstTraceBlock
		if t.used > 0 {
			size = min(2*cap(t.cur), maxTraceBlock)
		}
		bs = append(bs, make([]outcome.Event, 0, size))
		*t.blocks = bs
	}
	t.cur = bs[t.used][:0]
	t.used++
}

// events returns every event in emission order and recycles the scratch blocks; the
// log is empty afterwards.
func (t *traceLog) events() []outcome.Event {
	if t.used == 0 {
		return nil
	}
	bs := *t.blocks
	bs[t.used-1] = t.cur
	out := t.room[:0]
	if n := t.n + len(t.cur); cap(out) < n {
		out = make([]outcome.Event, 0, n)
	}
	for _, b := range bs[:t.used] {
		out = append(out, b...)
	}
	keep, room := 0, maxRecycledEvents
	for keep < len(bs) && cap(bs[keep]) <= room {
		room -= cap(bs[keep])
		bs[keep] = bs[keep][:0]
		keep++
	}
	clear(bs[keep:])
	*t.blocks = bs[:keep]
	traceScratch.Put(t.blocks)
	*t = traceLog{}
	return out
}

// emitFn emits a call event of f, whose only data is {"fn": name} (f's registry name).
// Event data is never modified after emission, so one record per function serves every
// such event (calls are the most frequent events after statements).
func (ev *evaluator) emitFn(event outcome.EventName, span *ast.Span, f *userFn) {
	if f.callData == nil {
		f.callData = value.NewRecordSize(1)
		f.callData.Set("fn", f.decl.Name)
	}
	ev.emit(event, span, f.callData)
}

// emit2 emits an event whose data has two keys, in the order given.
func (ev *evaluator) emit2(event outcome.EventName, span *ast.Span, k1 string, v1 value.Value, k2 string, v2 value.Value) {
	d := value.NewRecordSize(2)
	d.Set(k1, v1)
	d.Set(k2, v2)
	ev.emit(event, span, d)
}

// emit1 emits an event whose data has one key.
func (ev *evaluator) emit1(event outcome.EventName, span *ast.Span, k string, v value.Value) {
	d := value.NewRecordSize(1)
	d.Set(k, v)
	ev.emit(event, span, d)
}
