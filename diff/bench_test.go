package diff

import (
	"fmt"
	"strings"
	"testing"

	"github.com/a0diff/a0diff/runtime/outcome"
)

// benchOutcome is a run with a 1000-element value and a 2000-event trace; when bump is
// set, one value element and one trace event differ.
func benchOutcome(b *testing.B, bump bool) outcome.Outcome {
	var items, events []string
	for i := range 1000 {
		n := i
		if bump && i == 500 {
			n = -1
		}
		items = append(items, fmt.Sprintf(`{"id":%d,"name":"item %d","tags":["a","b"]}`, n, i))
		events = append(events,
			fmt.Sprintf(`{"event":"fn_call_start","span":{"file":"b.a0","startLine":%d,"startCol":1,"endLine":%d,"endCol":9},"data":{"fn":"f%d"}}`, i+1, i+1, n),
			`{"event":"stmt_start","span":{"file":"b.a0","startLine":1,"startCol":1,"endLine":1,"endCol":9}}`)
	}
	js := `{"status":"ok","exitCode":0,"value":{"items":[` + strings.Join(items, ",") + `]},"trace":[` + strings.Join(events, ",") + `]}`
	return parseOutcome(b, js)
}

func BenchmarkCompareAgree(b *testing.B) {
	g, r := benchOutcome(b, false), benchOutcome(b, false)
	b.ReportAllocs()
	for b.Loop() {
		if Compare(g, r).Verdict != Agree {
			b.Fatal("not agree")
		}
	}
}

func BenchmarkCompareDiverge(b *testing.B) {
	g, r := benchOutcome(b, false), benchOutcome(b, true)
	b.ReportAllocs()
	for b.Loop() {
		if len(Compare(g, r).Divergences) != 2 {
			b.Fatal("want 2 divergences")
		}
	}
}

func BenchmarkCompareSmall(b *testing.B) {
	g := parseOutcome(b, `{"status":"ok","exitCode":0,"value":{"a":1,"b":[1,2,3]},"trace":[{"event":"run_start","data":{"file":"x.a0","capabilities":[]}},{"event":"run_end","data":{"durationMs":1}}]}`)
	r := parseOutcome(b, `{"status":"ok","exitCode":0,"value":{"a":1,"b":[1,2,4]},"trace":[{"event":"run_start","data":{"file":"x.a0","capabilities":[]}},{"event":"run_end","data":{"durationMs":2}}]}`)
	b.ReportAllocs()
	for b.Loop() {
		Compare(g, r)
	}
}
