package gen

import (
	"math/rand"
	"testing"
)

// TestDeriveValidity derives cases from generated parents and donors: every case Derive
// returns passes validation and differs from its parent, and most attempts succeed.
func TestDeriveValidity(t *testing.T) {
	for _, tc := range []struct {
		name string
		opts Options
		// minRate is the least share of Derive calls, in percent, that must give a case.
		minRate int
	}{
		{"default", Options{}, 80},
		{"swarm", Options{Swarm: true}, 80},
		{"small", Options{Size: 20}, 70},
	} {
		t.Run(tc.name, func(t *testing.T) {
			const n = 300
			var pool []*Case
			for i := 0; len(pool) < 40; i++ {
				c := Generate(RandChooser{R: CaseRand(3, i)}, tc.opts)
				if Validates(c.Source) {
					pool = append(pool, c)
				}
			}
			r := rand.New(rand.NewSource(11))
			made := 0
			for i := range n {
				parent, donor := pool[i%len(pool)], pool[r.Intn(len(pool))]
				d, what, ok := Derive(RandChooser{R: r}, parent, donor, tc.opts)
				if !ok {
					continue
				}
				made++
				if !Validates(d.Source) {
					t.Fatalf("derived case (%s) does not validate:\n%s", what, d.Source)
				}
				if d.Source == parent.Source || d.Mode != Valid || what == "" {
					t.Fatalf("derived case (%q) is its parent or not valid-mode:\n%s", what, d.Source)
				}
			}
			t.Logf("%d of %d derivations gave a valid case", made, n)
			if made*100 < tc.minRate*n {
				t.Errorf("only %d of %d derivations gave a valid case, want at least %d%%", made, n, tc.minRate)
			}
		})
	}
}
