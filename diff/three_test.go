package diff

import (
	"fmt"
	"strings"
	"testing"

	"github.com/a0diff/a0diff/runtime/outcome"
	"github.com/a0diff/a0diff/runtime/syntax/testfile"
	"github.com/a0diff/a0diff/runtime/value"
)

// threeOutcome reads the short Outcome notation of testdata/three.txt.
func threeOutcome(s string) (outcome.Outcome, error) {
	status, v, _ := strings.Cut(s, " ")
	o := outcome.Outcome{Status: outcome.Status(status)}
	switch o.Status {
	case outcome.StatusOK:
		val, err := value.UnmarshalCanonical([]byte(v))
		if err != nil {
			return o, err
		}
		o.Value, o.HasValue = val, true
	case outcome.StatusTimeout, outcome.StatusResource, outcome.StatusCrash:
	default:
		return o, fmt.Errorf("unknown outcome %q", s)
	}
	return o, nil
}

func TestCompareThree(t *testing.T) {
	const file = "testdata/three.txt"
	cases := 0
	var err error
	for _, r := range testfile.MustReadTable(t, file, 7) {
		where, fields := r.At(file), r.Fields
		var os3 [3]outcome.Outcome
		for i := range os3 {
			if os3[i], err = threeOutcome(fields[i]); err != nil {
				t.Fatalf("%s: %v", where, err)
			}
		}
		cases++
		got := CompareThree(os3[0], os3[1], os3[2])
		if string(got.Verdict) != fields[3] {
			t.Errorf("%s: verdict %s, want %s (%v)", where, got.Verdict, fields[3], got.Divergences)
			continue
		}
		attr := string(got.Attribution)
		if attr == "" {
			attr = "-"
		}
		if attr != fields[4] {
			t.Errorf("%s: attribution %s, want %s", where, attr, fields[4])
		}
		sigs := strings.Join(got.Signatures(), " ")
		if sigs == "" {
			sigs = "-"
		}
		if sigs != fields[5] {
			t.Errorf("%s: signatures %s, want %s", where, sigs, fields[5])
		}
		var nodes []string
		for _, d := range got.Divergences {
			if d.Node != "" {
				nodes = append(nodes, d.Node)
			}
		}
		rendered := strings.Join(nodes, " ")
		if rendered == "" {
			rendered = "-"
		}
		if rendered != fields[6] {
			t.Errorf("%s: node renderings %s, want %s", where, rendered, fields[6])
		}
		if got.Verdict == Diverge && got.Attribution.Explain() == "" {
			t.Errorf("%s: attribution %q has no explanation", where, got.Attribution)
		}
	}
	if cases < 10 {
		t.Fatalf("only %d cases read", cases)
	}
}
