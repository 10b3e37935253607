package syntax

import (
	"strconv"
	"strings"

	"github.com/a0diff/a0diff/runtime/diag"
)

// decodeStringLiteral decodes the full text of a StringLit token (quotes included) the way
// a strict JSON parser does (§1.7), returning the value as WTF-8. On failure msg is the
// error text of the reference's JSON parser (Node 20), positions counted in UTF-16 code
// units from the opening quote. Only raw control characters can fail in a token the lexer
// accepted; the other messages guard against misuse.
func decodeStringLiteral(img string) (val string, msg string, ok bool) {
	if len(img) < 2 || img[0] != '"' {
		return "", "Unexpected token in JSON at position 0", false
	}
	var sb strings.Builder
	sb.Grow(len(img))
	pos := 1 // UTF-16 position of img[i]
	for i := 1; i < len(img); {
		c := img[i]
		switch {
		case c == '"':
			if i != len(img)-1 {
				return "", "Unexpected non-whitespace character after JSON at position " + strconv.Itoa(pos+1), false
			}
			return sb.String(), "", true
		case c < 0x20:
			return "", "Bad control character in string literal in JSON at position " + strconv.Itoa(pos), false
		case c == '\\':
			if i+1 >= len(img) {
				break
			}
			switch e := img[i+1]; e {
			case '"', '\\', '/':
				sb.WriteByte(e)
			case 'b':
				sb.WriteByte('\b')
			case 'f':
				sb.WriteByte('\f')
			case 'n':
				sb.WriteByte('\n')
			case 'r':
				sb.WriteByte('\r')
			case 't':
				sb.WriteByte('\t')
			case 'u':
				u, ok := hex4(img, i+2)
				if !ok {
					return "", "Bad Unicode escape in JSON at position " + strconv.Itoa(pos), false
				}
				if u >= 0xD800 && u <= 0xDBFF && i+11 < len(img) && img[i+6] == '\\' && img[i+7] == 'u' {
					if lo, ok := hex4(img, i+8); ok && lo >= 0xDC00 && lo <= 0xDFFF {
						sb.WriteRune(0x10000 + (rune(u)-0xD800)<<10 + rune(lo) - 0xDC00)
						i += 12
						pos += 12
						continue
					}
				}
				sb.WriteString(encodeUnit(u))
				i += 6
				pos += 6
				continue
			default:
				return "", "Bad escaped character in JSON at position " + strconv.Itoa(pos+1), false
			}
			i += 2
			pos += 2
			continue
		default:
			// Copy one whole UTF-8 sequence.
			j := i + 1
			for j < len(img) && img[j]&0xC0 == 0x80 {
				j++
			}
			sb.WriteString(img[i:j])
			pos += diag.UTF16Len(img[i:j])
			i = j
			continue
		}
		break
	}
	return "", "Unterminated string in JSON at position " + strconv.Itoa(pos), false
}

func hex4(s string, i int) (uint16, bool) {
	if i+4 > len(s) {
		return 0, false
	}
	var u uint16
	for _, c := range []byte(s[i : i+4]) {
		var d byte
		switch {
		case c >= '0' && c <= '9':
			d = c - '0'
		case c >= 'a' && c <= 'f':
			d = c - 'a' + 10
		case c >= 'A' && c <= 'F':
			d = c - 'A' + 10
		default:
			return 0, false
		}
		u = u<<4 | uint16(d)
	}
	return u, true
}
