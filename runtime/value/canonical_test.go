package value

import (
	"math"
	"testing"
)

func TestCanonicalRoundTrip(t *testing.T) {
	inner := NewRecord()
	inner.Set("$number", "NaN") // a genuine record that looks like a marker
	marker2 := NewRecord()
	marker2.Set("$record", 1.0)
	marker3 := NewRecord()
	marker3.Set("$function", FuncByName("toString"))
	two := NewRecord()
	two.Set("$number", 1.0)
	two.Set("x", 2.0)
	idx := NewRecord()
	idx.Set("b", 1.0)
	idx.Set("10", 2.0)
	idx.Set("__proto__", 3.0)
	tests := []struct {
		v    Value
		text string
	}{
		{nil, `null`},
		{true, `true`},
		{1.5, `1.5`},
		{math.Copysign(0, -1), `{"$number":"-0"}`},
		{math.NaN(), `{"$number":"NaN"}`},
		{math.Inf(1), `{"$number":"Infinity"}`},
		{math.Inf(-1), `{"$number":"-Infinity"}`},
		{1e21, `1e+21`},
		{"a" + loneHigh + "<>&\u2028é", `"a\ud83d<>&` + "\u2028é" + `"`},
		{loneLow + loneHigh, `"\ude00\ud83d"`},
		{FuncByName("toString"), `{"$function":"toString"}`},
		{NewList(FuncByName("Object"), nil), `[{"$function":"Object"},null]`},
		{inner, `{"$record":{"$number":"NaN"}}`},
		{marker2, `{"$record":{"$record":1}}`},
		{marker3, `{"$record":{"$function":{"$function":"toString"}}}`},
		{two, `{"$number":1,"x":2}`},
		{idx, `{"10":2,"b":1,"__proto__":3}`},
		{NewList(), `[]`},
		{NewRecord(), `{}`},
	}
	for _, tt := range tests {
		got := string(MarshalCanonical(tt.v))
		if got != tt.text {
			t.Errorf("MarshalCanonical = %s, want %s", got, tt.text)
			continue
		}
		back, err := UnmarshalCanonical([]byte(got))
		if err != nil {
			t.Errorf("UnmarshalCanonical(%s): %v", got, err)
			continue
		}
		if !Same(back, tt.v) {
			t.Errorf("round trip of %s gave %s", got, MarshalCanonical(back))
		}
	}
	// Functions keep their identity through a round trip.
	back, _ := UnmarshalCanonical([]byte(`{"$function":"valueOf"}`))
	if f, _ := NewRecord().Lookup("valueOf"); back != f {
		t.Error("decoded function is not the Object.prototype singleton")
	}
}

func TestUnmarshalCanonicalErrors(t *testing.T) {
	for _, text := range []string{`{"$number":"1"}`, `{"$number":5}`, `{"$function":3}`, `{"$record":[]}`, `[1,`, `{"a":{"$number":"x"}}`} {
		if v, err := UnmarshalCanonical([]byte(text)); err == nil {
			t.Errorf("UnmarshalCanonical(%s) = %v, want an error", text, v)
		}
	}
}
