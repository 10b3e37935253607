package value

import (
	"strings"
	"testing"
)

func TestFromGo(t *testing.T) {
	tests := []struct {
		in   any
		want string
	}{
		{nil, `null`},
		{true, `true`},
		{3, `3`},
		{int8(-3), `-3`},
		{uint64(1) << 60, `1152921504606847000`}, // String(2**60) in node
		{float32(0.5), `0.5`},
		{"a\xffb", `"a` + "\uFFFD" + `b"`},
		{[]any{1, "x", nil, []string{"a"}}, `[1,"x",null,["a"]]`},
		{map[string]any{"b": 1, "a": []any{}, "10": true, "2": map[string]any{}}, `{"2":{},"10":true,"a":[],"b":1}`},
		{NewList(1.0), `[1]`},
		{&Func{Name: "toString"}, `{"$function":"toString"}`},
	}
	for _, tt := range tests {
		v, err := FromGo(tt.in)
		if err != nil {
			t.Errorf("FromGo(%#v): %v", tt.in, err)
			continue
		}
		if got := string(MarshalCanonical(v)); got != tt.want {
			t.Errorf("FromGo(%#v) = %s, want %s", tt.in, got, tt.want)
		}
	}
	if v, _ := FromGo(&Func{Name: "toString"}); v != FuncByName("toString") {
		t.Error("FromGo must map a *Func to its singleton")
	}
}

func TestFromGoRejects(t *testing.T) {
	type point struct{ X int }
	tests := []struct {
		in   any
		want string
	}{
		{make(chan int), "chan int"},
		{func() {}, "func()"},
		{point{1}, "value.point"},
		{&point{1}, "*value.point"},
		{map[int]any{1: 2}, "map[int]interface {}"},
		{[]any{1, []any{struct{}{}}}, "value[1][0]"},
		{map[string]any{"k": complex(1, 2)}, "value.k: Go type complex128"},
		{NewList(1.0, make(chan int)), "value[1]"},
		{(*Record)(nil), "nil *value.Record"},
	}
	for _, tt := range tests {
		_, err := FromGo(tt.in)
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("FromGo(%T) error = %v, want one mentioning %q", tt.in, err, tt.want)
		}
	}
}
