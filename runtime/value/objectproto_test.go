package value

import (
	"math"
	"strings"
	"testing"
)

// TestRecordToStringThroughToLocaleString: String() of a record whose toString or valueOf
// is Object.prototype.toLocaleString, which calls this.toString(). Expected texts are
// V8's (Node 20), the reference's behaviour (reference/ts/src/v8compat.ts).
func TestRecordToStringThroughToLocaleString(t *testing.T) {
	tl := FuncByName("toLocaleString")
	rec := func(kv ...any) *Record {
		r := NewRecord()
		for i := 0; i < len(kv); i += 2 {
			r.Set(kv[i].(string), kv[i+1])
		}
		return r
	}
	nullProto := rec("valueOf", tl)
	nullProto.NullProto = true
	for _, tc := range []struct {
		name string
		r    *Record
		want string // the text, or "! error message"
	}{
		{"toString is toLocaleString", rec("toString", tl), "! Maximum call stack size exceeded"},
		{"number", rec("toString", 5.0, "valueOf", tl), "! number 5 is not a function"},
		{"negative zero", rec("toString", math.Copysign(0, -1), "valueOf", tl), "! number 0 is not a function"},
		{"null", rec("toString", nil, "valueOf", tl), "! object null is not a function"},
		{"string", rec("toString", "x", "valueOf", tl), `! string "x" is not a function`},
		{"long string", rec("toString", strings.Repeat("é", 120), "valueOf", tl), `! string "` + strings.Repeat("é", 100) + `<...>" is not a function`},
		{"boolean", rec("toString", true, "valueOf", tl), "! boolean true is not a function"},
		{"list", rec("toString", NewList(1.0), "valueOf", tl), "! object is not a function"},
		{"record", rec("toString", NewRecord(), "valueOf", tl), "! object is not a function"},
		{"absent", nullProto, "! undefined is not a function"},
		{"valueOf then toLocaleString", rec("toString", FuncByName("valueOf"), "valueOf", tl), "! Cannot convert object to primitive value"},
		{"inherited toString", rec("valueOf", tl), "[object Object]"},
	} {
		got, err := recordToString(tc.r)
		if err != nil {
			got = "! " + err.Error()
		}
		if got != tc.want {
			t.Errorf("%s: got %q, want %q", tc.name, got, tc.want)
		}
	}
}
