// Package harness is the run loop of `a0diff run`: it loads corpus entries, runs each
// through the Go implementation and the reference in parallel workers (and, when asked,
// through the reference under node, which attributes their disagreements, and through
// external implementations, each compared with the reference), compares the Outcomes
// (package diff) and checks them against the entries' expectations (package corpus),
// optionally rewrites the expectations, and renders the results as a text, JSON or JUnit
// report.
//
// It is a package of its own, not part of the CLI's main package, so that it can be
// tested with fake implementations and reused by other subcommands (fuzz, reduce).
package harness

import (
	"context"
	"errors"
	"fmt"
	"regexp"
	"runtime"
	"sync"
	"time"

	"github.com/a0diff/a0diff/corpus"
	"github.com/a0diff/a0diff/diff"
	"github.com/a0diff/a0diff/runtime/outcome"
)

// Runners are the implementations under comparison: the Go evaluator and the reference
// (in goja) are the primary pair; Node, when set, is the same reference under node (V8),
// which attributes their disagreements (diff.CompareThree); each of Extra is an external
// implementation, compared with the reference on its own (see Extras).
type Runners struct {
	Go, Ref outcome.Runner
	Node    outcome.Runner
	Extra   []outcome.Runner
	// Scope is what every comparison compares (the zero Scope: everything); an external
	// implementation's comparisons also leave out what its worker declares (ScopeOf).
	Scope diff.Scope
}

// all lists every runner that is set.
func (rs Runners) all() []outcome.Runner {
	out := []outcome.Runner{rs.Go, rs.Ref}
	if rs.Node != nil {
		out = append(out, rs.Node)
	}
	return append(out, rs.Extra...)
}

// Options configure Run.
type Options struct {
	// Workers is the number of entries run at the same time (runtime.NumCPU() when ≤ 0).
	Workers int
	// Timeout is the per-run deadline of entries without their own @timeout
	// (outcome.DefaultLimits.Timeout when 0).
	Timeout time.Duration
	// Update rewrites the expectations of the entries on which both implementations agree.
	Update bool
	// OnDone, when set, is called after each entry finishes (never concurrently).
	OnDone func(*EntryResult)
}

// Load discovers the entries under paths, keeps those whose path matches filter (all
// when filter is nil) and parses them. Any problem with the input — a missing path, no
// entries, an unreadable or malformed entry — is an error; all malformed entries are
// reported together, one per line, each as FILE:LINE: message.
func Load(paths []string, filter *regexp.Regexp) ([]*corpus.Entry, error) {
	files, err := corpus.Discover(paths...)
	if err != nil {
		return nil, err
	}
	var entries []*corpus.Entry
	var errs []error
	for _, f := range files {
		if filter != nil && !filter.MatchString(f) {
			continue
		}
		e, err := corpus.ParseFile(f)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		entries = append(entries, e)
	}
	if len(errs) > 0 {
		return nil, errors.Join(errs...)
	}
	if len(entries) == 0 {
		return nil, fmt.Errorf("no entry matches --filter %s (of %d found)", filter, len(files))
	}
	return entries, nil
}

// LoadFiles is Load keeping only the paths: every entry is parsed (so that a malformed
// one is an input error before anything runs) and dropped; RunFiles parses each again
// when its turn comes. What a0diff holds of a corpus is then its file names, whatever
// its size.
func LoadFiles(paths []string, filter *regexp.Regexp) ([]string, error) {
	files, err := corpus.Discover(paths...)
	if err != nil {
		return nil, err
	}
	var kept []string
	var errs []error
	for _, f := range files {
		if filter != nil && !filter.MatchString(f) {
			continue
		}
		if _, err := corpus.ParseFile(f); err != nil {
			errs = append(errs, err)
			continue
		}
		kept = append(kept, f)
	}
	if len(errs) > 0 {
		return nil, errors.Join(errs...)
	}
	if len(kept) == 0 {
		return nil, fmt.Errorf("no entry matches --filter %s (of %d found)", filter, len(files))
	}
	return kept, nil
}

// EntryResult is what happened to one entry.
type EntryResult struct {
	Entry   *corpus.Entry
	Go, Ref outcome.Outcome
	// Node is the reference's Outcome under node (cross-check only).
	Node outcome.Outcome
	// Diff is the comparison: of Go and Ref, or of all three with a cross-check (then
	// Attribution says who is wrong when the verdict is Diverge).
	Diff        diff.Result
	Attribution diff.Attribution
	// CrossChecked: Node ran.
	CrossChecked bool
	// Extras are the external implementations' results.
	Extras []Extra
	// GoMismatches and RefMismatches are the entry's expectations each side failed.
	GoMismatches, RefMismatches []corpus.Mismatch
	// Update is set when updating was asked for.
	Update *UpdateResult
	// Elapsed is the wall time of the entry's runs.
	Elapsed time.Duration
	// Timeout: one side timed out while the other completed, also when re-run with a
	// longer deadline (see Compare). It is reported in a category of its own.
	Timeout bool
	// Retried: a one-sided timeout was re-run (whatever the re-run gave).
	Retried bool
}

// UpdateResult says what --update did to an entry.
type UpdateResult struct {
	// Written: the file was rewritten.
	Written bool
	// Removed and Added are the @expect lines that went and came.
	Removed, Added []string
	// Skipped explains why the expectations were left alone (a divergence).
	Skipped string
	// Err is a failure to settle or write the new text.
	Err error
}

// ExpectationFailed reports whether either side failed the entry's expectations.
func (r *EntryResult) ExpectationFailed() bool {
	return len(r.GoMismatches) > 0 || len(r.RefMismatches) > 0
}

// Diverged reports whether the implementations diverged other than by a one-sided
// timeout.
func (r *EntryResult) Diverged() bool { return r.Diff.Verdict == diff.Diverge && !r.Timeout }

// ExtraDiverged reports whether an external implementation diverged from the reference.
func (r *EntryResult) ExtraDiverged() bool {
	for _, x := range r.Extras {
		if x.Diff.Verdict == diff.Diverge {
			return true
		}
	}
	return false
}

// Passed reports whether the entry is fine: the implementations did not diverge (an
// inconclusive comparison is not a failure), both met the expectations, and an update,
// if any, succeeded.
func (r *EntryResult) Passed() bool {
	return r.Diff.Verdict != diff.Diverge && !r.ExpectationFailed() && !r.ExtraDiverged() && (r.Update == nil || r.Update.Err == nil)
}

// Summary counts the results.
type Summary struct {
	Entries      int `json:"entries"`
	Agree        int `json:"agree"`
	Diverged     int `json:"diverged"`
	Inconclusive int `json:"inconclusive"`
	// Timeouts counts the entries on which one side timed out, also when re-run with a
	// longer deadline, while the other completed; Retried counts the re-runs.
	Timeouts int `json:"timeouts"`
	Retried  int `json:"timeoutsRetried"`
	// Abandoned counts the runs an implementation gave up on while its engine kept
	// computing (see Abandoned).
	Abandoned      int64         `json:"abandonedRuns"`
	ExpectFailures int           `json:"expectationFailures"`
	Updated        int           `json:"updated"`
	UpdateErrors   int           `json:"updateErrors"`
	Failed         int           `json:"failed"`
	Elapsed        time.Duration `json:"-"`
}

// AttributionCounts count divergences by attribution (diff.Attribution).
type AttributionCounts struct {
	Engine         int `json:"engine"`
	EngineShared   int `json:"engineShared"`
	Implementation int `json:"implementation"`
	Unattributed   int `json:"unattributed"`
}

// Add counts one divergence of attribution a.
func (c *AttributionCounts) Add(a diff.Attribution) {
	switch a {
	case diff.AttrEngine:
		c.Engine++
	case diff.AttrEngineShared:
		c.EngineShared++
	case diff.AttrImplementation:
		c.Implementation++
	case diff.AttrUnattributed:
		c.Unattributed++
	}
}

// String lists the counts in words.
func (c AttributionCounts) String() string {
	return fmt.Sprintf("%d engine (Go right, goja wrong), %d engine shared (goja wrong, Go follows it), %d implementation (Go wrong), %d unattributed",
		c.Engine, c.EngineShared, c.Implementation, c.Unattributed)
}

// Report is the outcome of Run: one result per entry in the entries' order.
type Report struct {
	Results []*EntryResult
	Summary Summary
	// CrossChecked: the reference also ran under node; Attribution counts the diverged
	// entries by attribution.
	CrossChecked bool
	Attribution  AttributionCounts
	// Implementations counts, per external implementation, the entries on which it
	// agreed with the reference, diverged from it, or was not compared (every external
	// implementation is listed).
	Implementations map[string]ImplCounts
	// Scopes is what the comparisons left out, per implementation ("go" for the Go
	// evaluator against the reference); implementations compared in full are absent.
	Scopes map[string]diff.Scope
}

// ImplCounts count an external implementation's comparisons with the reference.
type ImplCounts struct {
	Agree    int `json:"agree"`
	Diverged int `json:"diverged"`
	// NotCompared: inconclusive (both sides bounded) or out of scope.
	NotCompared int `json:"notCompared"`
}

// OK reports whether every entry passed.
func (r *Report) OK() bool { return r.Summary.Failed == 0 }

// Run runs every entry through both implementations. It returns when all entries are
// done or ctx is cancelled: then the entries not started and those whose runs were
// cancelled are left out of the report (a cancelled run is no verdict) and never updated.
func Run(ctx context.Context, rs Runners, entries []*corpus.Entry, opts Options) *Report {
	rep, _ := run(ctx, rs, len(entries), func(i int) (*corpus.Entry, error) { return entries[i], nil }, opts)
	return rep
}

// RunFiles is Run over entry files (LoadFiles), each parsed when its turn comes. A file
// that no longer parses then (changed since LoadFiles) is left out of the report, and the
// error names it.
func RunFiles(ctx context.Context, rs Runners, files []string, opts Options) (*Report, error) {
	return run(ctx, rs, len(files), func(i int) (*corpus.Entry, error) { return corpus.ParseFile(files[i]) }, opts)
}

func run(ctx context.Context, rs Runners, n int, entry func(i int) (*corpus.Entry, error), opts Options) (*Report, error) {
	start := time.Now()
	workers := opts.Workers
	if workers <= 0 {
		workers = runtime.NumCPU()
	}
	results := make([]*EntryResult, n)
	errs := make([]error, n)
	var doneMu sync.Mutex
	Parallel(ctx, n, workers, func(i int) {
		e, err := entry(i)
		if err != nil {
			errs[i] = err
			return
		}
		res := runEntry(ctx, rs, e, opts)
		if res == nil {
			return // cancelled
		}
		results[i] = res
		if opts.OnDone != nil {
			doneMu.Lock()
			opts.OnDone(res)
			doneMu.Unlock()
		}
		if res.Passed() {
			res.slim()
		}
	})

	rep := &Report{CrossChecked: rs.Node != nil, Scopes: map[string]diff.Scope{}}
	if !rs.Scope.IsFull() {
		rep.Scopes["go"] = rs.Scope
	}
	if len(rs.Extra) > 0 {
		rep.Implementations = map[string]ImplCounts{}
		for _, x := range rs.Extra {
			rep.Implementations[x.Name()] = ImplCounts{}
			if s := ScopeOf(rs.Scope, x); !s.IsFull() {
				rep.Scopes[x.Name()] = s
			}
		}
	}
	for _, r := range results {
		if r == nil {
			continue // not started before cancellation
		}
		rep.Results = append(rep.Results, r)
		s := &rep.Summary
		s.Entries++
		switch {
		case r.Timeout:
			s.Timeouts++
		case r.Diff.Verdict == diff.Agree:
			s.Agree++
		case r.Diff.Verdict == diff.Diverge:
			s.Diverged++
			rep.Attribution.Add(r.Attribution)
		case r.Diff.Verdict == diff.Inconclusive:
			s.Inconclusive++
		}
		if r.Retried {
			s.Retried++
		}
		for _, x := range r.Extras {
			c := rep.Implementations[x.Name]
			switch x.Diff.Verdict {
			case diff.Diverge:
				c.Diverged++
			case diff.Agree:
				c.Agree++
			default:
				c.NotCompared++
			}
			rep.Implementations[x.Name] = c
		}
		if r.ExpectationFailed() {
			s.ExpectFailures++
		}
		if r.Update != nil && r.Update.Written {
			s.Updated++
		}
		if r.Update != nil && r.Update.Err != nil {
			s.UpdateErrors++
		}
		if !r.Passed() {
			s.Failed++
		}
	}
	rep.Summary.Elapsed = time.Since(start)
	rep.Summary.Abandoned = Abandoned(rs)
	return rep, errors.Join(errs...)
}

// slim drops what the reports never show of a passing entry — the entry's text and
// configuration (not the sections it cites: the scoreboard counts them), the Outcomes
// but for their status and exit code — so that what a
// report keeps per passing entry is a few hundred bytes (its path, statuses, verdict,
// an update's lines), however long the run.
func (r *EntryResult) slim() {
	r.Entry = &corpus.Entry{Path: r.Entry.Path, Sections: r.Entry.Sections}
	r.Go, r.Ref, r.Node = statusOnly(r.Go), statusOnly(r.Ref), statusOnly(r.Node)
	for i := range r.Extras {
		r.Extras[i].Outcome = statusOnly(r.Extras[i].Outcome)
	}
}

func statusOnly(o outcome.Outcome) outcome.Outcome {
	return outcome.Outcome{Status: o.Status, ExitCode: o.ExitCode}
}

// runEntry runs, compares, checks and (when asked) updates one entry. It returns nil
// when ctx was cancelled during the runs.
func runEntry(ctx context.Context, rs Runners, e *corpus.Entry, opts Options) *EntryResult {
	start := time.Now()
	res := &EntryResult{Entry: e}
	c := Compare(ctx, rs, e.Source, ConfigFor(e, opts.Timeout))
	if ctx.Err() != nil {
		return nil
	}
	res.Go, res.Ref, res.Diff, res.Timeout, res.Retried = c.Go, c.Ref, c.Diff, c.Timeout(), c.Retried
	res.Node, res.Attribution, res.CrossChecked, res.Extras = c.Node, c.Attribution, c.CrossChecked, c.Extras
	if opts.Update {
		update(ctx, rs, res, opts.Timeout)
	}
	res.GoMismatches = corpus.Check(res.Entry, res.Go)
	res.RefMismatches = corpus.Check(res.Entry, res.Ref)
	res.Elapsed = time.Since(start)
	return res
}

// RunBoth runs e through both implementations, one after the other. The run's deadline
// is the entry's @timeout, else timeout, else the default.
func RunBoth(ctx context.Context, rs Runners, e *corpus.Entry, timeout time.Duration) (goOut, refOut outcome.Outcome) {
	cfg := ConfigFor(e, timeout)
	return outcome.SafeRun(ctx, rs.Go, e.Source, cfg), outcome.SafeRun(ctx, rs.Ref, e.Source, cfg)
}

// ConfigFor is e's configuration with the run deadline filled in.
func ConfigFor(e *corpus.Entry, timeout time.Duration) outcome.Config {
	cfg := e.Config
	cfg.File = corpus.SpanFileName(cfg.File)
	if cfg.Limits.Timeout <= 0 {
		cfg.Limits.Timeout = timeout
	}
	cfg.Limits = cfg.Limits.WithDefaults()
	return cfg
}

// RetryFactor multiplies the deadline of the re-run of a one-sided timeout.
const RetryFactor = 3

// Comparison is the result of Compare.
type Comparison struct {
	Go, Ref outcome.Outcome
	Diff    diff.Result
	// With a cross-check (Runners.Node): node's Outcome, and the attribution of a
	// divergence; Diff is then the three-way comparison (diff.CompareThree).
	Node         outcome.Outcome
	Attribution  diff.Attribution
	CrossChecked bool
	// Extras are the external implementations' results.
	Extras []Extra
	// Retried: one side timed out while the other completed, and was run again.
	Retried bool
}

// Timeout reports whether one side timed out while the other completed (after the
// re-run, when there was one).
func (c Comparison) Timeout() bool { return OneSidedTimeout(c.Go, c.Ref) }

// OneSidedTimeout reports whether exactly one of the Outcomes is a timeout and the other
// completed (status ok).
func OneSidedTimeout(g, r outcome.Outcome) bool {
	return g.Status == outcome.StatusTimeout && r.Status == outcome.StatusOK ||
		r.Status == outcome.StatusTimeout && g.Status == outcome.StatusOK
}

// Compare runs source under cfg through both implementations, one after the other (and
// through the reference under node beside them, when rs.Node is set), and
// compares the Outcomes. A side that timed out while the other completed is run once
// more with RetryFactor times the deadline (a loaded machine, a slow engine) before the
// timeout is believed. When ctx is cancelled the result means nothing; the caller
// checks ctx.
func Compare(ctx context.Context, rs Runners, source string, cfg outcome.Config) Comparison {
	var c Comparison
	// The reference under node runs beside the other two: its run is mostly waiting (a
	// process round trip), and it never shares a worker with them.
	var nodeDone chan outcome.Outcome
	if rs.Node != nil {
		nodeDone = make(chan outcome.Outcome, 1)
		go func() { nodeDone <- outcome.SafeRun(ctx, rs.Node, source, cfg) }()
	}
	if besideOK(rs.Go) && besideOK(rs.Ref) {
		// Each side in a worker process of its own: the Go side runs beside the
		// reference (on another core when there is one) instead of before it.
		goDone := make(chan outcome.Outcome, 1)
		go func() { goDone <- outcome.SafeRun(ctx, rs.Go, source, cfg) }()
		c.Ref = outcome.SafeRun(ctx, rs.Ref, source, cfg)
		c.Go = <-goDone
	} else {
		c.Go = outcome.SafeRun(ctx, rs.Go, source, cfg)
		c.Ref = outcome.SafeRun(ctx, rs.Ref, source, cfg)
	}
	if goAgain, refAgain := NeedsRerun(rs.Go, c.Go, c.Ref), NeedsRerun(rs.Ref, c.Ref, c.Go); (goAgain || refAgain) && ctx.Err() == nil {
		c.Retried = true
		long := cfg
		long.Limits = cfg.Limits.WithDefaults()
		long.Limits.Timeout *= RetryFactor
		if goAgain {
			c.Go = outcome.SafeRun(ctx, rs.Go, source, long)
		}
		if refAgain {
			c.Ref = outcome.SafeRun(ctx, rs.Ref, source, long)
		}
	}
	if rs.Node != nil {
		c.CrossChecked = true
		c.Node = <-nodeDone
		if NeedsRerun(rs.Node, c.Node, c.Ref) && ctx.Err() == nil {
			c.Retried = true
			long := cfg
			long.Limits = cfg.Limits.WithDefaults()
			long.Limits.Timeout *= RetryFactor
			c.Node = outcome.SafeRun(ctx, rs.Node, source, long)
		}
		t := diff.CompareThree(c.Go, c.Ref, c.Node)
		c.Diff, c.Attribution = t.Result, t.Attribution
	} else {
		c.Diff = diff.CompareIn(rs.Scope, c.Go, c.Ref)
	}
	c.Extras = runExtras(ctx, rs, source, cfg, c.Ref)
	return c
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

// Abandoned is the number of abandoned runs of both implementations (those that count
// them).
func Abandoned(rs Runners) int64 {
	n := int64(0)
	for _, r := range rs.all() {
		if a, ok := r.(Abandoner); ok {
			_, total := a.Abandoned()
			n += total
		}
	}
	return n
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
