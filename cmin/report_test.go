package cmin

import (
	"context"
	"flag"
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/a0diff/a0diff/runtime/run"
	"github.com/a0diff/a0diff/trial"
)

var updateGolden = flag.Bool("update", false, "rewrite the golden files of report_test.go")

func TestJobValidate(t *testing.T) {
	tests := []struct {
		job Job
		err string
	}{
		{Job{Out: "out"}, ""},
		{Job{DryRun: true}, ""},
		{Job{Out: "out", Reduce: true, Workers: 4}, ""},
		{Job{}, "cmin: -o OUT is required (or --dry-run)"},
		{Job{Out: "out", Workers: -1}, "-j must not be negative, not -1"},
		{Job{DryRun: true, Reduce: true}, "cmin: --reduce writes entries; it cannot go with --dry-run"},
		{Job{Workers: -1}, "cmin: -o OUT is required (or --dry-run)"}, // the first error wins
	}
	for _, tt := range tests {
		err := tt.job.Validate()
		got := ""
		if err != nil {
			got = err.Error()
		}
		if got != tt.err {
			t.Errorf("%+v.Validate() = %q, want %q", tt.job, got, tt.err)
		}
	}
}

// TestReportText distils testdata/redundant without coverage, as a dry run (verbose
// whatever is asked) and into a directory, and compares the reports with
// testdata/report-*.txt, the comparison's time and the output directory written as T and
// OUT.
func TestReportText(t *testing.T) {
	out := t.TempDir() + "/out"
	for _, tt := range []struct {
		golden  string
		job     Job
		verbose bool
	}{
		{"testdata/report-dry-run.txt", Job{DryRun: true}, false},
		{"testdata/report-written.txt", Job{Out: out}, false},
	} {
		job := tt.job
		job.Inputs, job.Workers, job.Timeout = []string{"testdata/redundant"}, 2, 1e10
		job.Runners = func(int) (trial.Runners, error) {
			return trial.Runners{Impl: run.New(), Ref: divergingRef{run.New()}}, nil
		}
		rep, err := job.Run(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		var b strings.Builder
		if err := rep.WriteText(&b, tt.verbose); err != nil {
			t.Fatal(err)
		}
		got := regexp.MustCompile(`comparison \S+`).ReplaceAllString(b.String(), "comparison T")
		got = strings.ReplaceAll(got, out, "OUT")
		if *updateGolden {
			if err := os.WriteFile(tt.golden, []byte(got), 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		want, err := os.ReadFile(tt.golden)
		if err != nil {
			t.Fatal(err)
		}
		if d := cmp.Diff(string(want), got); d != "" {
			t.Errorf("%s (-want +got; go test ./cmin -run ReportText -update rewrites it):\n%s", tt.golden, d)
		}
	}
}
