package main

import (
	"fmt"
	"io"
	"runtime"
	"time"

	"github.com/spf13/cobra"

	"github.com/a0diff/a0diff/corpus"
	"github.com/a0diff/a0diff/lineup"
	"github.com/a0diff/a0diff/reduce"
)

func init() { register(newReduceCmd) }

type reduceFlags struct {
	extra         extraFlags
	out           string
	maxTime       time.Duration
	maxCandidates int
	workers       int
}

func newReduceCmd(a *app) *cobra.Command {
	f := &reduceFlags{}
	cmd := &cobra.Command{
		Use:   "reduce [--ref FILE.js] FILE.a0 [-o OUT]",
		Short: "Minimise a divergent program, keeping its divergence signatures",
		Long: `Reduce FILE.a0 — a corpus entry on which the Go evaluator and the reference diverge —
to a small program (and host configuration) that still diverges with exactly the same
set of divergence signatures, so that the reduction never slides onto another bug.

The reduction works on the syntax tree: delta debugging over statements, record fields
and arguments, list elements, parameters, headers and fixtures, level by level, then
simplifications run to a fixpoint (replace an expression by a part of it or a literal,
inline lets, flatten blocks, drop unused parameters, shorten strings, lower numbers,
rename identifiers). Every candidate runs through both implementations under the
entry's limits (@timeout, else --timeout). The result is printed with the canonical
printer and is 1-minimal: removing any single statement, field, argument, list element,
parameter, header or fixture loses the divergence. A program that does not parse is
reduced line by line and token by token.

The result is written as a new corpus entry OUT (default FILE.reduced.a0 beside the
input, or FILE.reduced-2.a0, … when that exists), atomically, with the host directives,
the signatures and a note of the reduction; it is replayed once more before it is
written. FILE itself and existing files are never overwritten. A progress line is shown
on a terminal.

With --impl NAME=COMMAND (one) the divergence reduced is that of the external
implementation NAME (a worker, see "a0diff run --help") from the reference, in place of
the Go evaluator's; what its worker declares it does not model is left out, and so is
what --compare leaves out.

With --cross-check every candidate also runs in the reference under node (V8), the
signatures carry the attribution (engine, engine-shared, implementation, unattributed;
see "a0diff run --help"), and the reduction keeps it: an engine defect does not slide
into an implementation bug.

Exit status: 0 when the reduced entry was written; 1 when FILE does not diverge, or the
divergence could not be reproduced, or the run was interrupted; 2 on usage or input
errors.`,
		Args: exactArgs(1, "one FILE.a0"),
		RunE: func(cmd *cobra.Command, args []string) error { return reduceFile(cmd, a, f, args[0]) },
	}
	fl := cmd.Flags()
	fl.StringVarP(&f.out, "output", "o", "", "write the reduced entry to `OUT` (must not exist; default FILE.reduced.a0)")
	fl.DurationVar(&f.maxTime, "max-time", 0, "stop reducing after this long and keep the smallest program so far (0: no bound)")
	fl.IntVar(&f.maxCandidates, "max-candidates", 0, "stop reducing after this many candidate runs (0: no bound)")
	fl.IntVarP(&f.workers, "jobs", "j", 0, "candidates run at the same time (0: the number of CPUs)")
	addExtraFlags(fl, &f.extra, true)
	fl.Lookup("impl").Usage = "reduce the divergence of the external implementation `NAME=COMMAND` (one: a worker speaking worker/PROTOCOL.md) from the reference, in place of the Go evaluator's"
	fl.StringVar(&f.extra.compare, "compare", "", compareHelp+"; the reduction keeps the divergences within them")
	return cmd
}

func reduceFile(cmd *cobra.Command, a *app, f *reduceFlags, input string) error {
	if err := a.checkTimeout(); err != nil {
		return err
	}
	if f.maxTime < 0 || f.maxCandidates < 0 || f.workers < 0 {
		return usageErrorf("--max-time, --max-candidates and -j must not be negative")
	}
	e, err := corpus.ParseFile(input)
	if err != nil {
		return err
	}
	out := f.out
	if out == "" {
		out = reduce.DefaultPath(input)
	} else if err := reduce.CheckOutput(input, out); err != nil {
		return usageErrorf("%v", err)
	}
	workers := f.workers
	if workers == 0 {
		workers = runtime.NumCPU()
	}
	rs, err := a.lineup().Builtin(workers)
	if err != nil {
		return err
	}
	defer func() { lineup.Close(rs) }() // rs gains the extra implementations below
	if err := a.lineup().AddExtras(&rs, f.extra.Extras, workers); err != nil {
		return err
	}
	if rs.Scope, err = f.extra.scope(); err != nil {
		return err
	}
	runners, err := reduce.Target(rs)
	if err != nil {
		return usageErrorf("%v", err)
	}
	opts := reduce.Options{Timeout: a.timeout, MaxTime: f.maxTime, MaxCandidates: f.maxCandidates, Workers: f.workers}
	var status *statusLine
	if isTerminal(a.stderr) {
		status = &statusLine{w: a.stderr}
		opts.Progress = status.update
	}
	ctx := cmd.Context()
	res, err := reduce.File(ctx, e, input, out, runners, opts)
	status.clear()
	if err != nil {
		if ctx.Err() != nil {
			return interrupted("%s: interrupted", input)
		}
		// The input does not diverge, the divergence is not reproducible, or the
		// result could not be written.
		return &exitError{code: exitFailure, err: err}
	}
	return res.WriteReport(a.stdout, input, out)
}

// statusLine draws the reduction's progress on one terminal line.
type statusLine struct {
	w     io.Writer
	last  time.Time
	drawn bool
}

func (s *statusLine) update(p reduce.Progress) {
	if time.Since(s.last) < 100*time.Millisecond {
		return
	}
	s.last = time.Now()
	size := fmt.Sprintf("%d AST nodes", p.Size.Nodes)
	if p.Size.Nodes == 0 {
		size = fmt.Sprintf("%d bytes", p.Size.Bytes)
	}
	fmt.Fprintf(s.w, "\r\033[Kreducing (%s): %d candidates, %d cached, now %s, %s",
		p.Phase, p.Candidates, p.CacheHits, size, p.Elapsed.Round(100*time.Millisecond))
	s.drawn = true
}

func (s *statusLine) clear() {
	if s != nil && s.drawn {
		fmt.Fprint(s.w, "\r\033[K")
	}
}
