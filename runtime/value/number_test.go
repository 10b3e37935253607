package value

import (
	"math"
	"sync"
	"testing"
)

// TestNumber: Number keeps every float64 bit for bit (-0, NaN, ±Inf, fractions, integers
// inside and outside the shared range), and shares boxes exactly for the integers
// -1024…65535, also when goroutines race to build a chunk.
func TestNumber(t *testing.T) {
	values := []float64{0, math.Copysign(0, -1), 1, -1, -1024, -1025, 1024, 1025, 2047, 2048,
		10000, 65535, 65536, -65535, 0.5, -0.5, 1e21, math.MaxFloat64, math.SmallestNonzeroFloat64,
		math.Inf(1), math.Inf(-1), math.NaN(), 4294967295}
	for _, f := range values {
		v := Number(f)
		got, ok := v.(float64)
		if !ok || math.Float64bits(got) != math.Float64bits(f) {
			t.Errorf("Number(%v) = %#v", f, v)
		}
		_, shared := SmallInt(f)
		wantShared := f == math.Trunc(f) && f >= -1024 && f <= 65535 && !(f == 0 && math.Signbit(f))
		if shared != wantShared {
			t.Errorf("SmallInt(%v) shared = %v, want %v", f, shared, wantShared)
		}
	}
	var wg sync.WaitGroup
	for g := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := -1024; i <= 65535; i += 1 + g {
				v, ok := SmallInt(float64(i))
				if !ok || v.(float64) != float64(i) {
					t.Errorf("SmallInt(%d) = %v, %v", i, v, ok)
					return
				}
			}
		}()
	}
	wg.Wait()
}
