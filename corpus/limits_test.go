package corpus

import (
	"strings"
	"testing"
	"time"

	"github.com/a0diff/a0diff/runtime/outcome"
)

// TestLimitDirectivesRoundTrip: Directives writes @limit and @timeout lines that Parse
// reads back to the same limits, and limits left at zero write nothing.
func TestLimitDirectivesRoundTrip(t *testing.T) {
	for _, lim := range []outcome.Limits{
		{},
		{MaxSteps: 40},
		{MaxSteps: 7, MaxDepth: 3, MaxSize: 100, Timeout: 2 * time.Second},
	} {
		cfg := outcome.Config{File: "x.a0", Limits: lim}
		text := strings.Join(Directives(cfg), "\n") + "\nreturn 1\n"
		e, err := Parse("x.a0", []byte(text))
		if err != nil {
			t.Fatalf("%v: %v\n%s", lim, err, text)
		}
		if e.Config.Limits != lim {
			t.Errorf("wrote %v as\n%s\nread back %v", lim, text, e.Config.Limits)
		}
	}
}

// TestPartialOutcomesArePinned: a run ended by a deterministic limit is checked against
// the entry's trace; one ended by an engine limit only against its exit.
func TestPartialOutcomesArePinned(t *testing.T) {
	e, err := Parse("x.a0", []byte("return 1\n# @expect exit resource\n# @expect trace run_start stmt_start\n"))
	if err != nil {
		t.Fatal(err)
	}
	ev := func(names ...string) []outcome.Event {
		var out []outcome.Event
		for _, n := range names {
			out = append(out, outcome.Event{Event: outcome.EventName(n)})
		}
		return out
	}
	cases := []struct {
		name string
		o    outcome.Outcome
		want []string // the What of each mismatch
	}{
		{"same partial trace", outcome.Outcome{Status: outcome.StatusResource, Limit: outcome.LimitSteps, Trace: ev("run_start", "stmt_start")}, nil},
		{"other partial trace", outcome.Outcome{Status: outcome.StatusResource, Limit: outcome.LimitSteps, Trace: ev("run_start")}, []string{"trace"}},
		{"engine limit: exit only", outcome.Outcome{Status: outcome.StatusResource, Trace: ev("run_start")}, nil},
		{"completed instead", outcome.Outcome{Status: outcome.StatusOK, HasValue: true, Value: 1.0, Trace: ev("run_start")}, []string{"exit"}},
	}
	for _, tc := range cases {
		var got []string
		for _, m := range Check(e, tc.o) {
			got = append(got, m.What)
		}
		if strings.Join(got, ",") != strings.Join(tc.want, ",") {
			t.Errorf("%s: mismatches %v, want %v", tc.name, got, tc.want)
		}
	}
	lines := ExpectLines(e, outcome.Outcome{Status: outcome.StatusResource, Limit: outcome.LimitDepth, Trace: ev("run_start", "fn_call_start")})
	if want := "# @expect exit resource|# @expect trace run_start fn_call_start"; strings.Join(lines, "|") != want {
		t.Errorf("ExpectLines = %q, want %q", lines, want)
	}
}
