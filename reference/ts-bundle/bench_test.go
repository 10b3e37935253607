package tsbundle

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/a0diff/a0diff/corpus"
	"github.com/a0diff/a0diff/runtime/outcome"
)

// The benchmarks measure the embedded bundle, or the bundle named by $TSBUNDLE_REF
// (e.g. a build being compared with the committed one).
func benchBundle(b *testing.B) *Bundle { return referenceBundle(b) }

// BenchmarkRuntimeCreation is the cost of one pooled runtime: a goja runtime evaluating
// the compiled bundle (target ≤ 20 ms).
func BenchmarkRuntimeCreation(b *testing.B) {
	bundle := benchBundle(b)
	for b.Loop() {
		e := newEngine(bundle, defaultMaxCallStack)
		if err := e.init(); err != nil {
			b.Fatal(err)
		}
	}
}

// appendixB reads the Appendix B corpus entries (their sources and host configs).
func appendixB(b *testing.B) []*corpus.Entry {
	b.Helper()
	paths, err := corpus.Discover(filepath.Join("..", "..", "corpus", "spec", "appendix-b"))
	if err != nil {
		b.Fatal(err)
	}
	entries := make([]*corpus.Entry, len(paths))
	for i, p := range paths {
		if entries[i], err = corpus.ParseFile(p); err != nil {
			b.Fatal(err)
		}
	}
	return entries
}

// BenchmarkAppendixB runs every Appendix B program in turn on one Runner, sequentially,
// so one runtime serves them all: programs/s is the throughput of one runtime (target
// ≥ 2 000/s). One op is one pass over the whole appendix.
func BenchmarkAppendixB(b *testing.B) {
	entries := appendixB(b)
	r := NewRunner(benchBundle(b))
	defer r.Close()
	ctx := context.Background()
	for _, e := range entries { // warm the runtime, and fail early on a broken host
		if o := r.Run(ctx, e.Source, e.Config); o.Status == outcome.StatusCrash {
			b.Fatalf("%s: %s", e.Path, o.Detail)
		}
	}
	programs := 0
	for b.Loop() {
		for _, e := range entries {
			r.Run(ctx, e.Source, e.Config)
			programs++
		}
	}
	b.ReportMetric(float64(programs)/b.Elapsed().Seconds(), "programs/s")
	if s := r.Stats(); s.RuntimesCreated != 1 {
		b.Errorf("RuntimesCreated = %d, want 1", s.RuntimesCreated)
	}
}

// BenchmarkAppendixBParallel is the same on all CPUs (one runtime per worker).
func BenchmarkAppendixBParallel(b *testing.B) {
	entries := appendixB(b)
	r := NewRunner(benchBundle(b))
	defer r.Close()
	ctx := context.Background()
	b.RunParallel(func(pb *testing.PB) {
		i := 0
		for pb.Next() {
			e := entries[i%len(entries)]
			r.Run(ctx, e.Source, e.Config)
			i++
		}
	})
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "programs/s")
}

// BenchmarkHostOverhead is the host's own cost per run — pool, goroutine, deadline
// timer, configJSON, Outcome parsing — measured on the fake bundle's trivial "echo".
func BenchmarkHostOverhead(b *testing.B) {
	r := fakeRunner(b)
	ctx := context.Background()
	cfg := outcome.Config{File: "bench.a0"}
	for b.Loop() {
		if o := r.Run(ctx, "echo", cfg); o.Status != outcome.StatusOK {
			b.Fatal(o.Detail)
		}
	}
}
