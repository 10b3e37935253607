package tsbundle

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/big"
	"reflect"
	"runtime"
	"runtime/debug"
	"strconv"
	"sync"
	"sync/atomic"
	"time"
	"unicode/utf8"

	"github.com/a0diff/a0diff/runtime/outcome"
	"github.com/a0diff/a0diff/runtime/toolkit"
	"github.com/dop251/goja"
)

// defaultGrace is how long a run may outlive its deadline after the interrupt before it
// is abandoned (outcome.GraceBundle, one of the graces of outcome's table).
const defaultGrace = outcome.GraceBundle

// Option configures a Runner.
type Option func(*options)

type options struct {
	newKit       func(outcome.Fixtures) toolkit.Kit
	maxCallStack int
	grace        time.Duration
	maxIdle      int
	textOutcome  bool // host.outcome declines (withTextOutcome)
	inline       bool // runs on the caller's goroutine (WithInline)
}

// WithKit replaces the tool kit a run's host.call uses (a fresh toolkit.Virtual by
// default): newKit is called once per run (on its first tool call) with the case's
// fixtures. The catalogue (host.tools) and argument validation (host.validate) stay the
// shipped ones. A worker process passes the kits that call its host (worker.HostKit);
// tests pass tools that fail or panic.
func WithKit(newKit func(outcome.Fixtures) toolkit.Kit) Option {
	return func(o *options) { o.newKit = newKit }
}

// WithMaxCallStack sets the JavaScript call-depth limit of each runtime (default
// 250 000 frames); exceeding it ends the run with StatusResource.
func WithMaxCallStack(frames int) Option {
	return func(o *options) {
		if frames > 0 {
			o.maxCallStack = frames
		}
	}
}

// WithGrace sets how long a run may outlive its deadline before it is abandoned
// (default 500ms).
func WithGrace(d time.Duration) Option {
	return func(o *options) {
		if d > 0 {
			o.grace = d
		}
	}
}

// WithMaxIdle caps the number of idle runtimes the Runner keeps (default: no cap, so the
// pool settles at the peak number of concurrent runs).
func WithMaxIdle(n int) Option {
	return func(o *options) { o.maxIdle = n }
}

// WithInline runs each program on the goroutine that calls Run, with the deadline
// interrupting its JavaScript through a timer (goja's Runtime.Interrupt), instead of
// handing it to a goroutine of its own that Run can abandon. Handing a run over wakes a
// second thread when a processor is idle, about a thread switch per run; inline, nothing
// abandons a run stuck where goja cannot interrupt it (a native built-in, a host call
// that never returns): Run returns when the run does. Only for a caller that bounds a
// stuck run itself — a batch worker, which its supervisor kills when its progress cell
// stops moving past the case's deadline (worker.Batch) and whose case it then runs again
// in per-case workers.
func WithInline() Option {
	return func(o *options) { o.inline = true }
}

// withTextOutcome makes host.outcome decline, so that the bundle returns its Outcome as
// text: what a bundle without the hand-over does (tests compare the two).
func withTextOutcome() Option {
	return func(o *options) { o.textOutcome = true }
}

// Stats are the Runner's counters.
type Stats struct {
	Runs int64 // Run calls
	// RuntimesCreated counts goja runtimes created (each evaluates the bundle once; the
	// runtime that checked the bundle, Bundle.Check, is taken over by the first Runner
	// that needs one).
	RuntimesCreated   int64
	RuntimesDiscarded int64 // runtimes dropped after a run that did not end cleanly
	// Abandoned counts runs given up because their JavaScript was still running after
	// deadline + grace (stuck in a native built-in). Each left a goroutine behind.
	Abandoned int64
	// AbandonedRunning is how many of those goroutines are still running now: leaked
	// goroutines holding a runtime and burning CPU.
	AbandonedRunning int64
}

// Runner runs programs through a bundle. It implements outcome.Runner, is safe for
// concurrent use, and reuses goja runtimes across runs.
type Runner struct {
	bundle *Bundle
	opts   options

	pool *enginePool

	runs, created, discarded, abandoned, abandonedRunning atomic.Int64
	handed                                                atomic.Int64 // runs whose Outcome host.outcome read
}

var _ outcome.Runner = (*Runner)(nil)

// NewRunner returns a Runner over b.
func NewRunner(b *Bundle, opts ...Option) *Runner {
	o := options{newKit: newShippedKit, maxCallStack: defaultMaxCallStack, grace: defaultGrace}
	for _, opt := range opts {
		opt(&o)
	}
	r := &Runner{bundle: b, opts: o, pool: &enginePool{}}
	// A Runner dropped without Close would otherwise leave its idle engines' run
	// goroutines (engine.serve) waiting for work forever, each holding its runtime.
	runtime.AddCleanup(r, (*enginePool).close, r.pool)
	return r
}

// enginePool holds a Runner's idle engines. It is apart from the Runner so that the
// Runner's cleanup can stop the engines' goroutines when the Runner is dropped unclosed.
type enginePool struct {
	mu     sync.Mutex
	idle   []*engine
	closed bool
}

// close drops the idle engines, ending their run goroutines.
func (p *enginePool) close() {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.closed = true
	for _, e := range p.idle {
		e.stop()
	}
	p.idle = nil
}

// Name is "ref".
func (r *Runner) Name() string { return "ref" }

// Bundle is the bundle the Runner runs.
func (r *Runner) Bundle() *Bundle { return r.bundle }

// Stats returns a snapshot of the Runner's counters.
func (r *Runner) Stats() Stats {
	return Stats{
		Runs:              r.runs.Load(),
		RuntimesCreated:   r.created.Load(),
		RuntimesDiscarded: r.discarded.Load(),
		Abandoned:         r.abandoned.Load(),
		AbandonedRunning:  r.abandonedRunning.Load(),
	}
}

// Abandoned reports the runs given up at their deadline because their JavaScript could
// not be stopped (stuck in a native built-in that goja does not interrupt): total since
// the Runner was made, and running, those whose goroutine has not returned yet (each
// holds a runtime and may burn a CPU; it ends when the built-in returns). Callers show
// both in their summaries; a growing running count means the process should be
// restarted.
func (r *Runner) Abandoned() (running, total int64) {
	return r.abandonedRunning.Load(), r.abandoned.Load()
}

// Close drops the idle runtimes. Runs in progress finish normally; later runs report
// StatusCrash. Abandoned goroutines cannot be stopped and are not affected.
func (r *Runner) Close() error {
	r.pool.close()
	return nil
}

// jsResult is what the goroutine running JavaScript reports back.
type jsResult struct {
	initErr error      // evaluating the bundle failed
	err     error      // run threw, was interrupted, overflowed the stack, or rejected
	ret     goja.Value // run's (settled) return value
	text    string     // ret as JSON text when it is a string
	goPanic string     // a Go panic escaped the engine, with its stack
	// exception is the text of a JavaScript exception escaping run (err is then a
	// *goja.Exception), read on the run's goroutine: reading it runs the thrown value's
	// toString or message getter, JavaScript that must stay under the deadline.
	exception string
	// ended is when the run's goroutine finished: a run that ended after its deadline is
	// a timeout even when its result, not the timer, was seen first (on a loaded machine
	// both are ready by the time the runner looks, and select picks one at random).
	ended time.Time
}

// Run executes source under cfg. It returns by the run's deadline (outcome.Bound: ctx's
// or cfg.Limits.Timeout from now, whichever is earlier) plus the grace period, whatever
// the bundle does.
func (r *Runner) Run(ctx context.Context, source string, cfg outcome.Config) outcome.Outcome {
	r.runs.Add(1)
	ctx, cancel, cfg := outcome.Bound(ctx, cfg)
	defer cancel()
	deadline, _ := ctx.Deadline()
	if err := ctx.Err(); err != nil {
		return hostOutcome(outcome.StatusTimeout, "the run was not started: "+err.Error())
	}
	e, err := r.acquire()
	if err != nil {
		return hostOutcome(outcome.StatusCrash, err.Error())
	}

	st := &runState{cfg: cfg, newKit: r.opts.newKit, textOutcome: r.opts.textOutcome}
	if r.opts.inline {
		return r.runInline(ctx, deadline, e, st, source, cfg)
	}
	done := e.submit(st, source, configText(cfg))

	var res jsResult
	var stop error // why the run was interrupted, nil when it was not
	select {
	case res = <-done:
		if !res.ended.Before(deadline) {
			r.discard(e)
			return hostOutcome(outcome.StatusTimeout, "the run ended after its deadline: "+outcome.ErrDeadline.Error())
		}
	case <-ctx.Done():
		// The run's own deadline (outcome.ErrDeadline), or the caller's context.
		stop = context.Cause(ctx)
	}
	interrupted := stop != nil
	if interrupted {
		e.rt.Interrupt(stop)
		grace := time.NewTimer(r.opts.grace)
		defer grace.Stop()
		select {
		case res = <-done:
		case <-grace.C:
			r.abandon(e, done)
			o := hostOutcome(outcome.StatusTimeout, fmt.Sprintf(
				"the run did not stop within %v of its deadline (stuck where goja cannot interrupt it: in a native built-in or a host call) and was abandoned: its goroutine keeps running", r.opts.grace))
			o.ToolCalls = st.callsIfIdle()
			return o
		}
	}

	return r.finish(e, res, st, interrupted)
}

// runInline is Run on the caller's goroutine (WithInline): the run's context, when it
// ends (the deadline, or the caller's cancellation), interrupts the JavaScript from the
// timer's goroutine, which is safe in goja at any moment.
func (r *Runner) runInline(ctx context.Context, deadline time.Time, e *engine, st *runState, source string, cfg outcome.Config) outcome.Outcome {
	stopInterrupt := context.AfterFunc(ctx, func() { e.rt.Interrupt(context.Cause(ctx)) })
	res := executeRun(e, st, source, configText(cfg))
	// false: the interrupt was sent or is on its way, and may reach the runtime after
	// the run: the runtime is not used again.
	interrupted := !stopInterrupt()
	var ie *goja.InterruptedError
	if !res.ended.Before(deadline) && !errors.As(res.err, &ie) && !errors.As(res.initErr, &ie) {
		// It ran to its end, past the deadline, before the interrupt reached it.
		r.discard(e)
		return hostOutcome(outcome.StatusTimeout, "the run ended after its deadline: "+outcome.ErrDeadline.Error())
	}
	return r.finish(e, res, st, interrupted)
}

// finish classifies a run's result and returns its runtime to the pool when the run
// ended cleanly and was not interrupted.
func (r *Runner) finish(e *engine, res jsResult, st *runState, interrupted bool) outcome.Outcome {
	o, reusable := classify(res, st, r.opts.maxCallStack)
	if st.handed != nil && res.text == "" {
		r.handed.Add(1)
	}
	if reusable && !interrupted {
		r.release(e)
	} else {
		r.discard(e)
	}
	return o
}

// discard drops an engine whose run did not end cleanly: it is never used again.
func (r *Runner) discard(e *engine) {
	r.discarded.Add(1)
	e.stop()
}

// abandon gives up on a run whose goroutine is still running: its runtime is never
// used again, and the goroutine is counted until it ends (if ever).
func (r *Runner) abandon(e *engine, done <-chan jsResult) {
	r.discarded.Add(1)
	r.abandoned.Add(1)
	r.abandonedRunning.Add(1)
	go func() {
		<-done
		e.stop()
		r.abandonedRunning.Add(-1)
	}()
}

// executeRun runs one case on the engine, on the calling goroutine.
func executeRun(e *engine, st *runState, source, config string) (res jsResult) {
	defer func() {
		if x := recover(); x != nil {
			res = jsResult{goPanic: fmt.Sprintf("%s\n%s", panicText(x), debug.Stack())}
		}
		e.cur = nil
		res.ended = time.Now()
	}()
	if !e.ready {
		if err := e.init(); err != nil {
			res.initErr = err
			return
		}
	}
	e.cur = st
	v, err := e.run(e.ref, e.rt.ToValue(source), e.rt.ToValue(config), e.host)
	if err == nil {
		v, err = settle(v)
	}
	res.ret, res.err = v, err
	var ex *goja.Exception
	if errors.As(err, &ex) {
		text, interrupted := exceptionText(ex)
		if interrupted != nil {
			res.err = interrupted
		}
		res.exception = text
	}
	if s, ok := v.(goja.String); ok && err == nil {
		res.text = jsonTextFromJS(s)
	}
	return res
}

// maxDetail bounds the text of an exception kept in a crash detail: a bundle may throw a
// string of many megabytes, and every report would repeat it.
const maxDetail = 8 << 10

// exceptionText is the text of an exception (its value's String() and the JS stack),
// clipped to maxDetail. Reading it may run JavaScript (a toString method, a message
// getter); when the deadline interrupts that, it returns the interrupt.
func exceptionText(ex *goja.Exception) (text string, interrupted *goja.InterruptedError) {
	defer func() {
		if x := recover(); x != nil {
			if ie, ok := x.(*goja.InterruptedError); ok {
				interrupted = ie
				return
			}
			text = "(an exception whose text cannot be read: " + clipDetail(panicText(x)) + ")"
		}
	}()
	return clipDetail(ex.String()), nil
}

// clipDetail cuts s to maxDetail bytes (at a UTF-8 boundary), saying how much was cut.
func clipDetail(s string) string {
	if len(s) <= maxDetail {
		return s
	}
	cut := maxDetail
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return fmt.Sprintf("%s… [%d more bytes not shown]", s[:cut], len(s)-cut)
}

var promiseType = reflect.TypeOf((*goja.Promise)(nil))

// settle unwraps a Promise returned by run. goja runs the job queue when the outermost
// call returns, so by now the promise is settled unless it waits on something no job
// will ever resolve.
func settle(v goja.Value) (goja.Value, error) {
	obj, ok := v.(*goja.Object)
	if !ok || obj.ExportType() != promiseType {
		return v, nil
	}
	p := obj.Export().(*goja.Promise)
	switch p.State() {
	case goja.PromiseStateFulfilled:
		return p.Result(), nil
	case goja.PromiseStateRejected:
		return nil, rejection(p.Result())
	default:
		return nil, errors.New("A0Reference.run returned a Promise that is still pending after the job queue drained (it awaits something the host never provides)")
	}
}

// rejection describes the reason of a rejected Promise returned by run: an Error's
// stack (which starts with its message), else String(reason).
func rejection(reason goja.Value) error {
	const prefix = "A0Reference.run returned a rejected Promise: "
	if obj, ok := reason.(*goja.Object); ok {
		if stack, ok := safeGet(obj, "stack").(goja.String); ok {
			return errors.New(prefix + stack.String())
		}
	}
	return errors.New(prefix + safeString(reason))
}

// safeGet is obj[key] for an object whose getters may throw.
func safeGet(obj *goja.Object, key string) (v goja.Value) {
	defer func() {
		if recover() != nil {
			v = nil
		}
	}()
	return obj.Get(key)
}

// safeString is String(v) for a value that may have a throwing toString.
func safeString(v goja.Value) (s string) {
	defer func() {
		if recover() != nil {
			s = "(a value whose toString throws)"
		}
	}()
	if v == nil {
		return "undefined"
	}
	return v.String()
}

// classify turns what the JavaScript goroutine reported into an Outcome, and says
// whether the runtime may serve another run.
func classify(res jsResult, st *runState, maxCallStack int) (outcome.Outcome, bool) {
	var (
		interrupted *goja.InterruptedError
		overflow    *goja.StackOverflowError
		exception   *goja.Exception
	)
	switch {
	case res.goPanic != "":
		return hostOutcome(outcome.StatusCrash, "Go panic inside the JavaScript engine: "+res.goPanic), false
	case st.hostPanic != "":
		o := hostOutcome(outcome.StatusCrash, st.hostPanic)
		o.ToolCalls = st.calls()
		return o, false
	case errors.As(res.initErr, &interrupted) || errors.As(res.err, &interrupted):
		o := hostOutcome(outcome.StatusTimeout, "the run was interrupted: "+interrupted.Error())
		o.ToolCalls = st.calls()
		return o, false
	case res.initErr != nil:
		return hostOutcome(outcome.StatusCrash, clipDetail(res.initErr.Error())), false
	case errors.As(res.err, &overflow):
		o := hostOutcome(outcome.StatusResource, fmt.Sprintf(
			"JavaScript call stack exceeded %d frames%s", maxCallStack, overflow.Error()))
		o.ToolCalls = st.calls()
		return o, false
	case errors.As(res.err, &exception):
		o := hostOutcome(outcome.StatusCrash, "JavaScript exception escaped A0Reference.run: "+res.exception)
		o.ToolCalls = st.calls()
		return o, false
	case res.err != nil:
		o := hostOutcome(outcome.StatusCrash, clipDetail(res.err.Error()))
		o.ToolCalls = st.calls()
		return o, false
	}
	if _, isString := res.ret.(goja.String); !isString {
		o := hostOutcome(outcome.StatusCrash, fmt.Sprintf(
			"A0Reference.run returned %s, not the Outcome JSON string", describeJS(res.ret)))
		o.ToolCalls = st.calls()
		return o, true
	}
	if res.text == "" && st.handed != nil {
		o := *st.handed // host.outcome read it: no text to parse
		o.ToolCalls = st.calls()
		return o, true
	}
	o, err := outcome.Parse([]byte(res.text))
	if err != nil {
		o := hostOutcome(outcome.StatusCrash, fmt.Sprintf(
			"A0Reference.run returned unreadable Outcome JSON (%v): %s", err, clip(res.text, 300)))
		o.ToolCalls = st.calls()
		return o, true
	}
	o.ToolCalls = st.calls()
	return o, true
}

// describeJS names a returned value's type for messages ("undefined", "a number (42)").
// It runs after the run's goroutine is done with the runtime.
func describeJS(v goja.Value) string {
	switch x := v.(type) {
	case nil:
		return "undefined"
	case *goja.Object:
		return "an object (" + x.ClassName() + ")"
	case *goja.Symbol:
		return "a symbol"
	}
	if goja.IsUndefined(v) {
		return "undefined"
	}
	if goja.IsNull(v) {
		return "null"
	}
	switch v.Export().(type) {
	case bool:
		return "a boolean (" + v.String() + ")"
	case int64, float64:
		return "a number (" + v.String() + ")"
	case *big.Int:
		return "a bigint (" + v.String() + ")"
	}
	return "a value of Go type " + v.ExportType().String()
}

func clip(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n] + "…"
}

// hostOutcome is an Outcome the host classifies itself (timeout, crash, engine stack);
// its exit code carries no meaning and is 0.
func hostOutcome(status outcome.Status, detail string) outcome.Outcome {
	return outcome.Outcome{Status: status, Detail: detail}
}

// configText is the configJSON argument of run: what json.Marshal writes for
// {"file", "allow", "limits": {"maxSteps", "maxDepth", "maxSize"}}, written directly
// (json.Marshal's reflection cost about 5 000 instructions per run).
func configText(cfg outcome.Config) string {
	var buf [256]byte // the usual text fits: one allocation, the string
	b := buf[:0]
	b = append(b, `{"file":`...)
	b = appendJSONString(b, cfg.File)
	b = append(b, `,"allow":[`...)
	for i, a := range cfg.Allow {
		if i > 0 {
			b = append(b, ',')
		}
		b = appendJSONString(b, a)
	}
	b = append(b, `],"limits":{"maxSteps":`...)
	b = strconv.AppendInt(b, int64(cfg.Limits.MaxSteps), 10)
	b = append(b, `,"maxDepth":`...)
	b = strconv.AppendInt(b, int64(cfg.Limits.MaxDepth), 10)
	b = append(b, `,"maxSize":`...)
	b = strconv.AppendInt(b, int64(cfg.Limits.MaxSize), 10)
	b = append(b, "}}"...)
	return string(b)
}

// appendJSONString appends s as json.Marshal writes it: as it is when it holds only
// printable ASCII that needs no escape (file names and capabilities), else through
// json.Marshal (its escapes of control characters, <, >, &, U+2028, U+2029 and invalid
// UTF-8).
func appendJSONString(b []byte, s string) []byte {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c >= 0x7F || c == '"' || c == '\\' || c == '<' || c == '>' || c == '&' {
			q, err := json.Marshal(s)
			if err != nil {
				panic(err) // a string always marshals
			}
			return append(b, q...)
		}
	}
	b = append(b, '"')
	b = append(b, s...)
	return append(b, '"')
}

// acquire takes an idle runtime or makes a new one (evaluated on first use).
func (r *Runner) acquire() (*engine, error) {
	p := r.pool
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.closed {
		return nil, errors.New("tsbundle: the runner is closed")
	}
	if n := len(p.idle); n > 0 {
		e := p.idle[n-1]
		p.idle[n-1] = nil
		p.idle = p.idle[:n-1]
		return e, nil
	}
	if r.opts.maxCallStack == defaultMaxCallStack {
		if e := r.bundle.checked.Swap(nil); e != nil {
			r.created.Add(1)
			return e, nil // evaluated already, by Bundle.Check
		}
	}
	r.created.Add(1)
	return newEngine(r.bundle, r.opts.maxCallStack), nil
}

// release returns a runtime whose run ended cleanly to the pool.
func (r *Runner) release(e *engine) {
	p := r.pool
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.closed || (r.opts.maxIdle > 0 && len(p.idle) >= r.opts.maxIdle) {
		e.stop()
		return
	}
	p.idle = append(p.idle, e)
}
