package trial

import (
	"context"
	"sync"
	"testing"
	"time"

	"github.com/a0diff/a0diff/diff"
	"github.com/a0diff/a0diff/runtime/outcome"
)

// scripted answers its runs with its Outcomes in turn (the last one again when they run
// out), recording the deadlines it was given; it calls an outcome with Detail
// "transient" Transient, as worker.Pool does a worker killed from outside.
type scripted struct {
	name      string
	outcomes  []outcome.Outcome
	mu        sync.Mutex
	deadlines []time.Duration
}

func (s *scripted) Name() string { return s.name }

func (s *scripted) Run(_ context.Context, _ string, cfg outcome.Config) outcome.Outcome {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.deadlines = append(s.deadlines, cfg.Limits.Timeout)
	o := s.outcomes[min(len(s.deadlines), len(s.outcomes))-1]
	return o
}

func (s *scripted) Transient(o outcome.Outcome) bool { return o.Detail == "transient" }

var (
	ok1       = outcome.Outcome{Status: outcome.StatusOK, Value: 1.0, HasValue: true}
	timedOut  = outcome.Outcome{Status: outcome.StatusTimeout}
	stepLimit = outcome.Outcome{Status: outcome.StatusResource, Limit: outcome.LimitSteps}
	depth     = outcome.Outcome{Status: outcome.StatusResource, Limit: outcome.LimitDepth}
	killed    = outcome.Outcome{Status: outcome.StatusCrash, Detail: "transient"}
	overMem   = outcome.Outcome{Status: outcome.StatusResource, Detail: "transient"}
	crashed   = outcome.Outcome{Status: outcome.StatusCrash, Detail: "a panic"}
)

// What the machine may have caused is run again, with a longer deadline, before it
// becomes a verdict; what reproduces stays; what the program did is believed at once.
func TestNeverCryWolf(t *testing.T) {
	tests := []struct {
		name        string
		goRuns      []outcome.Outcome
		refRuns     []outcome.Outcome
		verdict     diff.Verdict
		goN, refN   int // runs of each side
		oneSidedOut bool
	}{
		{"one-sided timeout, then completes", []outcome.Outcome{timedOut, ok1}, []outcome.Outcome{ok1}, diff.Agree, 2, 1, false},
		{"one-sided timeout that persists", []outcome.Outcome{timedOut}, []outcome.Outcome{ok1}, diff.Diverge, 2, 1, true},
		{"deadline against the step limit, then the limit", []outcome.Outcome{timedOut, stepLimit}, []outcome.Outcome{stepLimit}, diff.Agree, 2, 1, false},
		{"the depth limit against the deadline, then the limit", []outcome.Outcome{depth}, []outcome.Outcome{timedOut, depth}, diff.Agree, 1, 2, false},
		{"killed from outside, then fine", []outcome.Outcome{killed, ok1}, []outcome.Outcome{ok1}, diff.Agree, 2, 1, false},
		{"over the ceiling under load, then fine", []outcome.Outcome{ok1}, []outcome.Outcome{overMem, ok1}, diff.Agree, 1, 2, false},
		{"killed from outside twice", []outcome.Outcome{killed}, []outcome.Outcome{ok1}, diff.Diverge, 2, 1, false},
		{"a crash of the program is believed", []outcome.Outcome{crashed, ok1}, []outcome.Outcome{ok1}, diff.Diverge, 1, 1, false},
		{"both over the ceiling agree", []outcome.Outcome{overMem}, []outcome.Outcome{overMem}, diff.Inconclusive, 1, 1, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g := &scripted{name: "go", outcomes: tt.goRuns}
			r := &scripted{name: "ref", outcomes: tt.refRuns}
			cfg := outcome.Config{File: "t.a0", Limits: outcome.Limits{Timeout: time.Second}}
			c := Compare(context.Background(), Runners{Impl: g, Ref: r}, "return 1\n", cfg)
			if c.Diff.Verdict != tt.verdict || c.Timeout() != tt.oneSidedOut {
				t.Errorf("verdict %s, one-sided timeout %v; want %s, %v", c.Diff.Verdict, c.Timeout(), tt.verdict, tt.oneSidedOut)
			}
			if len(g.deadlines) != tt.goN || len(r.deadlines) != tt.refN {
				t.Errorf("runs: go %v, ref %v; want %d and %d", g.deadlines, r.deadlines, tt.goN, tt.refN)
			}
			for _, s := range []*scripted{g, r} {
				if len(s.deadlines) == 2 && s.deadlines[1] != RetryFactor*time.Second {
					t.Errorf("%s re-run with deadline %v, want %v", s.name, s.deadlines[1], RetryFactor*time.Second)
				}
			}
		})
	}
}
