package syntax

import (
	"strings"
	"unicode/utf8"
)

// DecodeSource converts the bytes of a program file to the source text the way the
// reference's UTF-8 decoder does (spec §1.1): every maximal subpart of an ill-formed
// sequence becomes one U+FFFD (the WHATWG rule, not one per byte), and a byte-order mark
// is kept as an ordinary U+FEFF character.
func DecodeSource(b []byte) string {
	if utf8.Valid(b) {
		return string(b)
	}
	var sb strings.Builder
	sb.Grow(len(b) + 8)
	for i := 0; i < len(b); {
		c := b[i]
		if c < 0x80 {
			sb.WriteByte(c)
			i++
			continue
		}
		need, lo, hi := leadInfo(c)
		if need == 0 {
			sb.WriteRune(utf8.RuneError)
			i++
			continue
		}
		// Accept continuation bytes while they are in range; the first byte out of range
		// ends the maximal subpart and is examined again as a new lead byte.
		j := i + 1
		ok := true
		for k := 0; k < need; k++ {
			if j >= len(b) || b[j] < lo || b[j] > hi {
				ok = false
				break
			}
			j++
			lo, hi = 0x80, 0xBF
		}
		if ok {
			sb.Write(b[i:j])
		} else {
			sb.WriteRune(utf8.RuneError)
		}
		i = j
	}
	return sb.String()
}

// leadInfo returns how many continuation bytes a lead byte needs and the range allowed for
// the first of them (the WHATWG decoder's lower/upper boundary), or need 0 for a byte
// that cannot start a sequence.
func leadInfo(c byte) (need int, lo, hi byte) {
	switch {
	case c >= 0xC2 && c <= 0xDF:
		return 1, 0x80, 0xBF
	case c == 0xE0:
		return 2, 0xA0, 0xBF
	case c == 0xED:
		return 2, 0x80, 0x9F
	case c >= 0xE1 && c <= 0xEF:
		return 2, 0x80, 0xBF
	case c == 0xF0:
		return 3, 0x90, 0xBF
	case c >= 0xF1 && c <= 0xF3:
		return 3, 0x80, 0xBF
	case c == 0xF4:
		return 3, 0x80, 0x8F
	}
	return 0, 0, 0
}
