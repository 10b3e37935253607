package worker

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/a0diff/a0diff/runtime/outcome"
	"github.com/a0diff/a0diff/runtime/toolkit"
	"github.com/a0diff/a0diff/runtime/value"
)

// DefaultRSSLimitMB is the default memory ceiling of one worker. At -j 2 there are four
// workers (two per implementation), of which two run at a time (an entry's sides run one
// after the other; at -j 1 they run side by side, RunsBeside) while idle ones are replaced when they keep over a quarter of the
// ceiling above what they held after their first runs: a batch of hostile programs at -j 2 peaked at 0.7 GiB for the whole process
// tree with this ceiling, against 1.1 GiB with 512 MiB (and 2.3 GiB in process). An
// ordinary run needs under 100 MiB (a worker idles at 30–60 MiB); a run the step limit
// ends in goja, the largest legitimate heap we know of, about 130 MiB.
const DefaultRSSLimitMB = 384

// recycleFraction, recycleCheckEvery and baselineRuns: after a run that took at least
// one memory poll interval, and after every recycleCheckEvery-th run, a worker whose
// resident set is more than 1/recycleFraction of the ceiling above its baseline — the
// least it held after one of its first baselineRuns runs — is replaced.
const (
	recycleFraction   = 4
	recycleCheckEvery = 32
	baselineRuns      = 4
)

// DefaultGrace is how long a worker may outlive a run's deadline before it is killed
// (outcome.GraceWorker). The built-in implementations end a run by its deadline plus
// their own grace (outcome.GraceEvaluator, outcome.GraceBundle), so this is only for a
// worker stuck where nothing can interrupt it.
const DefaultGrace = outcome.GraceWorker

// Config configures a Pool.
type Config struct {
	// Name is the implementation's name (the Runner's Name).
	Name string
	// Command is the worker's argv; Env is added to the supervisor's environment.
	Command []string
	Env     []string
	// Size bounds the number of workers (runs at the same time); at least 1.
	Size int
	// RSSLimitMB is the memory ceiling of one worker, in MiB of resident set as the
	// kernel counts it (/proc/PID/statm); 0 means no ceiling.
	RSSLimitMB int
	// Grace is how long a worker may outlive a run's deadline (DefaultGrace when 0).
	Grace time.Duration
	// StartTimeout bounds the wait for a new worker's hello (30 s when 0).
	StartTimeout time.Duration
}

// Stats are a Pool's counters.
type Stats struct {
	Runs    int64 // runs
	Started int64 // worker processes started
	// Crashes, Timeouts and MemoryKills count the runs that ended with the death of their
	// worker: it died by itself, it was killed after the deadline + grace, it was killed
	// over the memory ceiling.
	Crashes, Timeouts, MemoryKills int64
	// Abandoned counts runs a worker gave up on while its implementation kept computing
	// (as the worker reported them); each such worker is replaced, so nothing keeps
	// running.
	Abandoned int64
	// Recycled counts healthy workers replaced after a run because they kept more than
	// a quarter of the memory ceiling resident above what they held after their first
	// runs.
	Recycled int64
}

// Pool is the supervisor of the workers of one implementation. It implements
// outcome.Runner and is safe for concurrent use.
type Pool struct {
	cfg  Config
	slot chan struct{} // one token per worker that may exist

	mu     sync.Mutex
	idle   []*proc
	closed bool
	hello  *Hello // of the first worker started
	// starting counts the successors starting ahead (startAhead); startDone is closed
	// (and made anew) when one has started or failed to.
	starting  int
	startDone chan struct{}
	// aheadCtx ends the starts ahead when the pool closes.
	aheadCtx  context.Context
	stopAhead context.CancelFunc

	runs, started, crashes, timeouts, memoryKills, abandoned, recycled atomic.Int64
	// abandonedRunning sums what the live workers last said of their abandoned runs
	// still running.
	abandonedRunning atomic.Int64
	nextRun          atomic.Uint64
}

var _ outcome.Runner = (*Pool)(nil)

// NewPool returns a pool; workers start on demand.
func NewPool(cfg Config) *Pool {
	if cfg.Size < 1 {
		cfg.Size = 1
	}
	if cfg.Grace <= 0 {
		cfg.Grace = DefaultGrace
	}
	if cfg.StartTimeout <= 0 {
		cfg.StartTimeout = 30 * time.Second
	}
	p := &Pool{cfg: cfg, slot: make(chan struct{}, cfg.Size), startDone: make(chan struct{})}
	p.aheadCtx, p.stopAhead = context.WithCancel(context.Background())
	return p
}

// Name is the implementation's name.
func (p *Pool) Name() string { return p.cfg.Name }

// RunsBeside reports whether a case's run in this pool may overlap the other
// implementation's run of it (trial.Beside): when the pool has a single worker (-j 1).
// Then at most two workers run at a time, as with -j 2 and the sides one after the
// other, which is what DefaultRSSLimitMB is chosen for; a larger pool keeps the sides in
// turn so as not to double the processes running at a time.
func (p *Pool) RunsBeside() bool { return p.cfg.Size == 1 }

// Stats returns the pool's counters.
func (p *Pool) Stats() Stats {
	return Stats{Runs: p.runs.Load(), Started: p.started.Load(), Crashes: p.crashes.Load(),
		Timeouts: p.timeouts.Load(), MemoryKills: p.memoryKills.Load(), Abandoned: p.abandoned.Load(), Recycled: p.recycled.Load()}
}

// Abandoned is the number of abandoned runs (see Stats.Abandoned): of them still running
// (in live workers, as they last said: a worker that reports one is replaced, so this
// is 0 once Run has returned) and in total.
func (p *Pool) Abandoned() (running, total int64) {
	return p.abandonedRunning.Load(), p.abandoned.Load()
}

// gone forgets what a stopped or dead worker said of its runs still running.
func (p *Pool) gone(w *proc) {
	p.abandonedRunning.Add(-w.abandonRunning)
	w.abandonRunning = 0
}

// Hello returns the hello of the pool's workers, starting one if none ran yet.
func (p *Pool) Hello() (Hello, error) {
	p.mu.Lock()
	h := p.hello
	p.mu.Unlock()
	if h != nil {
		return *h, nil
	}
	w, err := p.acquire(context.Background(), 0)
	if err != nil {
		return Hello{}, err
	}
	p.release(w, true)
	return w.hello, nil
}

// Unmodelled returns what the pool's workers declared they do not model (their hello's
// "unmodelled"), starting a worker if none ran yet; nil when none can start.
func (p *Pool) Unmodelled() []string {
	h, err := p.Hello()
	if err != nil {
		return nil
	}
	return h.Unmodelled
}

// IgnoredLimits returns the harness limits (outcome.HarnessLimits) the pool's workers
// did not say they honour in their hello (nil before a worker has started).
func (p *Pool) IgnoredLimits() []outcome.LimitName {
	p.mu.Lock()
	h := p.hello
	p.mu.Unlock()
	if h == nil {
		return nil
	}
	var ignored []outcome.LimitName
	for _, l := range outcome.LimitNames(nil) {
		if !slices.Contains(h.Limits, l) {
			ignored = append(ignored, l)
		}
	}
	return ignored
}

// Close stops the idle workers and those starting ahead; workers busy now stop when
// their run ends.
func (p *Pool) Close() error {
	p.mu.Lock()
	idle := p.idle
	p.idle, p.closed = nil, true
	p.mu.Unlock()
	p.stopAhead()
	for _, w := range idle {
		w.stop()
	}
	p.waitStartsAhead()
	return nil
}

// waitStartsAhead waits until no successor is starting ahead (startAhead): Close so that
// none outlives the pool, tests so that they read the pool's counters after the starts a
// replacement set off, not during them.
func (p *Pool) waitStartsAhead() {
	p.mu.Lock()
	for p.starting > 0 {
		done := p.startDone
		p.mu.Unlock()
		<-done
		p.mu.Lock()
	}
	p.mu.Unlock()
}

// StopIdle stops the pool's idle workers, with whatever their last runs left them
// holding; the pool stays open and starts workers again when a run needs one. A
// campaign with campaign workers uses its per-case workers for a few cases a minute: it
// stops them after running a heavy case again, rather than keep them for the rest of the
// campaign beside the campaign workers.
func (p *Pool) StopIdle() {
	p.mu.Lock()
	idle := p.idle
	p.idle = nil
	p.mu.Unlock()
	for _, w := range idle {
		w.stop()
		p.gone(w)
	}
}

// acquire takes an idle worker, or the one starting ahead (startAhead), or starts one.
// runTime, when not 0, is the time the run may take (its deadline plus the grace): a
// worker started in place of one that died must say hello within it (a worker that once
// said hello needs no 30 s to say it again, and a run must not outlast its deadline
// waiting for it).
func (p *Pool) acquire(ctx context.Context, runTime time.Duration) (*proc, error) {
	select {
	case p.slot <- struct{}{}:
	case <-ctx.Done():
		return nil, ctx.Err()
	}
	var waitEnd <-chan time.Time
	p.mu.Lock()
	for !p.closed && len(p.idle) == 0 && p.starting > 0 {
		// A successor is starting: wait for it rather than start another process.
		done := p.startDone
		p.mu.Unlock()
		if waitEnd == nil && runTime > 0 {
			t := time.NewTimer(runTime)
			defer t.Stop()
			waitEnd = t.C
		}
		select {
		case <-done:
		case <-ctx.Done():
			<-p.slot
			return nil, ctx.Err()
		case <-waitEnd:
			<-p.slot
			return nil, fmt.Errorf("%w (%v)", errNoHelloAgain, runTime)
		}
		p.mu.Lock()
	}
	if p.closed {
		p.mu.Unlock()
		<-p.slot
		return nil, errors.New("the worker pool is closed")
	}
	if n := len(p.idle); n > 0 {
		w := p.idle[n-1]
		p.idle = p.idle[:n-1]
		p.mu.Unlock()
		return w, nil
	}
	p.mu.Unlock()
	w, err := p.start(ctx, runTime)
	if err != nil {
		<-p.slot
		return nil, err
	}
	return w, nil
}

// release returns a worker to the pool, or stops it and starts its successor ahead of
// the next run (startAhead).
func (p *Pool) release(w *proc, keep bool) {
	p.mu.Lock()
	if keep && !p.closed && !w.dead() {
		p.idle = append(p.idle, w)
		p.mu.Unlock()
	} else {
		ahead := !p.closed && p.hello != nil
		if ahead {
			p.starting++
		}
		p.mu.Unlock()
		w.stop()
		p.gone(w)
		if ahead {
			go p.startAhead()
		}
	}
	<-p.slot
}

// startAhead starts the successor of a worker that died or was replaced, while the
// supervisor does something else (reports the death, compares, runs the other side), so
// that the next run finds it ready: a start is a process and, for the reference, the
// evaluation of its bundle. A start that fails is forgotten; the next run starts a
// worker itself and reports why it cannot.
func (p *Pool) startAhead() {
	w, err := p.start(p.aheadCtx, 0)
	p.mu.Lock()
	p.starting--
	closed := p.closed
	if err == nil && !closed {
		p.idle = append(p.idle, w)
	}
	close(p.startDone)
	p.startDone = make(chan struct{})
	p.mu.Unlock()
	if err == nil && closed {
		w.stop()
	}
}

// Run runs source in a worker. It returns by the run's deadline plus the grace whatever
// the worker does.
func (p *Pool) Run(ctx context.Context, source string, cfg outcome.Config) outcome.Outcome {
	p.runs.Add(1)
	// The limits are resolved here, not with the deadline (outcome.Bound): the run's
	// deadline starts in the worker, when it gets the run, so that waiting for a worker
	// (or its start) does not count against it; the pool bounds that wait and the run by
	// the timeout plus its grace.
	cfg.Limits = cfg.Limits.WithDefaults()
	if err := ctx.Err(); err != nil {
		return outcome.Outcome{Status: outcome.StatusTimeout, Detail: "the run was not started: " + err.Error()}
	}
	w, err := p.acquire(ctx, cfg.Limits.Timeout+p.cfg.Grace)
	if err != nil {
		if ctx.Err() != nil {
			return outcome.Outcome{Status: outcome.StatusTimeout, Detail: "the run was not started: " + ctx.Err().Error()}
		}
		if errors.Is(err, errNoHelloAgain) {
			p.timeouts.Add(1)
			return outcome.Outcome{Status: outcome.StatusTimeout, Detail: fmt.Sprintf("%s worker: %v", p.cfg.Name, err)}
		}
		return outcome.Outcome{Status: outcome.StatusCrash, Detail: fmt.Sprintf("%s worker: %v", p.cfg.Name, err)}
	}
	o, keep := p.runOn(ctx, w, source, cfg)
	p.release(w, keep)
	return o
}

// aLongTimeAgo is a read deadline that has passed: setting it wakes a waiting read.
var aLongTimeAgo = time.Unix(1, 0)

// wakeOnCancel makes a cancellation of ctx wake the goroutine waiting for w's next
// message (its read deadline is moved into the past), which then finds cancelled set;
// stop ends the watch. cancelled is nil when ctx cannot be cancelled.
func (w *proc) wakeOnCancel(ctx context.Context) (cancelled *atomic.Bool, stop func() bool) {
	if ctx.Done() == nil {
		return nil, func() bool { return false }
	}
	cancelled = new(atomic.Bool)
	stop = context.AfterFunc(ctx, func() {
		cancelled.Store(true)
		w.out.f.SetReadDeadline(aLongTimeAgo)
	})
	return cancelled, stop
}

// runOn runs one program on w and says whether w may serve another run.
//
// It reads the worker's messages itself, each read bounded by the next thing it must do
// without a message: kill the worker at the run's deadline plus the grace, read its
// resident set (rssPollInterval of running after the last reading), kill it when a
// cancellation's grace has run out. A cancellation of ctx wakes the read by setting a
// past read deadline.
func (p *Pool) runOn(ctx context.Context, w *proc, source string, cfg outcome.Config) (outcome.Outcome, bool) {
	id := p.nextRun.Add(1)
	start := time.Now()
	msg, err := runMessage(id, source, cfg, w.hello.Tools != "host")
	if err != nil {
		return outcome.Outcome{Status: outcome.StatusCrash, Detail: "encoding the run: " + err.Error()}, true
	}
	killAt := start.Add(cfg.Limits.Timeout + p.cfg.Grace)
	if len(msg) > pipeBuffer {
		// A worker that does not read its input must not block the write past the deadline.
		w.stdin.SetWriteDeadline(killAt)
		defer w.stdin.SetWriteDeadline(time.Time{})
	}
	if err := w.send(msg); err != nil {
		if errors.Is(err, os.ErrDeadlineExceeded) {
			w.kill(killTimeout, 0)
		}
		return p.died(w, "writing the run to the worker: "+err.Error()), false
	}
	var pollAt time.Time // zero: no memory ceiling
	lastPoll := start    // when this run's running time started to count
	if p.cfg.RSSLimitMB > 0 {
		pollAt = start.Add(rssPollInterval - w.busy)
	}
	defer func() { w.busy += time.Since(lastPoll) }()
	cancelled, stopWatch := w.wakeOnCancel(ctx)
	defer stopWatch()
	var cancelAt time.Time // zero: the cancel message is not sent
	var kit *toolkit.Virtual
	for {
		deadline := killAt
		if !pollAt.IsZero() && pollAt.Before(deadline) {
			deadline = pollAt
		}
		if !cancelAt.IsZero() && cancelAt.Before(deadline) {
			deadline = cancelAt
		}
		w.out.setDeadline(deadline)
		// After setting the deadline: a cancellation from now on sets a past one.
		if cancelled != nil && cancelAt.IsZero() && cancelled.Load() {
			w.send([]byte(`{"type":"cancel","run":` + strconv.FormatUint(id, 10) + "}\n"))
			cancelAt = time.Now().Add(p.cfg.Grace)
			continue
		}
		msg, err := w.readMessage()
		m, typ := msg.m, msg.typ
		if errors.Is(err, os.ErrDeadlineExceeded) {
			now := time.Now()
			switch {
			case !cancelAt.IsZero() && !now.Before(cancelAt):
				w.kill(killCancel, 0)
				return p.died(w, ""), false
			case !now.Before(killAt):
				w.kill(killTimeout, 0)
				return p.died(w, ""), false
			case !pollAt.IsZero() && !now.Before(pollAt):
				w.busy, lastPoll, pollAt = 0, now, now.Add(rssPollInterval)
				if over, rss := w.overLimit(p.cfg.RSSLimitMB); over {
					w.kill(killMemory, rss)
					return p.died(w, ""), false
				}
			}
			continue
		}
		if err != nil {
			return p.died(w, ""), false
		}
		switch typ {
		case typeTool:
			if kit == nil {
				kit = toolkit.New(cfg.Fixtures)
			}
			if err := w.send(serveTool(kit, m)); err != nil {
				return p.died(w, "writing a tool result: "+err.Error()), false
			}
		case typeValidate:
			if err := w.send(serveValidate(m)); err != nil {
				return p.died(w, "writing a validate result: "+err.Error()), false
			}
		case typeOutcome:
			om := msg.outcome
			if om.run != id {
				w.protocolErr = fmt.Sprintf("an outcome for run %d during run %d", om.run, id)
				w.kill(killProtocol, 0)
				return p.died(w, ""), false
			}
			o, err := outcome.Parse(om.body)
			if err != nil && om.quick {
				// Perhaps members after the Outcome: read the message member by member.
				if msg, err = w.parseLine(msg.line); err != nil {
					return p.died(w, ""), false
				}
				om = msg.outcome
				o, err = outcome.Parse(om.body)
			}
			if err != nil {
				w.protocolErr = "unreadable outcome: " + err.Error()
				w.kill(killProtocol, 0)
				return p.died(w, ""), false
			}
			total, running := om.abandoned, om.abandonRunning
			keep := true
			if total > w.abandoned {
				p.abandoned.Add(total - w.abandoned)
				w.abandoned = total
			}
			p.abandonedRunning.Add(running - w.abandonRunning)
			w.abandonRunning = running
			if running > 0 || o.Status == outcome.StatusTimeout {
				// Work may go on after the deadline inside the worker: replace it.
				keep = false
			}
			if p.cfg.RSSLimitMB > 0 {
				// The resident set is read after every run, whatever its length: readings
				// within a run come per rssPollInterval of running, which runs shorter than
				// that never reach on a fast machine, so a worker that keeps memory run
				// after run would otherwise outgrow the ceiling unseen.
				rss, ok := w.treeResident(false)
				if ok && rss > int64(p.cfg.RSSLimitMB)<<20 {
					w.kill(killMemory, rss)
					return p.died(w, ""), false
				}
				// A run that grew the worker's heap leaves it resident after it ends (the
				// Go runtime returns memory to the kernel slowly): a worker that keeps a
				// quarter of the ceiling above what it held after its first runs is
				// replaced, so idle workers do not add up to several ceilings across the
				// pools. What it holds at rest (its engine, a large --ref bundle) is not
				// growth: a fixed share of the ceiling replaced such workers every few runs,
				// each new one loading the bundle again.
				if ok {
					w.runs++
					if w.runs <= baselineRuns && (w.baseline == 0 || rss < w.baseline) {
						w.baseline = rss
					}
				}
				if keep && ok && (time.Since(start) >= rssPollInterval || id%recycleCheckEvery == 0) && rss-w.baseline > int64(p.cfg.RSSLimitMB)<<20/recycleFraction {
					keep = false
					p.recycled.Add(1)
				}
			}
			if !cancelAt.IsZero() || ctx.Err() != nil {
				o = outcome.Outcome{Status: outcome.StatusTimeout, Detail: "the run was cancelled: " + context.Cause(ctx).Error()}
			}
			return o, keep
		default:
			w.protocolErr = fmt.Sprintf("unexpected %q message", typ)
			w.kill(killProtocol, 0)
			return p.died(w, ""), false
		}
	}
}

// pipeBuffer is the capacity of a pipe (Linux's default): a shorter message is written
// whether or not the worker reads.
const pipeBuffer = 64 << 10

// serveTool runs a tool call on the host's kit and returns the toolResult message.
func serveTool(kit *toolkit.Virtual, m message) []byte {
	call, _ := m.uint("call")
	prefix := `{"type":"toolResult","call":` + strconv.FormatUint(call, 10)
	if r, ok := m["run"]; ok {
		prefix += `,"run":` + string(r)
	}
	fail := func(msg string) []byte {
		t, _ := json.Marshal(msg)
		return []byte(prefix + `,"err":` + string(t) + "}\n")
	}
	tool, err := m.str("tool")
	if err != nil {
		return fail("internal error: tool message: " + err.Error())
	}
	var args *value.Record
	if raw, ok := m["args"]; ok {
		v, err := value.UnmarshalCanonical(raw)
		if err != nil {
			return fail("internal error: tool arguments: " + err.Error())
		}
		if args, ok = v.(*value.Record); !ok {
			return fail("internal error: tool arguments are not a record")
		}
	}
	var data toolkit.Data
	if raw, ok := m["data"]; ok {
		v, err := value.UnmarshalCanonical(raw)
		text, isString := v.(string)
		if err != nil || !isString {
			return fail("internal error: tool message: \"data\" is not a JSON string")
		}
		data = toolkit.Data{Text: text, OK: true}
	}
	result, err := func() (result value.Value, err error) {
		defer func() {
			if x := recover(); x != nil {
				err = fmt.Errorf("internal error: tool panicked: %v", x)
			}
		}()
		return kit.CallData(tool, args, data)
	}()
	if err != nil {
		return fail(err.Error())
	}
	return []byte(prefix + `,"ok":` + string(value.MarshalCanonical(result)) + "}\n")
}

// died classifies the end of a run whose worker is gone (or going): how it was killed,
// or how it died by itself, with the head and tail of its stderr.
func (p *Pool) died(w *proc, why string) outcome.Outcome {
	// The worker ended by itself when the supervisor had not killed it and its output
	// ended (or a write to it failed): a signal then came from outside.
	ended := !w.killed && (why != "" || errors.Is(w.readErr, io.EOF) || errors.Is(w.readErr, io.ErrUnexpectedEOF))
	// A worker whose output ended is given a moment to end by itself before it is
	// killed: one that closed its stdout and went on running is then killed here, by
	// a0diff, and its death is not a signal from outside (nor transient).
	lingered := false
	if ended && !w.exitsWithin(endWait) {
		ended, lingered = false, true
	}
	if ended {
		w.killed = true // it is gone: wait reaps it and what it left running
	} else {
		w.kill(killNone, 0)
	}
	waitErr := w.wait()
	p.gone(w)
	switch w.reason {
	case killTimeout:
		p.timeouts.Add(1)
		return outcome.Outcome{Status: outcome.StatusTimeout, Detail: fmt.Sprintf(
			"the %s worker was still running %v after the run's deadline and was killed", p.cfg.Name, p.cfg.Grace)}
	case killMemory:
		p.memoryKills.Add(1)
		return outcome.Outcome{Status: outcome.StatusResource, Detail: fmt.Sprintf(
			memoryDetail+"the %s worker's resident set reached %d MiB, over --rss-limit-mb %d, and it was killed", p.cfg.Name, w.rssAtKill>>20, p.cfg.RSSLimitMB)}
	case killNone:
		if errors.Is(w.readErr, errTooLong) {
			p.memoryKills.Add(1)
			return outcome.Outcome{Status: outcome.StatusResource, Detail: fmt.Sprintf(
				"the %s worker's outcome message is over %d MiB; the worker was killed", p.cfg.Name, maxMessage>>20)}
		}
		if ended && isSignalled(waitErr) {
			p.crashes.Add(1)
			return outcome.Outcome{Status: outcome.StatusCrash, Detail: fmt.Sprintf(
				"the %s worker died (%v)%s%s", p.cfg.Name, waitErr, killedOutside, stderrSuffix(w))}
		}
	case killCancel:
		return outcome.Outcome{Status: outcome.StatusTimeout, Detail: fmt.Sprintf(
			"the run was cancelled and the %s worker did not stop within %v; it was killed", p.cfg.Name, p.cfg.Grace)}
	}
	p.crashes.Add(1)
	var b strings.Builder
	fmt.Fprintf(&b, "the %s worker died", p.cfg.Name)
	if waitErr != nil {
		fmt.Fprintf(&b, " (%v)", waitErr)
	} else {
		b.WriteString(" (exit status 0)")
	}
	if lingered {
		b.WriteString(": its output ended while it went on running, and a0diff killed it")
		if why != "" {
			b.WriteString(" (" + why + ")")
		}
	} else if w.reason == killProtocol {
		b.WriteString(": it broke the protocol: " + w.protocolErr)
	} else if why != "" {
		b.WriteString(": " + why)
	} else if w.readErr != nil && w.readErr != io.EOF {
		b.WriteString(": " + w.readErr.Error())
	}
	if tail := w.stderr.String(); tail != "" {
		b.WriteString("\nits stderr:\n" + tail)
	}
	return outcome.Outcome{Status: outcome.StatusCrash, Detail: b.String()}
}

// endWait bounds the wait for a worker whose output ended to end by itself: a process
// that exits closes its output and is reaped within milliseconds.
const endWait = time.Second

// exitsWithin reports whether the worker's process ends within d (and is reaped).
func (w *proc) exitsWithin(d time.Duration) bool {
	done := make(chan struct{})
	go func() {
		w.wait()
		close(done)
	}()
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-done:
		return true
	case <-t.C:
		return false
	}
}

// killedOutside ends the detail of a run whose worker was killed by a signal the
// supervisor did not send (kill -9 from a shell, the kernel's OOM killer): the machine's
// doing, not the program's (see Transient).
const killedOutside = ", by a signal a0diff did not send"

// memoryDetail starts the detail of a run whose worker went over the memory ceiling.
const memoryDetail = "memory: "

// isSignalled reports whether a worker's wait error says a signal ended it.
func isSignalled(err error) bool {
	var ee *exec.ExitError
	if !errors.As(err, &ee) {
		return false
	}
	ws, ok := ee.Sys().(interface{ Signaled() bool })
	return ok && ws.Signaled()
}

// Transient reports whether o is an Outcome the machine may have caused rather than the
// program: the death of a worker killed from outside, or a kill over the memory ceiling
// (which other workers' memory and the collector's timing influence). The harness runs
// such a run again before it believes it (trial.NeedsRerun).
func (p *Pool) Transient(o outcome.Outcome) bool {
	return o.Status == outcome.StatusCrash && strings.Contains(o.Detail, killedOutside) ||
		o.Status == outcome.StatusResource && strings.HasPrefix(o.Detail, memoryDetail)
}

// errNoHelloAgain: a worker started in place of another sent no hello within the run's
// time (the run is that side's timeout: the worker spoke before).
var errNoHelloAgain = errors.New("the worker started again sent no hello within the run's deadline")

// start starts a worker and reads its hello, waiting StartTimeout for it; a restart
// (the pool has had a hello) waits at most runTime (when not 0). A cancellation of ctx
// ends the wait.
func (p *Pool) start(ctx context.Context, runTime time.Duration) (*proc, error) {
	if len(p.cfg.Command) == 0 {
		return nil, errors.New("no worker command")
	}
	w, err := launch(p.cfg.Command, p.cfg.Env, nil)
	if err != nil {
		return nil, err
	}
	p.started.Add(1)
	w.in = bufio.NewWriterSize(pipeIO(w.stdin), 64<<10)
	helloWait := p.cfg.StartTimeout
	p.mu.Lock()
	restart := p.hello != nil && runTime > 0 && runTime < helloWait
	p.mu.Unlock()
	if restart {
		helloWait = runTime
	}
	w.out.setDeadline(time.Now().Add(helloWait))
	stopCancel := context.AfterFunc(ctx, func() { w.out.f.SetReadDeadline(aLongTimeAgo) })
	hello, err := w.readMessage()
	stopCancel()
	typ := hello.typ
	switch {
	case errors.Is(err, os.ErrDeadlineExceeded):
		w.kill(killNone, 0)
		w.wait()
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		if restart {
			return nil, fmt.Errorf("%w (%v)%s", errNoHelloAgain, helloWait, stderrSuffix(w))
		}
		return nil, fmt.Errorf("the worker sent no hello within %v%s", p.cfg.StartTimeout, stderrSuffix(w))
	case err != nil:
		w.kill(killNone, 0)
		w.wait()
		return nil, fmt.Errorf("the worker %s ended before its hello (%v)%s", strings.Join(p.cfg.Command, " "), w.readErr, stderrSuffix(w))
	case typ != typeHello:
		w.stop()
		return nil, fmt.Errorf("the worker's first message is %q, not hello", typ)
	}
	if err := json.Unmarshal(hello.line, &w.hello); err != nil {
		w.stop()
		return nil, fmt.Errorf("the worker's hello: %v", err)
	}
	if w.hello.Protocol != ProtocolVersion {
		w.stop()
		return nil, fmt.Errorf("the worker speaks protocol %d, not %d", w.hello.Protocol, ProtocolVersion)
	}
	p.mu.Lock()
	if p.hello == nil {
		h := w.hello
		p.hello = &h
	}
	p.mu.Unlock()
	return w, nil
}

func stderrSuffix(w *proc) string {
	if s := w.stderr.String(); s != "" {
		return "; its stderr:\n" + s
	}
	return ""
}
