package value

import "testing"

func TestGetProperty(t *testing.T) {
	r := NewRecord()
	r.Set("a", 1.0)
	tests := []struct {
		v    Value
		key  string
		want string // canonical JSON, or "absent"
	}{
		{r, "a", `1`},
		{r, "b", `absent`},
		{r, "toString", `{"$function":"toString"}`},
		{NewList("x", "y"), "length", `2`},
		{NewList("x", "y"), "1", `"y"`},
		{NewList("x", "y"), "2", `absent`},
		{NewList("x", "y"), "01", `absent`},
		{NewList(), "map", `{"$function":"map"}`},
		{NewList(), "constructor", `{"$function":"Array"}`},
		{"a😀", "length", `3`},
		{"a😀", "1", `"\ud83d"`},
		{"a😀", "2", `"\ude00"`},
		{"a😀", "3", `absent`},
		{"s", "toUpperCase", `{"$function":"toUpperCase"}`},
		{"s", "hasOwnProperty", `{"$function":"hasOwnProperty"}`},
		{1.5, "toFixed", `{"$function":"toFixed"}`},
		{1.5, "length", `absent`},
		{true, "valueOf", `{"$function":"valueOf"}`},
		{nil, "length", `absent`},
		{FuncByName("toString"), "name", `"toString"`},
		{FuncByName("toString"), "length", `0`},
		{FuncByName("__defineGetter__"), "length", `2`},
		{FuncByName("Object"), "length", `1`},
		{FuncByName("Object"), "call", `{"$function":"call"}`},
	}
	for _, tt := range tests {
		v, ok := GetProperty(tt.v, tt.key)
		got := "absent"
		if ok {
			got = string(MarshalCanonical(v))
		}
		if got != tt.want {
			t.Errorf("GetProperty(%s, %q) = %s, want %s", MarshalCanonical(tt.v), tt.key, got, tt.want)
		}
	}
}
