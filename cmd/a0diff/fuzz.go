package main

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/binary"
	"fmt"
	"io"
	"runtime"
	"sync"
	"time"

	"github.com/spf13/cobra"

	"github.com/a0diff/a0diff/campaign"
	"github.com/a0diff/a0diff/corpus"
	"github.com/a0diff/a0diff/lineup"
	"github.com/a0diff/a0diff/trial"
	"github.com/a0diff/a0diff/worker"
)

func init() { register(newFuzzCmd) }

const fuzzLong = `Generate A0 programs with their host configurations (package gen) and run each through
the Go evaluator and the reference, comparing the outcomes. Every case is reproducible
from the seed and its index alone (see --guided for its derived cases): case I of a run with --seed S is the same whatever
-j, --count or --time were, so "--seed S --start I --count 1" replays it (with the same
--swarm, --invalid-share, --size and --features). Every feature is on by default,
__proto__ and small harness limits included; a quarter of the cases keep all of them and
the others switch a few off (--swarm: a random half); --features -proto,-limits leaves
features out.

The first line printed is the seed. Each new divergence — one per signature (see package
diff) — is minimised (unless --minimize=false) and written to --out as a corpus entry:
the program, a comment saying how it was found and how to replay it, and the directives
of its host configuration. The reduction is package reduce's (as in "a0diff reduce"), within
a budget: --reduce-candidates and --reduce-time per signature, --reduce-total-candidates
and --reduce-total-time for the campaign, each candidate under --reduce-deadline instead
of --timeout; a signature found once the campaign's budget is spent is not reduced (the
summary gives its first case and replay command). --compare narrows what is compared, as for "a0diff run"; --write-baseline
FILE records the signatures found, and with --baseline FILE only a signature the file
does not list fails the campaign. An entry whose file already exists is not overwritten, so
repeated runs into the same directory add only new signatures. A progress line is shown
on a terminal. At the end a summary gives the number of cases, cases per second, the
share of valid-mode programs that pass validation, the verdict counts and the signature
buckets.

Cases run in supervised worker processes unless --isolation none (see "a0diff run
--help"): a worker's death, a run over --rss-limit-mb or one killed after its deadline
is that implementation's crash, resource or timeout outcome, and the campaign goes on
with a fresh worker. When only the built-in implementations run (no --cross-check, no
--impl), the default --isolation process gives each of the -j campaign workers slices
of the campaign: the worker generates each case, runs it through both implementations
in its own process and compares; agreements are only counted, and every other case —
and the case a worker was on when it died, overran the deadlines or went over
--rss-limit-mb (a memory cell shared with the worker says which) — is run again one
implementation per worker, as --isolation case runs every case, so verdicts,
signatures and entries are the same in both modes. A case on which one side times out while the other completes is run
again with 3 times the deadline; a timeout that persists is counted under "timeout",
with the first cases' indices, and never bucketed, reduced or written as a divergence.
The summary also gives the runs abandoned while an engine kept computing and, with
workers, what the supervisors saw.

--shard K/N runs only the cases I with I mod N = K of the cases --start and --count
name, so that N jobs with the same flags and K = 0…N-1 run exactly the cases of the
unsharded campaign between them; any case still replays alone with its seed and index.

--guided derives half of the cases from a pool of earlier cases that reached a new
coverage feature — a new exit code, error code, evidence kind, pair of consecutive trace
events, event data shape, tool outcome or result field type of the Go evaluator's
outcome (a behaviour measure), and in a binary built with coverage counters
(go build -cover -covermode=atomic -coverpkg=./runtime/...,./cmd/a0diff ./cmd/a0diff)
a statement of the Go evaluator or a hit-count bucket no earlier case reached — by AST-level
mutation and splicing: a subexpression replaced by a fresh one or by one taken from
another pool case, a statement inserted or dropped; a derived program that does not
pass validation is retried, then replaced by a fresh case. The cases run in batches of
50, the pool updated between batches in case order, so a guided campaign makes the
same cases at any -j. A case that was not derived is case I of the unguided campaign
and replays with --start I --count 1 as usual; a derived case depends on the cases
before it, so replay it from the entry written for it, which holds its program (its
comment says how it was derived). --guided cannot be combined with --shard. The
summary gives the coverage (the distinct features reached; also without --guided) and,
at checkpoints (100, 1000, 2000, 5000, 10000, … cases), the coverage and the number of
signatures so far.

--format json prints, instead of the text summary, one JSON document: {"seed", "start",
"count", "shard": {"k", "n"}, "interrupted", "summary": {"cases", "agree", "diverged",
"inconclusive", "timeouts", "retried", "abandoned", "validMode", "validPass",
"invalidMode", "signatures", "workers", "elapsedMs", "casesPerSecond", "coverage",
"curve": [{"cases", "features", "signatures"}], "reduction": {"candidates", "elapsedMs",
"unreducedForBudget"}, with --guided "pool" and "derived"},
"signatures": [{"signature", "count", "firstCase", "replay", "file", "replayEntry",
"note", "program", "derived"}], "timeouts": [{"case", "replay"}], "files": [...]}. --junit FILE also writes
a JUnit report: a test case for the campaign, one per signature and one per timed-out
case, each failing with its replay commands.

--cross-check also runs the reference under node (V8) and attributes every divergence
(engine, engine-shared, implementation, unattributed; see "a0diff run --help"): the
attribution ends each signature, so each is bucketed, reduced and written on its own,
and the summary counts them. --impl NAME=COMMAND (repeatable) adds an external
implementation compared with the reference; its divergences are bucketed as "impl NAME:
SIGNATURE", counted, and reduced and written like the Go evaluator's (with the external
implementation in its place). In the JSON summary, --cross-check adds "attribution"
({"engine", "engineShared", "implementation", "unattributed"}) to "summary" and
"attribution" and "attributionText" to each signature; --impl adds "implementations"
({NAME: {"agree", "diverged", "notCompared"}}) to "summary" and "implementation" to its
signatures, whose replay commands repeat --impl NAME=COMMAND; with --compare or a worker
that declares what it does not model, "summary" has "leftOut" ({NAME: [{"what",
"why"}]}). The JUnit report's
failure types say the same ("divergence: ATTRIBUTION", "implementation").

Ctrl-C stops starting cases and cancels the runs in flight; the summary counts the cases
that completed, and a0diff exits with status 130. SIGTERM and SIGHUP do the same (status
143, 129). A second Ctrl-C exits at once.

Exit status: 0 when nothing diverged or timed out (an external implementation included),
1 when something did, 2 on usage errors, 128+N when stopped by signal N.`

type fuzzFlags struct {
	req           campaign.Request
	extra         extraFlags
	writeBaseline string
}

func newFuzzCmd(a *app) *cobra.Command {
	f := &fuzzFlags{}
	r := &f.req
	cmd := &cobra.Command{
		Use:   "fuzz [--seed S] [--count N | --time D] [--shard K/N] [-j N] [--out DIR] [--swarm] [--format text|json] [--junit FILE]",
		Short: "Run generated programs through both implementations and compare",
		Long:  fuzzLong,
		Args:  exactArgs(0, "no arguments"),
		RunE: func(cmd *cobra.Command, args []string) error {
			if !cmd.Flags().Changed("seed") {
				r.Seed = randomSeed()
			}
			if !cmd.Flags().Changed("count") && !cmd.Flags().Changed("time") {
				r.Count = 1000
			}
			return runFuzz(cmd.Context(), a, f)
		},
	}
	fl := cmd.Flags()
	fl.Int64Var(&r.Seed, "seed", 0, "the run's seed (default: random, printed first)")
	fl.IntVar(&r.Count, "count", 0, "run this many cases; 0 runs until --time ends or Ctrl-C (default 1000 unless --time is given)")
	fl.DurationVar(&r.Duration, "time", 0, "run cases for this long (with --count: whichever ends first)")
	fl.IntVar(&r.Start, "start", 0, "index of the first case")
	fl.IntVarP(&r.Workers, "jobs", "j", runtime.NumCPU(), "number of cases run in parallel")
	fl.StringVar(&r.Out, "out", "fuzz-out", "directory the divergences are written to")
	fl.BoolVar(&r.Swarm, "swarm", false, "swarm testing: each case uses a random half of the features (without it: all, or all but a few)")
	fl.Float64Var(&r.InvalidShare, "invalid-share", 0.1, "share of cases (0…1) mutated into invalid programs")
	fl.IntVar(&r.Size, "size", 0, "program size bound, about the number of AST nodes (default 60)")
	fl.StringVar(&r.Features, "features", "all", "comma-separated features the programs may use, \"-name\" leaving one out (see package gen)")
	fl.BoolVar(&r.Minimize, "minimize", true, "reduce each new divergence before writing it")
	fl.StringVar(&r.Shard, "shard", "", "run only shard `K/N` of the cases: those whose index I has I mod N = K")
	fl.StringVar(&r.Format, "format", "text", "summary format: text or json")
	fl.BoolVar(&r.Guided, "guided", false, "coverage guidance: derive half of the cases from earlier ones that reached new coverage (replay derived cases from their entries)")
	fl.StringVar(&r.JUnit, "junit", "", "also write a JUnit report to `FILE` (must not exist)")
	addExtraFlags(fl, &f.extra, true)
	fl.StringVar(&r.Compare, "compare", "", compareHelp)
	fl.StringVar(&r.Baseline, "baseline", "", "known signatures (a file --write-baseline wrote): they are reported as expected, and only a new signature fails the campaign")
	fl.StringVar(&f.writeBaseline, "write-baseline", "", "write the campaign's signatures to `FILE` as a baseline (replacing a baseline a0diff wrote there, never another file)")
	d := campaign.DefaultReduceBudget
	fl.IntVar(&r.Reduce.PerSignatureCandidates, "reduce-candidates", d.PerSignatureCandidates, "reduction budget of one signature, in candidate programs run")
	fl.DurationVar(&r.Reduce.PerSignatureTime, "reduce-time", d.PerSignatureTime, "reduction budget of one signature, in time")
	fl.IntVar(&r.Reduce.Candidates, "reduce-total-candidates", d.Candidates, "reduction budget of the whole campaign, in candidate programs run; signatures found after it is spent are reported unreduced")
	fl.DurationVar(&r.Reduce.Time, "reduce-total-time", d.Time, "reduction budget of the whole campaign, in time (0: a quarter of the campaign's elapsed time, at least 2s)")
	fl.DurationVar(&r.Reduce.CandidateTimeout, "reduce-deadline", d.CandidateTimeout, "deadline of each reduction candidate (far below --timeout: a candidate that loops in an implementation without limits costs this)")
	return cmd
}

func randomSeed() int64 {
	var b [8]byte
	if _, err := rand.Read(b[:]); err != nil {
		return time.Now().UnixNano()
	}
	return int64(binary.BigEndian.Uint64(b[:]) >> 1)
}

func runFuzz(ctx context.Context, a *app, f *fuzzFlags) error {
	f.req.Timeout, f.req.RefPath = a.timeout, a.refPath
	// The campaign's numbers first, then the persistent flags, then what reads files.
	if err := f.req.Validate(); err != nil {
		return usageErrorf("%v", err)
	}
	if err := a.lineup().Check(); err != nil {
		return err
	}
	plan, err := f.req.Resolve()
	if err != nil {
		return usageErrorf("%v", err)
	}
	if err := checkOutputFiles("", f.writeBaseline); err != nil {
		return err
	}
	opts, known := plan.Options, plan.Known
	rs, err := a.lineup().Builtin(opts.Workers)
	if err != nil {
		return err
	}
	defer func() { lineup.Close(rs) }() // rs gains the extra implementations below
	if err := a.lineup().AddExtras(&rs, f.extra.Extras, opts.Workers); err != nil {
		return err
	}
	opts.Batch = a.lineup().CampaignWorkers(rs, opts.Workers)
	rs.Scope = plan.Scope
	opts.Impls = f.extra.specs()
	opts.OnCase = a.onCase
	c := campaign.New(rs, opts)
	// The text summary's first error is kept: a summary that cannot be written (a full
	// disk, a closed pipe) is exit status 2, as for the other reports.
	stdout := &errWriter{w: a.stdout}
	if f.req.Format == "text" {
		line := fmt.Sprintf("a0diff fuzz: seed %d", opts.Seed)
		if opts.Shard.N > 1 {
			line += ", shard " + opts.Shard.String()
		}
		if _, err := fmt.Fprintln(stdout, line); err != nil {
			return fmt.Errorf("writing the summary: %w", err)
		}
	}

	stopProgress := func() {}
	if isTerminal(a.stderr) {
		stopProgress = showProgress(a.stderr, c)
	}
	s := c.Run(ctx)
	a.noteIgnoredLimits(rs)
	stopProgress()

	rep := campaign.NewReport(s, opts, ctx.Err() != nil)
	// The supervisors' figures follow the text summary, or go to stderr beside the JSON.
	stats := io.Writer(stdout)
	if f.req.Format == "json" {
		if err := rep.WriteJSON(a.stdout); err != nil {
			return err
		}
		stats = a.stderr
	} else {
		s.WriteText(stdout, opts.ReplayFlags())
	}
	writeWorkerStats(stats, rs)
	if opts.Batch != nil {
		c.BatchStats().WriteText(stats)
	}
	if f.req.JUnit != "" {
		if err := writeJUnit(f.req.JUnit, rep); err != nil {
			return err
		}
	}
	if stdout.err != nil {
		return fmt.Errorf("writing the summary: %w", stdout.err)
	}
	if ctx.Err() != nil {
		return interrupted("interrupted: the summary counts the %d cases that completed", s.Cases())
	}
	failures := s.Failures()
	return a.judge(verdict{
		failures: failures, noun: "known signatures", failed: s.Failed(), failsAnyway: s.Timeouts > 0,
		header: fmt.Sprintf("a0diff fuzz --seed %d: %d cases, %d signatures", s.Seed, s.Cases(), len(failures)),
	}, f.writeBaseline, known)
}

// writeJUnit writes the campaign's JUnit report to the new file path (--junit).
func writeJUnit(path string, rep campaign.Report) error {
	var b bytes.Buffer
	if err := rep.WriteJUnit(&b); err != nil {
		return err
	}
	if err := corpus.CreateFileAtomic(path, b.Bytes()); err != nil {
		return &exitError{code: exitFailure, err: fmt.Errorf("--junit %s: %v", path, err)}
	}
	return nil
}

// showProgress draws the campaign's progress on one terminal line of w every 200 ms
// until the stop it returns is called, which clears the line.
func showProgress(w io.Writer, c *campaign.Campaign) (stop func()) {
	done := make(chan struct{})
	var drawing sync.WaitGroup
	drawing.Add(1)
	go func() {
		defer drawing.Done()
		t := time.NewTicker(200 * time.Millisecond)
		defer t.Stop()
		for {
			select {
			case <-done:
				fmt.Fprint(w, "\r\033[K")
				return
			case <-t.C:
				cases, rate, diverged, sigs := c.Progress()
				fmt.Fprintf(w, "\r\033[K%d cases, %.0f cases/s, %d diverged, %d signatures", cases, rate, diverged, sigs)
			}
		}
	}()
	return func() {
		close(done)
		drawing.Wait()
	}
}

// errWriter writes to w until a write fails, and keeps that error.
type errWriter struct {
	w   io.Writer
	err error
}

func (e *errWriter) Write(p []byte) (int, error) {
	if e.err != nil {
		return 0, e.err
	}
	n, err := e.w.Write(p)
	e.err = err
	return n, err
}

// writeWorkerStats prints what the supervisors of worker processes saw, if any.
func writeWorkerStats(w io.Writer, rs trial.Runners) {
	for _, r := range rs.All() {
		p, ok := r.(*worker.Pool)
		if !ok {
			continue
		}
		st := p.Stats()
		fmt.Fprintf(w, "%s workers: %d started, %d crashed, %d killed at the deadline, %d killed over the memory ceiling, %d replaced for memory kept after a run\n",
			p.Name(), st.Started, st.Crashes, st.Timeouts, st.MemoryKills, st.Recycled)
	}
}
