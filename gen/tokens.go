package gen

import (
	"strings"
	"sync"

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
	return appendTokens(make([]token, 0, len(src)/3+1), src) // as syntax.Pieces, without its list
}

// appendTokens appends the tokens of src to toks.
func appendTokens(toks []token, src string) []token {
	for p := range syntax.AllPieces(src) {
		toks = append(toks, token{text: p.Text, space: p.Kind == syntax.PieceSpace || p.Kind == syntax.PieceComment})
	}
	return toks
}

// textScratch is the token list and index list of one text mutation, reused from case to
// case (textScratches): both are dropped once the mutated text is joined.
type textScratch struct {
	toks []token
	idx  []int
}

var textScratches = sync.Pool{New: func() any { return new(textScratch) }}

// release empties s (its tokens point into a case's text) and returns it to the pool.
func (s *textScratch) release() {
	clear(s.toks)
	s.toks, s.idx = s.toks[:0], s.idx[:0]
	textScratches.Put(s)
}

func joinTokens(toks []token) string {
	n := 0
	for _, t := range toks {
		n += len(t.text)
	}
	var sb strings.Builder
	sb.Grow(n)
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
func solid(toks []token) []int { return appendSolid(nil, toks) }

// appendSolid appends the indices of toks' tokens that are not whitespace to out.
func appendSolid(out []int, toks []token) []int {
	for i, t := range toks {
		if !t.space {
			out = append(out, i)
		}
	}
	return out
}
