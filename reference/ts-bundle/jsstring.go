package tsbundle

import (
	"strings"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/dop251/goja"

	"github.com/a0diff/a0diff/runtime/value"
)

// jsonTextFromJS converts a JavaScript string holding JSON text to Go, keeping every
// UTF-16 code unit. goja's own conversion replaces lone surrogates by U+FFFD; here a
// lone surrogate becomes the escape \udxxx instead, which denotes the same code unit
// because in JSON text a lone surrogate can only stand inside a string literal.
func jsonTextFromJS(s goja.String) string {
	text := s.String()
	// Lone surrogates show up as U+FFFD in goja's conversion; without one, the
	// conversion was exact.
	if !hasReplacement(text) {
		return text
	}
	n := s.Length()
	var b strings.Builder
	b.Grow(n + n/2)
	for i := 0; i < n; i++ {
		c := rune(s.CharAt(i))
		switch {
		case utf16.IsSurrogate(c) && c < 0xDC00 && i+1 < n:
			if d := rune(s.CharAt(i + 1)); d >= 0xDC00 && d <= 0xDFFF {
				b.WriteRune(utf16.DecodeRune(c, d))
				i++
				continue
			}
			writeEscapedUnit(&b, c)
		case utf16.IsSurrogate(c):
			writeEscapedUnit(&b, c)
		default:
			b.WriteRune(c)
		}
	}
	return b.String()
}

func writeEscapedUnit(b *strings.Builder, c rune) {
	const hex = "0123456789abcdef"
	b.WriteString(`\u`)
	b.WriteByte(hex[c>>12&0xF])
	b.WriteByte(hex[c>>8&0xF])
	b.WriteByte(hex[c>>4&0xF])
	b.WriteByte(hex[c&0xF])
}

// stringFromJS converts a JavaScript string to an A0 string (canonical WTF-8), keeping
// lone surrogates, which goja's own conversion replaces by U+FFFD.
func stringFromJS(s goja.String) string {
	text := s.String()
	if !hasReplacement(text) {
		return text
	}
	units := make([]uint16, s.Length())
	for i := range units {
		units[i] = s.CharAt(i)
	}
	return value.FromUTF16(units)
}

// hasReplacement reports whether text, a string goja converted to Go (valid UTF-8),
// holds U+FFFD: a search for its three bytes, which strings.Contains does a word at a
// time, where strings.ContainsRune(text, utf8.RuneError) decodes every rune (the
// generator's big-value cases hand over texts of 32 MB).
func hasReplacement(text string) bool {
	return strings.Contains(text, string(utf8.RuneError))
}
