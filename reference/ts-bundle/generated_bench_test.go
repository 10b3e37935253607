package tsbundle

import (
	"context"
	"testing"

	"github.com/a0diff/a0diff/gen"
	"github.com/a0diff/a0diff/runtime/outcome"
)

// generatedCases are the first n cases `a0diff fuzz --seed 3` generates (the CLI's
// default generator options), with the configuration fuzz runs them under (apart from
// the deadline).
func generatedCases(n int) []*gen.Case {
	opts := gen.Options{Features: gen.AllFeatures, InvalidShare: 0.1}
	cases := make([]*gen.Case, n)
	for i := range cases {
		cases[i] = gen.Generate(gen.RandChooser{R: gen.CaseRand(3, i)}, opts)
		cases[i].Config.Limits = cases[i].Config.Limits.WithDefaults()
	}
	return cases
}

// BenchmarkGenerated runs the first 1 000 programs of `a0diff fuzz --seed 3` in turn on
// one Runner: the reference's cost per fuzz case, host included. One op is one program.
// With $TSBUNDLE_REF naming another build (e.g. the committed bundle of another commit),
// alternate runs compare the two.
func BenchmarkGenerated(b *testing.B) { benchmarkGenerated(b) }

// BenchmarkGeneratedText is BenchmarkGenerated with the Outcome written as text and
// parsed, as before host.outcome (and as for a bundle that does not call it).
func BenchmarkGeneratedText(b *testing.B) { benchmarkGenerated(b, withTextOutcome()) }

func benchmarkGenerated(b *testing.B, opts ...Option) {
	cases := generatedCases(1000)
	r := NewRunner(benchBundle(b), opts...)
	defer r.Close()
	ctx := context.Background()
	for _, c := range cases[:100] { // warm the runtime, and fail early on a broken host
		if o := r.Run(ctx, c.Source, c.Config); o.Status == outcome.StatusCrash {
			b.Fatalf("%s", o.Detail)
		}
	}
	i := 0
	for b.Loop() {
		c := cases[i%len(cases)]
		r.Run(ctx, c.Source, c.Config)
		i++
	}
	b.ReportMetric(float64(i)/b.Elapsed().Seconds(), "programs/s")
}
