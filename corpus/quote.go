package corpus

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/a0diff/a0diff/runtime/value"
)

// An @expect error message is written verbatim unless that would be ambiguous or
// impossible on one line: a message that is empty, starts with `"`, has leading or
// trailing blanks, or contains a control character or a lone surrogate is written as a
// JSON string literal instead. Consequently a message field that starts with `"` is
// always a JSON string literal.

// quoteMessage returns the text of the message field for m: m itself, or the JSON
// string literal that divergence reports show for it (value.Quote) with DEL escaped too,
// so that the line shows it. value.Quote writes DEL as itself, and no other 0x7f byte
// can occur in its output (escapes are ASCII letters and digits, and 0x7f is never part
// of a longer UTF-8 sequence).
func quoteMessage(m string) string {
	if !needsQuoting(m) {
		return m
	}
	return strings.ReplaceAll(value.Quote(m), "\x7f", `\u007f`)
}

func needsQuoting(m string) bool {
	if m == "" || m[0] == '"' || m[0] == ' ' || m[0] == '\t' || m[len(m)-1] == ' ' || m[len(m)-1] == '\t' {
		return true
	}
	for i := 0; i < len(m); {
		// A lone surrogate (WTF-8, not UTF-8) decodes as an invalid byte.
		r, n := utf8.DecodeRuneInString(m[i:])
		if r < 0x20 || r == 0x7f || (r == utf8.RuneError && n == 1) {
			return true
		}
		i += n
	}
	return false
}

// unquoteMessage is the inverse of quoteMessage.
func unquoteMessage(s string) (string, error) {
	if s == "" || s[0] != '"' {
		return s, nil
	}
	if len(s) < 2 || s[len(s)-1] != '"' {
		return "", errors.New(`message starts with '"' but is not one JSON string literal`)
	}
	var b strings.Builder
	body := s[1 : len(s)-1]
	for i := 0; i < len(body); i++ {
		c := body[i]
		switch {
		case c == '"':
			return "", errors.New(`unescaped '"' inside the quoted message`)
		case c < 0x20:
			return "", errors.New("raw control character inside the quoted message")
		case c != '\\':
			b.WriteByte(c)
			continue
		}
		i++
		if i == len(body) {
			return "", errors.New("quoted message ends inside an escape")
		}
		if c, ok := value.JSONShortEscape(body[i]); ok {
			b.WriteByte(c)
			continue
		}
		switch body[i] {
		case 'u':
			if i+5 > len(body) {
				return "", errors.New(`quoted message has a truncated \u escape`)
			}
			cu, err := strconv.ParseUint(body[i+1:i+5], 16, 16)
			if err != nil {
				return "", fmt.Errorf(`quoted message has a malformed \u escape %q`, body[i-1:i+5])
			}
			i += 4
			// A high surrogate followed by a low one is one code point; any other
			// surrogate is kept alone, in WTF-8 (the encoding A0 strings use).
			if cu >= 0xd800 && cu < 0xdc00 && i+7 <= len(body) && body[i+1] == '\\' && body[i+2] == 'u' {
				if lo, err := strconv.ParseUint(body[i+3:i+7], 16, 16); err == nil && lo >= 0xdc00 && lo < 0xe000 {
					b.WriteRune(rune(0x10000 + (cu-0xd800)<<10 + (lo - 0xdc00)))
					i += 6
					continue
				}
			}
			b.WriteString(value.FromUTF16([]uint16{uint16(cu)}))
		default:
			return "", fmt.Errorf(`quoted message has an unknown escape \%c`, body[i])
		}
	}
	return b.String(), nil
}
