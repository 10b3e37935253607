package outcome

import (
	"encoding/json"
	"testing"
)

// The one-pass trace reader and the member-by-member one read every trace alike; traces
// of an unexpected shape are left to the latter (nil).
func TestParseTraceFastAgreesWithParseEvent(t *testing.T) {
	tests := []struct {
		name, trace string
		fast        bool // whether the one-pass reader takes it
	}{
		{"events with spans and data", `[{"event":"run_start","data":{"file":"a.a0"}},` +
			`{"event":"stmt_start","span":{"file":"a.a0","startLine":1,"startCol":1,"endLine":1,"endCol":9}},` +
			`{"event":"tool_end","span":{"file":"é\u00ff😀.a0","startLine":2,"startCol":3,"endLine":4,"endCol":5},"data":{"x":{"$number":"-0"},"l":[1,"\ud800"],"r":{"$record":{"$number":1}}}}]`, true},
		{"null data", `[{"event":"e","data":null}]`, true},
		{"empty", `[]`, false},
		{"extra member", `[{"event":"e","ts":1}]`, false},
		{"span without a line", `[{"event":"e","span":{"file":"f","startCol":1,"endLine":1,"endCol":2}}]`, false},
		{"fractional line", `[{"event":"e","span":{"file":"f","startLine":1.5,"startCol":1,"endLine":1,"endCol":2}}]`, false},
		{"event not a string", `[{"event":3}]`, false},
		{"not an object", `[1]`, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			fast := parseTraceFast(json.RawMessage(tt.trace))
			if (fast != nil) != tt.fast {
				t.Fatalf("one-pass reader took it: %v, want %v", fast != nil, tt.fast)
			}
			if fast == nil {
				return
			}
			elems, err := rawElements([]byte(tt.trace))
			if err != nil {
				t.Fatal(err)
			}
			var slow []Event
			for _, m := range elems {
				e, err := parseEvent(m)
				if err != nil {
					t.Fatal(err)
				}
				slow = append(slow, e)
			}
			a, b := string(Marshal(Outcome{Trace: slow})), string(Marshal(Outcome{Trace: fast}))
			if a != b {
				t.Errorf("member by member:\n%s\none pass:\n%s", a, b)
			}
		})
	}
}
