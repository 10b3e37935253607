package cmin

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"time"

	"github.com/a0diff/a0diff/corpus"
	"github.com/a0diff/a0diff/trial"
)

// Job is one distillation as `a0diff cmin` runs it: the inputs, where the kept entries
// go and how they are measured.
type Job struct {
	// Inputs are the corpus directories or entries to distil.
	Inputs []string
	// Out is the directory the kept entries are written under ("" with DryRun).
	Out string
	// DryRun plans and writes nothing; Reduce minimises each kept divergent entry first
	// (at most ReduceBudget each).
	DryRun, Reduce bool
	ReduceBudget   time.Duration
	// Coverage measures the Go evaluator's statement coverage, building covrun from the
	// source tree Source ("" for the one around the working directory).
	Coverage bool
	Source   string
	// Workers is how many entries run at the same time (runtime.NumCPU() when 0);
	// Timeout the per-run deadline of entries without their own; RSSLimitMB the memory
	// ceiling of each coverage run.
	Workers    int
	Timeout    time.Duration
	RSSLimitMB int
	// Runners makes the implementations, for the given number of workers; the Job
	// closes nothing, the caller keeps what it made.
	Runners func(workers int) (trial.Runners, error)
	// Warn, when set, is told what the report does not say (an entry whose coverage
	// run went over the memory ceiling).
	Warn func(string)
}

// Report is what a Job did.
type Report struct {
	Analysis  *Analysis
	Selection Selection
	Plan      []Placement // nil with a dry run without Out
	Options   Options
	// Compared is the time the comparison runs took.
	Compared time.Duration
	// After are the kept entries' totals; AfterStmts the statement total of OUT
	// measured again after Reduce (else 0).
	After      Totals
	AfterStmts int
	// Notes say what happened to single entries (a reduction that failed).
	Notes []string
	// Out and DryRun are the Job's.
	Out    string
	DryRun bool
}

// UsageError is a Job the inputs make impossible (a bad Out, no source tree): the
// caller's usage error.
type UsageError struct{ Err error }

func (e *UsageError) Error() string { return e.Err.Error() }

// FailureError is a Job that failed on the way (a coverage build, a write).
type FailureError struct{ Err error }

func (e *FailureError) Error() string { return e.Err.Error() }
func (e *FailureError) Unwrap() error { return e.Err }

// Run runs the job: it reads the entries, measures their coverage, compares them,
// selects the entries to keep, and (unless DryRun) writes them. An entry that does not
// parse is an error naming it (all of them, joined); when ctx is cancelled the error is
// ctx's.
func (j Job) Run(ctx context.Context) (*Report, error) {
	files, err := corpus.Discover(j.Inputs...)
	if err != nil {
		return nil, err
	}
	entries, err := corpus.ParseFiles(files)
	if err != nil {
		return nil, err
	}
	if j.Out != "" {
		// Refuse a bad OUT before the work.
		if _, err := Place(j.Inputs, nil, j.Out); err != nil {
			return nil, &UsageError{err}
		}
		// OUT must be a directory entries can be written to: a file there (or on the
		// way) was found only by the write, after all the work.
		if !j.DryRun {
			if err := corpus.CheckWritableDir(j.Out); err != nil {
				return nil, &UsageError{fmt.Errorf("-o %s: %v", j.Out, err)}
			}
		}
	}
	fail := func(format string, err error) error {
		var usage *UsageError
		switch {
		case ctx.Err() != nil:
			return ctx.Err()
		case errors.As(err, &usage):
			return usage
		}
		return &FailureError{fmt.Errorf(format, err)}
	}
	opts := Options{Workers: j.Workers, Timeout: j.Timeout}
	if j.Coverage {
		if opts.Coverage, err = j.measure(ctx, files); err != nil {
			return nil, fail("cmin: measuring Go coverage: %v", err)
		}
		for _, p := range opts.Coverage.OverCeiling {
			j.warn(fmt.Sprintf("cmin: %s: its coverage run went over --rss-limit-mb %d and was killed; it counts as covering no Go statement", p, j.RSSLimitMB))
		}
	}
	workers := j.Workers
	if workers == 0 {
		workers = runtime.NumCPU()
	}
	rs, err := j.Runners(workers)
	if err != nil {
		return nil, err
	}
	start := time.Now()
	an, err := Analyse(ctx, entries, rs, opts)
	if err != nil {
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		return nil, err
	}
	rep := &Report{Analysis: an, Options: opts, Compared: time.Since(start), Selection: an.Select(), Out: j.Out, DryRun: j.DryRun}
	kept := make([]string, len(rep.Selection.Kept))
	for k, i := range rep.Selection.Kept {
		kept[k] = an.Entries[i].Entry.Path
	}
	if j.Out != "" {
		if rep.Plan, err = Place(j.Inputs, kept, j.Out); err != nil {
			return nil, &UsageError{err}
		}
	}
	rep.After = an.Totals(rep.Selection.Kept)
	if j.DryRun {
		return rep, nil
	}
	wopts := WriteOptions{Reduce: j.Reduce, ReduceBudget: j.ReduceBudget, Timeout: j.Timeout, Workers: j.Workers}
	if rep.Notes, err = Write(ctx, an, rep.Selection, rep.Plan, rs, wopts); err != nil {
		return nil, fail("%v", err)
	}
	if j.Reduce {
		// Reduced entries are new programs: measure what OUT holds now.
		if rep.After, rep.AfterStmts, err = j.measureOut(ctx, rep.Plan, rs); err != nil {
			return nil, fail("cmin: measuring "+j.Out+": %v", err)
		}
	}
	return rep, nil
}

func (j Job) warn(s string) {
	if j.Warn != nil {
		j.Warn(s)
	}
}

// measure measures the Go statement coverage of the entries at paths.
func (j Job) measure(ctx context.Context, paths []string) (*GoCoverage, error) {
	src := j.Source
	if src == "" {
		var err error
		if src, err = FindSource("."); err != nil {
			return nil, &UsageError{fmt.Errorf("cmin: Go coverage needs the a0diff source tree: %v (use --source DIR, or --coverage=false)", err)}
		}
	}
	return MeasureGoCoverage(ctx, src, paths, j.Timeout, j.Workers, j.RSSLimitMB)
}

// measureOut analyses the entries written to OUT.
func (j Job) measureOut(ctx context.Context, plan []Placement, rs trial.Runners) (Totals, int, error) {
	var paths []string
	var entries []*corpus.Entry
	for _, p := range plan {
		e, err := corpus.ParseFile(p.To)
		if err != nil {
			return Totals{}, 0, err
		}
		paths = append(paths, p.To)
		entries = append(entries, e)
	}
	opts := Options{Workers: j.Workers, Timeout: j.Timeout}
	if j.Coverage {
		cov, err := j.measure(ctx, paths)
		if err != nil {
			return Totals{}, 0, err
		}
		opts.Coverage = cov
	}
	an, err := Analyse(ctx, entries, rs, opts)
	if err != nil {
		return Totals{}, 0, err
	}
	return an.Totals(nil), an.TotalStmts, nil
}
