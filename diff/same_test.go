package diff

import (
	"bytes"
	"slices"
	"strings"
	"testing"

	"github.com/a0diff/a0diff/runtime/outcome"
	"github.com/a0diff/a0diff/runtime/syntax/testfile"
	"github.com/a0diff/a0diff/runtime/value"
)

// TestSameTextAgreesWithTheTexts: sameText, the comparison's shortcut, never calls two
// Outcomes the same whose texts differ — over every pair of the Outcomes of the
// comparison cases — and does call an Outcome the same as itself read again (the
// shortcut is taken).
func TestSameTextAgreesWithTheTexts(t *testing.T) {
	all, names := comparisonOutcomes(t)
	for i := range all {
		all[i] = outcome.Normalize(all[i])
	}
	text := func(o outcome.Outcome) []byte { return outcome.Marshal(withoutDetail(o)) }
	for i, a := range all {
		again, err := outcome.Parse(outcome.Marshal(a))
		if err != nil {
			t.Fatal(err)
		}
		if !sameText(a, again) {
			t.Errorf("%s: not the same as itself read again", names[i])
		}
		for j, b := range all {
			if sameText(a, b) && !bytes.Equal(text(a), text(b)) {
				t.Errorf("%s and %s: called the same, texts\n%s\n%s", names[i], names[j], text(a), text(b))
			}
		}
	}
}

// TestSameTextTellsApartWhatTheTextsDo: values that differ only where JSON is subtle.
func TestSameTextTellsApartWhatTheTextsDo(t *testing.T) {
	values := []string{
		`0`, `{"$number":"-0"}`, `{"$number":"NaN"}`, `1`, `1.5`, `"1"`, `true`, `null`,
		`[]`, `{}`, `[1]`, `{"a":1,"b":2}`, `{"b":2,"a":1}`, `{"$record":{"$number":"1"}}`,
		`{"$function":"f"}`, `"\ud800"`, `"é"`,
	}
	for _, a := range values {
		for _, b := range values {
			ga := parseOutcome(t, `{"status":"ok","exitCode":0,"value":`+a+`}`)
			gb := parseOutcome(t, `{"status":"ok","exitCode":0,"value":`+b+`}`)
			same := bytes.Equal(outcome.Marshal(ga), outcome.Marshal(gb))
			if got := sameText(ga, gb); got && !same {
				t.Errorf("%s and %s: called the same", a, b)
			}
			if a == b && !sameText(ga, gb) && !slices.Contains([]string{`{"$number":"NaN"}`, `{"$function":"f"}`}, a) {
				t.Errorf("%s: not the same as itself", a)
			}
		}
	}
}

// TestSameNormalizedTextAgreesWithTheNormalizedTexts: sameNormalizedText, which the
// comparison asks before it normalizes, never calls two Outcomes the same whose
// normalized texts differ — over every pair of the Outcomes of the comparison cases, as
// read, and each against a copy whose run_end and tool_end durations differ, are taken
// out or put in — and does call an Outcome the same as such a copy.
func TestSameNormalizedTextAgreesWithTheNormalizedTexts(t *testing.T) {
	all, names := comparisonOutcomes(t)
	// retimed is o with every run_end and tool_end duration changed, or taken out when
	// drop, or put in where there is none.
	retimed := func(o outcome.Outcome, drop bool) (outcome.Outcome, bool) {
		changed := false
		o.Trace = slices.Clone(o.Trace)
		for i, e := range o.Trace {
			r, ok := e.Data.(*value.Record)
			if !ok || e.Event != outcome.EventRunEnd && e.Event != outcome.EventToolEnd {
				continue
			}
			r = r.Clone()
			if drop {
				r.Delete("durationMs")
			} else {
				r.Set("durationMs", 987654.0)
			}
			o.Trace[i].Data, changed = r, true
		}
		return o, changed
	}
	text := func(o outcome.Outcome) []byte { return outcome.Marshal(withoutDetail(outcome.Normalize(o))) }
	retimes := 0
	for i, a := range all {
		for _, drop := range []bool{false, true} {
			b, changed := retimed(a, drop)
			if !changed {
				continue
			}
			retimes++
			if !sameNormalizedText(a, b) || !sameNormalizedText(b, a) {
				t.Errorf("%s: not the same as itself with other durations (drop %v)", names[i], drop)
			}
		}
		for j, b := range all {
			if sameNormalizedText(a, b) && !bytes.Equal(text(a), text(b)) {
				t.Errorf("%s and %s: called the same, normalized texts\n%s\n%s", names[i], names[j], text(a), text(b))
			}
		}
	}
	if retimes < 20 {
		t.Errorf("only %d Outcomes with a run_end or tool_end to retime", retimes)
	}
}

// comparisonOutcomes reads the Outcomes of the comparison cases (testdata/compare.txt and
// three.txt), as written, with the place each was read from.
func comparisonOutcomes(t *testing.T) (all []outcome.Outcome, names []string) {
	t.Helper()
	for _, file := range []string{"testdata/compare.txt", "testdata/three.txt"} {
		a := testfile.MustReadArchive(t, file)
		for _, name := range a.Names {
			if strings.HasSuffix(name, ".want") {
				continue
			}
			o, err := outcome.Parse([]byte(strings.TrimSpace(a.Files[name])))
			if err != nil {
				continue // not an Outcome (a case of unreadable input)
			}
			all = append(all, o)
			names = append(names, a.At(name))
		}
	}
	if len(all) < 50 {
		t.Fatalf("only %d Outcomes read", len(all))
	}
	return all, names
}
