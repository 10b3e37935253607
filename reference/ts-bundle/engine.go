package tsbundle

import (
	"errors"
	"fmt"
	"runtime/metrics"
	"strconv"
	"time"

	"github.com/a0diff/a0diff/runtime/outcome"
	"github.com/dop251/goja"
)

const (
	// defaultMaxCallStack bounds the JavaScript call depth of a runtime. The shipped
	// reference spends about six JS frames per A0 call (measured: 20 000 frames overflow
	// between 3 000 and 5 000 nested A0 calls), so the default MaxDepth of 10 000 A0 calls
	// needs about 60 000, and its parser about five frames per level of a nested record
	// literal, 125 000 at the nesting bound of 25 000; 250 000 leaves room for callbacks
	// and nested expressions around each call. goja's value stack grows in fixed steps
	// and is released after every run, so a deeper limit makes every overflow
	// quadratically slower (see README.md, "goja is not V8").
	defaultMaxCallStack = 250_000

	// checkTimeout bounds the evaluation of a bundle by Check (Load): a bundle's top
	// level only defines functions, so anything near this is a broken bundle.
	checkTimeout = 10 * time.Second
)

// engine is one goja runtime that has evaluated a bundle. It is used by one run at a
// time; the Runner pools engines and discards any engine whose run did not end cleanly.
type engine struct {
	b  *Bundle
	rt *goja.Runtime

	ready   bool          // the bundle has been evaluated and checked
	ref     goja.Value    // A0Reference, the `this` of run
	run     goja.Callable // A0Reference.run
	host    *goja.Object  // the host object handed to every run
	version string
	limits  []string // A0Reference.limits; nil when the bundle does not declare them

	// jobs feeds serve, the goroutine that runs this engine's JavaScript (nil until the
	// first run handed to it, and after stop); done carries each run's result back.
	jobs chan runJob
	done chan jsResult

	// cur is the run in progress; the host callbacks act on it. Only the goroutine
	// running JavaScript in rt touches it while a run is in progress.
	cur *runState
}

// newEngine makes a runtime for b. It is cheap: the bundle is evaluated by init, on the
// goroutine that runs the first case, so that the run's deadline also bounds it.
func newEngine(b *Bundle, maxCallStack int) *engine {
	rt := goja.New()
	rt.SetMaxCallStackSize(maxCallStack)
	return &engine{b: b, rt: rt}
}

// runJob is one run handed to an engine's goroutine.
type runJob struct {
	st             *runState
	source, config string
}

// submit hands a run to the engine's own goroutine (started on the first run) and
// returns the channel its result arrives on. One goroutine serves all of an engine's
// runs because a goroutine's stack grows by copying: the reference's JavaScript needs a
// deep Go stack, and a fresh goroutine per run grew it again every run (≈ 55 000
// instructions per run, more than the host's other work together).
func (e *engine) submit(st *runState, source, config string) <-chan jsResult {
	if e.jobs == nil {
		e.jobs = make(chan runJob)
		e.done = make(chan jsResult, 1)
		go serve(e.jobs, e.done, e)
	}
	e.jobs <- runJob{st, source, config}
	return e.done
}

// serve runs the engine's jobs until stop closes their channel.
func serve(jobs <-chan runJob, done chan<- jsResult, e *engine) {
	for j := range jobs {
		done <- executeRun(e, j.st, j.source, j.config)
	}
}

// stop ends the engine's goroutine, if it has one: the engine serves no more runs. Its
// caller owns the engine (not in the pool, no run in progress).
func (e *engine) stop() {
	if e.jobs != nil {
		close(e.jobs)
		e.jobs = nil
	}
}

// init evaluates the bundle and finds A0Reference.run. It must run on the goroutine that
// owns the engine.
func (e *engine) init() (err error) {
	defer func() {
		// Reading properties may run getters, which may throw or be interrupted at the
		// deadline (which must stay a timeout, not become a broken bundle).
		if x := recover(); x != nil {
			if ie, ok := x.(*goja.InterruptedError); ok {
				err = ie
				return
			}
			err = fmt.Errorf("%s: evaluating the bundle: %s", e.b.name, panicText(x))
		}
	}()
	if _, err := e.rt.RunProgram(e.b.prog); err != nil {
		var ie *goja.InterruptedError
		if errors.As(err, &ie) {
			return ie
		}
		return fmt.Errorf("%s: evaluating the bundle: %s", e.b.name, jsErrorText(err))
	}
	refValue := e.rt.GlobalObject().Get("A0Reference")
	ref, ok := refValue.(*goja.Object)
	if !ok {
		return fmt.Errorf("%s: the bundle does not define globalThis.A0Reference as an object (see the bundle ABI in reference/ts-bundle/README.md)", e.b.name)
	}
	run, ok := goja.AssertFunction(ref.Get("run"))
	if !ok {
		return fmt.Errorf("%s: A0Reference.run is not a function (see the bundle ABI in reference/ts-bundle/README.md)", e.b.name)
	}
	if v, ok := ref.Get("version").(goja.String); ok {
		e.version = v.String()
	}
	limits, err := readLimits(ref.Get("limits"))
	if err != nil {
		return fmt.Errorf("%s: A0Reference.limits %v (see the bundle ABI in reference/ts-bundle/README.md)", e.b.name, err)
	}
	e.limits = limits
	e.ref, e.run = ref, run
	e.host = e.newHost()
	e.ready = true
	return nil
}

// readLimits reads A0Reference.limits: absent (nil), or a list of strings.
func readLimits(v goja.Value) ([]string, error) {
	if v == nil || goja.IsUndefined(v) {
		return nil, nil
	}
	obj, ok := v.(*goja.Object)
	if !ok || obj.ClassName() != "Array" {
		return nil, errors.New("must be a list of strings")
	}
	n := obj.Get("length").ToInteger()
	if n > 100 {
		return nil, fmt.Errorf("lists %d names, more than any bundle needs", n)
	}
	out := make([]string, 0, n)
	for i := int64(0); i < n; i++ {
		s, ok := obj.Get(strconv.FormatInt(i, 10)).(goja.String)
		if !ok {
			return nil, fmt.Errorf("[%d] is not a string", i)
		}
		out = append(out, s.String())
	}
	return out, nil
}

// loadHeapBound bounds how much the Go heap may grow while a bundle is evaluated
// (Check): a bundle that allocates without end at its top level is stopped there, not
// when the machine runs out of memory — Check runs in a0diff's own process, which no
// --rss-limit-mb watches. The embedded bundle's evaluation allocates about 5 MiB.
// A variable so that a test can lower it.
var loadHeapBound uint64 = 1 << 30

// loadHeapPoll is how often the heap is read during an evaluation.
const loadHeapPoll = 10 * time.Millisecond

// heapBytes is the Go heap's size in live and not yet swept objects.
func heapBytes() uint64 {
	s := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}
	metrics.Read(s)
	if s[0].Value.Kind() != metrics.KindUint64 {
		return 0
	}
	return s[0].Value.Uint64()
}

// initWithTimeout runs init on its own goroutine, bounded by d and loadHeapBound
// (interrupt) plus the default grace (abandonment); Check uses it outside any run.
func (e *engine) initWithTimeout(d time.Duration) error {
	done := make(chan error, 1)
	go func() {
		defer func() {
			if x := recover(); x != nil {
				done <- fmt.Errorf("%s: evaluating the bundle: %s", e.b.name, panicText(x))
			}
		}()
		done <- e.init()
	}()
	timer := time.NewTimer(d)
	defer timer.Stop()
	poll := time.NewTicker(loadHeapPoll)
	defer poll.Stop()
	base := heapBytes()
	var stopped error
	for stopped == nil {
		select {
		case err := <-done:
			return err
		case <-poll.C:
			if now := heapBytes(); now > base && now-base > loadHeapBound {
				stopped = fmt.Errorf("%s: evaluating the bundle took over %d MiB of memory", e.b.name, loadHeapBound>>20)
			}
		case <-timer.C:
			stopped = fmt.Errorf("%s: evaluating the bundle did not finish within %v", e.b.name, d)
		}
	}
	e.rt.Interrupt(outcome.ErrDeadline)
	grace := time.NewTimer(defaultGrace)
	defer grace.Stop()
	select {
	case <-done:
	case <-grace.C:
	}
	return stopped
}

// jsErrorText describes an error returned by goja: a JS exception with its stack.
func jsErrorText(err error) string {
	var ex *goja.Exception
	if errors.As(err, &ex) {
		return clipDetail(ex.String())
	}
	return err.Error()
}
