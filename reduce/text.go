package reduce

import (
	"slices"
	"strings"

	"github.com/a0diff/a0diff/corpus"
)

// reduceText reduces a program that does not parse (or whose canonical print loses the
// divergence) as text: ddmin over its lines, then over its tokens, and over the
// configuration, until nothing changes. Directive lines are dropped first, so that the
// text can be written back as a corpus entry with directives of its own.
func (r *reducer) reduceText() {
	r.phase = "text"
	r.try(func() func() {
		old := r.pieces
		r.pieces = []string{stripDirectives(r.text())}
		return func() { r.pieces = old }
	})
	for !r.stopped() {
		r.changed = false
		r.reduceConfig()
		r.phase = "text: lines"
		r.pieces = slices.Collect(strings.Lines(r.text()))
		r.ddmin(sliceSeq("line", &r.pieces))
		r.phase = "text: tokens"
		r.pieces = splitTokens(r.text())
		r.ddmin(sliceSeq("token", &r.pieces))
		r.try(func() func() { // the blanks the first token carried
			old := r.pieces
			r.pieces = []string{strings.TrimLeft(r.text(), " \t\r\n")}
			return func() { r.pieces = old }
		})
		if !r.changed {
			return
		}
	}
}

// stripDirectives drops the corpus directive lines (`# @…`) of a text.
func stripDirectives(src string) string {
	var b strings.Builder
	for line := range strings.Lines(src) {
		if !corpus.IsDirectiveLine(line) {
			b.WriteString(line)
		}
	}
	return b.String()
}

// splitTokens splits a text into A0-like tokens, each carrying the blanks before it, so
// that joining any subsequence keeps the layout of what is left. It does not need to be
// exact (the implementations decide what a candidate means): words, numbers, string
// literals (up to the closing quote), comments (up to the line end), the multi-character
// operators and single characters.
func splitTokens(s string) []string {
	var out []string
	for s != "" {
		i := 0
		for i < len(s) && (s[i] == ' ' || s[i] == '\t' || s[i] == '\r' || s[i] == '\n') {
			i++
		}
		j := tokenEnd(s, i)
		out = append(out, s[:j])
		s = s[j:]
	}
	return out
}

// tokenEnd returns the end of the token starting at i (len(s) when i is the end).
func tokenEnd(s string, i int) int {
	if i >= len(s) {
		return len(s)
	}
	word := func(c byte) bool {
		return c == '_' || c == '.' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
	}
	c := s[i]
	switch {
	case c == '#':
		if k := strings.IndexByte(s[i:], '\n'); k >= 0 {
			return i + k
		}
		return len(s)
	case c == '"':
		for k := i + 1; k < len(s); k++ {
			switch s[k] {
			case '\\':
				k++
			case '"':
				return k + 1
			}
		}
		return len(s)
	case word(c):
		k := i
		for k < len(s) && word(s[k]) {
			k++
		}
		if k < len(s) && s[k] == '?' { // call?
			k++
		}
		return k
	}
	for _, op := range []string{"...", "->", ">=", "<=", "==", "!="} {
		if strings.HasPrefix(s[i:], op) {
			return i + len(op)
		}
	}
	// One character (a whole UTF-8 sequence).
	k := i + 1
	for k < len(s) && s[k]&0xC0 == 0x80 {
		k++
	}
	return k
}
