package ast

import (
	"math/rand"
	"strings"
	"testing"
)

// TestQuotedLen checks that the measuring printer counts a string literal as long as
// Quote writes it, on random texts of every kind of character Quote treats apart.
func TestQuotedLen(t *testing.T) {
	pieces := []string{"a", "~", "\"", "\\", "\b", "\f", "\n", "\r", "\t", "\x00", "\x1f", "\x7f", "é", "日", "😀",
		"\xed\xa0\xbd", "\xed\xbf\xbf", "\ud55c", "\xff", "\x80", "\xed\xa0", "\xf0\x9f"}
	r := rand.New(rand.NewSource(1))
	for range 5000 {
		var b strings.Builder
		for range r.Intn(12) {
			b.WriteString(pieces[r.Intn(len(pieces))])
		}
		s := b.String()
		if got, want := quotedLen(s), len(Quote(s)); got != want {
			t.Fatalf("quotedLen(%q) = %d, want len(Quote) = %d (%s)", s, got, want, Quote(s))
		}
	}
}
