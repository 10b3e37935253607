package syntax

import (
	"iter"
	"unicode/utf8"
)

// PieceKind says what a Piece of source text is.
type PieceKind uint8

const (
	// PieceToken is a significant token (spec §1.2).
	PieceToken PieceKind = iota
	// PieceSpace is a run of blanks and line breaks.
	PieceSpace
	// PieceComment is a comment, up to the end of its line.
	PieceComment
	// PieceBad is one character no token rule matches (a lexical error, §1.9).
	PieceBad
)

// Piece is a run of source text as the lexer splits it.
type Piece struct {
	Text string
	Kind PieceKind
}

// Pieces splits src into the pieces the lexer sees, in order, so that joining their
// texts gives src back: the significant tokens, the whitespace between them (one piece
// per run, line breaks included), the comments, and, where no token rule matches, one
// piece per character. It is the lexer of Parse, for the tools that edit program text
// token by token (the generators' text mutations and layouts, the reducer's text
// passes), so that they cut where the parser does.
func Pieces(src string) []Piece {
	out := make([]Piece, 0, len(src)/3+1)
	for p := range AllPieces(src) {
		out = append(out, p)
	}
	return out
}

// AllPieces yields the pieces of src one by one, as Pieces lists them, for a reader that
// needs no list (the generator's random layout of every fifth program).
func AllPieces(src string) iter.Seq[Piece] {
	return func(yield func(Piece) bool) {
		lx := lexer{src: src, strFailFrom: -1, strFailTo: -1, digitFailTo: -1}
		for i := 0; i < len(src); {
			k, n, ok := lx.match(i)
			piece := Piece{Kind: PieceToken}
			switch {
			case !ok:
				_, n = utf8.DecodeRuneInString(src[i:])
				piece.Kind = PieceBad
			case k == tSpace || k == tNewline:
				piece.Kind = PieceSpace
				j := i + n
				for j < len(src) && (src[j] == ' ' || src[j] == '\t' || src[j] == '\n' ||
					src[j] == '\r' && j+1 < len(src) && src[j+1] == '\n') {
					j++
				}
				n = j - i
			case k == tComment:
				piece.Kind = PieceComment
			}
			piece.Text = src[i : i+n]
			if !yield(piece) {
				return
			}
			i += n
		}
	}
}
