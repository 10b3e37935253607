package outcome

import (
	"strings"
	"testing"
)

// deepValue is an ok Outcome whose value is n lists nested in one another.
func deepValue(n int) []byte {
	return []byte(`{"status":"ok","exitCode":0,"value":` + strings.Repeat("[", n) + strings.Repeat("]", n) + `,"errors":[],"evidence":[],"trace":[],"toolCalls":[]}`)
}

func TestParseRefusesNestingBeyondTheBound(t *testing.T) {
	// 10⁷ levels: refused with a clear error, without recursion (a stack overflow would
	// end the test binary).
	if _, err := Parse(deepValue(10_000_000)); err == nil || !strings.Contains(err.Error(), "nests deeper than 200000 levels") {
		t.Fatalf("Parse of a value 10⁷ deep: %v, want the nesting bound", err)
	}
	// A string full of brackets is no nesting.
	text := []byte(`{"status":"ok","exitCode":0,"value":"` + strings.Repeat("[", 3*MaxNesting) + `"}`)
	if _, err := Parse(text); err != nil {
		t.Fatalf("Parse of a string of brackets: %v", err)
	}
}

func TestDeepValuesWithinTheBoundRoundTrip(t *testing.T) {
	text := deepValue(MaxNesting - 1) // the Outcome's object is one level
	o, err := Parse(text)
	if err != nil {
		t.Fatal(err)
	}
	if got := Marshal(o); string(got) != string(text) {
		t.Fatalf("Marshal(Parse(text)) differs from text (%d vs %d bytes)", len(got), len(text))
	}
	if _, err := Parse(deepValue(MaxNesting)); err == nil {
		t.Fatalf("Parse of a value %d deep in an Outcome: no error", MaxNesting)
	}
}
