package value

import (
	"math"
	"strconv"
	"strings"
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

// StringToNumber is JavaScript's ToNumber on a string: surrounding white space and line
// terminators are ignored, "" is 0, decimal literals (with optional sign, exponent and
// "Infinity"), and unsigned 0x/0o/0b integers are numbers; anything else is NaN.
func StringToNumber(s string) float64 {
	s = strings.TrimFunc(s, isJSSpace)
	if s == "" {
		return 0
	}
	if len(s) > 2 && s[0] == '0' {
		base := 0
		switch s[1] {
		case 'x', 'X':
			base = 16
		case 'o', 'O':
			base = 8
		case 'b', 'B':
			base = 2
		}
		if base != 0 {
			f := 0.0
			for _, c := range s[2:] {
				d := digitValue(c)
				if d < 0 || d >= base {
					return math.NaN()
				}
				f = f*float64(base) + float64(d)
			}
			return f
		}
	}
	body := strings.TrimLeft(s, "+-")
	if len(s)-len(body) > 1 {
		return math.NaN()
	}
	if body == "Infinity" {
		if s[0] == '-' {
			return math.Inf(-1)
		}
		return math.Inf(1)
	}
	for _, c := range body {
		if !(c >= '0' && c <= '9' || c == '.' || c == 'e' || c == 'E' || c == '+' || c == '-') {
			return math.NaN()
		}
	}
	f, err := strconv.ParseFloat(s, 64)
	if err != nil {
		if ne, ok := err.(*strconv.NumError); ok && ne.Err == strconv.ErrRange {
			return f
		}
		return math.NaN()
	}
	return f
}

func digitValue(c rune) int {
	switch {
	case c >= '0' && c <= '9':
		return int(c - '0')
	case c >= 'a' && c <= 'z':
		return int(c-'a') + 10
	case c >= 'A' && c <= 'Z':
		return int(c-'A') + 10
	}
	return -1
}

// isJSSpace reports whether c is JavaScript white space or a line terminator.
func isJSSpace(c rune) bool {
	switch c {
	case '\t', '\n', '\v', '\f', '\r', ' ', 0xa0, 0x1680, 0x2028, 0x2029, 0x202f, 0x205f, 0x3000, 0xfeff:
		return true
	}
	return c >= 0x2000 && c <= 0x200a
}
