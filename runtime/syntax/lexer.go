package syntax

import (
	"strconv"
	"unicode/utf8"

	"github.com/a0diff/a0diff/runtime/ast"
	"github.com/a0diff/a0diff/runtime/diag"
)

const lexHint = "Check for invalid characters or unclosed strings."

// lexer implements §1.3 and the recovery of §1.9 over a valid UTF-8 string, counting
// positions in UTF-16 code units.
type lexer struct {
	file string
	src  string
	toks []token
	errs []diag.Diagnostic

	// Memos that keep failed matches linear. A string scan that fails from quote q at f
	// fails identically from every quote strictly between them (each such quote is the
	// second half of a `\"` escape, so the scan from it realigns with the one from q).
	// Likewise a digit run whose number match failed fails from each later digit of the
	// same run.
	strFailFrom, strFailTo int
	digitFailTo            int
}

// tokenize returns the significant tokens (ending with EOF) and every lexical error.
func tokenize(file, src string) ([]token, []diag.Diagnostic) {
	return tokenizeInto(file, src, nil)
}

// tokenizeInto is tokenize appending to buf[:0] when it has room for the estimate.
func tokenizeInto(file, src string, buf []token) ([]token, []diag.Diagnostic) {
	lx := &lexer{file: file, src: src, strFailFrom: -1, strFailTo: -1, digitFailTo: -1}
	// Dense A0 text (records of numbers) has a significant token every two bytes.
	if want := len(src)/2 + 8; cap(buf) < want {
		buf = make([]token, 0, want)
	}
	lx.toks = buf[:0]
	lx.run()
	return lx.toks, lx.errs
}

func (lx *lexer) run() {
	src := lx.src
	line, col, off := 1, 1, 0
	for i := 0; i < len(src); {
		k, n, ok := lx.match(i)
		if !ok {
			j, units := i, 0
			for j < len(src) {
				r, size := utf8.DecodeRuneInString(src[j:])
				j += size
				units += utf16Len(r)
				if _, _, ok := lx.match(j); ok {
					break
				}
			}
			lx.lexError(i, line, col, off, units)
			col += units
			off += units
			i = j
			continue
		}
		text := src[i : i+n]
		switch k {
		case tNewline:
			line++
			col = 1
			off += n
		case tSpace:
			col += n
			off += n
		case tComment:
			u := diag.UTF16Len(text)
			col += u
			off += u
		case tString:
			t := token{kind: k, start: int32(i), end: int32(i + n), line: int32(line), col: int32(col)}
			lastLine, lastCol := line, col
			for p := 0; p < len(text); {
				r, size := utf8.DecodeRuneInString(text[p:])
				lastLine, lastCol = line, col
				switch {
				case r == '\n':
					line++
					col = 1
				case r == '\r' && p+1 < len(text) && text[p+1] == '\n':
					col++
				case r == '\r':
					line++
					col = 1
				default:
					col += utf16Len(r)
				}
				p += size
			}
			t.endLine, t.endCol = int32(lastLine), int32(lastCol+1)
			off += diag.UTF16Len(text)
			lx.toks = append(lx.toks, t)
		default:
			// Every other token is ASCII and lies on one line.
			lx.toks = append(lx.toks, token{kind: k, start: int32(i), end: int32(i + n), line: int32(line), col: int32(col), endLine: int32(line), endCol: int32(col + n)})
			col += n
			off += n
		}
		i += n
	}
	end := int32(len(src))
	lx.toks = append(lx.toks, token{kind: tEOF, start: end, end: end, line: 1, col: 1, endLine: 1, endCol: 2})
}

// lexError records the E_LEX of §1.9 for the run of units code units starting at byte i.
func (lx *lexer) lexError(i, line, col, off, units int) {
	r, _ := utf8.DecodeRuneInString(lx.src[i:])
	c := string(r)
	if r >= 0x10000 {
		// The message quotes one code unit: the high half of the pair.
		hi, _ := surrogates(r)
		c = encodeUnit(hi)
	}
	msg := "unexpected character: ->" + c + "<- at offset: " + strconv.Itoa(off) +
		", skipped " + strconv.Itoa(units) + " characters."
	lx.errs = append(lx.errs, diag.Diagnostic{
		Code:    diag.Lex,
		Message: msg,
		Span:    &ast.Span{File: lx.file, StartLine: line, StartCol: col, EndLine: line, EndCol: col + units},
		Hint:    lexHint,
	})
}

// match applies the token rules of §1.3 in priority order at byte i and returns the kind
// and byte length of the first rule that matches, or ok=false when none does.
func (lx *lexer) match(i int) (k kind, n int, ok bool) {
	src := lx.src
	if i >= len(src) {
		return 0, 0, false
	}
	next := func(d int) byte {
		if i+d < len(src) {
			return src[i+d]
		}
		return 0
	}
	c := src[i]
	// One switch on the byte's value (the compiler makes it a jump table), words and
	// numbers in its default: the rules' cases are disjoint, so their order does not
	// matter, and a chain of comparisons tried a dozen of them for every word.
	switch c {
	case ' ', '\t':
		j := i + 1
		for j < len(src) && (src[j] == ' ' || src[j] == '\t') {
			j++
		}
		return tSpace, j - i, true
	case '\n':
		return tNewline, 1, true
	case '\r':
		if next(1) == '\n' {
			return tNewline, 2, true
		}
		return 0, 0, false
	case '#':
		j := i + 1
		for j < len(src) && src[j] != '\n' && src[j] != '\r' {
			j++
		}
		return tComment, j - i, true
	case '-':
		if next(1) == '>' {
			return tArrow, 2, true
		}
		return tMinus, 1, true
	case '>':
		if next(1) == '=' {
			return tGtEq, 2, true
		}
		return tGt, 1, true
	case '<':
		if next(1) == '=' {
			return tLtEq, 2, true
		}
		return tLt, 1, true
	case '=':
		if next(1) == '=' {
			return tEqEq, 2, true
		}
		return tEquals, 1, true
	case '!':
		if next(1) == '=' {
			return tBangEq, 2, true
		}
		return 0, 0, false
	case '"':
		return lx.matchString(i)
	case '.':
		if next(1) == '.' && next(2) == '.' {
			return tDotDotDot, 3, true
		}
		return tDot, 1, true
	case '{':
		return tLBrace, 1, true
	case '}':
		return tRBrace, 1, true
	case '[':
		return tLBracket, 1, true
	case ']':
		return tRBracket, 1, true
	case '(':
		return tLParen, 1, true
	case ')':
		return tRParen, 1, true
	case ':':
		return tColon, 1, true
	case ',':
		return tComma, 1, true
	case '+':
		return tPlus, 1, true
	case '*':
		return tStar, 1, true
	case '/':
		return tSlash, 1, true
	case '%':
		return tPercent, 1, true
	}
	switch {
	case isIdentStart(c):
		j := i + 1
		for j < len(src) && isIdentPart(src[j]) {
			j++
		}
		word := src[i:j]
		if word == "call" && j < len(src) && src[j] == '?' {
			return tCallQ, 5, true
		}
		// The keyword rule: a keyword loses to a strictly longer identifier, so only a
		// word that is exactly a keyword is one.
		if kw, isKw := keyword(word); isKw {
			return kw, j - i, true
		}
		return tIdent, j - i, true
	case c >= '0' && c <= '9':
		return lx.matchNumber(i)
	}
	return 0, 0, false
}

// matchNumber tries FloatLit, then IntLit (§1.6) at byte i, which holds a digit.
func (lx *lexer) matchNumber(i int) (kind, int, bool) {
	src := lx.src
	isDigit := func(j int) bool { return j < len(src) && src[j] >= '0' && src[j] <= '9' }
	if src[i] == '0' {
		return lx.numberAfterIntPart(i, i+1)
	}
	if i < lx.digitFailTo {
		return 0, 0, false
	}
	j := i + 1
	for isDigit(j) {
		j++
	}
	k, n, ok := lx.numberAfterIntPart(i, j)
	if !ok {
		lx.digitFailTo = j
	}
	return k, n, ok
}

// numberAfterIntPart finishes a number whose integer part is src[i:j].
func (lx *lexer) numberAfterIntPart(i, j int) (kind, int, bool) {
	src := lx.src
	isDigit := func(p int) bool { return p < len(src) && src[p] >= '0' && src[p] <= '9' }
	if j < len(src) && src[j] == '.' && isDigit(j+1) {
		e := j + 2
		for isDigit(e) {
			e++
		}
		if e < len(src) && (src[e] == 'e' || src[e] == 'E') {
			p := e + 1
			if p < len(src) && (src[p] == '+' || src[p] == '-') {
				p++
			}
			if isDigit(p) {
				for isDigit(p) {
					p++
				}
				e = p
			}
		}
		return tFloat, e - i, true
	}
	if j < len(src) {
		switch c := src[j]; {
		case c == '.', c == 'e', c == 'E', c >= '0' && c <= '9':
			return 0, 0, false
		}
	}
	return tInt, j - i, true
}

// matchString tries StringLit (§1.7) at byte i, which holds `"`.
func (lx *lexer) matchString(i int) (kind, int, bool) {
	if i > lx.strFailFrom && i < lx.strFailTo {
		return 0, 0, false
	}
	src := lx.src
	j := i + 1
	for j < len(src) {
		switch src[j] {
		case '"':
			return tString, j + 1 - i, true
		case '\\':
			if j+1 >= len(src) {
				lx.strFailFrom, lx.strFailTo = i, j
				return 0, 0, false
			}
			switch src[j+1] {
			case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
				j += 2
			case 'u':
				if j+5 < len(src) && isHex(src[j+2]) && isHex(src[j+3]) && isHex(src[j+4]) && isHex(src[j+5]) {
					j += 6
				} else {
					lx.strFailFrom, lx.strFailTo = i, j
					return 0, 0, false
				}
			default:
				lx.strFailFrom, lx.strFailTo = i, j
				return 0, 0, false
			}
		default:
			j++
		}
	}
	lx.strFailFrom, lx.strFailTo = i, j
	return 0, 0, false
}

func isIdentStart(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '_'
}

func isIdentPart(c byte) bool {
	return isIdentStart(c) || c >= '0' && c <= '9'
}

func isHex(c byte) bool {
	return c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F'
}

// utf16Len is the number of UTF-16 code units of r.
func utf16Len(r rune) int {
	if r >= 0x10000 {
		return 2
	}
	return 1
}

// surrogates splits a supplementary-plane rune into its UTF-16 pair.
func surrogates(r rune) (hi, lo uint16) {
	r -= 0x10000
	return uint16(0xD800 + (r>>10)&0x3FF), uint16(0xDC00 + r&0x3FF)
}

// encodeUnit encodes one BMP code unit (possibly a lone surrogate) as WTF-8, the string
// representation of package value.
func encodeUnit(u uint16) string {
	if u < 0x80 {
		return string(rune(u))
	}
	if u < 0x800 {
		return string([]byte{0xC0 | byte(u>>6), 0x80 | byte(u&0x3F)})
	}
	return string([]byte{0xE0 | byte(u>>12), 0x80 | byte(u>>6&0x3F), 0x80 | byte(u&0x3F)})
}
