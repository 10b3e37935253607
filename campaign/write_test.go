package campaign

import (
	"context"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/a0diff/a0diff/corpus"
	"github.com/a0diff/a0diff/diff"
	"github.com/a0diff/a0diff/runtime/outcome"
	"github.com/a0diff/a0diff/runtime/run"
	"github.com/a0diff/a0diff/trial"
)

// counted is an implementation that counts its runs of each program and host
// configuration.
type counted struct {
	outcome.Runner
	mu   sync.Mutex
	runs map[string]int
}

func (c *counted) Run(ctx context.Context, src string, cfg outcome.Config) outcome.Outcome {
	c.mu.Lock()
	c.runs[runKey(src, cfg.Fixtures, cfg.Allow)]++
	c.mu.Unlock()
	return c.Runner.Run(ctx, src, cfg)
}

func runKey(src string, fx outcome.Fixtures, allow []string) string {
	// Fixtures: an empty list is no list (%v); capabilities: no @allow line differs from
	// an empty one (%#v).
	return fmt.Sprintf("%s\x00%v\x00%#v", src, fx, allow)
}

// The fallback reduction (reduce.Minimize keeping the first signature) of a case whose
// signature set the reducer could not keep: the result is smaller, still diverges with
// the signature, and is not run again after the candidate run that kept it (the entry
// writer runs it once more).
func TestShrinkKeepsTheFirstSignature(t *testing.T) {
	impl := &counted{Runner: port{run.New()}, runs: map[string]int{}}
	rs := trial.Runners{Impl: impl, Ref: run.New()}
	c := New(rs, Options{Seed: 7, Count: 1, Workers: 1, Out: t.TempDir(), Minimize: true, Timeout: outcome.DefaultLimits.Timeout})
	fc := firstLongDivergence(t, c)
	i, gc := fc.index, fc.c
	got, gotRes := c.shrink(context.Background(), fc)
	if len(got.Source) >= len(gc.Source) {
		t.Fatalf("case %d: not reduced (%d bytes)", i, len(got.Source))
	}
	if gotRes.Verdict != diff.Diverge || gotRes.Signature() != fc.sig {
		t.Errorf("case %d: the result gives %s %q, want the signature %q", i, gotRes.Verdict, gotRes.Signature(), fc.sig)
	}
	if n := impl.runs[runKey(got.Source, got.Config.Fixtures, got.Config.Allow)]; n != 1 {
		t.Errorf("case %d: the result was run %d times, want once (as the candidate kept)", i, n)
	}
	if n := impl.runs[runKey(gc.Source, gc.Config.Fixtures, gc.Config.Allow)]; n != 1 {
		t.Errorf("case %d: the input was run %d times, want once (the campaign's own run)", i, n)
	}
	t.Logf("case %d: %d -> %d bytes, signature %s:\n%s", i, len(gc.Source), len(got.Source), fc.sig, got.Source)
}

// firstLongDivergence is the first of the first 200 cases of c's seed that diverges and
// is 200 bytes or more, compared as the campaign compares it.
func firstLongDivergence(t *testing.T, c *Campaign) *fuzzCase {
	t.Helper()
	for i := 0; i < 200; i++ {
		gc := NewCase(c.opts.Seed, i, c.opts.Gen)
		res := c.compare(context.Background(), gc)
		if res.Verdict == diff.Diverge && len(gc.Source) >= 200 {
			return &fuzzCase{index: i, c: gc, verdict: res.Verdict, sig: res.Signature(), res: res}
		}
	}
	t.Fatal("no diverging case among the first 200")
	return nil
}

// A new divergence is reduced from the campaign's own run of it (reduce.Options.Known, the
// generated tree) and written by the entry writer, which runs the result once more: the
// input runs once in all, the written program twice (as the candidate kept and by the
// writer).
func TestWriteEntryRunsTheProgramOnceMore(t *testing.T) {
	impl := &counted{Runner: port{run.New()}, runs: map[string]int{}}
	rs := trial.Runners{Impl: impl, Ref: run.New()}
	c := New(rs, Options{Seed: 7, Count: 1, Workers: 1, Out: t.TempDir(), Minimize: true, Timeout: outcome.DefaultLimits.Timeout,
		Reduce: ReduceBudget{Time: time.Hour}})
	fc := firstLongDivergence(t, c)
	i, gc := fc.index, fc.c
	file, note, program := c.writeEntry(context.Background(), fc)
	if file == "" || program == "" {
		t.Fatalf("case %d: nothing written: %s", i, note)
	}
	e, err := corpus.ParseFile(file)
	if err != nil {
		t.Fatal(err)
	}
	if n := impl.runs[runKey(gc.Source, gc.Config.Fixtures, gc.Config.Allow)]; n != 1 {
		t.Errorf("case %d: the input was run %d times, want once (the campaign's own run)", i, n)
	}
	if n := impl.runs[runKey(e.Source, e.Config.Fixtures, e.Config.Allow)]; n != 1 {
		t.Errorf("case %d: the entry's text was run %d times, want once (by the entry writer)", i, n)
	}
	if n := impl.runs[runKey(program, e.Config.Fixtures, e.Config.Allow)]; n != 1 {
		t.Errorf("case %d: the written program was run %d times as a candidate, want once", i, n)
	}
}
