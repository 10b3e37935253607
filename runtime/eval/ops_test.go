package eval

import (
	"math"
	"math/rand"
	"testing"
)

// TestModuloIsFmod: the integer fast path of modulo gives bit for bit what math.Mod
// (C fmod, JavaScript's %) gives, signs of zero included.
func TestModuloIsFmod(t *testing.T) {
	special := []float64{0, math.Copysign(0, -1), 1, -1, 2, -2, 3, -7, 7, 5000, -5000, 7919,
		1 << 52, -(1 << 52), 1<<53 - 1, 1 << 53, -(1 << 53), 1<<53 + 2, 1 << 60, -(1 << 60),
		0.5, -2.5, 1e300, math.Inf(1), math.Inf(-1), math.NaN(), math.SmallestNonzeroFloat64}
	check := func(a, b float64) {
		if b == 0 {
			return
		}
		got, want := modulo(a, b), math.Mod(a, b)
		if math.Float64bits(got) != math.Float64bits(want) && !(math.IsNaN(got) && math.IsNaN(want)) {
			t.Fatalf("modulo(%v, %v) = %v, math.Mod gives %v", a, b, got, want)
		}
	}
	for _, a := range special {
		for _, b := range special {
			check(a, b)
		}
	}
	rng := rand.New(rand.NewSource(3))
	for range 200000 {
		a := float64(rng.Int63n(1<<54) - 1<<53)
		b := float64(rng.Int63n(1<<20) - 1<<19)
		if rng.Intn(2) == 0 {
			b = float64(rng.Int63n(1<<54) - 1<<53)
		}
		check(a, b)
		check(math.Trunc(a/float64(1+rng.Intn(1000))), b)
	}
}
