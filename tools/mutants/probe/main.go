// Command probe measures whether the regression corpus and a bounded fuzz campaign
// detect the Go evaluator of the module it is built from. tools/mutants builds it inside
// a scratch copy of the module with one mutation applied and reads its JSON report.
//
// The fuzz part runs the cases of `a0diff fuzz --seed S` with the default generator
// options (campaign.NewCase), one after the other, and stops at the first divergence: case I is the same
// program as case I of `a0diff fuzz --seed S --count N`, so "found after K cases" means
// the campaign's first divergent case is K-1. That case is then reduced as `a0diff fuzz`
// reduces it (reduce), within --reduce-time. With -guided the cases are those of
// `a0diff fuzz --guided --seed S`: a campaign.Guide makes them, batch by batch, and
// learns from each case what the campaign's guide learns (campaign.Observe).
//
// The Go evaluator runs in a worker process (the probe itself, `probe -worker go`,
// serving worker/PROTOCOL.md) under a worker.Pool, as `a0diff` runs it: a mutant that
// makes the evaluator spin without polling its context cannot be abandoned inside a
// process, but a worker is killed at the run's deadline plus the pool's grace and the run
// becomes a timeout Outcome. A one-sided Go timeout (still one after trial.Compare's
// re-run at RetryFactor times the deadline) finds the mutant; the report says so
// (timedOut). The reference is not mutated and runs in the probe's process.
package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"runtime/debug"
	"runtime/pprof"
	"time"

	"github.com/a0diff/a0diff/runtime/outcome"
	"github.com/a0diff/a0diff/trial"
	"github.com/a0diff/a0diff/worker"

	"github.com/a0diff/a0diff/campaign"
	"github.com/a0diff/a0diff/diff"
	"github.com/a0diff/a0diff/gen"
	"github.com/a0diff/a0diff/harness"
	"github.com/a0diff/a0diff/reduce"
	tsbundle "github.com/a0diff/a0diff/reference/ts-bundle"
	"github.com/a0diff/a0diff/runtime/run"
)

// Report is what probe prints (one JSON document on standard output).
type Report struct {
	Corpus *CorpusReport `json:"corpus,omitempty"`
	Fuzz   *FuzzReport   `json:"fuzz,omitempty"`
}

// CorpusReport is the corpus replay: entries run and those that failed (divergence or
// failed expectation).
type CorpusReport struct {
	Entries int `json:"entries"`
	// Failed counts the entries that failed: a divergence, a failed expectation, or a
	// one-sided Go timeout; TimedOut counts the last ones.
	Failed   int      `json:"failed"`
	TimedOut int      `json:"timedOut,omitempty"`
	First    []string `json:"first,omitempty"` // up to five failing entries
}

// FuzzReport is the bounded campaign.
type FuzzReport struct {
	Seed   int64 `json:"seed"`
	Guided bool  `json:"guided,omitempty"`
	Cases  int   `json:"cases"` // cases run (up to and including the first divergent one)
	Found  bool  `json:"found"`
	// TimedOut: the case that found the mutant is a one-sided Go timeout, not a
	// divergence of outcomes (it is not reduced).
	TimedOut  bool   `json:"timedOut,omitempty"`
	Case      int    `json:"case"` // index of the first divergent case
	Signature string `json:"signature,omitempty"`
	Reduced   string `json:"reduced,omitempty"` // the reduced program
	Note      string `json:"note,omitempty"`
	// Features is the number of distinct coverage features (campaign.Coverage) the Go
	// outcomes of the cases run reached; Derived the cases guided mode derived.
	Features int `json:"features"`
	Derived  int `json:"derived,omitempty"`
	// Seconds is the time the cases took (the reduction left out).
	Seconds float64 `json:"seconds"`
}

func main() {
	seed := flag.Int64("seed", 7, "the campaign's seed")
	count := flag.Int("count", 20000, "cases to run at most (0: skip the campaign)")
	corpusDir := flag.String("corpus", "", "replay the corpus under this directory first (empty: skip)")
	timeout := flag.Duration("timeout", 10*time.Second, "per-run deadline, as a0diff's --timeout")
	reduceTime := flag.Duration("reduce-time", 20*time.Second, "time bound of the reduction of the divergent case")
	guided := flag.Bool("guided", false, "run the cases of a0diff fuzz --guided")
	cpuProfile := flag.String("cpuprofile", "", "write a CPU profile of the probe to this file")
	workerImpl := flag.String("worker", "", "serve the Go evaluator over the worker protocol on stdin/stdout (`go`; the probe starts itself so)")
	inProcess := flag.Bool("in-process", false, "run the Go evaluator in the probe's process, not in a worker (a hang is then never abandoned)")
	flag.Parse()
	if *workerImpl != "" {
		if err := serveWorker(*workerImpl); err != nil {
			fmt.Fprintln(os.Stderr, "probe:", err)
			os.Exit(2)
		}
		return
	}
	if *cpuProfile != "" {
		f, err := os.Create(*cpuProfile)
		if err == nil {
			err = pprof.StartCPUProfile(f)
		}
		if err != nil {
			fmt.Fprintln(os.Stderr, "probe:", err)
			os.Exit(2)
		}
		defer pprof.StopCPUProfile()
	}
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(400) // as a0diff does: goja's small heap makes the collector run often
	}
	ctx := context.Background()
	rs := trial.Runners{Impl: run.New(), Ref: tsbundle.NewRunner(tsbundle.Embedded())}
	if !*inProcess {
		pool, err := goWorkerPool()
		if err != nil {
			fmt.Fprintln(os.Stderr, "probe:", err)
			os.Exit(2)
		}
		defer pool.Close()
		rs.Impl = pool
	}
	var rep Report
	if *corpusDir != "" {
		c, err := replayCorpus(ctx, rs, *corpusDir, *timeout)
		if err != nil {
			fmt.Fprintln(os.Stderr, "probe:", err)
			os.Exit(2)
		}
		rep.Corpus = c
	}
	if *count > 0 {
		rep.Fuzz = firstDivergence(ctx, rs, *seed, *count, *guided, *timeout, *reduceTime)
	}
	enc := json.NewEncoder(os.Stdout)
	if err := enc.Encode(rep); err != nil {
		fmt.Fprintln(os.Stderr, "probe:", err)
		os.Exit(2)
	}
}

// goWorkerPool is the supervisor of one worker: this binary in worker mode.
func goWorkerPool() (*worker.Pool, error) {
	exe, err := os.Executable()
	if err != nil {
		return nil, err
	}
	// One processor per worker, as a0diff starts its workers: a worker runs one program
	// at a time.
	var env []string
	if os.Getenv("GOMAXPROCS") == "" {
		env = append(env, "GOMAXPROCS=1")
	}
	return worker.NewPool(worker.Config{Name: "go", Command: []string{exe, "-worker", "go"}, Env: env, Size: 1}), nil
}

// serveWorker serves the (mutated) Go evaluator over the worker protocol; it calls tools
// through the host's kit, as a0diff's worker does, so the supervisor's kit answers them.
func serveWorker(impl string) error {
	if impl != "go" {
		return fmt.Errorf("-worker: only go is served, not %q", impl)
	}
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(400) // as a0diff's workers run
	}
	return worker.Serve(os.Stdin, os.Stdout, run.WorkerImplementation("mutant"))
}

// goTimedOut: the Go side timed out while the reference completed, also when re-run at
// trial.RetryFactor times the deadline (Compare does that).
func goTimedOut(timeout bool, g outcome.Outcome) bool {
	return timeout && g.Status == outcome.StatusTimeout
}

func replayCorpus(ctx context.Context, rs trial.Runners, dir string, timeout time.Duration) (*CorpusReport, error) {
	entries, err := harness.Load([]string{dir}, nil)
	if err != nil {
		return nil, err
	}
	r := harness.Run(ctx, rs, entries, harness.Options{Timeout: timeout})
	c := &CorpusReport{Entries: len(entries)}
	for _, e := range r.Results() {
		timedOut := goTimedOut(e.Timeout, e.Go)
		if timedOut {
			c.TimedOut++
		}
		if e.Passed() && !timedOut {
			continue
		}
		c.Failed++
		if len(c.First) < 5 {
			c.First = append(c.First, e.Entry.Path)
		}
	}
	return c, nil
}

// firstDivergence runs cases 0… of the seed until the first divergence.
func firstDivergence(ctx context.Context, rs trial.Runners, seed int64, count int, guided bool, timeout, reduceTime time.Duration) *FuzzReport {
	opts := campaign.Options{Seed: seed, Count: count, Guided: guided, Timeout: timeout,
		Gen: gen.Options{InvalidShare: 0.1}} // a0diff fuzz's defaults
	f := &FuzzReport{Seed: seed, Guided: guided}
	covered := map[uint64]bool{}
	start := time.Now()
	var found *gen.Case
	campaign.Each(ctx, rs, opts, func(c *gen.Case, obs campaign.Observed, cmp trial.Comparison) bool {
		for _, ft := range obs.Features {
			covered[ft] = true
		}
		if obs.Derived != "" {
			f.Derived++
		}
		f.Cases, f.Features = obs.Index+1, len(covered)
		if goTimedOut(cmp.Timeout(), cmp.Impl) {
			f.Found, f.TimedOut, f.Case, f.Signature, found = true, true, obs.Index, "timeout: go", c
			return false
		}
		if cmp.Diff.Verdict != diff.Diverge || cmp.Timeout() {
			return true
		}
		f.Found, f.Case, f.Signature, found = true, obs.Index, cmp.Diff.Signature(), c
		return false
	})
	f.Seconds = time.Since(start).Seconds()
	if found == nil {
		return f
	}
	if f.TimedOut {
		// Reducing it would spend a deadline and its re-run per candidate.
		f.Reduced, f.Note = found.Source, "not reduced: a one-sided Go timeout"
		return f
	}
	cfg := found.Config
	cfg.Limits.Timeout = timeout
	red, err := reduce.Reduce(ctx, found.Source, cfg, trial.Runners{Impl: rs.Impl, Ref: rs.Ref},
		reduce.Options{Timeout: timeout, MaxTime: reduceTime, Workers: 1, Program: found.Program})
	if err != nil {
		f.Reduced, f.Note = found.Source, "not reduced: "+err.Error()
	} else {
		f.Reduced = red.Source
	}
	return f
}
