package campaign

import (
	"context"
	"strings"
	"sync"
	"testing"

	"github.com/a0diff/a0diff/diff"
	"github.com/a0diff/a0diff/gen"
	"github.com/a0diff/a0diff/runtime/outcome"
	"github.com/a0diff/a0diff/runtime/run"
	"github.com/a0diff/a0diff/trial"
)

// guidedRun runs a guided campaign and returns its summary and the source of each case.
func guidedRun(t *testing.T, rs trial.Runners, opts Options) (*Summary, map[int]string, map[int]string) {
	t.Helper()
	var mu sync.Mutex
	sources, derived := map[int]string{}, map[int]string{}
	opts.Guided, opts.Out, opts.Timeout = true, t.TempDir(), 1e10
	c := New(rs, opts)
	c.seeCase = func(fc *fuzzCase) {
		mu.Lock()
		defer mu.Unlock()
		sources[fc.index] = fc.c.Source
		if fc.derived != "" {
			derived[fc.index] = fc.derived
		}
	}
	s := c.Run(context.Background())
	return s, sources, derived
}

// TestGuidedIsReproducibleAtAnyWorkers: a guided campaign with a fixed seed makes the
// same cases at -j 1 and -j 2, derives some of them, grows its pool, and its cases that
// are not derived are those of the unguided campaign.
func TestGuidedIsReproducibleAtAnyWorkers(t *testing.T) {
	rs := trial.Runners{Impl: run.New(), Ref: run.New()}
	opts := Options{Seed: 5, Start: 3, Count: 3*GuidedBatch + 7, Gen: gen.Options{InvalidShare: 0.1}}
	opts.Workers = 1
	s1, src1, der1 := guidedRun(t, rs, opts)
	opts.Workers = 2
	s2, src2, der2 := guidedRun(t, rs, opts)
	if len(src1) != opts.Count || len(src2) != opts.Count {
		t.Fatalf("ran %d and %d cases, want %d", len(src1), len(src2), opts.Count)
	}
	for i, src := range src1 {
		if src2[i] != src {
			t.Errorf("case %d differs between -j 1 and -j 2:\n%s\n--- and ---\n%s", i, src, src2[i])
		}
		if der1[i] != der2[i] {
			t.Errorf("case %d derived as %q at -j 1, %q at -j 2", i, der1[i], der2[i])
		}
		if der1[i] == "" && src != NewCase(opts.Seed, i, opts.Gen).Source {
			t.Errorf("case %d is not derived but is not the unguided case %d", i, i)
		}
	}
	if s1.Pool < 5 || s1.Pool != s2.Pool {
		t.Errorf("pool sizes %d and %d; want equal and at least 5", s1.Pool, s2.Pool)
	}
	if s1.Derived < opts.Count/5 || s1.Derived != len(der1) {
		t.Errorf("%d cases derived (%d seen); want at least a fifth of %d", s1.Derived, len(der1), opts.Count)
	}
	if s1.Coverage == 0 || s1.Coverage != s2.Coverage {
		t.Errorf("coverage %d and %d; want equal and non-zero", s1.Coverage, s2.Coverage)
	}
}

// divergesOn is the Go evaluator with a planted fault: when the program's text holds
// marker, its exit code is off by one.
type divergesOn struct {
	outcome.Runner
	marker string
}

func (d divergesOn) Run(ctx context.Context, source string, cfg outcome.Config) outcome.Outcome {
	o := d.Runner.Run(ctx, source, cfg)
	if strings.Contains(source, d.marker) {
		o.ExitCode++
	}
	return o
}

// TestGuidedFindsAPlantedFault: a guided campaign finds a fault planted in the Go side
// and reports its bucket, with the derivation when the first case was derived.
func TestGuidedFindsAPlantedFault(t *testing.T) {
	rs := trial.Runners{Impl: divergesOn{run.New(), "str.split"}, Ref: run.New()}
	s, src, der := guidedRun(t, rs, Options{Seed: 9, Count: 4 * GuidedBatch, Workers: 2})
	if s.Verdicts[diff.Diverge] == 0 || len(s.Buckets) == 0 {
		t.Fatalf("planted fault not found in %d cases: verdicts %v", s.Cases(), s.Verdicts)
	}
	b := s.Buckets[0]
	if !strings.Contains(src[b.First], "str.split") {
		t.Errorf("first case %d of %s does not hold the marker:\n%s", b.First, b.Signature, src[b.First])
	}
	if b.Derived != der[b.First] {
		t.Errorf("bucket says derived %q, the case was %q", b.Derived, der[b.First])
	}
}

// TestCoverageFeatures: equal outcomes have equal features; a different trace shape or
// exit code adds features.
func TestCoverageFeatures(t *testing.T) {
	r := run.New()
	cfg := outcome.Config{File: "t.a0"}
	feats := func(src string) map[uint64]bool {
		m := map[uint64]bool{}
		for _, f := range Coverage(r.Run(context.Background(), src, cfg)) {
			m[f] = true
		}
		return m
	}
	a, a2 := feats("let x = 1\nreturn { x: x }\n"), feats("let y = 2\nreturn { y: y }\n")
	if len(a) == 0 || len(a) != len(a2) {
		t.Fatalf("same shape, features %d and %d", len(a), len(a2))
	}
	for f := range a {
		if !a2[f] {
			t.Errorf("same shape, different features")
		}
	}
	for _, src := range []string{
		"let x = [1, 2]\nreturn { x: x }\n",          // a list-valued field
		"let x = 1\nreturn x\n",                      // a result that is no record
		"let x = 1\nreturn { x: x, y: x + \"a\" }\n", // a string field
	} {
		b, extra := feats(src), 0
		for f := range b {
			if !a[f] {
				extra++
			}
		}
		if extra == 0 {
			t.Errorf("%q has no feature beyond the first program's", src)
		}
	}
}

// TestEachMakesTheCampaignsCases: Each, one case after the other, makes the cases of a
// campaign run by Run at -j 2, guided or not, and learns the same from them.
func TestEachMakesTheCampaignsCases(t *testing.T) {
	rs := trial.Runners{Impl: run.New(), Ref: run.New()}
	for _, guided := range []bool{false, true} {
		opts := Options{Seed: 9, Start: 4, Count: 2*GuidedBatch + 13, Workers: 2, Gen: gen.Options{InvalidShare: 0.1}}
		var want map[int]string
		var wantDerived map[int]string
		var s *Summary
		if guided {
			s, want, wantDerived = guidedRun(t, rs, opts)
		} else {
			want, wantDerived = map[int]string{}, map[int]string{}
			var mu sync.Mutex
			opts.Out, opts.Timeout = t.TempDir(), 1e10
			c := New(rs, opts)
			c.seeCase = func(fc *fuzzCase) {
				mu.Lock()
				defer mu.Unlock()
				want[fc.index] = fc.c.Source
			}
			s = c.Run(context.Background())
		}
		opts.Guided = guided
		got, covered, derived := map[int]string{}, map[uint64]bool{}, 0
		Each(context.Background(), rs, opts, func(gc *gen.Case, obs Observed, cmp trial.Comparison) bool {
			got[obs.Index] = gc.Source
			for _, f := range obs.Features {
				covered[f] = true
			}
			if obs.Derived != "" {
				derived++
				if wantDerived[obs.Index] != obs.Derived {
					t.Errorf("guided=%v: case %d derived as %q by Each, %q by Run", guided, obs.Index, obs.Derived, wantDerived[obs.Index])
				}
			}
			return true
		})
		if len(got) != opts.Count || len(want) != opts.Count {
			t.Fatalf("guided=%v: Each ran %d cases, Run %d; want %d", guided, len(got), len(want), opts.Count)
		}
		for i, src := range want {
			if got[i] != src {
				t.Errorf("guided=%v: case %d differs between Run and Each:\n%s\n--- and ---\n%s", guided, i, src, got[i])
			}
		}
		if len(covered) != s.Coverage || derived != s.Derived || guided != (derived > 0) {
			t.Errorf("guided=%v: Each reached %d features and derived %d cases; Run %d and %d", guided, len(covered), derived, s.Coverage, s.Derived)
		}
	}
}
