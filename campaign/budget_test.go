package campaign

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/a0diff/a0diff/gen"
	"github.com/a0diff/a0diff/runtime/outcome"
	"github.com/a0diff/a0diff/runtime/run"
	"github.com/a0diff/a0diff/trial"
)

// port is an external implementation with two mistakes, each one signature: a result
// that is a number comes back one more, and every runtime error as exit 5.
type port struct{ outcome.Runner }

func (port) Name() string { return "port" }

func (p port) Run(ctx context.Context, src string, cfg outcome.Config) outcome.Outcome {
	o := p.Runner.Run(ctx, src, cfg)
	if n, ok := o.Value.(float64); ok && o.HasValue {
		o.Value = n + 1
	}
	if o.ExitCode == 4 {
		o.ExitCode = 5
	}
	return o
}

// The campaign's reduction budget: once it is spent, a new signature is still bucketed
// and counted but not reduced, and the summary says how many were left so.
func TestReductionBudget(t *testing.T) {
	rs := trial.Runners{Impl: run.New(), Ref: run.New(), Extra: []outcome.Runner{port{run.New()}}}
	tests := []struct {
		name     string
		budget   ReduceBudget
		unreduce bool
	}{
		{"ample", ReduceBudget{Time: time.Hour}, false},
		{"one candidate for the campaign", ReduceBudget{Candidates: 1, Time: time.Hour}, true},
	}
	for _, tt := range tests {
		c := New(rs, Options{Seed: 7, Count: 60, Workers: 1, Out: t.TempDir(), Minimize: true, Gen: gen.Options{InvalidShare: 0.1},
			Timeout: 10 * time.Second, Reduce: tt.budget})
		s := c.Run(context.Background())
		if len(s.Buckets) < 2 {
			t.Fatalf("%s: %d signatures, want both mistakes: %+v", tt.name, len(s.Buckets), s.Buckets)
		}
		unreduced := 0
		for _, b := range s.Buckets {
			if strings.Contains(b.Note, "reduction budget") {
				unreduced++
			}
		}
		if (unreduced > 0) != tt.unreduce || unreduced != s.BudgetSpent {
			t.Errorf("%s: %d signatures noted unreduced, BudgetSpent %d: %+v", tt.name, unreduced, s.BudgetSpent, s.Buckets)
		}
		if s.Implementations["port"].Diverged == 0 || s.Implementations["port"].Agree == 0 {
			t.Errorf("%s: counts %+v", tt.name, s.Implementations)
		}
		t.Logf("%s: %d candidates; buckets %+v", tt.name, s.ReducedCandidates, s.Buckets)
		// The value mistake is one bucket whatever the variable names of the programs.
		n := 0
		for _, b := range s.Buckets {
			if strings.HasPrefix(b.Signature, ExtraSignature("port", "value@value")) {
				n++
			}
		}
		if n != 1 {
			t.Errorf("%s: %d value buckets, want 1: %+v", tt.name, n, s.Buckets)
		}
	}
}
