package campaign

import (
	"context"
	"testing"

	"github.com/a0diff/a0diff/gen"
	tsbundle "github.com/a0diff/a0diff/reference/ts-bundle"
	"github.com/a0diff/a0diff/runtime/outcome"
	"github.com/a0diff/a0diff/runtime/run"
	"github.com/a0diff/a0diff/trial"
)

// BenchmarkFuzzInProcess is the in-process cost of one `a0diff fuzz` case (seed 3,
// the CLI's default generator options, one worker, --isolation none): generating the
// case, running it through the Go evaluator and the reference in goja, comparing the
// Outcomes. One op is one case.
func BenchmarkFuzzInProcess(b *testing.B) {
	ref := tsbundle.NewRunner(tsbundle.Embedded())
	defer ref.Close()
	rs := trial.Runners{Impl: run.New(), Ref: ref}
	opts := Options{Seed: 3, Count: b.N, Workers: 1, Out: b.TempDir(), Minimize: true, Timeout: outcome.DefaultLimits.Timeout,
		Gen: gen.Options{Features: gen.AllFeatures, InvalidShare: 0.1}}
	b.ResetTimer()
	s := New(rs, opts).Run(context.Background())
	if s.Cases() != b.N {
		b.Fatalf("ran %d cases, want %d", s.Cases(), b.N)
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "cases/s")
}
