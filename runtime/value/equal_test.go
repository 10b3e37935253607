package value

import (
	"math"
	"testing"
)

func mustValue(t testing.TB, canonical string) Value {
	t.Helper()
	v, err := UnmarshalCanonical([]byte(canonical))
	if err != nil {
		t.Fatalf("%s: %v", canonical, err)
	}
	return v
}

func TestDeepEqual(t *testing.T) {
	tests := []struct {
		a, b string
		want bool
	}{
		// spec B-45
		{`{"a":1,"b":[1,{"c":null}]}`, `{"b":[1,{"c":null}],"a":1}`, true},
		{`1`, `1.0`, true},
		{`0`, `{"$number":"-0"}`, true},
		{`[]`, `{}`, false},
		{`null`, `false`, false},
		{`"1"`, `1`, false},
		{`{"a":null}`, `{}`, false},
		// more
		{`{"$number":"NaN"}`, `{"$number":"NaN"}`, false},
		{`[{"$number":"NaN"}]`, `[{"$number":"NaN"}]`, false},
		{`{"$number":"Infinity"}`, `{"$number":"Infinity"}`, true},
		{`0`, `""`, false},
		{`null`, `null`, true},
		{`[1,2]`, `[1,2,3]`, false},
		{`[1,[2]]`, `[1,[2]]`, true},
		{`{"a":1}`, `{"a":1,"b":2}`, false},
		{`{"a":1,"b":2}`, `{"a":1,"c":2}`, false},
		{`"\ud83d"`, `"\ud83d"`, true},
		{`{"$function":"toString"}`, `{"$function":"toString"}`, true},
		{`{"$function":"toString"}`, `{"$function":"valueOf"}`, false},
		{`{"$function":"toString"}`, `{}`, false},
		{`{"$function":"toString"}`, `"function toString() { [native code] }"`, false},
	}
	for _, tt := range tests {
		a, b := mustValue(t, tt.a), mustValue(t, tt.b)
		if got := DeepEqual(a, b); got != tt.want {
			t.Errorf("DeepEqual(%s, %s) = %v", tt.a, tt.b, got)
		}
		if got := DeepEqual(b, a); got != tt.want {
			t.Errorf("DeepEqual(%s, %s) = %v", tt.b, tt.a, got)
		}
	}
}

func TestDeepEqualIdentity(t *testing.T) {
	// The reference's deepEqual starts with a === b: the same list or record is equal to
	// itself even with a NaN inside, while an equal-looking copy is not.
	l := NewList(math.NaN())
	r := NewRecord()
	r.Set("x", math.NaN())
	if !DeepEqual(l, l) || !DeepEqual(r, r) {
		t.Error("a value holding NaN is not equal to itself")
	}
	if DeepEqual(l, NewList(math.NaN())) || DeepEqual(NewList(l), NewList(l)) == false {
		t.Error("identity must apply per container")
	}
}

func TestSame(t *testing.T) {
	tests := []struct {
		a, b string
		want bool
	}{
		{`{"$number":"NaN"}`, `{"$number":"NaN"}`, true},
		{`0`, `{"$number":"-0"}`, false},
		{`{"a":1,"b":2}`, `{"b":2,"a":1}`, false},
		{`{"a":1,"b":2}`, `{"a":1,"b":2}`, true},
		{`[1,{"$number":"NaN"}]`, `[1,{"$number":"NaN"}]`, true},
	}
	for _, tt := range tests {
		if got := Same(mustValue(t, tt.a), mustValue(t, tt.b)); got != tt.want {
			t.Errorf("Same(%s, %s) = %v", tt.a, tt.b, got)
		}
	}
	// Prototypes are compared.
	p := NewRecord()
	p.Set("x", 1.0)
	a, b := NewRecord(), NewRecord()
	a.Assign("__proto__", p)
	if Same(a, b) {
		t.Error("records with different prototypes are Same")
	}
	b.Assign("__proto__", p.Clone())
	if !Same(a, b) {
		t.Error("records with equal prototypes are not Same")
	}
	if !Same(math.Inf(1), math.Inf(1)) {
		t.Error("Infinity is not Same as itself")
	}
}
