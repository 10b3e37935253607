package value

import "math"

// smallInts holds boxed values of the integers -1024…1024: storing a float64 in an
// interface allocates, and small integral numbers (counters, indices, lengths, literals)
// are by far the most frequent numbers built, so they share these boxes.
var smallInts = func() []Value {
	t := make([]Value, 2049)
	for i := range t {
		t[i] = float64(i - 1024)
	}
	return t
}()

// Number returns f as a Value, sharing the box of a small integer (never for -0, which
// must stay -0).
func Number(f float64) Value {
	if v, ok := SmallInt(f); ok {
		return v
	}
	return f
}

// SmallInt returns the shared box of f when f is one of the integers -1024…1024 (not
// -0): a Value that costs no allocation.
func SmallInt(f float64) (Value, bool) {
	if f >= -1024 && f <= 1024 {
		if i := int(f); float64(i) == f && (i != 0 || !math.Signbit(f)) {
			return smallInts[i+1024], true
		}
	}
	return nil, false
}
