package reduce

import (
	"slices"
	"strings"

	"github.com/a0diff/a0diff/corpus"
	"github.com/a0diff/a0diff/runtime/syntax"
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

// splitTokens splits a text into the lexer's tokens (syntax.Pieces), each carrying the
// blanks before it, so that joining any subsequence keeps the layout of what is left.
// Comments are tokens, and so is each character no token rule matches; trailing blanks
// are a piece of their own.
func splitTokens(s string) []string {
	var out []string
	blanks := ""
	for _, p := range syntax.Pieces(s) {
		if p.Kind == syntax.PieceSpace {
			blanks = p.Text
			continue
		}
		out = append(out, blanks+p.Text)
		blanks = ""
	}
	if blanks != "" {
		out = append(out, blanks)
	}
	return out
}
