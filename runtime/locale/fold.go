package locale

import "github.com/a0diff/a0diff/runtime/value"

// digitZeros are the first code points of the blocks of ten decimal digits that ICU
// collates exactly as "0"…"9" (node 20: each digit's localeCompare with its ASCII digit
// is 0), the same table as the reference's (reference/ts/src/collate.ts, DIGIT_ZEROS);
// testdata/digits.txt is node's list, and a test holds the two to it.
var digitZeros = []rune{
	0x660, 0x6f0, 0x7c0, 0x966, 0x9e6, 0xa66, 0xae6, 0xb66, 0xbe6, 0xc66, 0xce6, 0xd66, 0xde6, 0xe50, 0xed0, 0xf20,
	0x1040, 0x1090, 0x17e0, 0x1810, 0x1946, 0x19d0, 0x1a80, 0x1a90, 0x1b50, 0x1bb0, 0x1c40, 0x1c50, 0xa620, 0xa8d0,
	0xa900, 0xa9d0, 0xa9f0, 0xaa50, 0xabf0, 0x104a0, 0x10d30, 0x10d40, 0x11066, 0x110f0, 0x11136, 0x111d0, 0x112f0,
	0x11450, 0x114d0, 0x11650, 0x116c0, 0x116d0, 0x116da, 0x11730, 0x118e0, 0x11950, 0x11bf0, 0x11c50, 0x11d50,
	0x11da0, 0x11de0, 0x11f50, 0x16130, 0x16a60, 0x16ac0, 0x16b50, 0x16d70, 0x1e140, 0x1e2f0, 0x1e4f0, 0x1e5f1,
	0x1e950,
}

// The stand-ins of fold: lone surrogates from U+40000, then U+FFFD and U+FFFF.
const (
	surrogateStandIn    = 0x40000
	replacementStandIn  = 0x40800
	noncharacterStandIn = 0x40801
)

// digitValue is the ASCII digit r collates as, or 0 when it is not such a digit.
func digitValue(r rune) rune {
	if r < 0x660 {
		return 0
	}
	for _, z := range digitZeros {
		if r >= z && r <= z+9 {
			return '0' + r - z
		}
	}
	return 0
}

// fold is the reference's collationFold (reference/ts/src/collate.ts), on the value
// model's WTF-8: the digits of digitZeros become ASCII digits, a lone surrogate U the
// unassigned code point U+40000 + (U - 0xD800), U+FFFD U+40800 and U+FFFF U+40801, so
// that the x/text root collator orders as ICU (V8) does. The result has no lone
// surrogate. Most strings come back as they are: U+0660 is the first code point
// changed, and every UTF-8 form from it on starts with a byte of 0xD9 or more.
func fold(s string) string {
	i := 0
	for i < len(s) && s[i] < 0xD9 {
		i++
	}
	if i == len(s) {
		return s
	}
	units := value.ToUTF16(s)
	out := make([]rune, 0, len(units))
	for j := 0; j < len(units); j++ {
		c := rune(units[j])
		switch {
		case c >= 0xD800 && c <= 0xDBFF && j+1 < len(units) && units[j+1] >= 0xDC00 && units[j+1] <= 0xDFFF:
			r := (c-0xD800)<<10 + (rune(units[j+1]) - 0xDC00) + 0x10000
			if d := digitValue(r); d != 0 {
				r = d
			}
			out = append(out, r)
			j++
		case c >= 0xD800 && c <= 0xDFFF:
			out = append(out, surrogateStandIn+c-0xD800)
		case c == 0xFFFD:
			out = append(out, replacementStandIn)
		case c == 0xFFFF:
			out = append(out, noncharacterStandIn)
		default:
			if d := digitValue(c); d != 0 {
				c = d
			}
			out = append(out, c)
		}
	}
	return string(out)
}
