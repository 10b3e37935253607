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
