package gen

import "strings"

// token is a piece of program text as the mutator sees it: close enough to the A0
// lexer (spec §1) for the mutations to land on real token boundaries; space marks
// whitespace and comments, which mutations keep.
type token struct {
	text  string
	space bool
}

// tokenize splits src into tokens. It never fails: a character no rule knows is a token
// of its own.
func tokenize(src string) []token {
	var toks []token
	for i := 0; i < len(src); {
		c := src[i]
		j := i + 1
		space := false
		switch {
		case c == ' ' || c == '\t' || c == '\n' || c == '\r':
			for j < len(src) && strings.IndexByte(" \t\n\r", src[j]) >= 0 {
				j++
			}
			space = true
		case c == '#':
			for j < len(src) && src[j] != '\n' && src[j] != '\r' {
				j++
			}
			space = true
		case c == '"':
			for j < len(src) && src[j] != '"' {
				if src[j] == '\\' {
					j++
				}
				j++
			}
			j = min(j+1, len(src))
		case c >= '0' && c <= '9':
			for j < len(src) && (src[j] >= '0' && src[j] <= '9' || src[j] == '.' && j+1 < len(src) && src[j+1] >= '0' && src[j+1] <= '9') {
				j++
			}
			if j < len(src) && (src[j] == 'e' || src[j] == 'E') {
				k := j + 1
				if k < len(src) && (src[k] == '+' || src[k] == '-') {
					k++
				}
				if k < len(src) && src[k] >= '0' && src[k] <= '9' {
					for k < len(src) && src[k] >= '0' && src[k] <= '9' {
						k++
					}
					j = k
				}
			}
		case c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z':
			for j < len(src) && (src[j] == '_' || src[j] >= 'a' && src[j] <= 'z' || src[j] >= 'A' && src[j] <= 'Z' || src[j] >= '0' && src[j] <= '9') {
				j++
			}
			if src[i:j] == "call" && j < len(src) && src[j] == '?' {
				j++
			}
		case strings.HasPrefix(src[i:], "..."):
			j = i + 3
		default:
			for _, op := range []string{"->", ">=", "<=", "==", "!="} {
				if strings.HasPrefix(src[i:], op) {
					j = i + 2
					break
				}
			}
			if c >= 0x80 { // keep a multi-byte character whole
				for j < len(src) && src[j]&0xC0 == 0x80 {
					j++
				}
			}
		}
		toks = append(toks, token{text: src[i:j], space: space})
		i = j
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
	toks := tokenize(src)
	var b strings.Builder
	for i, t := range toks {
		switch {
		case t.space && !strings.HasPrefix(t.text, "#"):
			if g.chance(60) {
				b.WriteString(separators[g.n(len(separators))])
			} else {
				b.WriteString(t.text)
			}
		default:
			b.WriteString(t.text)
			if i+1 < len(toks) && !toks[i+1].space && g.chance(10) {
				b.WriteString(separators[g.n(len(separators))])
			}
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
