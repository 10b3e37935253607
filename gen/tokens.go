package gen

import (
	"strings"

	"github.com/a0diff/a0diff/runtime/syntax"
)

// token is a piece of program text as the mutator sees it: a token of the A0 lexer
// (syntax.Pieces); space marks whitespace and comments, which mutations keep.
type token struct {
	text  string
	space bool
}

// tokenize splits src into tokens as the lexer does. It never fails: a character no
// rule knows is a token of its own.
func tokenize(src string) []token {
	toks := make([]token, 0, len(src)/3+1) // as syntax.Pieces, without its list
	for p := range syntax.AllPieces(src) {
		toks = append(toks, token{text: p.Text, space: p.Kind == syntax.PieceSpace || p.Kind == syntax.PieceComment})
	}
	return toks
}

func joinTokens(toks []token) string {
	var sb strings.Builder
	for _, t := range toks {
		sb.WriteString(t.text)
	}
	return sb.String()
}

// separators replace the whitespace between tokens in a random layout; none joins two
// tokens, so the token sequence (and the tree) stays the same.
var separators = []string{" ", "\n", "\t", "\r\n", "  \n    ", " # note é😀\n", "\n\n", " \t "}

// relayout rewrites the whitespace of src at random, and now and then puts whitespace
// between two tokens that touch.
func relayout(g *generator, src string) string {
	// The lexer's pieces are read one at a time (no list of them, nor tokenize's copy),
	// into a text about the size of src. Whether whitespace goes after a piece is drawn
	// when the next piece is known to be no space: the draws come in the same order as
	// when the pieces were read from a list.
	space := func(p syntax.Piece) bool { return p.Kind == syntax.PieceSpace || p.Kind == syntax.PieceComment }
	var b strings.Builder
	b.Grow(len(src) + len(src)/4)
	afterSolid := false // the last piece was written as it is, and may get whitespace after it
	for p := range syntax.AllPieces(src) {
		if afterSolid && !space(p) && g.chance(10) {
			b.WriteString(separators[g.n(len(separators))])
		}
		afterSolid = false
		switch {
		case space(p) && !strings.HasPrefix(p.Text, "#"):
			if g.chance(60) {
				b.WriteString(separators[g.n(len(separators))])
			} else {
				b.WriteString(p.Text)
			}
		default:
			b.WriteString(p.Text)
			afterSolid = true
		}
	}
	return b.String()
}

// solid returns the indices of the non-space tokens.
func solid(toks []token) []int {
	var out []int
	for i, t := range toks {
		if !t.space {
			out = append(out, i)
		}
	}
	return out
}
