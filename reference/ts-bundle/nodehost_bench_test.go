package tsbundle_test

import (
	"context"
	"testing"

	"github.com/a0diff/a0diff/harness"
	tsbundle "github.com/a0diff/a0diff/reference/ts-bundle"
	"github.com/a0diff/a0diff/runtime/outcome"
)

// benchEntries are the Appendix B entries with their run configurations.
func benchEntries(b *testing.B) ([]string, []outcome.Config) {
	b.Helper()
	entries, err := harness.Load([]string{"../../corpus/spec/appendix-b"}, nil)
	if err != nil {
		b.Fatal(err)
	}
	var srcs []string
	var cfgs []outcome.Config
	for _, e := range entries {
		srcs = append(srcs, e.Source)
		cfgs = append(cfgs, e.RunConfig(0))
	}
	return srcs, cfgs
}

func benchRunner(b *testing.B, r outcome.Runner) {
	srcs, cfgs := benchEntries(b)
	ctx := context.Background()
	for i := range srcs { // warm up, and fail early on a broken host
		if o := r.Run(ctx, srcs[i], cfgs[i]); o.Status == outcome.StatusCrash {
			b.Fatalf("%s", o.Detail)
		}
	}
	programs := 0
	for b.Loop() {
		for i := range srcs {
			r.Run(ctx, srcs[i], cfgs[i])
			programs++
		}
	}
	b.ReportMetric(float64(programs)/b.Elapsed().Seconds(), "programs/s")
}

// BenchmarkNodeHostAppendixB: the shipped reference under node, one worker, through the
// protocol (tool and validate callbacks included) — the cost of --cross-check per case.
func BenchmarkNodeHostAppendixB(b *testing.B) {
	benchRunner(b, nodePool(b, "", 1))
}

// BenchmarkGojaInProcessAppendixB: the same programs in goja in this process, for the
// ratio within one run.
func BenchmarkGojaInProcessAppendixB(b *testing.B) {
	r := tsbundle.NewRunner(tsbundle.Embedded())
	defer r.Close()
	benchRunner(b, r)
}
