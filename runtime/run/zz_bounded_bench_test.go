package run

import (
	"context"
	"testing"

	"github.com/a0diff/a0diff/runtime/outcome"
)

func BenchmarkPartBounded(b *testing.B) {
	r := New()
	b.ReportAllocs()
	for b.Loop() {
		r.bounded(context.Background(), outcome.Config{}, func(ctx context.Context, lim outcome.Limits) outcome.Outcome {
			return outcome.Outcome{}
		})
	}
}

func BenchmarkPartInline(b *testing.B) {
	r := New()
	cfg := outcome.Config{File: "b.a0"}
	lim := cfg.Limits.WithDefaults()
	b.ReportAllocs()
	for b.Loop() {
		r.runSource(context.Background(), benchSrc, cfg, lim)
	}
}

const benchSrc = `fn fact { n } {
  return if { cond: n <= 1, then: 1, else: n * fact { n: n - 1 } }
}
return map { in: [0, 5, 10], fn: "fact" }`

func BenchmarkPartParallelRun(b *testing.B) {
	r := New()
	cfg := outcome.Config{File: "b.a0"}
	b.ReportAllocs()
	b.RunParallel(func(pb *testing.PB) {
		for pb.Next() {
			r.Run(context.Background(), benchSrc, cfg)
		}
	})
}

func BenchmarkPartParallelInline(b *testing.B) {
	r := New()
	cfg := outcome.Config{File: "b.a0"}
	lim := cfg.Limits.WithDefaults()
	b.ReportAllocs()
	b.RunParallel(func(pb *testing.PB) {
		for pb.Next() {
			r.runSource(context.Background(), benchSrc, cfg, lim)
		}
	})
}
