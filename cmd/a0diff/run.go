package main

import (
	"bytes"
	"fmt"
	"os"
	"runtime"
	"time"

	"github.com/schollz/progressbar/v3"
	"github.com/spf13/cobra"

	"github.com/a0diff/a0diff/harness"
	"github.com/a0diff/a0diff/lineup"
	"github.com/a0diff/a0diff/scoreboard"
)

func init() {
	register(func(a *app) *cobra.Command {
		cmd := &cobra.Command{Use: "run PATH..."}
		configureRun(a, cmd)
		return cmd
	})
}

const runLong = `Run every .a0 corpus entry under PATH... (directories are walked, skipping testdata and
dot directories) through the Go evaluator and the reference, compare the two outcomes and
check them against the entry's @expect lines (format: corpus/README.md).

For each divergence or failed expectation the report gives the file, what differs
(category and path), both sides and the commands that replay the entry in one
implementation. The progress bar is shown on a terminal only.

Programs run in supervised worker processes (--isolation process, the default): with
only the built-in implementations, each of -j entry workers is given batches of entries,
runs both implementations and answers with the entries that passed; every other entry,
and the one an entry worker died on, is run again in per-case workers, one pool per
implementation (--isolation case runs every entry so). A per-case worker that overruns a
run's deadline by 2 s is killed (the run is that side's timeout), one whose resident set
exceeds --rss-limit-mb is killed (the run is that side's resource outcome, "memory"), one
that dies is that side's crash with its stderr; a fresh worker takes the next run.
--isolation none runs everything in this process. A run on which one side times out while the other completes is run again with
3 times the deadline; a timeout that persists is reported as a one-sided timeout, its
own category, not a divergence (but the entry fails).

--cross-check also runs the reference under node (V8, node on the PATH) and attributes
each disagreement: engine (goja differs from V8, node agrees with the Go evaluator),
engine-shared (Go and goja agree, node differs), implementation (node agrees with goja:
the Go evaluator is wrong) or unattributed (all three differ); only agreement of all
three agrees. --impl NAME=COMMAND (repeatable) adds an external implementation: COMMAND,
split into words like a shell command but without any expansion, is started as a worker
speaking worker/PROTOCOL.md, and every run is compared with the reference; its
disagreements fail the entry and are reported per implementation.

Ctrl-C stops starting entries and cancels the runs in flight; the report covers the
entries that completed (a cancelled run is never a verdict, and --update never writes
it) and a0diff exits with status 130; SIGTERM and SIGHUP do the same (143, 129). A
second Ctrl-C exits at once.

Exit status: 0 when every entry's implementations agree (or are both inconclusive: timed
out or over a limit) and meet its expectations; 1 otherwise; 2 on usage or input errors
(missing path, no .a0 found, unreadable or malformed entry, unloadable --ref bundle);
128+N when stopped by signal N (130: Ctrl-C).

The JSON report (--format json) is one document:
  {"entries": [{"path", "verdict" (agree|diverge|inconclusive|timeout), "passed",
                "go": {"status", "exitCode"}, "ref": {…},
                "divergences": [{"category", "path", "kind", "go", "ref", "signature"}],
                "omitted", "signatures": […],
                "expectations": {"go": [{"what", "line", "expected", "actual"}], "ref": […]},
                "update": {"written", "removed", "added", "skipped", "error"},
                "replay": {"go", "ref"}, "elapsedMs",
                "outcomes": {"go", "ref"}   (failed entries only: the normalised Outcomes)}],
   "summary": {"entries", "agree", "diverged", "inconclusive", "timeouts",
               "timeoutsRetried", "abandonedRuns", "expectationFailures", "updated",
               "updateErrors", "failed", "elapsedMs"}}
With --cross-check: entries add "node": {"status", "exitCode"}, "attribution",
"replay.node", "outcomes.node", a "node" rendering in divergences when known; the
summary adds "attribution": {"engine", "engineShared", "implementation",
"unattributed"}. With --impl: entries add "implementations": [{"name", "verdict",
"status", "divergences", "signatures", "replay", "outcome" (when it diverged), "detail" (a
diverged implementation's crash: the head and tail of its stderr)}], the summary
"implementations": {NAME: {"agree", "diverged", "notCompared"}}. With --compare or a
worker that declares what it does not model, the summary adds "leftOut": {NAME: [{"what",
"why"}]} ("go" for the Go evaluator against the reference). The text
report shows that stderr too, with control characters escaped; file names that hold
control characters or invalid UTF-8 are shown and replayed as $'…' with \xHH escapes.

--compare, --scoreboard, --baseline and --write-baseline: see README.md ("Commands").
The JUnit report (--format junit) has one test case per entry: a failure for a divergence
(type "divergence", or "divergence: ATTRIBUTION" with --cross-check; "implementation"
when only an external implementation diverged), a one-sided timeout (type "timeout") or a
failed expectation, an error for a failed
update, a skip for an inconclusive entry.`

type runFlags struct {
	extra         extraFlags
	scoreboard    string
	baseline      string
	writeBaseline string
	workers       int
	filter        string
	update        bool
	format        string
	verbose       bool
}

// configureRun makes cmd the run command (used for both `a0diff run` and bare `a0diff`).
func configureRun(a *app, cmd *cobra.Command) {
	f := &runFlags{}
	if cmd.Short == "" {
		cmd.Short = "Run corpus entries through both implementations and compare"
	}
	if cmd.Long == "" {
		cmd.Long = runLong
	}
	cmd.Args = cobra.ArbitraryArgs
	fl := cmd.Flags()
	fl.IntVarP(&f.workers, "jobs", "j", runtime.NumCPU(), "number of entries run in parallel")
	fl.StringVar(&f.filter, "filter", "", "run only the entries whose path matches this `REGEX`")
	fl.BoolVar(&f.update, "update", false, "rewrite the @expect lines of entries on which both implementations agree")
	fl.StringVar(&f.format, "format", "text", "report format: text, json or junit")
	fl.BoolVarP(&f.verbose, "verbose", "v", false, "list passing entries too (text report)")
	addExtraFlags(fl, &f.extra, true)
	fl.StringVar(&f.extra.compare, "compare", "", compareHelp)
	fl.StringVar(&f.scoreboard, "scoreboard", "", "write the conformance scoreboard of each external implementation (of the Go evaluator without --impl) to `FILE`: HTML when it ends in .html, JSON in .json, else text; - is text on stderr; it replaces a scoreboard a0diff wrote there, never another file")
	fl.StringVar(&f.baseline, "baseline", "", "known failures (a file --write-baseline wrote): they are reported as expected; only a new failure fails the run, and known failures that pass are listed")
	fl.StringVar(&f.writeBaseline, "write-baseline", "", "write this run's failures to `FILE` as a baseline (replacing a baseline a0diff wrote there, never another file)")
	cmd.RunE = func(cmd *cobra.Command, args []string) error { return runCorpus(cmd, a, f, args) }
}

func runCorpus(cmd *cobra.Command, a *app, f *runFlags, paths []string) error {
	req := harness.Request{Paths: paths, Workers: f.workers, Timeout: a.timeout, Format: f.format, Filter: f.filter, Compare: f.extra.compare, Baseline: f.baseline}
	// The paths and numbers first, then the persistent flags, then what reads files.
	if err := req.Validate(); err != nil {
		return usageErrorf("%v", err)
	}
	if err := a.lineup().Check(); err != nil {
		return err
	}
	plan, err := req.Resolve()
	if err != nil {
		return usageErrorf("%v", err)
	}
	if err := checkOutputFiles(f.scoreboard, f.writeBaseline); err != nil {
		return err
	}
	filter, scope, known := plan.Filter, plan.Scope, plan.Known
	entries, err := harness.LoadFiles(paths, filter)
	if err != nil {
		return err
	}
	rs, err := a.lineup().Builtin(f.workers)
	if err != nil {
		return err
	}
	defer func() { lineup.Close(rs) }() // rs gains the extra implementations below
	if err := a.lineup().AddExtras(&rs, f.extra.Extras, f.workers); err != nil {
		return err
	}
	rs.Scope = scope
	opts := harness.Options{Workers: f.workers, Timeout: a.timeout, Update: f.update}
	opts.Batch = a.lineup().EntryWorkers(f.workers) // used when only the built-in implementations run
	var bar *progressbar.ProgressBar
	if isTerminal(a.stderr) {
		bar = progressbar.NewOptions(len(entries),
			progressbar.OptionSetWriter(a.stderr),
			progressbar.OptionSetDescription("running"),
			progressbar.OptionShowCount(),
			progressbar.OptionSetElapsedTime(true),
			progressbar.OptionClearOnFinish(),
			progressbar.OptionThrottle(100*time.Millisecond),
		)
		opts.OnDone = func(*harness.EntryResult) { bar.Add(1) }
	}
	if a.onEntry != nil {
		onDone := opts.OnDone
		opts.OnDone = func(r *harness.EntryResult) {
			if onDone != nil {
				onDone(r)
			}
			a.onEntry()
		}
	}
	rep, loadErr := harness.RunFiles(cmd.Context(), rs, entries, opts)
	a.noteIgnoredLimits(rs)
	if st := rep.Batch; st != nil && (st.Deaths > 0 || st.StartError != "") {
		// The report is what per-case workers give; what the entry workers met is said here.
		fmt.Fprintf(a.stderr, "a0diff: entry workers: %d started, %d died or killed (the entry each was on ran again one implementation per worker)\n", st.Started, st.Deaths)
		if st.StartError != "" {
			fmt.Fprintf(a.stderr, "a0diff: an entry worker could not be started, and its entries ran one implementation per worker: %s\n", st.StartError)
		}
	}
	if bar != nil {
		bar.Finish()
	}
	ro := harness.ReportOptions{RefPath: a.refPath, Verbose: f.verbose, Color: isTerminal(a.stdout) && os.Getenv("NO_COLOR") == "", Impls: f.extra.specs()}
	if err := harness.WriteReport(a.stdout, f.format, rep, ro); err != nil {
		return err
	}
	if loadErr != nil {
		return loadErr
	}
	if cmd.Context().Err() != nil {
		return interrupted("interrupted: %d of %d entries completed", rep.Len(), len(entries))
	}
	if f.scoreboard != "" {
		if err := a.writeScoreboards(f.scoreboard, harness.Scoreboards(rep, ro)); err != nil {
			return err
		}
	}
	failures := harness.Failures(rep)
	return a.judge(verdict{
		failures: failures, noun: "known failures", failed: !rep.OK(), covered: harness.Covers(rep),
		header: fmt.Sprintf("%d entries run; %d known failures", rep.Len(), len(failures)),
	}, f.writeBaseline, known)
}

// writeScoreboards writes the boards to path (- for text on stderr), in the format its
// extension names (scoreboard.WriteAll).
func (a *app) writeScoreboards(path string, boards []*scoreboard.Board) error {
	var buf bytes.Buffer
	if err := scoreboard.WriteAll(&buf, path, boards); err != nil {
		return err
	}
	if path == "-" {
		_, err := a.stderr.Write(buf.Bytes())
		return err
	}
	if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
		return fmt.Errorf("--scoreboard: %v", err)
	}
	return nil
}
