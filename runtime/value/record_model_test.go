package value

import (
	"math/rand"
	"slices"
	"strconv"
	"testing"
)

// recordModel is the plain definition of record storage the Record layout must agree
// with: a map of values and the key order of JavaScript (array indices ascending, then
// the other keys in insertion order).
type recordModel struct {
	vals  map[string]Value
	order []string // insertion order of the non-index keys
}

func (m *recordModel) keys() []string {
	var index []string
	for k := range m.vals {
		if IsArrayIndex(k) {
			index = append(index, k)
		}
	}
	slices.SortFunc(index, func(a, b string) int {
		x, _ := strconv.ParseUint(a, 10, 64)
		y, _ := strconv.ParseUint(b, 10, 64)
		return int(x) - int(y)
	})
	return append(index, m.order...)
}

// TestRecordAgainstModel drives records through random Set, Delete and Clone sequences,
// small ones (linear search) and large ones (the slots map), and compares every key,
// value and the key order with the model.
func TestRecordAgainstModel(t *testing.T) {
	rng := rand.New(rand.NewSource(7))
	randomKey := func(space int) string {
		n := rng.Intn(space)
		switch rng.Intn(3) {
		case 0:
			return strconv.Itoa(n) // an array index
		case 1:
			return "0" + strconv.Itoa(n) // "00", "01", …: a leading zero, never an index
		}
		return "k" + strconv.Itoa(n)
	}
	for round := 0; round < 400; round++ {
		space := 2 + rng.Intn(40)
		r := NewRecordSize(rng.Intn(6))
		m := &recordModel{vals: map[string]Value{}}
		for step := 0; step < 200; step++ {
			k := randomKey(space)
			switch op := rng.Intn(10); {
			case op < 7:
				v := float64(step)
				if _, ok := m.vals[k]; !ok && !IsArrayIndex(k) {
					m.order = append(m.order, k)
				}
				m.vals[k] = v
				r.Set(k, v)
			case op < 9:
				if _, ok := m.vals[k]; ok {
					delete(m.vals, k)
					m.order = slices.DeleteFunc(m.order, func(x string) bool { return x == k })
				}
				r.Delete(k)
			default:
				r = r.Clone()
			}
			want := m.keys()
			got := r.Keys()
			if !slices.Equal(got, want) {
				t.Fatalf("round %d step %d: keys %v, want %v", round, step, got, want)
			}
			if r.Len() != len(want) {
				t.Fatalf("round %d step %d: Len %d, want %d", round, step, r.Len(), len(want))
			}
			for i, key := range got {
				if v, ok := r.Get(key); !ok || v != m.vals[key] || r.ValueAt(i) != m.vals[key] {
					t.Fatalf("round %d step %d: %q = %v (ValueAt %v), want %v", round, step, key, v, r.ValueAt(i), m.vals[key])
				}
			}
			if probe := randomKey(space); r.Has(probe) != (m.vals[probe] != nil) {
				t.Fatalf("round %d step %d: Has(%q) = %v", round, step, probe, r.Has(probe))
			}
		}
	}
}
