package diff

import (
	"strings"
	"testing"

	"github.com/a0diff/a0diff/runtime/outcome"
)

func TestCompareValuesAsDeepAsParseAdmits(t *testing.T) {
	// outcome.Parse admits values up to outcome.MaxNesting deep; comparing and rendering
	// them must not overflow the stack.
	n := outcome.MaxNesting - 2
	deep := func(leaf string) outcome.Outcome {
		return parseOutcome(t, `{"status":"ok","exitCode":0,"value":`+strings.Repeat("[", n)+leaf+strings.Repeat("]", n)+`}`)
	}
	res := Compare(deep("1"), deep("2"))
	if res.Verdict != Diverge || len(res.Divergences) != 1 {
		t.Fatalf("verdict %s, %d divergences, want one", res.Verdict, len(res.Divergences))
	}
	if d := res.Divergences[0]; d.Go != "1" || d.Ref != "2" {
		t.Errorf("divergence %v", d)
	}
}
