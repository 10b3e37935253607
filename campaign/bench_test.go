package campaign

import (
	"context"
	"fmt"
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

// BenchmarkCampaignWorker is a campaign worker's cost of one case (seed 3, the CLI's
// default generator options): what batchWorker.serve does for each index of a slice —
// generating the case, running it through the Go evaluator and the reference in goja,
// comparing, the coverage bookkeeping — without the pipe. One op is one case. The
// runners are those of lineup.BatchRunners: both run on the calling goroutine.
func BenchmarkCampaignWorker(b *testing.B) {
	ref := tsbundle.NewRunner(tsbundle.Embedded(), tsbundle.WithInline())
	defer ref.Close()
	bw := &batchWorker{rs: trial.Runners{Impl: run.NewRunner(run.Options{Inline: true, ReuseTrees: true}), Ref: ref}, reported: map[uint64]bool{}}
	req := batchRequest{Type: "batch", Seed: 3, Timeout: int64(outcome.DefaultLimits.Timeout),
		Gen: gen.Options{Features: gen.AllFeatures, InvalidShare: 0.1}}
	b.ResetTimer()
	for i := 0; i < b.N; {
		req.Indices = req.Indices[:0]
		for ; i < b.N && len(req.Indices) < 256; i++ {
			req.Indices = append(req.Indices, i)
		}
		reply, err := bw.serve(context.Background(), req)
		if err != nil || len(reply.Kinds) != len(req.Indices) {
			b.Fatalf("answered %d of %d cases: %v", len(reply.Kinds), len(req.Indices), err)
		}
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "cases/s")
}

// generatedCases are the first n cases of seed 3 with the CLI's default generator
// options, made once for the benchmarks that run them.
func generatedCases(n int) []*gen.Case {
	cases := make([]*gen.Case, n)
	for i := range cases {
		cases[i] = NewCase(3, i, gen.Options{Features: gen.AllFeatures, InvalidShare: 0.1})
	}
	return cases
}

// BenchmarkGoEvaluatorGenerated is the Go evaluator's cost of one `a0diff fuzz` case
// (seed 3, the CLI's default generator options): parsing, validating and running it
// with the campaign's configuration, cases 0, 1, … 1 999 in turn, the same cases in
// every run of the benchmark. The big-value programs among the first 20 000 cases (a
// string of a million characters held 32 times) are benchmarked by
// BenchmarkGoEvaluatorBigValues.
func BenchmarkGoEvaluatorGenerated(b *testing.B) {
	benchmarkGoEvaluator(b, generatedCases(2000))
}

// BenchmarkGoEvaluatorBigValues is the Go evaluator on the generator's big-value cases
// among the first 20 000 of seed 3: a patch test whose value lists a string of about a
// million characters 32 times, so that its JSON text is near value.TextLimit or over it.
// One sub-benchmark per case (case=INDEX); where the text limit trips (3313, 3916, 4135,
// 7729) the run ends before any text is written.
func BenchmarkGoEvaluatorBigValues(b *testing.B) {
	for _, i := range []int{1706, 3313, 3916, 4135, 7729, 12813, 15405, 15772, 16877, 17370, 18049} {
		c := NewCase(3, i, gen.Options{Features: gen.AllFeatures, InvalidShare: 0.1})
		b.Run(fmt.Sprintf("case=%d", i), func(b *testing.B) { benchmarkGoEvaluator(b, []*gen.Case{c}) })
	}
}

func benchmarkGoEvaluator(b *testing.B, cases []*gen.Case) {
	r := run.New()
	cfgs := make([]outcome.Config, len(cases))
	for i, c := range cases {
		cfgs[i] = trial.Config(c.Config, outcome.DefaultLimits.Timeout)
	}
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		k := i % len(cases)
		r.Run(context.Background(), cases[k].Source, cfgs[k])
	}
}

// BenchmarkGenerateCase is generating one `a0diff fuzz` case (seed 3, the CLI's default
// generator options), cases 0, 1, 2, … in turn.
func BenchmarkGenerateCase(b *testing.B) {
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		NewCase(3, i, gen.Options{Features: gen.AllFeatures, InvalidShare: 0.1})
	}
}
