package campaign

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/a0diff/a0diff/runtime/outcome"
	"github.com/a0diff/a0diff/runtime/run"
	"github.com/a0diff/a0diff/trial"
	"github.com/a0diff/a0diff/worker"
)

// slowOn is an implementation that takes a few milliseconds longer on some programs, so
// that at -j 2 the cases after them finish first.
type slowOn struct {
	outcome.Runner
	slow map[string]bool
}

func (s slowOn) Run(ctx context.Context, src string, cfg outcome.Config) outcome.Outcome {
	if s.slow[src] {
		time.Sleep(3 * time.Millisecond)
	}
	return s.Runner.Run(ctx, src, cfg)
}

// A campaign's summary and report, and the entries it writes, are a function of its
// seed, count and options: the same at -j 1 (cases finish in index order), at -j 2 with
// the even or the odd cases slowed down (they finish out of order, the other way round),
// and in campaign workers (slices finish in any order), guided or not. Only times and
// rates differ. The implementation is port, which diverges from the reference on some
// cases, so that there are signatures, first cases and entries to get wrong.
func TestSummaryIsTheSameInAnyOrder(t *testing.T) {
	saved := Checkpoints
	Checkpoints = []int{10, 50, 100, 200}
	t.Cleanup(func() { Checkpoints = saved })
	const count = 200
	slow := [2]map[string]bool{{}, {}}
	for i := range count {
		slow[i%2][NewCase(testSeed, i, testGen).Source] = true
	}
	runs := []struct {
		name    string
		workers int
		slow    map[string]bool
		batch   bool
	}{
		{"-j 1", 1, nil, false},
		{"-j 2, even cases slow", 2, slow[0], false},
		{"-j 2, odd cases slow", 2, slow[1], false},
		{"-j 2 in campaign workers", 2, nil, true},
	}
	for _, guided := range []bool{false, true} {
		var want string
		var wantEntries map[string]string
		for _, r := range runs {
			name := fmt.Sprintf("guided=%v, %s", guided, r.name)
			out := t.TempDir()
			opts := Options{Seed: testSeed, Count: count, Workers: r.workers, Out: out, Gen: testGen, Timeout: 10 * time.Second, Guided: guided}
			if r.batch {
				opts.Batch = &worker.BatchConfig{Name: "test", Command: []string{os.Args[0]},
					Env: []string{campaignWorkerEnv + "=1", campaignWorkerFault + "=port", campaignWorkerAt + "=-1"}}
			}
			rs := trial.Runners{Impl: slowOn{port{run.New()}, r.slow}, Ref: run.New()}
			s := New(rs, opts).Run(context.Background())
			if s.Cases() != count {
				t.Fatalf("%s: %d cases, want %d", name, s.Cases(), count)
			}
			got, entries := timeless(t, s, opts)
			if want == "" {
				want, wantEntries = got, entries
				if len(s.Buckets) < 2 || len(s.Curve) != len(Checkpoints) || len(entries) != len(s.Buckets) || guided && s.Derived == 0 {
					t.Fatalf("%s: %d signatures, %d checkpoints, %d entries, %d derived cases: too little to compare\n%s",
						name, len(s.Buckets), len(s.Curve), len(entries), s.Derived, got)
				}
				continue
			}
			if d := cmp.Diff(want, got); d != "" {
				t.Errorf("%s: the summary differs from -j 1's (-want +got):\n%s", name, d)
			}
			if d := cmp.Diff(wantEntries, entries); d != "" {
				t.Errorf("%s: the entries differ from -j 1's (-want +got):\n%s", name, d)
			}
		}
	}
}

// timeless renders s as text and as the JSON report, with its times, rate and number of
// workers set to zero and its output directory named OUT, and reads the entries written
// there.
func timeless(t *testing.T, s *Summary, opts Options) (text string, entries map[string]string) {
	t.Helper()
	s.Elapsed, s.ReducedTime, s.Workers = 0, 0, 0
	var b bytes.Buffer
	s.WriteText(&b, opts.ReplayFlags())
	if err := NewReport(s, opts, false).WriteJSON(&b); err != nil {
		t.Fatal(err)
	}
	text = strings.ReplaceAll(b.String(), opts.Out, "OUT")
	files, err := filepath.Glob(filepath.Join(opts.Out, "*.a0"))
	if err != nil {
		t.Fatal(err)
	}
	entries = map[string]string{}
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		entries[filepath.Base(f)] = strings.ReplaceAll(string(data), opts.Out, "OUT")
	}
	return text, entries
}
