package trial_test

import (
	"context"
	"testing"

	"github.com/a0diff/a0diff/diff"
	"github.com/a0diff/a0diff/gen"
	"github.com/a0diff/a0diff/runtime/outcome"
	"github.com/a0diff/a0diff/runtime/run"
	"github.com/a0diff/a0diff/trial"
)

// BenchmarkCompareGenerated is the comparison of a campaign's common case, two agreeing
// Outcomes: the Go evaluator's Outcome of each of the first 500 cases of seed 3 (the
// CLI's default generator options) against its Outcome of a second run, whose run_end
// has a duration of its own. One op is one diff.Compare.
func BenchmarkCompareGenerated(b *testing.B) {
	r := run.New()
	var first, second []outcome.Outcome
	for i := range 500 {
		c := gen.GenerateCase(3, i, gen.Options{Features: gen.AllFeatures, InvalidShare: 0.1})
		cfg := trial.Config(c.Config, outcome.DefaultLimits.Timeout)
		first = append(first, r.Run(context.Background(), c.Source, cfg))
		second = append(second, r.Run(context.Background(), c.Source, cfg))
	}
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		k := i % len(first)
		if diff.Compare(first[k], second[k]).Verdict == diff.Diverge {
			b.Fatalf("case %d: the Go evaluator diverges from itself", k)
		}
	}
}
