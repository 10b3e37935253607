// Package trial is the one run-and-compare primitive of a0diff: it runs one program
// under one host configuration through the implementations under comparison, re-runs a
// one-sided timeout before believing it, and compares the Outcomes (package diff). The
// corpus run (harness), the fuzz campaign, the reducer and cmin all judge a case through
// Compare, so a rule about when a run is believed is written once, here.
//
// It sits just above diff: it knows Outcomes, runners and the comparison, and nothing of
// corpus entries, generators or reports.
package trial

import (
	"context"
	"strings"
	"sync"
	"time"

	"github.com/a0diff/a0diff/diff"
	"github.com/a0diff/a0diff/runtime/outcome"
)

// Runners are the implementations a case runs through, each known by its Name(): Impl is
// the implementation under test, compared with the reference Ref (the Go evaluator in
// a0diff's own runs; an external implementation when a reduction keeps its divergence);
// Node, when set, is the reference under node (V8), which makes the comparison of Impl
// and Ref three-way and attributes their disagreements (diff.CompareThree); each of Extra
// is a further implementation, compared with the reference on its own.
type Runners struct {
	Impl, Ref outcome.Runner
	Node      outcome.Runner
	Extra     []outcome.Runner
	// Concurrent runs Impl and Ref at the same time even when they do not say that
	// they may (Beside): the reducer sets it, its in-process runners sharing nothing.
	Concurrent bool
	// Scope is what every comparison compares (the zero Scope: everything, as
	// diff.Compare); an extra implementation's comparisons also leave out what its
	// worker declares it does not model and the limits it does not enforce (ScopeOf).
	Scope diff.Scope
}

// All lists every runner that is set.
func (rs Runners) All() []outcome.Runner {
	out := []outcome.Runner{rs.Impl, rs.Ref}
	if rs.Node != nil {
		out = append(out, rs.Node)
	}
	return append(out, rs.Extra...)
}

// Primary is rs without its extra implementations: the pair (and the cross-check).
func (rs Runners) Primary() Runners {
	rs.Extra = nil
	return rs
}

// Named is the runner called name among Impl and Extra, or nil.
func (rs Runners) Named(name string) outcome.Runner {
	for _, r := range append([]outcome.Runner{rs.Impl}, rs.Extra...) {
		if r != nil && r.Name() == name {
			return r
		}
	}
	return nil
}

// Config is cfg resolved for a run: the deadline is cfg's own, else timeout, else the
// default, and every other limit gets its default. It is the one place the limits of a
// case are resolved; the runs then take them as they are.
func Config(cfg outcome.Config, timeout time.Duration) outcome.Config {
	if cfg.Limits.Timeout <= 0 {
		cfg.Limits.Timeout = timeout
	}
	cfg.Limits = cfg.Limits.WithDefaults()
	return cfg
}

// RetryFactor multiplies the deadline of the re-run of a one-sided timeout.
const RetryFactor = 3

// Extra is an external implementation's result on one program: its Outcome and its
// comparison with the reference in goja (diff.Compare with the external implementation
// on the Go side, the reference on the Ref side: in its divergences "go" is the
// external implementation).
type Extra struct {
	Name    string
	Outcome outcome.Outcome
	Diff    diff.Result
	// Retried: its first Outcome was not believed (NeedsRerun), and it was run again.
	Retried bool
	// NotRun: the reference ended the run at a harness limit the implementation does not
	// enforce, so it was not run (Diff is diff.OutOfScope, Outcome empty).
	NotRun bool
}

// declarer is implemented by implementations that declare what they do not model and
// which harness limits they do not enforce (worker.Pool, from its workers' hello).
type declarer interface {
	Unmodelled() []string
	IgnoredLimits() []outcome.LimitName
}

// ScopeOf is the scope of r's comparisons with the reference: chosen, less what r
// declares it does not model and the deterministic limits it does not enforce.
func ScopeOf(chosen diff.Scope, r outcome.Runner) diff.Scope {
	d, ok := r.(declarer)
	if !ok {
		return chosen
	}
	why := "declared by " + r.Name()
	s := chosen
	if un := d.Unmodelled(); len(un) > 0 {
		if as, err := diff.ParseAspects(strings.Join(un, ",")); err == nil {
			s = s.Without(as, why)
		}
	}
	return s.WithoutLimits(d.IgnoredLimits(), why)
}

// Comparison is the result of Compare.
type Comparison struct {
	// Impl and Ref are the Outcomes of the implementation under test and of the
	// reference; Diff their comparison.
	Impl, Ref outcome.Outcome
	Diff      diff.Result
	// With a cross-check (Runners.Node): node's Outcome, and the attribution of a
	// divergence; Diff is then the three-way comparison (diff.CompareThree).
	Node         outcome.Outcome
	Attribution  diff.Attribution
	CrossChecked bool
	// Extras are the external implementations' results.
	Extras []Extra
	// Retried: a side's first Outcome was not believed (NeedsRerun), and it was run again;
	// FirstDiff is then the comparison of the first Outcomes (of Impl and Ref).
	Retried   bool
	FirstDiff diff.Result
}

// Timeout reports whether one side timed out while the other completed (after the
// re-run, when there was one).
func (c Comparison) Timeout() bool { return OneSidedTimeout(c.Impl, c.Ref) }

// OneSidedTimeout reports whether exactly one of the Outcomes is a timeout and the other
// completed (status ok).
func OneSidedTimeout(a, b outcome.Outcome) bool {
	return a.Status == outcome.StatusTimeout && b.Status == outcome.StatusOK ||
		b.Status == outcome.StatusTimeout && a.Status == outcome.StatusOK
}

// rerun runs r once more, with RetryFactor times the deadline, when got (its Outcome)
// is not believed beside other (NeedsRerun). It reports whether it ran.
func rerun(ctx context.Context, r outcome.Runner, got, other outcome.Outcome, source string, cfg outcome.Config) (outcome.Outcome, bool) {
	if !NeedsRerun(r, got, other) || ctx.Err() != nil {
		return got, false
	}
	long := cfg
	long.Limits.Timeout *= RetryFactor
	return outcome.SafeRun(ctx, r, source, long), true
}

// Compare runs source under cfg (resolved by Config) through the implementations of rs
// and compares their Outcomes: Impl and Ref one after the other, or at the same time
// when both allow it (Beside) or rs.Concurrent says so; the reference under node beside
// them; then each extra implementation. A side whose Outcome the machine may have caused
// (a one-sided timeout, say) is run once more before it is believed (NeedsRerun). When ctx is cancelled the result means nothing; the
// caller checks ctx.
func Compare(ctx context.Context, rs Runners, source string, cfg outcome.Config) Comparison {
	var c Comparison
	// The reference under node runs beside the other two: its run is mostly waiting (a
	// process round trip), and it never shares a worker with them.
	var nodeDone chan outcome.Outcome
	if rs.Node != nil {
		nodeDone = make(chan outcome.Outcome, 1)
		go func() { nodeDone <- outcome.SafeRun(ctx, rs.Node, source, cfg) }()
	}
	if rs.Concurrent || besideOK(rs.Impl) && besideOK(rs.Ref) {
		// Each side in a worker process of its own: the side under test runs beside
		// the reference (on another core when there is one) instead of before it.
		implDone := make(chan outcome.Outcome, 1)
		go func() { implDone <- outcome.SafeRun(ctx, rs.Impl, source, cfg) }()
		c.Ref = outcome.SafeRun(ctx, rs.Ref, source, cfg)
		c.Impl = <-implDone
	} else {
		c.Impl = outcome.SafeRun(ctx, rs.Impl, source, cfg)
		c.Ref = outcome.SafeRun(ctx, rs.Ref, source, cfg)
	}
	// Each side is judged against the other's first Outcome.
	implOut, implRetried := rerun(ctx, rs.Impl, c.Impl, c.Ref, source, cfg)
	refOut, refRetried := rerun(ctx, rs.Ref, c.Ref, c.Impl, source, cfg)
	if implRetried || refRetried {
		c.FirstDiff = diff.CompareIn(rs.Scope, c.Impl, c.Ref)
	}
	c.Impl, c.Ref, c.Retried = implOut, refOut, implRetried || refRetried
	if rs.Node != nil {
		c.CrossChecked = true
		c.Node = <-nodeDone
		var nodeRetried bool
		c.Node, nodeRetried = rerun(ctx, rs.Node, c.Node, c.Ref, source, cfg)
		c.Retried = c.Retried || nodeRetried
		t := diff.CompareThree(c.Impl, c.Ref, c.Node)
		c.Diff, c.Attribution = t.Result, t.Attribution
	} else {
		c.Diff = diff.CompareIn(rs.Scope, c.Impl, c.Ref)
	}
	c.Extras = compareExtras(ctx, rs, source, cfg, c.Ref)
	return c
}

// compareExtras runs source through every extra implementation and compares each with
// the reference's Outcome ref.
func compareExtras(ctx context.Context, rs Runners, source string, cfg outcome.Config, ref outcome.Outcome) []Extra {
	if len(rs.Extra) == 0 {
		return nil
	}
	out := make([]Extra, 0, len(rs.Extra))
	for _, x := range rs.Extra {
		s := ScopeOf(rs.Scope, x)
		if s.OutOfScope(ref) {
			// Nothing to compare, and an implementation without that limit may run on to
			// the deadline: not run at all.
			out = append(out, Extra{Name: x.Name(), Diff: diff.Result{Verdict: diff.OutOfScope}, NotRun: true})
			continue
		}
		o := outcome.SafeRun(ctx, x, source, cfg)
		o, retried := rerun(ctx, x, o, ref, source, cfg)
		out = append(out, Extra{Name: x.Name(), Outcome: o, Diff: diff.CompareIn(s, o, ref), Retried: retried})
	}
	return out
}

// Beside is implemented by implementations that may run a case while the other
// side runs it too (worker.Pool, when that adds no process to those a campaign may run
// at a time).
type Beside interface {
	RunsBeside() bool
}

func besideOK(r outcome.Runner) bool {
	b, ok := r.(Beside)
	return ok && b.RunsBeside()
}

// Abandoner is implemented by implementations that count the runs they gave up on at
// the deadline while their engine kept computing (worker.Pool does).
type Abandoner interface {
	Abandoned() (running, total int64)
}

// Abandoned is the number of abandoned runs of the implementations of rs (those that
// count them).
func Abandoned(rs Runners) int64 {
	n := int64(0)
	for _, r := range rs.All() {
		if a, ok := r.(Abandoner); ok {
			_, total := a.Abandoned()
			n += total
		}
	}
	return n
}

// StillRunning reports whether r (when it counts them) has abandoned runs whose engine
// is still computing: a batch worker that runs r in its own process must then exit.
func StillRunning(r outcome.Runner) bool {
	a, ok := r.(Abandoner)
	if !ok {
		return false
	}
	running, _ := a.Abandoned()
	return running > 0
}

// Unsettled reports whether a run in a batch worker ended in a way that depends on the
// machine or went wrong inside its engine (a timeout, a crash): the per-case mode, one
// implementation per worker process, runs it again and attributes it to a side.
func Unsettled(o *outcome.Outcome) bool {
	return o.Status == outcome.StatusTimeout || o.Status == outcome.StatusCrash
}

// Parallel calls fn(i) for each i in [0, n) on at most workers goroutines, in order of
// i as goroutines come free. When ctx is cancelled it starts no further call; it returns
// once every started call has returned.
func Parallel(ctx context.Context, n, workers int, fn func(i int)) {
	jobs := make(chan int)
	var wg sync.WaitGroup
	for range min(workers, n) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range jobs {
				fn(i)
			}
		}()
	}
feed:
	for i := range n {
		select {
		case jobs <- i:
		case <-ctx.Done():
			break feed
		}
	}
	close(jobs)
	wg.Wait()
}
