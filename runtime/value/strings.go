package value

import (
	"slices"
	"strings"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/a0diff/a0diff/runtime/diag"
)

// A0 strings are sequences of UTF-16 code units held as WTF-8: valid UTF-8 for every
// well-formed part, and the 3-byte generalised UTF-8 form ED A0 80 … ED BF BF for a lone
// surrogate. The representation is canonical — a high surrogate directly followed by a
// low surrogate is always stored as the 4-byte form of the pair — so that Go string
// equality is JavaScript string equality. Concatenation must therefore go through
// Concat or Builder, which re-pair surrogates meeting at the seam.

// decodeWTF8 decodes the code point at the start of s: a scalar value, or a surrogate
// (0xD800–0xDFFF) encoded in three bytes. A byte that starts no valid sequence decodes
// as U+FFFD with size 1 (A0 strings never contain one; Go strings from outside may).
func decodeWTF8(s string) (r rune, size int) {
	if len(s) > 0 && s[0] < utf8.RuneSelf {
		return rune(s[0]), 1
	}
	if len(s) >= 3 && s[0] == 0xED && s[1] >= 0xA0 && s[1] <= 0xBF && s[2] >= 0x80 && s[2] <= 0xBF {
		return 0xD000 | rune(s[1]&0x3F)<<6 | rune(s[2]&0x3F), 3
	}
	return utf8.DecodeRuneInString(s)
}

// isSurrogate reports whether r is a UTF-16 surrogate code point.
func isSurrogate(r rune) bool { return r >= 0xD800 && r <= 0xDFFF }

// appendWTF8 appends the encoding of r (a scalar value or a lone surrogate).
func appendWTF8(b []byte, r rune) []byte {
	if isSurrogate(r) {
		return append(b, 0xED, byte(0x80|(r>>6)&0x3F), byte(0x80|r&0x3F))
	}
	return utf8.AppendRune(b, r)
}

// FromUTF16 converts code units to the canonical WTF-8 representation.
func FromUTF16(u []uint16) string {
	b := make([]byte, 0, len(u))
	for i := 0; i < len(u); i++ {
		c := rune(u[i])
		if c >= 0xD800 && c <= 0xDBFF && i+1 < len(u) && u[i+1] >= 0xDC00 && u[i+1] <= 0xDFFF {
			b = utf8.AppendRune(b, utf16.DecodeRune(c, rune(u[i+1])))
			i++
			continue
		}
		b = appendWTF8(b, c)
	}
	return string(b)
}

// ToUTF16 converts a WTF-8 string to its code units.
func ToUTF16(s string) []uint16 {
	u := make([]uint16, 0, len(s))
	for i := 0; i < len(s); {
		r, n := decodeWTF8(s[i:])
		i += n
		if r >= 0x10000 {
			r1, r2 := utf16.EncodeRune(r)
			u = append(u, uint16(r1), uint16(r2))
		} else {
			u = append(u, uint16(r))
		}
	}
	return u
}

// UTF16Len is the length in UTF-16 code units (diag.UTF16Len, which the front end
// shares).
func UTF16Len(s string) int { return diag.UTF16Len(s) }

// CompareStrings compares by UTF-16 code units (-1, 0, 1), as JavaScript's < does.
func CompareStrings(a, b string) int {
	// Up to the first differing code point the encodings agree byte for byte; there the
	// two code points decide, compared as their UTF-16 unit sequences.
	i := 0
	for i < len(a) && i < len(b) && a[i] == b[i] {
		i++
	}
	if i == len(a) || i == len(b) {
		switch {
		case len(a) == len(b):
			return 0
		case i == len(a):
			return -1
		default:
			return 1
		}
	}
	for i > 0 && (a[i]&0xC0 == 0x80 || b[i]&0xC0 == 0x80) {
		i--
	}
	ra, _ := decodeWTF8(a[i:])
	rb, _ := decodeWTF8(b[i:])
	if ua, ub := firstUnit(ra), firstUnit(rb); ua != ub {
		if ua < ub {
			return -1
		}
		return 1
	}
	// Same first unit, different code points: a lone lead surrogate against a pair
	// starting with it. The units that follow decide.
	return compareUnits(ToUTF16(a[i:]), ToUTF16(b[i:]))
}

// firstUnit is the first UTF-16 code unit of r.
func firstUnit(r rune) uint16 {
	if r >= 0x10000 {
		r1, _ := utf16.EncodeRune(r)
		return uint16(r1)
	}
	return uint16(r)
}

func compareUnits(a, b []uint16) int {
	for k := 0; k < len(a) && k < len(b); k++ {
		if a[k] != b[k] {
			if a[k] < b[k] {
				return -1
			}
			return 1
		}
	}
	switch {
	case len(a) < len(b):
		return -1
	case len(a) > len(b):
		return 1
	}
	return 0
}

// ToUTF8 replaces lone surrogates by U+FFFD (what fs.write, sh.exec and hashing see).
func ToUTF8(s string) string {
	if !HasLoneSurrogate(s) {
		return s
	}
	b := make([]byte, 0, len(s))
	for i := 0; i < len(s); {
		r, n := decodeWTF8(s[i:])
		if isSurrogate(r) {
			r = utf8.RuneError
		}
		b = utf8.AppendRune(b, r)
		i += n
	}
	return string(b)
}

// HasLoneSurrogate reports whether s contains a lone surrogate.
func HasLoneSurrogate(s string) bool {
	for i := 0; i+2 < len(s); i++ {
		if s[i] == 0xED && s[i+1] >= 0xA0 {
			return true
		}
	}
	return false
}

// FromGoString converts an arbitrary Go string to a canonical A0 string: well-formed
// WTF-8 is kept (surrogate pairs written as two 3-byte forms are joined), and every byte
// that starts no valid sequence becomes U+FFFD.
func FromGoString(s string) string {
	if utf8.ValidString(s) {
		return s
	}
	var b Builder
	b.Grow(len(s))
	for i := 0; i < len(s); {
		r, n := decodeWTF8(s[i:])
		b.WriteRune(r)
		i += n
	}
	return b.String()
}

// Concat joins A0 strings, pairing a high surrogate at the end of one part with a low
// surrogate at the start of the next (JavaScript's + on strings).
func Concat(parts ...string) string {
	switch len(parts) {
	case 0:
		return ""
	case 1:
		return parts[0]
	case 2:
		// The common case (binary +): Go's concatenation copies the bytes once, where
		// the Builder copies them twice; only a surrogate pair split between the parts
		// needs the Builder's joining.
		a, b := parts[0], parts[1]
		if !(len(b) >= 3 && b[0] == 0xED && b[1] >= 0xB0 && endsWithHighSurrogate(a)) {
			return a + b
		}
	}
	var b Builder
	n := 0
	for _, p := range parts {
		n += len(p)
	}
	b.Grow(n)
	for _, p := range parts {
		b.WriteString(p)
	}
	return b.String()
}

// Builder accumulates an A0 string, keeping it canonical across appends.
type Builder struct {
	buf []byte
}

// Grow reserves room for n more bytes.
func (b *Builder) Grow(n int) {
	if cap(b.buf)-len(b.buf) < n {
		nb := make([]byte, len(b.buf), len(b.buf)+n)
		copy(nb, b.buf)
		b.buf = nb
	}
}

// WriteString appends s.
func (b *Builder) WriteString(s string) { b.buf = AppendConcat(b.buf, s) }

// AppendConcat appends the A0 string s to the A0 string in buf as Concat joins them
// (a high surrogate at buf's end and a low one at s's start become one pair).
func AppendConcat(buf []byte, s string) []byte {
	if len(s) >= 3 && s[0] == 0xED && s[1] >= 0xB0 && endsWithHighSurrogate(buf) {
		lo, _ := decodeWTF8(s)
		buf = joinPair(buf, lo)
		s = s[3:]
	}
	return append(buf, s...)
}

// WriteByte appends an ASCII byte.
func (b *Builder) WriteByte(c byte) error {
	b.buf = append(b.buf, c)
	return nil
}

// WriteRune appends a code point, which may be a surrogate (one UTF-16 code unit).
func (b *Builder) WriteRune(r rune) {
	if r >= 0xDC00 && r <= 0xDFFF && b.endsWithHighSurrogate() {
		b.joinPair(r)
		return
	}
	b.buf = appendWTF8(b.buf, r)
}

// WriteUnit appends one UTF-16 code unit.
func (b *Builder) WriteUnit(u uint16) { b.WriteRune(rune(u)) }

// Len is the number of bytes written so far.
func (b *Builder) Len() int { return len(b.buf) }

// String returns the accumulated string.
func (b *Builder) String() string { return string(b.buf) }

func (b *Builder) endsWithHighSurrogate() bool { return endsWithHighSurrogate(b.buf) }

// endsWithHighSurrogate reports whether the WTF-8 text s ends with a lone high surrogate.
func endsWithHighSurrogate[T string | []byte](s T) bool {
	n := len(s)
	return n >= 3 && s[n-3] == 0xED && s[n-2] >= 0xA0 && s[n-2] <= 0xAF
}

// joinPair replaces the trailing high surrogate by the pair it forms with lo.
func (b *Builder) joinPair(lo rune) { b.buf = joinPair(b.buf, lo) }

func joinPair(buf []byte, lo rune) []byte {
	hi, _ := decodeWTF8(string(buf[len(buf)-3:]))
	return utf8.AppendRune(buf[:len(buf)-3], utf16.DecodeRune(hi, lo))
}

// IndexUnits returns the code-unit offset of the first occurrence of sub in s at or
// after code-unit offset from, or -1 ([JS] String.prototype.indexOf). It works on the
// code units, so a lone surrogate in sub matches half of a pair in s.
func IndexUnits(s, sub string, from int) int {
	su, subu := ToUTF16(s), ToUTF16(sub)
	return indexUnits(su, subu, from)
}

func indexUnits(s, sub []uint16, from int) int {
	if from < 0 {
		from = 0
	}
	n := len(sub)
	for i := from; i+n <= len(s); i++ {
		match := true
		for j := 0; j < n; j++ {
			if s[i+j] != sub[j] {
				match = false
				break
			}
		}
		if match {
			return i
		}
	}
	return -1
}

// Contains is String.prototype.includes: a code-unit substring test.
func Contains(s, sub string) bool {
	if !HasLoneSurrogate(sub) {
		// Without lone surrogates in sub, byte matching in canonical WTF-8 lands on
		// code-point boundaries and equals code-unit matching.
		return strings.Contains(s, sub)
	}
	return indexUnits(ToUTF16(s), ToUTF16(sub), 0) >= 0
}

// HasPrefix is String.prototype.startsWith on code units.
func HasPrefix(s, prefix string) bool {
	if !HasLoneSurrogate(prefix) {
		return strings.HasPrefix(s, prefix)
	}
	su, pu := ToUTF16(s), ToUTF16(prefix)
	return len(pu) <= len(su) && slices.Equal(su[:len(pu)], pu)
}

// HasSuffix is String.prototype.endsWith on code units.
func HasSuffix(s, suffix string) bool {
	if !HasLoneSurrogate(suffix) {
		return strings.HasSuffix(s, suffix)
	}
	su, pu := ToUTF16(s), ToUTF16(suffix)
	return len(pu) <= len(su) && slices.Equal(su[len(su)-len(pu):], pu)
}

// DecodeUTF8 decodes bytes from outside the way the WHATWG "UTF-8 decode" does
// (diag.DecodeUTF8, which the front end shares).
func DecodeUTF8(raw string) string { return diag.DecodeUTF8(raw) }
