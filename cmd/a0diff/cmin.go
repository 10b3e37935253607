package main

import (
	"errors"
	"fmt"

	"github.com/spf13/cobra"

	"github.com/a0diff/a0diff/cmin"
	"github.com/a0diff/a0diff/diff"
	"github.com/a0diff/a0diff/lineup"
	"github.com/a0diff/a0diff/trial"
)

func init() { register(newCminCmd) }

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
	var rs trial.Runners
	defer func() { lineup.Close(rs) }()
	var scope diff.Scope
	job := cmin.Job{
		Inputs: inputs, Out: f.out, DryRun: f.dryRun, Reduce: f.reduce, ReduceBudget: cmin.ReduceBudget,
		Coverage: f.coverage, Source: f.source, Workers: f.workers, Timeout: a.timeout, RSSLimitMB: a.rssLimitMB,
		Runners: func(workers int) (trial.Runners, error) {
			var err error
			rs, err = a.lineup().Builtin(workers)
			rs.Scope = scope
			return rs, err
		},
		Warn: func(s string) { fmt.Fprintf(a.stderr, "a0diff: %s\n", s) },
	}
	if err := job.Validate(); err != nil {
		return usageErrorf("%v", err)
	}
	var err error
	if scope, err = f.compare.scope(); err != nil { // the scope Runners gives rs
		return err
	}
	rep, err := job.Run(cmd.Context())
	var usage *cmin.UsageError
	var failure *cmin.FailureError
	switch {
	case err == nil:
	case cmd.Context().Err() != nil:
		return &exitError{code: exitFailure, err: errors.New("cmin: interrupted")}
	case errors.As(err, &usage):
		return usageErrorf("%v", usage)
	case errors.As(err, &failure):
		return &exitError{code: exitFailure, err: failure}
	default:
		return err
	}
	return rep.WriteText(a.stdout, f.verbose)
}
