package diag

import (
	"math/bits"
	"strings"
	"unicode/utf8"
)

// UTF16Len is the length of s in UTF-16 code units, the unit span columns count in
// (spec §3). s is UTF-8, or WTF-8 as package value holds A0 strings.
//
// Every code point starts with a non-continuation byte and only 4-byte sequences (lead
// byte ≥ 0xF0) take two code units. The count is taken eight bytes at a time: strings of
// a million characters are common in generated programs (a value serialised to text is
// bounded by the text units of its strings, value.TextLimit), where a JavaScript string
// knows its length at once.
func UTF16Len(s string) int {
	n := len(s)
	i := 0
	// 32 bytes at a time, ASCII-only ones at one test (a generated case measures texts
	// of 32 MB with len), then 8, then byte by byte.
	for ; i+32 <= len(s); i += 32 {
		w0, w1, w2, w3 := word8(s, i), word8(s, i+8), word8(s, i+16), word8(s, i+24)
		if (w0|w1|w2|w3)&high8 == 0 {
			continue // ASCII: one unit per byte
		}
		n += unitsOverBytes(w0) + unitsOverBytes(w1) + unitsOverBytes(w2) + unitsOverBytes(w3)
	}
	for ; i+8 <= len(s); i += 8 {
		if w := word8(s, i); w&high8 != 0 {
			n += unitsOverBytes(w)
		}
	}
	for ; i < len(s); i++ {
		c := s[i]
		if c&0xC0 == 0x80 {
			n--
		}
		if c >= 0xF0 {
			n++
		}
	}
	return n
}

// high8 has the top bit of each of eight bytes.
const high8 = 0x8080808080808080

// word8 is the eight bytes of s from i, little-endian (one load).
func word8(s string, i int) uint64 {
	s = s[i : i+8] // one bounds check; the compiler merges the byte loads into one
	return uint64(s[0]) | uint64(s[1])<<8 | uint64(s[2])<<16 | uint64(s[3])<<24 |
		uint64(s[4])<<32 | uint64(s[5])<<40 | uint64(s[6])<<48 | uint64(s[7])<<56
}

// unitsOverBytes is the UTF-16 units of the eight bytes of w less their number: bit 7 of
// each byte of w<<k is bit 7-k of the same byte, so these masks hold one bit per byte:
// continuation bytes (10xxxxxx) count nothing, lead bytes of 4-byte sequences (11110xxx)
// count twice.
func unitsOverBytes(w uint64) int {
	continuation := w &^ (w << 1) & high8
	four := w & (w << 1) & (w << 2) & (w << 3) & high8
	return bits.OnesCount64(four) - bits.OnesCount64(continuation)
}

// DecodeUTF8 decodes bytes from outside the way the WHATWG "UTF-8 decode" does (Node's
// Buffer#toString('utf8'), TextDecoder, and program files, spec §1.1): every maximal
// subpart of an ill-formed sequence becomes one U+FFFD (so the three bytes of an encoded
// surrogate give three). This is not Go's one-per-byte replacement, which differs on
// truncated sequences. A byte-order mark is kept as an ordinary U+FEFF character.
func DecodeUTF8(raw string) string {
	if utf8.ValidString(raw) {
		return raw
	}
	var sb strings.Builder
	sb.Grow(len(raw) + 8)
	for i := 0; i < len(raw); {
		c := raw[i]
		if c < 0x80 {
			sb.WriteByte(c)
			i++
			continue
		}
		need, lo, hi := utf8LeadInfo(c)
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
			if j >= len(raw) || raw[j] < lo || raw[j] > hi {
				ok = false
				break
			}
			j++
			lo, hi = 0x80, 0xBF
		}
		if ok {
			sb.WriteString(raw[i:j])
		} else {
			sb.WriteRune(utf8.RuneError)
		}
		i = j
	}
	return sb.String()
}

// utf8LeadInfo returns how many continuation bytes a lead byte needs and the range
// allowed for the first of them (the WHATWG decoder's lower/upper boundary), or need 0
// for a byte that cannot start a sequence.
func utf8LeadInfo(c byte) (need int, lo, hi byte) {
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
