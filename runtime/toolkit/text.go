package toolkit

import (
	"strings"
	"unicode/utf8"

	"github.com/a0diff/a0diff/runtime/value"
)

// decodeUTF8 decodes raw bytes the way Node's Buffer#toString('utf8') and the WHATWG
// "UTF-8 decode" do: every maximal ill-formed subsequence becomes one U+FFFD (so the
// three bytes of an encoded surrogate give three). This is not Go's per-byte
// replacement, which differs on truncated sequences. With stripBOM a leading U+FEFF is
// dropped (Response#text()); Buffer#toString keeps it.
func decodeUTF8(raw string, stripBOM bool) string {
	if stripBOM {
		raw = strings.TrimPrefix(raw, "\uFEFF")
	}
	if utf8.ValidString(raw) {
		return raw
	}
	var b strings.Builder
	b.Grow(len(raw) + 8)
	for i := 0; i < len(raw); {
		c := raw[i]
		if c < 0x80 {
			b.WriteByte(c)
			i++
			continue
		}
		need, lower, upper := 0, byte(0x80), byte(0xBF)
		switch {
		case c >= 0xC2 && c <= 0xDF:
			need = 1
		case c >= 0xE0 && c <= 0xEF:
			need = 2
			if c == 0xE0 {
				lower = 0xA0
			} else if c == 0xED {
				upper = 0x9F
			}
		case c >= 0xF0 && c <= 0xF4:
			need = 3
			if c == 0xF0 {
				lower = 0x90
			} else if c == 0xF4 {
				upper = 0x8F
			}
		default:
			b.WriteRune(utf8.RuneError)
			i++
			continue
		}
		j := i + 1
		for seen := 0; seen < need; seen++ {
			if j >= len(raw) || raw[j] < lower || raw[j] > upper {
				break
			}
			lower, upper = 0x80, 0xBF
			j++
		}
		if j-i == need+1 {
			b.WriteString(raw[i:j])
		} else {
			// The bytes consumed so far form one maximal subpart; the offending byte
			// (if any) is looked at again as the start of a new sequence.
			b.WriteRune(utf8.RuneError)
		}
		i = j
	}
	return b.String()
}

// hostText converts an A0 string to what the host's system calls see: UTF-8 with every
// lone surrogate replaced by U+FFFD (spec §10.3). Go strings that did not come from A0
// (fixtures) may hold arbitrary bytes; those are repaired the WHATWG way as well.
func hostText(s string) string {
	s = value.ToUTF8(s)
	if !utf8.ValidString(s) {
		s = decodeUTF8(s, false)
	}
	return s
}

// codeUnits is the string's length in UTF-16 code units.
func codeUnits(s string) int { return value.UTF16Len(s) }
