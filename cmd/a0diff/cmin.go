package main

import (
	"errors"
	"fmt"
	"io"
	"runtime"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/a0diff/a0diff/cmin"
	"github.com/a0diff/a0diff/corpus"
	"github.com/a0diff/a0diff/trial"
)

func init() { register(newCminCmd) }

// cminReduceBudget bounds the reduction of each kept entry with --reduce.
const cminReduceBudget = 30 * time.Second

const cminLong = `Distil the corpus entries under DIR... into OUT: the smallest set of entries found by a
greedy set cover (preferring the smaller file among equals) that keeps everything the
whole input exercises —

  * every divergence signature (package diff), so one entry per signature survives;
  * every pinned-expectation class: each pinned exit ("exit 4", "exit timeout"), each
    pinned error code, the type of each pinned value, and each combination of pinned
    expectation kinds ("pins exit+value+trace");
  * every trace-event shape: each event with its set of data fields, and each pair of
    consecutive event names, as either implementation produced them;
  * the union of the Go evaluator's statement coverage (the basic blocks of runtime/...
    each entry's run executes), measured per entry with Go's coverage instrumentation:
    a0diff builds cmin/covrun with "go build -cover" from the source tree it is
    run in (--source), runs every entry through it, and reads each entry's counters with
    "go tool covdata". This needs the go command; --coverage=false skips it.

The kept entries are copied to OUT at their paths relative to the DIR they came from;
with --reduce (at most 30 s each) each kept entry on which the implementations diverge is first minimised
as "a0diff reduce" does (keeping its signatures, not its coverage). a0diff cmin never
touches its inputs: OUT must not be or lie inside an input (nor contain one), and no
file in OUT is replaced. --dry-run prints the plan and writes nothing.

The report gives the number of entries before and after (N -> M), the features of each
kind and the Go statement coverage before and after, and what the measurement cost.

Exit status: 0 when OUT was written (or the plan printed); 1 when writing failed or the
run was interrupted; 2 on usage and input errors.`

type cminFlags struct {
	out      string
	dryRun   bool
	reduce   bool
	coverage bool
	source   string
	workers  int
	verbose  bool
	compare  extraFlags
}

func newCminCmd(a *app) *cobra.Command {
	f := &cminFlags{}
	cmd := &cobra.Command{
		Use:   "cmin DIR... -o OUT [--dry-run] [--reduce] [--coverage=false]",
		Short: "Distil a corpus to the smallest set of entries that keeps its signatures, expectation classes, trace shapes and Go coverage",
		Long:  cminLong,
		Args: func(cmd *cobra.Command, args []string) error {
			if len(args) == 0 {
				return usageErrorf("cmin: name the corpus directories or entries to distil")
			}
			return nil
		},
		RunE: func(cmd *cobra.Command, args []string) error { return runCmin(cmd, a, f, args) },
	}
	fl := cmd.Flags()
	fl.StringVarP(&f.out, "output", "o", "", "write the kept entries under `OUT` (required unless --dry-run)")
	fl.BoolVar(&f.dryRun, "dry-run", false, "print the plan (kept and dropped entries) and write nothing")
	fl.BoolVar(&f.reduce, "reduce", false, "minimise each kept divergent entry before writing it (as a0diff reduce)")
	fl.BoolVar(&f.coverage, "coverage", true, "keep the Go evaluator's statement coverage (needs the go command and the source tree)")
	fl.StringVar(&f.source, "source", "", "the a0diff source tree the coverage build uses (default: the one around the working directory)")
	fl.IntVarP(&f.workers, "jobs", "j", 0, "entries run at the same time (0: the number of CPUs)")
	fl.BoolVarP(&f.verbose, "verbose", "v", false, "list every kept and dropped entry")
	fl.StringVar(&f.compare.compare, "compare", "", compareHelp+"; the signatures kept are those within them")
	return cmd
}

func runCmin(cmd *cobra.Command, a *app, f *cminFlags, inputs []string) error {
	if err := a.checkTimeout(); err != nil {
		return err
	}
	if f.out == "" && !f.dryRun {
		return usageErrorf("cmin: -o OUT is required (or --dry-run)")
	}
	if f.workers < 0 {
		return usageErrorf("-j must not be negative, not %d", f.workers)
	}
	scope, err := f.compare.scope()
	if err != nil {
		return err
	}
	if f.reduce && f.dryRun {
		return usageErrorf("cmin: --reduce writes entries; it cannot go with --dry-run")
	}
	files, err := corpus.Discover(inputs...)
	if err != nil {
		return err
	}
	var entries []*corpus.Entry
	var errs []error
	for _, p := range files {
		e, err := corpus.ParseFile(p)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		entries = append(entries, e)
	}
	if len(errs) > 0 {
		return errors.Join(errs...)
	}
	if f.out != "" {
		// Refuse a bad OUT before the work.
		if _, err := cmin.Place(inputs, nil, f.out); err != nil {
			return usageErrorf("%v", err)
		}
	}
	ctx := cmd.Context()
	interrupted := func() error {
		return &exitError{code: exitFailure, err: errors.New("cmin: interrupted")}
	}

	opts := cmin.Options{Workers: f.workers, Timeout: a.timeout}
	if f.coverage {
		src := f.source
		if src == "" {
			if src, err = cmin.FindSource("."); err != nil {
				return usageErrorf("cmin: Go coverage needs the a0diff source tree: %v (use --source DIR, or --coverage=false)", err)
			}
		}
		if opts.Coverage, err = cmin.MeasureGoCoverage(ctx, src, files, a.timeout, f.workers, a.rssLimitMB); err != nil {
			if ctx.Err() != nil {
				return interrupted()
			}
			return &exitError{code: exitFailure, err: fmt.Errorf("cmin: measuring Go coverage: %v", err)}
		}
		for _, p := range opts.Coverage.OverCeiling {
			fmt.Fprintf(a.stderr, "a0diff: cmin: %s: its coverage run went over --rss-limit-mb %d and was killed; it counts as covering no Go statement\n", p, a.rssLimitMB)
		}
	}
	workers := f.workers
	if workers == 0 {
		workers = runtime.NumCPU()
	}
	rs, err := a.implementations(workers)
	if err != nil {
		return err
	}
	defer closeRunners(rs)
	runners := rs
	runners.Scope = scope
	start := time.Now()
	an, err := cmin.Analyse(ctx, entries, runners, opts)
	if err != nil {
		if ctx.Err() != nil {
			return interrupted()
		}
		return err
	}
	compared := time.Since(start)
	sel := an.Select()
	kept := make([]string, len(sel.Kept))
	for k, i := range sel.Kept {
		kept[k] = an.Entries[i].Entry.Path
	}
	var plan []cmin.Placement
	if f.out != "" {
		if plan, err = cmin.Place(inputs, kept, f.out); err != nil {
			return usageErrorf("%v", err)
		}
	}

	rep := cminReport{an: an, sel: sel, plan: plan, opts: opts, compared: compared, dryRun: f.dryRun, out: f.out, verbose: f.verbose || f.dryRun, after: an.Totals(sel.Kept)}
	if !f.dryRun {
		var notes []string
		wopts := cmin.WriteOptions{Reduce: f.reduce, ReduceBudget: cminReduceBudget, Timeout: a.timeout, Workers: f.workers}
		if notes, err = cmin.Write(ctx, an, sel, plan, runners, wopts); err != nil {
			if ctx.Err() != nil {
				return interrupted()
			}
			return &exitError{code: exitFailure, err: err}
		}
		rep.notes = notes
		if f.reduce {
			// Reduced entries are new programs: measure what OUT holds now.
			if rep.after, rep.afterStmts, err = measureOut(cmd, a, f, plan, runners, opts.Coverage != nil); err != nil {
				if ctx.Err() != nil {
					return interrupted()
				}
				return &exitError{code: exitFailure, err: fmt.Errorf("cmin: measuring %s: %v", f.out, err)}
			}
		}
	}
	return rep.write(a.stdout)
}

// measureOut analyses the entries written to OUT.
func measureOut(cmd *cobra.Command, a *app, f *cminFlags, plan []cmin.Placement, rs trial.Runners, coverage bool) (cmin.Totals, int, error) {
	var paths []string
	var entries []*corpus.Entry
	for _, p := range plan {
		e, err := corpus.ParseFile(p.To)
		if err != nil {
			return cmin.Totals{}, 0, err
		}
		paths = append(paths, p.To)
		entries = append(entries, e)
	}
	opts := cmin.Options{Workers: f.workers, Timeout: a.timeout}
	if coverage {
		src := f.source
		if src == "" {
			var err error
			if src, err = cmin.FindSource("."); err != nil {
				return cmin.Totals{}, 0, err
			}
		}
		cov, err := cmin.MeasureGoCoverage(cmd.Context(), src, paths, a.timeout, f.workers, a.rssLimitMB)
		if err != nil {
			return cmin.Totals{}, 0, err
		}
		opts.Coverage = cov
	}
	an, err := cmin.Analyse(cmd.Context(), entries, rs, opts)
	if err != nil {
		return cmin.Totals{}, 0, err
	}
	return an.Totals(nil), an.TotalStmts, nil
}

type cminReport struct {
	an         *cmin.Analysis
	sel        cmin.Selection
	plan       []cmin.Placement
	opts       cmin.Options
	compared   time.Duration
	dryRun     bool
	verbose    bool
	after      cmin.Totals
	afterStmts int // the statement total of a re-measurement (--reduce), else 0
	notes      []string
	out        string
}

func (r cminReport) write(w io.Writer) error {
	var b strings.Builder
	before := r.an.Totals(nil)
	if r.verbose {
		for k, i := range r.sel.Kept {
			e := r.an.Entries[i]
			dest := ""
			if r.plan != nil {
				dest = " -> " + r.plan[k].To
			}
			fmt.Fprintf(&b, "keep %s%s (%d bytes, +%d features)\n", e.Entry.Path, dest, e.Size, r.sel.Gain[k])
		}
		for _, i := range r.sel.Dropped {
			fmt.Fprintf(&b, "drop %s\n", r.an.Entries[i].Entry.Path)
		}
	}
	fmt.Fprintf(&b, "a0diff cmin: %d -> %d entries (%d dropped)\n", len(r.an.Entries), len(r.sel.Kept), len(r.sel.Dropped))
	fmt.Fprintf(&b, "  %-12s %8s %8s\n", "features", "before", "after")
	for _, k := range cmin.Kinds {
		if k == cmin.Coverage && r.opts.Coverage == nil {
			continue
		}
		fmt.Fprintf(&b, "  %-12s %8d %8d\n", k, before.Features[k], r.after.Features[k])
	}
	if c := r.opts.Coverage; c != nil {
		total := r.an.TotalStmts
		fmt.Fprintf(&b, "  Go statement coverage of runtime/...: before %d of %d (%.1f%%), after %d (%.1f%%)\n",
			before.Stmts, total, pct(before.Stmts, total), r.after.Stmts, pct(r.after.Stmts, total))
		fmt.Fprintf(&b, "  cost: coverage build %s; instrumented runs %s and profile conversions %s (summed over the workers); comparison %s\n",
			c.Cost.Build.Round(time.Millisecond), c.Cost.Run.Round(time.Millisecond), c.Cost.Convert.Round(time.Millisecond), r.compared.Round(time.Millisecond))
	} else {
		fmt.Fprintf(&b, "  Go coverage: not measured (--coverage=false); comparison %s\n", r.compared.Round(time.Millisecond))
	}
	for _, n := range r.notes {
		fmt.Fprintf(&b, "  note: %s\n", n)
	}
	switch {
	case r.dryRun:
		b.WriteString("dry run: nothing written\n")
	default:
		fmt.Fprintf(&b, "wrote %d entries under %s\n", len(r.plan), r.out)
	}
	_, err := io.WriteString(w, b.String())
	return err
}

func pct(n, total int) float64 {
	if total == 0 {
		return 0
	}
	return 100 * float64(n) / float64(total)
}
