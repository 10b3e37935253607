package run_test

import (
	"context"
	"path/filepath"
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
