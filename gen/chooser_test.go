package gen

import (
	"math/rand"
	"testing"
)

func TestByteChooser(t *testing.T) {
	tests := []struct {
		name string
		data []byte
		n    []int // the decisions asked for
		want []int
	}{
		{"empty input answers 0", nil, []int{2, 100, 70000}, []int{0, 0, 0}},
		{"one byte per small decision", []byte{7, 255, 3}, []int{10, 256, 2}, []int{7, 255, 1}},
		{"n of 1 reads nothing", []byte{9}, []int{1, 0, 100}, []int{0, 0, 9}},
		{"two bytes above 256", []byte{1, 2}, []int{1000}, []int{258}},
		{"four bytes above 65536", []byte{0, 1, 0, 0}, []int{1 << 20}, []int{65536}},
		{"exhaustion in the middle of a wide decision", []byte{1}, []int{1000, 5}, []int{256, 0}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := NewByteChooser(tt.data)
			for i, n := range tt.n {
				if got := c.Intn(n); got != tt.want[i] {
					t.Errorf("decision %d (Intn(%d)) = %d, want %d", i, n, got, tt.want[i])
				}
			}
			if !c.Exhausted() {
				t.Errorf("input not exhausted")
			}
		})
	}
}

func TestCaseSeedsAreIndependentOfOrder(t *testing.T) {
	// Case i of seed s is the same whichever cases were generated before it.
	a := Generate(RandChooser{CaseRand(42, 7)}, Options{})
	for i := 0; i < 7; i++ {
		Generate(RandChooser{CaseRand(42, i)}, Options{})
	}
	b := Generate(RandChooser{CaseRand(42, 7)}, Options{})
	if a.Source != b.Source {
		t.Fatalf("case 7 of seed 42 differs between generations:\n%s\n---\n%s", a.Source, b.Source)
	}
	seen := map[int64]bool{}
	for s := int64(0); s < 50; s++ {
		for i := 0; i < 50; i++ {
			cs := CaseSeed(s, i)
			if seen[cs] {
				t.Fatalf("CaseSeed(%d, %d) repeats an earlier case seed", s, i)
			}
			seen[cs] = true
		}
	}
}

func TestRandChooserStaysInRange(t *testing.T) {
	c := RandChooser{rand.New(rand.NewSource(1))}
	for n := 0; n < 300; n++ {
		if v := c.Intn(n); v < 0 || v >= max(n, 1) {
			t.Fatalf("Intn(%d) = %d", n, v)
		}
	}
}
