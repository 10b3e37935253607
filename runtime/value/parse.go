package value

import (
	"strconv"
	"strings"
)

// JSONSyntaxError is a JSON.parse failure. Message follows the wording of V8 in Node 20
// (the spec's [HOST] texts), e.g. "Unexpected end of JSON input" or
// "Bad control character in string literal in JSON at position 4"; Position is the
// code-unit offset the message names (-1 when it names none).
type JSONSyntaxError struct {
	Message  string
	Position int
}

func (e *JSONSyntaxError) Error() string { return e.Message }

// V8's explicit messages; each is followed by " in JSON at position N".
const (
	msgPropNameOrRBrace   = "Expected property name or '}'"
	msgDoubleQuotedName   = "Expected double-quoted property name"
	msgColonAfterName     = "Expected ':' after property name"
	msgCommaOrRBrace      = "Expected ',' or '}' after property value"
	msgCommaOrRBrack      = "Expected ',' or ']' after array element"
	msgUnterminatedString = "Unterminated string"
	msgBadControl         = "Bad control character in string literal"
	msgBadEscape          = "Bad escaped character"
	msgBadUnicodeEscape   = "Bad Unicode escape"
	msgNoNumberAfterMinus = "No number after minus sign"
	msgFractionMissing    = "Unterminated fractional number"
	msgExponentMissing    = "Exponent part is missing a number"
)

// ParseJSON is JSON.parse as the reference relies on it (§8.2): strict RFC 8259,
// duplicate keys last-wins-first-position, "__proto__" an ordinary own key, numbers to
// the nearest double (overflow ±Infinity, "-0" → -0), \u escapes may make lone
// surrogates. Errors are *JSONSyntaxError with V8's wording. The parser is iterative, so
// nesting depth is bounded only by the input length.
func ParseJSON(text string) (Value, error) {
	p := jsonParser{s: text}
	return p.parse()
}

type jsonParser struct {
	s string
	i int // byte offset into s
}

// parseFrame is an open list or record.
type parseFrame struct {
	rec   *Record
	items []Value
	key   string
}

func (p *jsonParser) parse() (Value, error) {
	var stack []*parseFrame
	var value Value
	for {
		// Produce one value (or open a container and go round again for its first member).
		p.skipWS()
		if p.i >= len(p.s) {
			return nil, p.unexpectedEnd()
		}
		opened := false
		switch c := p.s[p.i]; {
		case c == '"':
			p.i++
			s, err := p.scanString()
			if err != nil {
				return nil, err
			}
			value = s
		case c == '-' || isDigit(c):
			f, err := p.scanNumber()
			if err != nil {
				return nil, err
			}
			value = f
		case c == '{':
			p.i++
			if p.check('}') {
				value = NewRecord()
				break
			}
			// Room for a few members in the record's own allocation (NewRecordSize).
			f := &parseFrame{rec: NewRecordSize(4)}
			if err := p.memberKey(f, msgPropNameOrRBrace); err != nil {
				return nil, err
			}
			stack = append(stack, f)
			opened = true
		case c == '[':
			p.i++
			if p.check(']') {
				value = &List{Items: []Value{}}
				break
			}
			stack = append(stack, &parseFrame{})
			opened = true
		case c == 't':
			if err := p.scanLiteral("true"); err != nil {
				return nil, err
			}
			value = true
		case c == 'f':
			if err := p.scanLiteral("false"); err != nil {
				return nil, err
			}
			value = false
		case c == 'n':
			if err := p.scanLiteral("null"); err != nil {
				return nil, err
			}
			value = nil
		default:
			return nil, p.unexpectedChar()
		}
		if opened {
			continue
		}
		// Hand the value to the enclosing containers, closing those that end here.
	closing:
		for {
			if len(stack) == 0 {
				p.skipWS()
				if p.i < len(p.s) {
					pos := p.position()
					return nil, &JSONSyntaxError{Message: "Unexpected non-whitespace character after JSON at position " + strconv.Itoa(pos), Position: pos}
				}
				return value, nil
			}
			f := stack[len(stack)-1]
			if f.rec != nil {
				f.rec.Set(f.key, value)
				if p.check(',') {
					if err := p.memberKey(f, msgDoubleQuotedName); err != nil {
						return nil, err
					}
					break closing
				}
				if err := p.expect('}', msgCommaOrRBrace); err != nil {
					return nil, err
				}
				value = f.rec
			} else {
				f.items = append(f.items, value)
				if p.check(',') {
					break closing
				}
				if err := p.expect(']', msgCommaOrRBrack); err != nil {
					return nil, err
				}
				value = &List{Items: f.items}
			}
			stack = stack[:len(stack)-1]
		}
	}
}

// memberKey reads `"key" :` into f; missing tells the message for a missing key.
func (p *jsonParser) memberKey(f *parseFrame, missing string) error {
	if err := p.expect('"', missing); err != nil {
		return err
	}
	key, err := p.scanString()
	if err != nil {
		return err
	}
	f.key = key
	return p.expect(':', msgColonAfterName)
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

func (p *jsonParser) skipWS() {
	for p.i < len(p.s) {
		switch p.s[p.i] {
		case ' ', '\t', '\n', '\r':
			p.i++
		default:
			return
		}
	}
}

// check consumes c (after whitespace) if it is next.
func (p *jsonParser) check(c byte) bool {
	p.skipWS()
	if p.i < len(p.s) && p.s[p.i] == c {
		p.i++
		return true
	}
	return false
}

// expect consumes c (after whitespace) or fails with msg at the current position.
func (p *jsonParser) expect(c byte, msg string) error {
	if p.check(c) {
		return nil
	}
	return p.errorAt(msg)
}

// scanString reads a string body; the opening quote has been consumed.
func (p *jsonParser) scanString() (string, error) {
	start := p.i
	for p.i < len(p.s) {
		c := p.s[p.i]
		if c == '"' {
			s := p.s[start:p.i]
			p.i++
			return s, nil
		}
		if c == '\\' || c < 0x20 {
			break
		}
		p.i++
	}
	var b Builder
	b.WriteString(p.s[start:p.i])
	for {
		if p.i >= len(p.s) {
			return "", p.errorAt(msgUnterminatedString)
		}
		c := p.s[p.i]
		switch {
		case c == '"':
			p.i++
			return b.String(), nil
		case c < 0x20:
			return "", p.errorAt(msgBadControl)
		case c != '\\':
			j := p.i + 1
			for j < len(p.s) && p.s[j] != '"' && p.s[j] != '\\' && p.s[j] >= 0x20 {
				j++
			}
			b.WriteString(p.s[p.i:j])
			p.i = j
			continue
		}
		// An escape: p.i is at the backslash, the position V8 reports is the escape
		// character after it.
		p.i++
		if p.i >= len(p.s) {
			return "", p.unexpectedEnd()
		}
		e := p.s[p.i]
		if c, ok := JSONShortEscape(e); ok {
			b.WriteByte(c)
			p.i++
			continue
		}
		switch e {
		case 'u':
			var u rune
			for k := 0; k < 4; k++ {
				p.i++
				if p.i >= len(p.s) {
					return "", p.errorAt(msgBadUnicodeEscape)
				}
				d := hexValue(p.s[p.i])
				if d < 0 {
					return "", p.errorAt(msgBadUnicodeEscape)
				}
				u = u<<4 | rune(d)
			}
			b.WriteRune(u)
		default:
			r, _ := decodeWTF8(p.s[p.i:])
			if r > 0xFF {
				return "", p.unexpectedChar()
			}
			return "", p.errorAt(msgBadEscape)
		}
		p.i++
	}
}

// JSONShortEscape is the character a two-character JSON escape stands for, c being the
// character after the backslash: one of " \ / b f n r t. ok is false for any other
// (\u, or no escape of JSON).
func JSONShortEscape(c byte) (_ byte, ok bool) {
	switch c {
	case '"', '\\', '/':
		return c, true
	case 'b':
		return '\b', true
	case 'f':
		return '\f', true
	case 'n':
		return '\n', true
	case 'r':
		return '\r', true
	case 't':
		return '\t', true
	}
	return 0, false
}

func hexValue(c byte) int {
	switch {
	case c >= '0' && c <= '9':
		return int(c - '0')
	case c >= 'a' && c <= 'f':
		return int(c-'a') + 10
	case c >= 'A' && c <= 'F':
		return int(c-'A') + 10
	}
	return -1
}

// scanNumber reads a number starting at '-' or a digit.
func (p *jsonParser) scanNumber() (float64, error) {
	start := p.i
	if p.s[p.i] == '-' {
		p.i++
	}
	switch {
	case p.i < len(p.s) && p.s[p.i] == '0':
		p.i++
		if p.i < len(p.s) && isDigit(p.s[p.i]) {
			return 0, p.unexpectedChar()
		}
	case p.i < len(p.s) && isDigit(p.s[p.i]):
		p.digits()
	default:
		return 0, p.errorAt(msgNoNumberAfterMinus)
	}
	if p.i < len(p.s) && p.s[p.i] == '.' {
		p.i++
		if p.i >= len(p.s) || !isDigit(p.s[p.i]) {
			return 0, p.errorAt(msgFractionMissing)
		}
		p.digits()
	}
	if p.i < len(p.s) && (p.s[p.i] == 'e' || p.s[p.i] == 'E') {
		p.i++
		if p.i < len(p.s) && (p.s[p.i] == '+' || p.s[p.i] == '-') {
			p.i++
		}
		if p.i >= len(p.s) || !isDigit(p.s[p.i]) {
			return 0, p.errorAt(msgExponentMissing)
		}
		p.digits()
	}
	// The grammar is checked; ParseFloat rounds to nearest and reports overflow as
	// ±Inf with ErrRange, which is JSON.parse's answer too.
	f, _ := strconv.ParseFloat(p.s[start:p.i], 64)
	return f, nil
}

func (p *jsonParser) digits() {
	for p.i < len(p.s) && isDigit(p.s[p.i]) {
		p.i++
	}
}

// scanLiteral reads word (true/false/null) whose first letter is at p.i.
func (p *jsonParser) scanLiteral(word string) error {
	if strings.HasPrefix(p.s[p.i:], word) {
		p.i += len(word)
		return nil
	}
	p.i++
	for k := 1; k < len(word); k++ {
		if p.i >= len(p.s) {
			return p.unexpectedEnd()
		}
		if p.s[p.i] != word[k] {
			return p.unexpectedChar()
		}
		p.i++
	}
	return p.unexpectedEnd() // unreachable: the prefix test would have matched
}

// position is the code-unit offset of the cursor.
func (p *jsonParser) position() int { return UTF16Len(p.s[:p.i]) }

func (p *jsonParser) errorAt(msg string) error {
	pos := p.position()
	return &JSONSyntaxError{Message: msg + " in JSON at position " + strconv.Itoa(pos), Position: pos}
}

func (p *jsonParser) unexpectedEnd() error {
	return &JSONSyntaxError{Message: "Unexpected end of JSON input", Position: -1}
}

// unexpectedChar reports the character at the cursor the way V8 classifies it: a quote
// is an unexpected string, a minus or digit an unexpected number, anything else an
// unexpected token quoted with (part of) the source text.
func (p *jsonParser) unexpectedChar() error {
	if p.i >= len(p.s) {
		return p.unexpectedEnd()
	}
	pos := p.position()
	switch c := p.s[p.i]; {
	case c == '"':
		return &JSONSyntaxError{Message: "Unexpected string in JSON at position " + strconv.Itoa(pos), Position: pos}
	case c == '-' || isDigit(c):
		return &JSONSyntaxError{Message: "Unexpected number in JSON at position " + strconv.Itoa(pos), Position: pos}
	}
	switch p.s {
	case "[object Object]", "undefined", "Infinity", "NaN":
		return &JSONSyntaxError{Message: `"` + p.s + `" is not valid JSON`, Position: pos}
	}
	// V8 quotes the whole source when it is shorter than 21 code units, else ten code
	// units either side of the offending one, with "..." where it cut.
	const context = 10
	units := ToUTF16(p.s)
	token := FromUTF16(units[pos : pos+1])
	var snippet string
	switch n := len(units); {
	case n < 2*context+1:
		snippet = `"` + p.s + `"`
	case pos < context:
		snippet = `"` + FromUTF16(units[:pos+context]) + `"...`
	case pos < n-context:
		snippet = `..."` + FromUTF16(units[pos-context:pos+context]) + `"...`
	default:
		snippet = `..."` + FromUTF16(units[pos-context:]) + `"`
	}
	return &JSONSyntaxError{Message: "Unexpected token '" + token + "', " + snippet + " is not valid JSON", Position: pos}
}
