package eval

import (
	"errors"
	"math"
	"strings"
	"testing"

	"github.com/a0diff/a0diff/runtime/value"
)

func TestFromHost(t *testing.T) {
	shared := value.NewList(1.0)
	rec := value.NewRecord()
	rec.Set("k", "v")
	cases := []struct {
		name string
		in   any
		want string // canonical JSON, or "error: FRAGMENT"
	}{
		{"nil", nil, `null`},
		{"bool", true, `true`},
		{"int", 3, `3`},
		{"int8", int8(-3), `-3`},
		{"uint64", uint64(1) << 53, `9007199254740992`},
		{"float32", float32(1.5), `1.5`},
		{"NaN kept", math.NaN(), `{"$number":"NaN"}`},
		{"string", "héllo", `"héllo"`},
		{"invalid UTF-8 becomes U+FFFD", "a\xffb", `"a` + "\uFFFD" + `b"`},
		{"[]any", []any{1, "a", nil}, `[1,"a",null]`},
		{"[]int", []int{1, 2}, `[1,2]`},
		{"array", [2]bool{true, false}, `[true,false]`},
		{"nil slice", []string(nil), `[]`},
		{"map sorted then JS order", map[string]any{"b": 1, "a": 2, "3": 3}, `{"3":3,"a":2,"b":1}`},
		{"map[string]int", map[string]int{"x": 1}, `{"x":1}`},
		{"A0 list passes", shared, `[1]`},
		{"A0 record passes", rec, `{"k":"v"}`},
		{"function value", value.FuncByName("toString"), `{"$function":"toString"}`},
		{"raw inside an A0 list", value.NewList([]int{7}), `[[7]]`},
		{"chan", make(chan int), "error: Go type chan int has no A0 value"},
		{"func", func() {}, "error: Go type func() has no A0 value"},
		{"struct", struct{}{}, "error: Go type struct {} has no A0 value"},
		{"pointer", new(int), "error: Go type *int has no A0 value"},
		{"map with int keys", map[int]int{1: 1}, "error: Go type map[int]int has no A0 value"},
		{"error value", errors.New("x"), "error: has no A0 value"},
		{"nested path in message", map[string]any{"a": []any{1, make(chan int)}}, "error: result.a[1]: Go type chan int"},
		{"nil A0 record", (*value.Record)(nil), "error: nil *value.Record"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			v, err := FromHost(tc.in, 1000)
			if frag, wantErr := strings.CutPrefix(tc.want, "error: "); wantErr {
				if err == nil || !strings.Contains(err.Error(), frag) {
					t.Fatalf("err %v, want one containing %q", err, frag)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if got := string(value.MarshalCanonical(v)); got != tc.want {
				t.Errorf("got %s, want %s", got, tc.want)
			}
		})
	}
}

func TestFromHostSharesUnchangedValues(t *testing.T) {
	l := value.NewList("a", 1.0)
	v, err := FromHost(l, 100)
	if err != nil || v != value.Value(l) {
		t.Errorf("an A0 list without raw values must be returned as is (got %v, %v)", v, err)
	}
	raw := value.NewList("a", []int{1})
	v, _ = FromHost(raw, 100)
	if v == value.Value(raw) {
		t.Error("a list holding a raw value must be rebuilt, not modified")
	}
	if _, isRaw := raw.Items[1].([]int); !isRaw {
		t.Error("the tool's own list was modified")
	}
}

func TestFromHostNodeLimit(t *testing.T) {
	// 2^40 leaves through sharing: the node budget stops the walk.
	v := value.NewList(1.0)
	for i := 0; i < 40; i++ {
		v = value.NewList(v, v)
	}
	var le *value.LimitError
	if _, err := FromHost(v, 10000); !errors.As(err, &le) {
		t.Fatalf("err %v, want a *value.LimitError", err)
	}
}

func TestCheckSerialisable(t *testing.T) {
	small := value.NewList(1.0, "a", nil)
	if err := CheckSerialisable(small, 4); err != nil {
		t.Errorf("4 nodes under 4: %v", err)
	}
	if err := CheckSerialisable(small, 3); err == nil {
		t.Error("4 nodes under 3: no error")
	}
	r := value.NewRecord()
	r.Set("a", small)
	if err := CheckSerialisable(r, 5); err != nil {
		t.Errorf("record of 5 nodes under 5: %v", err)
	}
	bomb := value.NewList(1.0)
	for i := 0; i < 100; i++ {
		bomb = value.NewList(bomb, bomb)
	}
	var le *value.LimitError
	if err := CheckSerialisable(bomb, 1<<20); !errors.As(err, &le) || le.Unit != "nodes" {
		t.Errorf("2^100 nodes: err %v", err)
	}
	long := strings.Repeat("x", 1<<20)
	many := make([]value.Value, 100)
	for i := range many {
		many[i] = long
	}
	if err := CheckSerialisable(value.NewList(many...), 1000); !errors.As(err, &le) || le.Unit != "text units" {
		t.Errorf("100 Mi units of text under 1000 nodes: err %v, want the text bound", err)
	}
	// value.TextLimit counts a unit per node plus each string's UTF-16 length: 32 Mi
	// units at most under 1000 nodes. "é" is two bytes and one unit.
	at := strings.Repeat("é", (32<<20)-3)
	if err := CheckSerialisable(value.NewList(at, ""), 1000); err != nil {
		t.Errorf("exactly 32 Mi units: %v", err)
	}
	if err := CheckSerialisable(value.NewList(at, "x"), 1000); !errors.As(err, &le) || le.Unit != "text units" {
		t.Errorf("32 Mi + 1 units: err %v, want the text bound", err)
	}
}
