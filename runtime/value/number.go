package value

import (
	"math"
	"sync/atomic"
)

// Storing a float64 in an interface allocates, and integral numbers (counters, indices,
// lengths, loop values, literals) are by far the most frequent numbers built, so the
// integers -1024…maxSharedInt share boxes: the small ones in smallInts, built at start,
// the larger ones in chunks of intChunk boxes built on first use (a program that counts
// to 10 000 builds ten chunks instead of boxing 10 000 numbers at every pass).
const (
	maxSharedInt = 1<<16 - 1
	intChunk     = 1024
)

var smallInts = func() []Value {
	t := make([]Value, 2049)
	for i := range t {
		t[i] = float64(i - 1024)
	}
	return t
}()

// intChunks[k] holds the boxes of k*intChunk … (k+1)*intChunk-1 once built.
var intChunks [(maxSharedInt + 1) / intChunk]atomic.Pointer[[]Value]

// Number returns f as a Value, sharing the box of a small integer (never for -0, which
// must stay -0).
func Number(f float64) Value {
	if v, ok := SmallInt(f); ok {
		return v
	}
	return f
}

// SmallInt returns the shared box of f when f is one of the integers -1024…65535 (not
// -0): a Value that costs no allocation.
func SmallInt(f float64) (Value, bool) {
	if f < -1024 || f > maxSharedInt {
		return nil, false
	}
	i := int(f)
	if float64(i) != f || (i == 0 && math.Signbit(f)) {
		return nil, false
	}
	if i <= 1024 {
		return smallInts[i+1024], true
	}
	k := i / intChunk
	boxes := intChunks[k].Load()
	if boxes == nil {
		boxes = buildIntChunk(k)
	}
	return (*boxes)[i%intChunk], true
}

// buildIntChunk builds chunk k; when goroutines race to build it, the first one stored
// is used by all.
func buildIntChunk(k int) *[]Value {
	boxes := make([]Value, intChunk)
	for j := range boxes {
		boxes[j] = float64(k*intChunk + j)
	}
	if intChunks[k].CompareAndSwap(nil, &boxes) {
		return &boxes
	}
	return intChunks[k].Load()
}
