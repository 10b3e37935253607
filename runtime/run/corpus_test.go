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
