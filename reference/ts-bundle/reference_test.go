package tsbundle

// Tests of the host with the shipped reference: the embedded a0-reference.js, or the
// bundle named by $TSBUNDLE_REF (to check another build under the same host).

import (
	"context"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/a0diff/a0diff/corpus"
	"github.com/a0diff/a0diff/runtime/outcome"
	"github.com/a0diff/a0diff/runtime/toolkit"
)

func referenceBundle(t testing.TB) *Bundle {
	t.Helper()
	if path := os.Getenv("TSBUNDLE_REF"); path != "" {
		b, err := Load(path)
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	return Embedded()
}

func referenceRunner(t testing.TB, opts ...Option) *Runner {
	t.Helper()
	r := NewRunner(referenceBundle(t), opts...)
	t.Cleanup(func() { r.Close() })
	return r
}

func appendixBEntries(t testing.TB) []*corpus.Entry {
	t.Helper()
	paths, err := corpus.Discover(filepath.Join("..", "..", "corpus", "spec", "appendix-b"))
	if err != nil {
		t.Fatal(err)
	}
	entries := make([]*corpus.Entry, len(paths))
	for i, p := range paths {
		if entries[i], err = corpus.ParseFile(p); err != nil {
			t.Fatal(err)
		}
	}
	return entries
}

// The Appendix B outcomes were verified against the spec when the entries were written;
// through this host the reference must reproduce every one (values, diagnostics, exit
// codes, trace event names), tools included.
func TestEmbeddedReferenceMatchesAppendixB(t *testing.T) {
	r := referenceRunner(t)
	for _, e := range appendixBEntries(t) {
		o := r.Run(context.Background(), e.Source, e.Config)
		for _, m := range corpus.Check(e, o) {
			t.Errorf("%s: %s", e.Path, m)
		}
	}
}

// State must not leak between runs of one runtime: every entry gives the same outcome
// on a runtime that has just run all the others as on a fresh one.
func TestEmbeddedReferenceReuseGivesIdenticalOutcomes(t *testing.T) {
	const passes = 5
	entries := appendixBEntries(t)
	fresh := make([]string, len(entries))
	for i, e := range entries {
		r := NewRunner(referenceBundle(t))
		fresh[i] = string(outcome.Marshal(outcome.Normalize(r.Run(context.Background(), e.Source, e.Config))))
		r.Close()
	}
	reused := referenceRunner(t)
	for pass := 0; pass < passes; pass++ {
		for i, e := range entries {
			got := string(outcome.Marshal(outcome.Normalize(reused.Run(context.Background(), e.Source, e.Config))))
			if got != fresh[i] {
				t.Fatalf("pass %d, %s: reused runtime gives\n%s\nfresh runtime gives\n%s", pass, e.Path, got, fresh[i])
			}
		}
	}
	if s := reused.Stats(); s.RuntimesCreated != 1 {
		t.Errorf("RuntimesCreated = %d, want 1", s.RuntimesCreated)
	}
}

func TestEmbeddedReferenceInfiniteLoopTimesOut(t *testing.T) {
	const (
		timeout = 300 * time.Millisecond
		slack   = 1500 * time.Millisecond // wide: a loaded CI machine; Abandoned == 0 below is what shows the interrupt worked
	)
	r := referenceRunner(t)
	src := "return loop { in: 0, times: 1000000000000, as: \"x\" } { return x + 1 }\n"
	start := time.Now()
	o := r.Run(context.Background(), src, outcome.Config{File: "loop.a0", Limits: outcome.Limits{MaxSteps: math.MaxInt, Timeout: timeout}})
	elapsed := time.Since(start)
	if o.Status != outcome.StatusTimeout {
		t.Fatalf("status %q, want timeout (%s)", o.Status, o.Detail)
	}
	if elapsed > timeout+slack {
		t.Errorf("returned after %v, want at most %v", elapsed, timeout+slack)
	}
	if s := r.Stats(); s.Abandoned != 0 {
		t.Errorf("the run was abandoned; the interrupt should have stopped it")
	}
}

// With maxDepth raised out of the way, 100 000 nested A0 calls exhaust the JavaScript
// call stack limit: a resource outcome, not a crash of the process. (The limit is
// lowered for the first run: reaching goja's default 250 000 frames takes a minute on a
// loaded machine, and the classification does not depend on where the limit is.)
func TestEmbeddedReferenceDeepRecursionIsAResourceOutcome(t *testing.T) {
	src := "fn f { n } {\n  return if { cond: n <= 0, then: 0, else: f { n: n - 1 } }\n}\nreturn f { n: 100000 }\n"
	o := referenceRunner(t, WithMaxCallStack(20_000)).Run(context.Background(), src, outcome.Config{File: "deep.a0",
		Limits: outcome.Limits{MaxSteps: math.MaxInt, MaxDepth: 200_000, Timeout: time.Minute}})
	if o.Status != outcome.StatusResource || !strings.Contains(o.Detail, "JavaScript call stack exceeded") {
		t.Fatalf("got %s %q, want resource from the JavaScript call stack", o.Status, o.Detail)
	}
	// Within the default limits the reference's own maxDepth check trips first.
	r := referenceRunner(t)
	o = r.Run(context.Background(), src, outcome.Config{File: "deep.a0", Limits: outcome.Limits{Timeout: time.Minute}})
	if o.Status != outcome.StatusResource || !strings.Contains(o.Detail, "maxDepth") {
		t.Fatalf("got %s %q, want resource from maxDepth", o.Status, o.Detail)
	}
	// And the default limit leaves room for the default depth.
	ok := strings.Replace(src, "100000", "1999", 1)
	if o := r.Run(context.Background(), ok, outcome.Config{File: "deep.a0"}); o.Status != outcome.StatusOK || o.ExitCode != 0 {
		t.Fatalf("1999 nested calls: %s exit %d %s", o.Status, o.ExitCode, o.Detail)
	}
}

func TestEmbeddedReferenceReportsToolFailuresAsETool(t *testing.T) {
	r := referenceRunner(t, WithKit(func(outcome.Fixtures) toolkit.Kit { return &faultyKit{} }))
	tests := []struct {
		tool, message string
	}{
		{"fs.read", "Tool 'fs.read' failed: disk on fire"},
		{"fs.exists", "Tool 'fs.exists' failed: internal error: tool panicked: kit bug"},
	}
	for _, tc := range tests {
		t.Run(tc.tool, func(t *testing.T) {
			src := "cap { fs.read: true }\nlet r = call? " + tc.tool + " { path: \"a.txt\" }\nreturn r\n"
			o := r.Run(context.Background(), src, outcome.Config{File: "tool.a0", Allow: []string{"fs.read"}})
			if o.Status != outcome.StatusOK || o.ExitCode != 4 || len(o.Errors) != 1 {
				t.Fatalf("got %s exit %d errors %+v (%s), want one runtime error", o.Status, o.ExitCode, o.Errors, o.Detail)
			}
			if d := o.Errors[0]; d.Code != "E_TOOL" || d.Message != tc.message {
				t.Errorf("error %s %q, want E_TOOL %q", d.Code, d.Message, tc.message)
			}
		})
	}
}
