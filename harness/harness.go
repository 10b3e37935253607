// Package harness is the run loop of `a0diff run`: it loads corpus entries, runs each
// through the Go implementation and the reference in parallel workers (and, when asked,
// through the reference under node, which attributes their disagreements, and through
// external implementations, each compared with the reference), compares the Outcomes
// (package diff) and checks them against the entries' expectations (package corpus),
// optionally rewrites the expectations, and renders the results as a text, JSON or JUnit
// report. With only the two built-in implementations, batches of entries can go to entry
// workers that run both in one process and answer with what passed (batch.go,
// batchworker.go); whatever did not pass plainly is run again one implementation per
// worker, so the reports are the same.
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
	"github.com/a0diff/a0diff/trial"
	"github.com/a0diff/a0diff/worker"
)

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
	// Batch, when set and the runners are Batchable, runs the entries in entry workers
	// (batch.go): each of Workers of them is given batches of entries, runs both
	// built-in implementations itself and answers with what passed; every other entry
	// is run again through the runners (per-case workers). The report is the same.
	Batch *worker.BatchConfig
}

// Load discovers the entries under paths, keeps those whose path matches filter (all
// when filter is nil) and parses them. Any problem with the input — a missing path, no
// entries, an unreadable or malformed entry — is an error; all malformed entries are
// reported together, one per line, each as FILE:LINE: message.
func Load(paths []string, filter *regexp.Regexp) ([]*corpus.Entry, error) {
	files, err := discover(paths, filter)
	if err != nil {
		return nil, err
	}
	return corpus.ParseFiles(files)
}

// LoadFiles is Load keeping only the paths: every entry is parsed (so that a malformed
// one is an input error before anything runs) and dropped; RunFiles parses each again
// when its turn comes. What a0diff holds of a corpus is then its file names, whatever
// its size.
func LoadFiles(paths []string, filter *regexp.Regexp) ([]string, error) {
	files, err := discover(paths, filter)
	if err != nil {
		return nil, err
	}
	var errs []error
	for _, f := range files {
		if _, err := corpus.ParseFile(f); err != nil {
			errs = append(errs, err)
		}
	}
	if len(errs) > 0 {
		return nil, errors.Join(errs...)
	}
	return files, nil
}

// discover is the entry files under paths whose path matches filter (all when filter
// is nil); none is an error.
func discover(paths []string, filter *regexp.Regexp) ([]string, error) {
	files, err := corpus.Discover(paths...)
	if err != nil {
		return nil, err
	}
	kept := files
	if filter != nil {
		kept = nil
		for _, f := range files {
			if filter.MatchString(f) {
				kept = append(kept, f)
			}
		}
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
	Extras []trial.Extra
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

// Report is the outcome of Run: one result per entry in the entries' order (Each,
// Results), of which a passing entry keeps only what the reports show.
type Report struct {
	kept    []kept
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
	// Batch counts what the entry workers did (nil when the entries ran one by one).
	Batch *BatchStats
}

// ImplCounts count an external implementation's comparisons with the reference.
type ImplCounts struct {
	Agree    int `json:"agree"`
	Diverged int `json:"diverged"`
	// NotCompared: inconclusive (both sides bounded) or out of scope.
	NotCompared int `json:"notCompared"`
}

// Add counts one comparison of the implementation with the reference.
func (c *ImplCounts) Add(v diff.Verdict) {
	switch v {
	case diff.Agree:
		c.Agree++
	case diff.Diverge:
		c.Diverged++
	default:
		c.NotCompared++
	}
}

// OK reports whether every entry passed.
func (r *Report) OK() bool { return r.Summary.Failed == 0 }

// Run runs every entry through both implementations. It returns when all entries are
// done or ctx is cancelled: then the entries not started and those whose runs were
// cancelled are left out of the report (a cancelled run is no verdict) and never updated.
func Run(ctx context.Context, rs trial.Runners, entries []*corpus.Entry, opts Options) *Report {
	rep, _ := run(ctx, rs, len(entries), func(i int) (*corpus.Entry, error) { return entries[i], nil }, opts)
	return rep
}

// RunFiles is Run over entry files (LoadFiles), each parsed when its turn comes. A file
// that no longer parses then (changed since LoadFiles) is left out of the report, and the
// error names it.
func RunFiles(ctx context.Context, rs trial.Runners, files []string, opts Options) (*Report, error) {
	return run(ctx, rs, len(files), func(i int) (*corpus.Entry, error) { return corpus.ParseFile(files[i]) }, opts)
}

func run(ctx context.Context, rs trial.Runners, n int, entry func(i int) (*corpus.Entry, error), opts Options) (*Report, error) {
	start := time.Now()
	workers := opts.Workers
	if workers <= 0 {
		workers = runtime.NumCPU()
	}
	results := make([]kept, n)
	errs := make([]error, n)
	var batched *batchRun
	if opts.Batch != nil && Batchable(rs) {
		opts.Workers = workers
		batched = &batchRun{ctx: ctx, rs: rs, opts: opts, entry: entry, results: results, errs: errs}
		batched.run(n)
	} else {
		var doneMu sync.Mutex
		trial.Parallel(ctx, n, workers, func(i int) {
			e, err := entry(i)
			if err != nil {
				errs[i] = err
				return
			}
			res := runEntry(ctx, rs, e, opts)
			if res == nil {
				return // cancelled
			}
			if opts.OnDone != nil {
				doneMu.Lock()
				opts.OnDone(res)
				doneMu.Unlock()
			}
			results[i] = keep(res)
		})
	}

	rep := &Report{CrossChecked: rs.Node != nil, Scopes: map[string]diff.Scope{}}
	if batched != nil {
		rep.Batch = &batched.stats
	}
	if !rs.Scope.IsFull() {
		rep.Scopes["go"] = rs.Scope
	}
	if len(rs.Extra) > 0 {
		rep.Implementations = map[string]ImplCounts{}
		for _, x := range rs.Extra {
			rep.Implementations[x.Name()] = ImplCounts{}
			if s := trial.ScopeOf(rs.Scope, x); !s.IsFull() {
				rep.Scopes[x.Name()] = s
			}
		}
	}
	rep.kept = results[:0] // in place: the entries not started are dropped
	for i := range results {
		if results[i].full == nil && results[i].pass.path == "" {
			continue // not started before cancellation
		}
		rep.kept = append(rep.kept, results[i])
		r := results[i].result()
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
			c.Add(x.Diff.Verdict)
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
	rep.Summary.Abandoned = trial.Abandoned(rs)
	return rep, errors.Join(errs...)
}

// runEntry runs, compares, checks and (when asked) updates one entry. It returns nil
// when ctx was cancelled during the runs.
func runEntry(ctx context.Context, rs trial.Runners, e *corpus.Entry, opts Options) *EntryResult {
	start := time.Now()
	res := &EntryResult{Entry: e}
	c := trial.Compare(ctx, rs, e.Source, e.RunConfig(opts.Timeout))
	if ctx.Err() != nil {
		return nil
	}
	res.Go, res.Ref, res.Diff, res.Timeout, res.Retried = c.Impl, c.Ref, c.Diff, c.Timeout(), c.Retried
	res.Node, res.Attribution, res.CrossChecked, res.Extras = c.Node, c.Attribution, c.CrossChecked, c.Extras
	if opts.Update {
		update(ctx, rs, res, opts.Timeout)
	}
	res.GoMismatches = corpus.Check(res.Entry, res.Go)
	res.RefMismatches = corpus.Check(res.Entry, res.Ref)
	res.Elapsed = time.Since(start)
	return res
}
