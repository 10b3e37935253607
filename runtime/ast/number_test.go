package ast

import (
	"math"
	"strconv"
	"strings"
	"testing"
)

// NumberValue's quick paths give strconv.ParseFloat's value: small integers, integers of
// 310 digits and more (+Inf), and the texts around them, which strconv reads.
func TestNumberValueIsParseFloat(t *testing.T) {
	nines := func(n int) string { return strings.Repeat("9", n) }
	texts := []string{
		"0", "1", "42", "999999999999999", "1000000000000000", "9007199254740993",
		"123456789012345678901", "18446744073709551616",
		"1" + strings.Repeat("0", 307),                 // 10^307
		"1" + strings.Repeat("0", 308),                 // 10^308, finite
		nines(309),                                     // just below 10^309: +Inf by rounding, through strconv
		"17976931348623157" + strings.Repeat("0", 292), // the largest double, 309 digits
		"17976931348623159" + strings.Repeat("0", 292), // past the midpoint: +Inf
		"1" + strings.Repeat("0", 309),                 // 10^309, the generator's +Inf
		nines(400),
		"00", "0123", // not IntLit texts: strconv reads them
		"0.5", "1.0e400", "5.0e-324", "1.7976931348623157e308", "1.0e21",
	}
	for _, s := range texts {
		want, _ := strconv.ParseFloat(s, 64)
		got := NumberValue(s)
		if math.Float64bits(got) != math.Float64bits(want) {
			t.Errorf("NumberValue(%.20s… %d chars) = %v, want %v", s, len(s), got, want)
		}
	}
}

// intText writes an integer Value without a Text as FormatFloat does, also where it
// takes the quicker FormatInt: -0 keeps its sign, and 2^53 and beyond are FormatFloat's.
func TestIntTextOfValues(t *testing.T) {
	for _, v := range []float64{0, math.Copysign(0, -1), 1, 7, 42, 1e15, 1<<53 - 1, 1 << 53, 1<<53 + 2, 1e21, 1.5e300} {
		want := strconv.FormatFloat(v, 'f', -1, 64)
		if got := intText(&IntLiteral{Value: v}); got != want {
			t.Errorf("intText(%v) = %q, want %q", v, got, want)
		}
	}
}
