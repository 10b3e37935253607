package campaign

import (
	"flag"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/a0diff/a0diff/diff"
	"github.com/a0diff/a0diff/harness"
)

var updateGolden = flag.Bool("update", false, "rewrite the golden files of text_test.go")

// summaries are campaigns' summaries, each with the file its text is kept in.
var summaries = []struct {
	file string
	s    *Summary
	// failed is Failed(); failures the String of each of Failures().
	failed   bool
	failures []string
}{
	{"testdata/summary-agree.txt", &Summary{
		Seed: 7, Workers: 2, Elapsed: 2500 * time.Millisecond, ValidMode: 90, ValidPass: 81, InvalidMode: 10,
		Verdicts: map[diff.Verdict]int{diff.Agree: 99, diff.Inconclusive: 1}, Coverage: 120,
		Curve: []CurvePoint{{Cases: 100, Features: 120, Signatures: 0}},
	}, false, nil},
	{"testdata/summary-diverged.txt", &Summary{
		Seed: 9, Workers: 4, Elapsed: 10 * time.Second, ValidMode: 900, ValidPass: 850, InvalidMode: 100,
		Verdicts: map[diff.Verdict]int{diff.Agree: 990, diff.Diverge: 7, diff.Inconclusive: 1},
		Timeouts: 2, Retried: 3, TimeoutCases: []int{17, 402}, Abandoned: 1,
		Coverage: 300, Guided: true, Derived: 480, Pool: 35,
		Curve:        []CurvePoint{{Cases: 100, Features: 200, Signatures: 1}, {Cases: 1000, Features: 300, Signatures: 3}},
		CrossChecked: true, Attribution: harness.AttributionCounts{Engine: 2, Implementation: 5},
		Implementations:   map[string]harness.ImplCounts{"port": {Agree: 995, Diverged: 3, NotCompared: 2}},
		Scopes:            map[string]diff.Scope{"go": diff.Full.Without([]diff.Aspect{diff.AspectTraceData}, "chosen with --compare")},
		ReducedCandidates: 412, ReducedTime: 3 * time.Second, BudgetSpent: 1,
		Buckets: []Bucket{
			{Signature: "value@$:type", Count: 5, First: 12, File: "fuzz-out/value-type-0a1b2c3d.a0", Program: "exit 1\nreturn [1]\n", Attribution: diff.AttrImplementation},
			{Signature: "errors@$[0].code", Count: 2, First: 40, Note: "the campaign's reduction budget is spent", Derived: "derived from case 3 by splicing"},
			{Signature: ExtraSignature("port", "exit@$"), Implementation: "port", Count: 3, First: 8, File: "fuzz-out/impl-port-exit-01234567.a0"},
		},
	}, true, []string{"go signature value@$:type", "go signature errors@$[0].code", "port signature exit@$"}},
	{"testdata/summary-timeout.txt", &Summary{
		Seed: 1, Workers: 1, Elapsed: time.Second, ValidMode: 10, ValidPass: 10,
		Verdicts: map[diff.Verdict]int{diff.Agree: 9}, Timeouts: 1, Retried: 1, TimeoutCases: []int{4},
	}, true, nil},
}

func TestSummaryText(t *testing.T) {
	for _, tt := range summaries {
		var b strings.Builder
		tt.s.WriteText(&b, " --invalid-share 0.1")
		if *updateGolden {
			if err := os.WriteFile(tt.file, []byte(b.String()), 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		want, err := os.ReadFile(tt.file)
		if err != nil {
			t.Fatal(err)
		}
		if d := cmp.Diff(string(want), b.String()); d != "" {
			t.Errorf("%s (-want +got; go test ./campaign -run SummaryText -update rewrites it):\n%s", tt.file, d)
		}
	}
}

func TestSummaryFailures(t *testing.T) {
	for _, tt := range summaries {
		if got := tt.s.Failed(); got != tt.failed {
			t.Errorf("%s: Failed() = %v, want %v", tt.file, got, tt.failed)
		}
		var got []string
		for _, f := range tt.s.Failures() {
			got = append(got, f.String())
		}
		if d := cmp.Diff(tt.failures, got); d != "" {
			t.Errorf("%s: Failures() (-want +got):\n%s", tt.file, d)
		}
	}
	// An external implementation's divergence alone fails the campaign.
	s := &Summary{Verdicts: map[diff.Verdict]int{diff.Agree: 3}, Implementations: map[string]harness.ImplCounts{"port": {Agree: 2, Diverged: 1}}}
	if !s.Failed() {
		t.Error("Failed() = false with an external implementation's divergence")
	}
}

func TestBatchStatsText(t *testing.T) {
	var b strings.Builder
	BatchStats{Started: 2, Deaths: 1, Recycled: 3, Redone: 9, Pinned: 1, StartError: "exec: no such file"}.WriteText(&b)
	want := "campaign workers: 2 started, 1 died or killed, 3 replaced for memory kept, 9 cases run again one implementation per worker (1 pinned by a death, the others not agreement)\n" +
		"campaign workers: one could not be started, and its cases ran one implementation per worker: exec: no such file\n"
	if b.String() != want {
		t.Errorf("WriteText:\n%s\nwant\n%s", b.String(), want)
	}
}
