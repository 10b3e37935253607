package diff_test

import (
	"context"
	"io/fs"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/a0diff/a0diff/corpus"
	"github.com/a0diff/a0diff/diff"
	tsbundle "github.com/a0diff/a0diff/reference/ts-bundle"
	"github.com/a0diff/a0diff/runtime/outcome"
	"github.com/a0diff/a0diff/runtime/run"
	"github.com/a0diff/a0diff/runtime/syntax"
)

// corpusEntries reads every entry of the committed corpus.
func corpusEntries(t *testing.T) []*corpus.Entry {
	t.Helper()
	var out []*corpus.Entry
	err := filepath.WalkDir("../corpus", func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (d.Name() == "testdata" || strings.HasPrefix(d.Name(), ".")) {
			return filepath.SkipDir
		}
		if !strings.HasSuffix(p, ".a0") {
			return nil
		}
		e, err := corpus.ParseFile(p)
		if err != nil {
			return err
		}
		out = append(out, e)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(out) < 500 {
		t.Fatalf("found %d corpus entries, want the whole corpus", len(out))
	}
	return out
}

// TestDeterministicLimitsTripAtTheSamePoint runs corpus programs through both
// implementations under small step, depth and size limits, so that the limits trip in
// the middle of every kind of construct, and requires the two sides to agree: a limit
// counted in A0's own terms must stop both at the same point with the same partial
// trace, evidence and tool calls (an Inconclusive verdict would hide a difference, so it
// fails too unless a deadline was involved).
func TestDeterministicLimitsTripAtTheSamePoint(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the corpus many times")
	}
	goRunner, ref := run.New(), tsbundle.NewRunner(tsbundle.Embedded())
	defer ref.Close()
	entries := corpusEntries(t)
	sweeps := []struct {
		name   outcome.LimitName
		values []int
		set    func(*outcome.Limits, int)
	}{
		{outcome.LimitSteps, []int{1, 2, 3, 4, 5, 7, 9, 12, 16, 21, 28, 37, 49, 65, 86, 114, 151, 200, 265, 351}, func(l *outcome.Limits, n int) { l.MaxSteps = n }},
		{outcome.LimitDepth, []int{1, 2, 3}, func(l *outcome.Limits, n int) { l.MaxDepth = n }},
		{outcome.LimitSize, []int{1, 2, 3, 5, 8, 13, 21, 40, 100}, func(l *outcome.Limits, n int) { l.MaxSize = n }},
	}
	limited := map[outcome.LimitName]int{}
	for _, e := range entries {
		for _, sw := range sweeps {
			for _, n := range sw.values {
				cfg := e.Config
				sw.set(&cfg.Limits, n)
				if cfg.Limits.Timeout == 0 {
					cfg.Limits.Timeout = 30 * time.Second
				}
				g := goRunner.Run(context.Background(), e.Source, cfg)
				r := ref.Run(context.Background(), e.Source, cfg)
				res := diff.Compare(g, r)
				if res.Verdict != diff.Agree {
					t.Errorf("%s with %s %d: %s %v\ngo:  %s\nref: %s", e.Path, sw.name, n, res.Verdict, res.Divergences,
						clip(outcome.Marshal(g)), clip(outcome.Marshal(r)))
					break
				}
				if g.Limit != sw.name {
					break // the program finishes (or fails) within the limit: larger values change nothing
				}
				limited[sw.name]++
			}
		}
	}
	for _, sw := range sweeps {
		if limited[sw.name] == 0 {
			t.Errorf("no run was ended by %s: the sweep tests nothing", sw.name)
		}
	}
	t.Logf("runs ended by a limit, by limit: %v", limited)
}

func clip(b []byte) string {
	if len(b) > 600 {
		return string(b[:600]) + "…"
	}
	return string(b)
}

// TestCompareRunsEndedByLimits: partial outcomes of the same deterministic limit are
// compared; maxSize, engine limits and deadlines stay inconclusive; different
// deterministic limits diverge.
func TestCompareRunsEndedByLimits(t *testing.T) {
	events := func(names ...string) []outcome.Event {
		var out []outcome.Event
		for _, n := range names {
			out = append(out, outcome.Event{Event: outcome.EventName(n)})
		}
		return out
	}
	res := func(limit outcome.LimitName, trace ...string) outcome.Outcome {
		return outcome.Outcome{Status: outcome.StatusResource, Limit: limit, Trace: events(trace...), Detail: "d " + string(limit)}
	}
	cases := []struct {
		name    string
		g, r    outcome.Outcome
		verdict diff.Verdict
		sig     string
	}{
		{"same steps, same partial trace", res("maxSteps", "run_start", "stmt_start"), res("maxSteps", "run_start", "stmt_start"), diff.Agree, ""},
		{"same steps, other partial trace", res("maxSteps", "run_start", "stmt_start"), res("maxSteps", "run_start"), diff.Diverge, "trace@trace[*]:go-only:stmt_start"},
		{"same depth, other partial trace", res("maxDepth", "fn_call_start"), res("maxDepth"), diff.Diverge, "trace@trace[*]:go-only:fn_call_start"},
		{"nesting on both sides", res("maxNesting"), res("maxNesting"), diff.Agree, ""},
		{"steps against depth", res("maxSteps"), res("maxDepth"), diff.Diverge, "resource@limit:maxSteps/maxDepth"},
		{"same size, other partial trace", res("maxSize", "run_start"), res("maxSize"), diff.Diverge, "trace@trace[*]:go-only:run_start"},
		{"engine stack against steps", res("", "run_start"), res("maxSteps"), diff.Inconclusive, ""},
		{"timeout against steps", outcome.Outcome{Status: outcome.StatusTimeout}, res("maxSteps"), diff.Inconclusive, ""},
		{"steps against a finished run", res("maxSteps"), outcome.Outcome{Status: outcome.StatusOK}, diff.Diverge, "resource@status:go"},
	}
	for _, tc := range cases {
		got := diff.Compare(tc.g, tc.r)
		if got.Verdict != tc.verdict || got.Signature() != tc.sig {
			t.Errorf("%s: %s %q, want %s %q (%v)", tc.name, got.Verdict, got.Signature(), tc.verdict, tc.sig, got.Divergences)
		}
	}
}

// TestNestingLimitIsSymmetric: both parsers stop at the same nesting level
// (syntax.MaxNestingDepth) for every construct that nests, so a program at the bound
// runs on both sides and one level more is a maxNesting resource on both: the two agree
// at 100 000 levels instead of diverging.
func TestNestingLimitIsSymmetric(t *testing.T) {
	if testing.Short() {
		t.Skip("parses programs 25 000 levels deep")
	}
	goRunner, ref := run.New(), tsbundle.NewRunner(tsbundle.Embedded())
	defer ref.Close()
	const bound = syntax.MaxNestingDepth // = the reference's MAX_NESTING
	rep := strings.Repeat
	cases := []struct {
		name string
		src  func(levels int) string // a program nesting `levels` levels deep
	}{
		// `return E` is one level for E; each ( adds one.
		{"parentheses", func(n int) string { return "return " + rep("(", n-1) + "1" + rep(")", n-1) }},
		{"unary minus", func(n int) string { return "return " + rep("-", n-1) + "1" }},
		{"lists", func(n int) string { return "return " + rep("[", n-1) + "1" + rep("]", n-1) }},
		{"records", func(n int) string { return "return " + rep("{a: ", n-1) + "1" + rep("}", n-1) }},
		{"syntax error after the bound", func(n int) string { return "return " + rep("(", n-1) + "1" + rep(")", n-1) + " )" }},
	}
	for _, tc := range cases {
		levelsTried := []int{bound, bound + 1}
		if tc.name == "parentheses" {
			levelsTried = append(levelsTried, 100000) // the divergence this test was written for
		}
		for _, levels := range levelsTried {
			src := tc.src(levels)
			cfg := outcome.Config{File: "deep.a0", Limits: outcome.Limits{Timeout: time.Minute}}
			g := goRunner.Run(context.Background(), src, cfg)
			r := ref.Run(context.Background(), src, cfg)
			if res := diff.Compare(g, r); res.Verdict != diff.Agree {
				t.Errorf("%s, %d levels: %s %v\ngo:  %s\nref: %s", tc.name, levels, res.Verdict, res.Divergences, clip(outcome.Marshal(g)), clip(outcome.Marshal(r)))
			}
			if levels == 100000 && g.Limit != outcome.LimitNesting {
				t.Errorf("%s, %d levels: go %s %q, want the nesting limit", tc.name, levels, g.Status, g.Limit)
			}
		}
	}
}
