package cmin

import (
	"context"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/a0diff/a0diff/corpus"
	"github.com/a0diff/a0diff/runtime/outcome"
	"github.com/a0diff/a0diff/runtime/run"
	"github.com/a0diff/a0diff/runtime/value"
	"github.com/a0diff/a0diff/trial"
)

// divergingRef is the Go evaluator, except that it adds one to the numeric result of
// every program that mentions DIVERGE: a reference that disagrees on purpose.
type divergingRef struct{ outcome.Runner }

func (divergingRef) Name() string { return "ref" }

func (r divergingRef) Run(ctx context.Context, source string, cfg outcome.Config) outcome.Outcome {
	o := r.Runner.Run(ctx, source, cfg)
	if strings.Contains(source, "DIVERGE") && o.HasValue {
		if f, ok := o.Value.(float64); ok {
			o.Value = value.Number(f + 1)
		} else {
			o.Value = value.Number(-1)
		}
	}
	return o
}

func loadEntries(t *testing.T, dir string) ([]string, []*corpus.Entry) {
	t.Helper()
	files, err := corpus.Discover(dir)
	if err != nil {
		t.Fatal(err)
	}
	var entries []*corpus.Entry
	for _, f := range files {
		e, err := corpus.ParseFile(f)
		if err != nil {
			t.Fatal(err)
		}
		entries = append(entries, e)
	}
	return files, entries
}

// TestKeepsExactlyWhatIsNeeded distils testdata/redundant (see testdata/README.md), with
// and without Go coverage, and checks the kept set and that it holds every feature.
func TestKeepsExactlyWhatIsNeeded(t *testing.T) {
	want := []string{"a-one.a0", "e-divzero.a0", "f-record.a0", "g-diverge.a0"}
	for _, withCoverage := range []bool{false, true} {
		name := "without coverage"
		if withCoverage {
			name = "with Go coverage"
		}
		t.Run(name, func(t *testing.T) {
			ctx := context.Background()
			files, entries := loadEntries(t, "testdata/redundant")
			opts := Options{Workers: 2}
			if withCoverage {
				if testing.Short() {
					t.Skip("builds a coverage-instrumented evaluator; not in -short mode")
				}
				src, err := FindSource(".")
				if err != nil {
					t.Fatal(err)
				}
				if opts.Coverage, err = MeasureGoCoverage(ctx, src, files, 0, 2, 384); err != nil {
					t.Fatal(err)
				}
				if len(opts.Coverage.Blocks) < 1000 {
					t.Fatalf("only %d blocks instrumented in runtime/...", len(opts.Coverage.Blocks))
				}
				for i, c := range opts.Coverage.Covered {
					if len(c) == 0 {
						t.Errorf("%s: no Go coverage measured", files[i])
					}
				}
				// Byte copies of an entry have exactly its coverage.
				if !slices.Equal(opts.Coverage.Covered[0], opts.Coverage.Covered[1]) {
					t.Errorf("a-one.a0 and its copy differ in coverage")
				}
				// 1 / 0 runs code that return 1 does not.
				if slices.Equal(opts.Coverage.Covered[0], opts.Coverage.Covered[4]) {
					t.Errorf("a-one.a0 and e-divzero.a0 have the same coverage")
				}
			}
			a, err := Analyse(ctx, entries, trial.Runners{Impl: run.New(), Ref: divergingRef{run.New()}}, opts)
			if err != nil {
				t.Fatal(err)
			}
			sel := a.Select()
			var got []string
			for _, i := range sel.Kept {
				got = append(got, filepath.Base(a.Entries[i].Entry.Path))
			}
			slices.Sort(got)
			if !slices.Equal(got, want) {
				t.Errorf("kept %v, want %v", got, want)
			}
			if len(sel.Kept)+len(sel.Dropped) != len(entries) {
				t.Errorf("%d kept + %d dropped of %d entries", len(sel.Kept), len(sel.Dropped), len(entries))
			}
			before, after := a.Totals(nil), a.Totals(sel.Kept)
			if !reflect.DeepEqual(before, after) {
				t.Errorf("features before %+v, after %+v", before, after)
			}
			if before.Features[Signature] != 1 {
				t.Errorf("%d signatures, want 1 (g- and h-diverge diverge alike)", before.Features[Signature])
			}
			if withCoverage && (before.Stmts == 0 || before.Stmts >= a.TotalStmts) {
				t.Errorf("covered %d of %d statements", before.Stmts, a.TotalStmts)
			}
		})
	}
}

// analysis builds an Analysis from feature lists (Expectation features named by
// number), with the given sizes and paths.
func analysis(sets [][]int, sizes []int) *Analysis {
	a := &Analysis{}
	maxF := 0
	for i, s := range sets {
		a.Entries = append(a.Entries, &EntryInfo{
			Entry:    &corpus.Entry{Path: string(rune('a'+i)) + ".a0"},
			Size:     sizes[i],
			Features: s,
		})
		for _, f := range s {
			maxF = max(maxF, f+1)
		}
	}
	for f := range maxF {
		a.Features = append(a.Features, Feature{Kind: Expectation, Name: string(rune('A' + f))})
	}
	return a
}

func TestSelect(t *testing.T) {
	tests := []struct {
		name  string
		sets  [][]int
		sizes []int
		kept  []int // in choice order
	}{
		{"a superset wins", [][]int{{0, 1}, {2, 3}, {0, 1, 2, 3, 4}}, []int{1, 1, 9}, []int{2}},
		{"the smaller of equals", [][]int{{0, 1}, {0, 1}, {0, 1}}, []int{5, 3, 4}, []int{1}},
		{"the earlier path of equal sizes", [][]int{{0}, {0}}, []int{2, 2}, []int{0}},
		{"entries without features are dropped", [][]int{{}, {0}, {}}, []int{1, 1, 1}, []int{1}},
		// Greedy takes a first (4 features), then b and c (1 new each); a is then
		// redundant: b and c hold all of its features.
		{"redundant first choice pruned", [][]int{{0, 1, 2, 3}, {0, 1, 4}, {2, 3, 5}}, []int{1, 1, 1}, []int{1, 2}},
		{"disjoint entries all kept", [][]int{{0}, {1}, {2}}, []int{3, 2, 1}, []int{2, 1, 0}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			a := analysis(tt.sets, tt.sizes)
			sel := a.Select()
			if !slices.Equal(sel.Kept, tt.kept) {
				t.Errorf("kept %v, want %v", sel.Kept, tt.kept)
			}
			if got, want := a.Totals(sel.Kept), a.Totals(nil); !reflect.DeepEqual(got, want) {
				t.Errorf("features after %v, before %v", got, want)
			}
		})
	}
}

func TestExpectationClasses(t *testing.T) {
	tests := []struct {
		entry string
		want  []string
	}{
		{"return 1\n# @expect exit 0\n# @expect value 1\n", []string{"exit 0", "value number", "pins exit+value"}},
		{"return 1\n# @expect exit 0\n", []string{"exit 0", "value none", "pins exit"}},
		{"return 0 / 0\n# @expect value {\"$number\":\"NaN\"}\n", []string{"value number NaN", "pins value"}},
		{"return [1]\n# @expect value [1]\n# @expect trace run_start stmt_start stmt_end run_end\n", []string{"value list", "pins value+trace"}},
		{"x\n# @expect exit 2\n# @expect error E_PARSE 1:1-1:2 oops\n# @expect error E_PARSE 1:1-1:2 again\n# @expect trace\n",
			[]string{"exit 2", "error E_PARSE", "error E_PARSE", "trace empty", "pins exit+error+trace"}},
		{"return 1\n", nil},
	}
	for _, tt := range tests {
		e, err := corpus.Parse("t.a0", []byte(tt.entry))
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, c := range expectationClasses(e) {
			got = append(got, strings.TrimPrefix(c, string(Expectation)+"\x00"))
		}
		if !slices.Equal(got, tt.want) {
			t.Errorf("%q: classes %q, want %q", tt.entry, got, tt.want)
		}
	}
}

func TestParseProfile(t *testing.T) {
	profile := "mode: atomic\n" +
		ModulePath + "/cmin/covrun/main.go:33.13,37.16 4 1\n" +
		ModulePath + "/runtime/eval/eval.go:10.2,12.3 2 5\n" +
		ModulePath + "/runtime/eval/eval.go:14.2,15.3 1 0\n"
	executed, stmts, err := parseProfile([]byte(profile))
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{ModulePath + "/runtime/eval/eval.go:10.2,12.3"}; !slices.Equal(executed, want) {
		t.Errorf("executed %v, want %v", executed, want)
	}
	if len(stmts) != 2 || stmts[ModulePath+"/runtime/eval/eval.go:14.2,15.3"] != 1 {
		t.Errorf("statements %v", stmts)
	}
	if _, _, err := parseProfile([]byte("mode: atomic\nnot a profile line\n")); err == nil {
		t.Error("a malformed profile line was accepted")
	}
}

// A coverage run over the memory ceiling is killed; its entry covers nothing and is
// listed, and the measurement goes on.
func TestCoverageRunCeiling(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a coverage-instrumented evaluator; not in -short mode")
	}
	if _, err := os.Stat("/proc/self/statm"); err != nil {
		t.Skip("no /proc")
	}
	src, err := FindSource(".")
	if err != nil {
		t.Fatal(err)
	}
	files := []string{"testdata/memory/bomb.a0", "testdata/redundant/a-one.a0"}
	cov, err := MeasureGoCoverage(context.Background(), src, files, time.Minute, 2, 64)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(cov.OverCeiling, files[:1]) || len(cov.Covered[0]) != 0 || len(cov.Covered[1]) == 0 {
		t.Errorf("over the ceiling %v; covered %d and %d blocks", cov.OverCeiling, len(cov.Covered[0]), len(cov.Covered[1]))
	}
}
