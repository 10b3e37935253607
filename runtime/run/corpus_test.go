package run_test

import (
	"context"
	"path/filepath"
	"sync"
	"testing"

	"github.com/a0diff/a0diff/corpus"
	"github.com/a0diff/a0diff/runtime/outcome"
	"github.com/a0diff/a0diff/runtime/run"
)

// TestAppendixB runs every example of spec Appendix B (corpus/spec/appendix-b) through
// the Go implementation and checks the spec's outcome: exit code, value, diagnostics
// and, where an entry pins it, the trace.
func TestAppendixB(t *testing.T) {
	n := runEntries(t, "../../corpus/spec/appendix-b")
	if n != 61 {
		t.Errorf("found %d Appendix B entries, want 61 (B-01 … B-61)", n)
	}
}

// TestPrograms runs the programs of testdata/ (corpus-format entries, one construct or
// rule each, their expectations derived from the spec by hand).
func TestPrograms(t *testing.T) {
	if n := runEntries(t, "testdata"); n == 0 {
		t.Fatal("no testdata programs found")
	}
}

func runEntries(t *testing.T, dir string) int {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(dir, "*.a0"))
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range files {
		t.Run(filepath.Base(f), func(t *testing.T) {
			e, err := corpus.ParseFile(f)
			if err != nil {
				t.Fatal(err)
			}
			if !e.Expect.HasExit {
				t.Fatalf("%s pins no exit: every entry must state its outcome", f)
			}
			o := run.New().Run(context.Background(), e.Source, e.Config)
			for _, m := range corpus.Check(e, o) {
				t.Errorf("%s:%d: %s", f, m.Line, m)
			}
			if t.Failed() {
				t.Logf("outcome: %s", outcome.Marshal(outcome.Normalize(o)))
			}
		})
	}
	return len(files)
}

// TestConcurrentRuns: one Runner serves many goroutines at once (outcome.Runner must be
// safe for concurrent use); every concurrent outcome equals the sequential one.
func TestConcurrentRuns(t *testing.T) {
	files, err := filepath.Glob("../../corpus/spec/appendix-b/*.a0")
	if err != nil || len(files) == 0 {
		t.Fatalf("no entries: %v", err)
	}
	r := run.New()
	type job struct {
		e    *corpus.Entry
		want string
	}
	var jobs []job
	for _, f := range files {
		e, err := corpus.ParseFile(f)
		if err != nil {
			t.Fatal(err)
		}
		o := outcome.Normalize(r.Run(context.Background(), e.Source, e.Config))
		jobs = append(jobs, job{e, string(outcome.Marshal(o))})
	}
	errs := make(chan string, 8*len(jobs))
	var wg sync.WaitGroup
	for i := 0; i < 8; i++ {
		for _, j := range jobs {
			wg.Add(1)
			go func() {
				defer wg.Done()
				o := outcome.Normalize(r.Run(context.Background(), j.e.Source, j.e.Config))
				if got := string(outcome.Marshal(o)); got != j.want {
					errs <- j.e.Path + ": concurrent outcome differs:\n" + got + "\nsequential:\n" + j.want
				}
			}()
		}
	}
	wg.Wait()
	close(errs)
	for e := range errs {
		t.Error(e)
	}
}

// TestEvidenceOnlyWithA0Errors: an A0 error carries the evidence gathered before it, an
// internal error (E_RUNTIME) none, while the trace and the tool calls of both stay as they
// happened (spec §5.2; upstream's run writes evidence for A0 errors only). The corpus
// entries compare both implementations; this pins the counts themselves.
func TestEvidenceOnlyWithA0Errors(t *testing.T) {
	cases := []struct {
		entry               string
		evidence, toolCalls int
	}{
		{"internal-error-reports-no-evidence.a0", 0, 0},
		{"internal-error-keeps-trace-and-tool-calls.a0", 0, 1},
		{"caught-internal-error-then-a0-error.a0", 2, 0},
		{"failed-check-then-runtime-error.a0", 1, 0},
	}
	for _, c := range cases {
		t.Run(c.entry, func(t *testing.T) {
			e, err := corpus.ParseFile(filepath.Join("../../corpus/evidence", c.entry))
			if err != nil {
				t.Fatal(err)
			}
			o := outcome.Normalize(run.New().Run(context.Background(), e.Source, e.Config))
			if len(o.Evidence) != c.evidence || len(o.ToolCalls) != c.toolCalls {
				t.Errorf("%d evidence records and %d tool calls, want %d and %d", len(o.Evidence), len(o.ToolCalls), c.evidence, c.toolCalls)
			}
			if n := len(o.Trace); n == 0 || o.Trace[n-1].Event != "run_end" {
				t.Errorf("the trace does not end with run_end: %s", outcome.Marshal(o))
			}
		})
	}
}

// TestReuseTrees: a Runner that reuses its trees' node memory (Options.ReuseTrees) gives
// every program of testdata/ and of Appendix B the Outcome a fresh Runner gives (durations
// left out), spans of trace events and errors included, taken before its next run — the programs in
// one order and again in the reverse order, so each reuses memory another tree used.
func TestReuseTrees(t *testing.T) {
	var files []string
	for _, dir := range []string{"testdata", "../../corpus/spec/appendix-b"} {
		fs, err := filepath.Glob(filepath.Join(dir, "*.a0"))
		if err != nil || len(fs) == 0 {
			t.Fatalf("%s: no programs (%v)", dir, err)
		}
		files = append(files, fs...)
	}
	entries := make([]*corpus.Entry, len(files))
	for i, f := range files {
		e, err := corpus.ParseFile(f)
		if err != nil {
			t.Fatal(err)
		}
		entries[i] = e
	}
	reusing := run.NewRunner(run.Options{ReuseTrees: true})
	check := func(i int) {
		e := entries[i]
		want := string(outcome.Marshal(outcome.Normalize(run.New().Run(context.Background(), e.Source, e.Config))))
		if got := string(outcome.Marshal(outcome.Normalize(reusing.Run(context.Background(), e.Source, e.Config)))); got != want {
			t.Fatalf("%s: with reused trees:\n%s\nwant\n%s", files[i], got, want)
		}
	}
	for i := range entries {
		check(i)
	}
	for i := len(entries) - 1; i >= 0; i-- {
		check(i)
	}
}
