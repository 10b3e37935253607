package harness

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/a0diff/a0diff/harness/harnesstest"
	"github.com/a0diff/a0diff/runtime/outcome"
	"github.com/a0diff/a0diff/trial"
)

// A one-sided timeout is run again with RetryFactor times the deadline; only a timeout
// that persists is reported, in a category of its own, never as a divergence.
func TestOneSidedTimeouts(t *testing.T) {
	tests := []struct {
		name                     string
		goSlow, refSlow          time.Duration
		timeouts, agree, retried int
		inconclusive             int
	}{
		{"slow only at the first deadline", 0, 1500 * time.Millisecond, 0, 1, 1, 0},
		{"slow beyond the longer deadline", 0, 10 * time.Second, 1, 0, 1, 0},
		{"go side slow", 10 * time.Second, 0, 1, 0, 1, 0},
		{"both sides slow", 10 * time.Second, 10 * time.Second, 0, 0, 0, 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			path := filepath.Join(dir, "slow.a0")
			if err := os.WriteFile(path, []byte("# SLOW\nreturn 1\n"), 0o644); err != nil {
				t.Fatal(err)
			}
			entries, err := Load([]string{dir}, nil)
			if err != nil {
				t.Fatal(err)
			}
			rs := trial.Runners{
				Impl: &harnesstest.Runner{ImplName: "go", SlowOn: "SLOW", Slow: tt.goSlow},
				Ref:  &harnesstest.Runner{ImplName: "ref", SlowOn: "SLOW", Slow: tt.refSlow},
			}
			// The fake sleeps for none of these times: it compares Slow with the time left
			// before its deadline and answers at once. The retry's deadline (3 s) leaves
			// the first case 1.5 s of room for a loaded machine between the two readings.
			rep := Run(context.Background(), rs, entries, Options{Timeout: time.Second})
			s := rep.Summary
			if s.Timeouts != tt.timeouts || s.Agree != tt.agree || s.Retried != tt.retried || s.Inconclusive != tt.inconclusive || s.Diverged != 0 {
				t.Errorf("summary %+v", s)
			}
			if tt.timeouts > 0 {
				r := rep.Results()[0]
				if r.Passed() || !strings.Contains(failureSummary(r), "one side timed out") || jsonVerdict(r) != "timeout" {
					t.Errorf("a persistent timeout: passed %v, %q, verdict %s", r.Passed(), failureSummary(r), jsonVerdict(r))
				}
			}
		})
	}
}

// cancelling is a Runner that cancels the run's context on programs containing CANCEL
// (as Ctrl-C does while they run) and then reports what a cancelled run reports.
type cancelling struct {
	outcome.Runner
	cancel context.CancelFunc
}

func (c cancelling) Run(ctx context.Context, source string, cfg outcome.Config) outcome.Outcome {
	if strings.Contains(source, "CANCEL") {
		c.cancel()
		return outcome.Outcome{Status: outcome.StatusTimeout, Detail: "the run was cancelled"}
	}
	return c.Runner.Run(ctx, source, cfg)
}

// A run cancelled in flight is no verdict: the entry is left out of the report and its
// file is not rewritten by Update (it would pin `exit timeout`).
func TestCancelledRunsAreNotVerdicts(t *testing.T) {
	dir := copyTestdata(t, map[string]string{"zz-cancel.a0": "# CANCEL\nreturn 1\n# @expect exit 0\n"})
	entries, err := Load([]string{dir}, nil)
	if err != nil {
		t.Fatal(err)
	}
	before, _ := os.ReadFile(filepath.Join(dir, "zz-cancel.a0"))
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var once sync.Once
	rs := trial.Runners{Impl: cancelling{&harnesstest.Runner{ImplName: "go"}, func() { once.Do(cancel) }}, Ref: &harnesstest.Runner{ImplName: "ref"}}
	rep := Run(ctx, rs, entries, Options{Workers: 1, Update: true})
	for _, r := range rep.Results() {
		if strings.Contains(r.Entry.Path, "zz-cancel") {
			t.Errorf("the cancelled entry is in the report: %+v", r.Diff)
		}
	}
	if rep.Summary.Entries != len(entries)-1 || rep.Summary.Timeouts != 0 {
		t.Errorf("summary %+v, want the %d entries before the cancelled one", rep.Summary, len(entries)-1)
	}
	after, _ := os.ReadFile(filepath.Join(dir, "zz-cancel.a0"))
	if string(after) != string(before) {
		t.Errorf("the cancelled entry was rewritten:\n%s", after)
	}
}
