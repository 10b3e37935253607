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

// BenchmarkCampaignWorker is a campaign worker's cost of one case (seed 3, the CLI's
// default generator options): what batchWorker.serve does for each index of a slice —
// generating the case, running it through the Go evaluator and the reference in goja,
// comparing, the coverage bookkeeping — without the pipe. One op is one case.
func BenchmarkCampaignWorker(b *testing.B) {
	ref := tsbundle.NewRunner(tsbundle.Embedded())
	defer ref.Close()
	bw := &batchWorker{rs: trial.Runners{Impl: run.New(), Ref: ref}, reported: map[uint64]bool{}}
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
