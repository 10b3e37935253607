package campaign

import (
	"context"
	"math"
	"os"
	"strconv"
	"sync"
	"testing"
	"time"

	"github.com/a0diff/a0diff/diff"
	"github.com/a0diff/a0diff/gen"
	"github.com/a0diff/a0diff/runtime/outcome"
	"github.com/a0diff/a0diff/runtime/run"
	"github.com/a0diff/a0diff/trial"
	"github.com/a0diff/a0diff/worker"
	"github.com/a0diff/a0diff/worker/workertest"
)

// The campaign-worker tests re-execute the test binary as a campaign worker (the
// pattern of os/exec's own tests): with campaignWorkerEnv set, TestMain serves slices
// with the Go evaluator on both sides, which misbehaves on one case as
// campaignWorkerFault says ("exit", "hang" or "alloc", at the case index in
// campaignWorkerAt; "heavy": it holds 160 MiB for a while there and then answers
// wrongly; "overrun": it runs a runaway loop there instead, which its deadline ends),
// or serve them with exitSkew as the implementation ("exits").
const (
	campaignWorkerEnv   = "A0DIFF_CAMPAIGN_WORKER_TEST"
	campaignWorkerFault = "A0DIFF_CAMPAIGN_WORKER_FAULT"
	campaignWorkerAt    = "A0DIFF_CAMPAIGN_WORKER_AT"
	testSeed            = 31
)

func TestMain(m *testing.M) {
	if os.Getenv(campaignWorkerEnv) == "" {
		os.Exit(m.Run())
	}
	cell, err := worker.OpenProgressCell()
	if err != nil {
		os.Exit(2)
	}
	at, _ := strconv.Atoi(os.Getenv(campaignWorkerAt))
	// Each run on the worker's goroutine, as lineup.BatchRunners has them. The two sides
	// are two Runners: one reusing its trees may not serve both runs of a case.
	inline := run.NewRunner(run.Options{Inline: true, ReuseTrees: true})
	faulty := faultyRunner{Runner: run.NewRunner(run.Options{Inline: true}), fault: os.Getenv(campaignWorkerFault),
		source: NewCase(testSeed, at, testGen).Source}
	var impl outcome.Runner = inline
	if faulty.fault == "exits" {
		impl = exitSkew{inline} // an implementation with a bug (order_test.go), on every case
	}
	if err := ServeBatches(os.Stdin, os.Stdout, cell, trial.Runners{Impl: impl, Ref: faulty}); err != nil {
		os.Exit(2)
	}
	os.Exit(0)
}

var testGen = gen.Options{InvalidShare: 0.1}

// faultyRunner is the Go evaluator, but on one program it exits, hangs or allocates
// without bound.
type faultyRunner struct {
	outcome.Runner
	fault, source string
}

var ballast [][]byte

func (f faultyRunner) Run(ctx context.Context, source string, cfg outcome.Config) outcome.Outcome {
	if source == f.source {
		switch f.fault {
		case "overrun":
			cfg.Limits.MaxSteps = math.MaxInt
			return f.Runner.Run(ctx, `return loop { in: 0, times: 1000000000000, as: "x" } { return x + 1 }`, cfg)
		case "heavy":
			ballast = workertest.Resident(160)
			ballast = nil
			o := f.Runner.Run(ctx, source, cfg)
			o.ExitCode = 99 // a divergence the per-case re-run does not see
			return o
		default:
			workertest.Misbehave(f.fault) // exit, hang, alloc
		}
	}
	return f.Runner.Run(ctx, source, cfg)
}

// batchCampaign runs 80 cases in campaign workers that misbehave as fault says at case
// at; the cases run again go to in-process runners.
func batchCampaign(t *testing.T, fault string, at int, cfg worker.BatchConfig, timeout time.Duration) (*Summary, BatchStats, map[int]diff.Verdict) {
	t.Helper()
	cfg.Name = "test"
	if cfg.Command == nil {
		cfg.Command = []string{os.Args[0]}
	}
	cfg.Env = append(cfg.Env, campaignWorkerEnv+"=1", campaignWorkerFault+"="+fault, campaignWorkerAt+"="+strconv.Itoa(at))
	var mu sync.Mutex
	seen := map[int]diff.Verdict{}
	opts := Options{Seed: testSeed, Count: 80, Workers: 2, Out: t.TempDir(), Gen: testGen, Timeout: timeout, Batch: &cfg,
		OnCase: func(i int, v diff.Verdict) {
			mu.Lock()
			defer mu.Unlock()
			if _, dup := seen[i]; dup {
				t.Errorf("case %d recorded twice", i)
			}
			seen[i] = v
		}}
	c := New(trial.Runners{Impl: run.New(), Ref: run.New()}, opts)
	s := c.Run(context.Background())
	return s, c.BatchStats(), seen
}

// A campaign worker's death, a case that overruns the deadlines and one that goes over
// the memory ceiling each cost the campaign nothing: the case the worker was on (its
// progress cell says which) is run again case by case, the other cases of the slice go
// to the next slice, and every case is counted once.
func TestCampaignWorkerFaultsLoseNoCase(t *testing.T) {
	tests := []struct {
		fault   string
		cfg     worker.BatchConfig
		timeout time.Duration
	}{
		{"exit", worker.BatchConfig{}, 10 * time.Second},
		{"hang", worker.BatchConfig{}, time.Second}, // killed after 2 × 1 s + the graces
		{"alloc", worker.BatchConfig{RSSLimitMB: 200}, 10 * time.Second},
	}
	for _, tt := range tests {
		t.Run(tt.fault, func(t *testing.T) {
			const at = 37
			s, st, seen := batchCampaign(t, tt.fault, at, tt.cfg, tt.timeout)
			if s.Cases() != 80 || len(seen) != 80 || s.Verdicts[diff.Agree] != 80 {
				t.Errorf("summary: %d cases, %d seen, verdicts %v; want 80 agreeing", s.Cases(), len(seen), s.Verdicts)
			}
			// Redone may exceed the pinned case: on a loaded machine another case can
			// overrun the 1 s deadline of the hang test, and is run again too.
			if st.Deaths != 1 || st.Pinned != 1 || st.Redone < 1 || st.Started < 3 {
				t.Errorf("campaign workers: %+v; want one death pinning case %d and its replacement", st, at)
			}
		})
	}
}

// A case that leaves its campaign worker holding most of its memory and is not an
// agreement is run again while no campaign worker runs a slice (each first hands its
// free heap back), and is counted once.
func TestHeavyCaseRunAgainQuietly(t *testing.T) {
	const at = 37
	s, st, seen := batchCampaign(t, "heavy", at, worker.BatchConfig{}, 10*time.Second)
	if s.Cases() != 80 || len(seen) != 80 || s.Verdicts[diff.Agree] != 80 {
		t.Errorf("summary: %d cases, %d seen, verdicts %v; want 80 agreeing", s.Cases(), len(seen), s.Verdicts)
	}
	if st.Quiet != 1 || st.Redone != 1 || st.Deaths != 0 {
		t.Errorf("campaign workers: %+v; want case %d alone run again, quietly, and no death", st, at)
	}
}

// A run past its deadline in a campaign worker, on the worker's goroutine, stops at the
// deadline (the Go evaluator looks at the run's context) and is a timeout there, which
// the supervisor runs again case by case; the worker goes on with the next case.
func TestOverrunInACampaignWorkerIsRunAgain(t *testing.T) {
	const at = 37
	s, st, seen := batchCampaign(t, "overrun", at, worker.BatchConfig{}, time.Second)
	if s.Cases() != 80 || len(seen) != 80 || s.Verdicts[diff.Agree] != 80 {
		t.Errorf("summary: %d cases, %d seen, verdicts %v; want 80 agreeing", s.Cases(), len(seen), s.Verdicts)
	}
	// Redone may exceed 1: on a loaded machine another case can overrun the 1 s deadline.
	if st.Redone < 1 || st.Deaths != 0 || st.Pinned != 0 {
		t.Errorf("campaign workers: %+v; want case %d run again, and no death", st, at)
	}
}

// The worker's answer names only cases it answered as heavy.
func TestParseBatchReplyHeavy(t *testing.T) {
	tests := []struct {
		line string
		ok   bool
	}{
		{`{"type":"done","kinds":"bbj","heavy":[2]}`, true},
		{`{"type":"done","kinds":"bbj","heavy":[3]}`, false},
		{`{"type":"done","kinds":"bbj","heavy":[-1]}`, false},
		{`{"type":"done","kinds":""}`, true}, // the answer to a release
	}
	for _, tt := range tests {
		if _, err := parseBatchReply([]byte(tt.line), 3); (err == nil) != tt.ok {
			t.Errorf("parseBatchReply(%s): error %v, want ok %v", tt.line, err, tt.ok)
		}
	}
}

// Without campaign workers that start, the campaign runs case by case and says why.
func TestCampaignWorkersThatCannotStart(t *testing.T) {
	s, st, seen := batchCampaign(t, "", 0, worker.BatchConfig{Command: []string{"/nonexistent/a0diff"}}, 10*time.Second)
	if s.Cases() != 80 || len(seen) != 80 {
		t.Errorf("summary: %d cases, %d seen; want 80", s.Cases(), len(seen))
	}
	if st.StartError == "" || st.Started != 0 || st.Redone != 80 {
		t.Errorf("campaign workers: %+v; want a start error and every case run case by case", st)
	}
}
