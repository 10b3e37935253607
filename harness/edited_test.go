package harness

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/a0diff/a0diff/harness/harnesstest"
	"github.com/a0diff/a0diff/runtime/outcome"
	"github.com/a0diff/a0diff/trial"
)

// meddling is the Go side of a run during which the user changes the entry's file.
type meddling struct {
	once   sync.Once
	meddle func()
	inner  harnesstest.Runner
}

func (m *meddling) Name() string { return "go" }
func (m *meddling) Run(ctx context.Context, source string, cfg outcome.Config) outcome.Outcome {
	m.once.Do(m.meddle)
	return m.inner.Run(ctx, source, cfg)
}

// --update rewrites an entry from the bytes it read before running it; a file the user
// edited, replaced or removed in the meantime is left as it is (and the update is an
// error that says so). Before, the edit was lost and a removed entry came back.
func TestUpdateLeavesAnEntryChangedMeanwhile(t *testing.T) {
	const entry = "return 1\n"
	tests := []struct {
		name   string
		meddle func(path string)
		want   string // the file afterwards; "" when it must not exist
		err    string
	}{
		{"edited", func(p string) { os.WriteFile(p, []byte("return 2 # the user's edit\n"), 0o644) }, "return 2 # the user's edit\n", "changed since a0diff read it; left as it is"},
		{"removed", func(p string) { os.Remove(p) }, "", "not rewritten"},
		{"untouched", func(string) {}, "return 1\n# @expect exit 0\n# @expect value 1\n# @expect trace run_start stmt_start stmt_end run_end\n", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			path := filepath.Join(dir, "entry.a0")
			if err := os.WriteFile(path, []byte(entry), 0o644); err != nil {
				t.Fatal(err)
			}
			entries, err := Load([]string{dir}, nil)
			if err != nil {
				t.Fatal(err)
			}
			impl := &meddling{meddle: func() { tt.meddle(path) }, inner: harnesstest.Runner{ImplName: "go"}}
			rs := trial.Runners{Impl: impl, Ref: &harnesstest.Runner{ImplName: "ref"}}
			r := Run(context.Background(), rs, entries, Options{Update: true, Workers: 1}).Results()[0]
			data, rerr := os.ReadFile(path)
			switch {
			case tt.want == "" && rerr == nil:
				t.Errorf("the removed entry is back: %q", data)
			case tt.want != "" && string(data) != tt.want:
				t.Errorf("file %q, want %q", data, tt.want)
			}
			if tt.err == "" && (r.Update.Err != nil || !r.Update.Written) {
				t.Errorf("update %+v", r.Update)
			}
			if tt.err != "" && (r.Update.Err == nil || !strings.Contains(r.Update.Err.Error(), tt.err) || r.Update.Written) {
				t.Errorf("update %+v, want the error %q", r.Update, tt.err)
			}
		})
	}
}
