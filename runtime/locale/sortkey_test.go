package locale

import (
	"math/rand"
	"strings"
	"testing"
)

// collationPieces are the building blocks of the random strings of
// TestSortKeyOrder: cases, accents (precomposed and combining), ignorables and
// controls, punctuation and digits, other scripts (with contractions, reordering and
// expansions), astral and private-use characters, lone surrogates (U+FFFD for the
// collator) and U+FFFD itself.
var collationPieces = []string{
	"a", "A", "b", "B", "z", "Z", "e", "é", "É", "è", "ê", "ë", "ß", "ss", "æ", "Æ", "œ", "ø", "å", "ı", "İ", "i", "I",
	"0", "1", "9", "10", " ", "\t", "\n", "\x01", "\x7f", "-", "_", ".", ",", "'", "\"", "!", "?", "@", "#", "$", "%",
	"\u0301", "\u0300", "\u0308", "\u0327", "\u200b", "\u200d", "\u00ad", "\ufeff", "\ufffd",
	"ä", "ö", "ü", "ñ", "ç", "ł", "ő", "ğ", "ş", "α", "Α", "ω", "ά", "я", "Я", "ё", "й",
	"א", "ب", "ﻻ", "क", "्", "ि", "ก", "เ", "ไ", "ำ", "中", "文", "한", "ㄱ", "ㅏ", "가", "あ", "ア", "ｱ", "ー",
	"😀", "👍", "🏽", "𝒜", "𐐀", "\U0010FFFF", "\uE000", "\uFFFF", "ﬁ", "Ⅳ", "①", "½", "²", "ℌ", "Å", "K", "µ",
	"\xed\xa0\x80", "\xed\xbf\xbf", // lone surrogates in WTF-8
}

func randomCollationString(rng *rand.Rand, maxPieces int) string {
	var b strings.Builder
	for range rng.Intn(maxPieces + 1) {
		if rng.Intn(8) == 0 {
			r := rune(rng.Intn(0x30000))
			if r >= 0xD800 && r <= 0xDFFF {
				r = 0xFFFD
			}
			b.WriteRune(r)
		} else {
			b.WriteString(collationPieces[rng.Intn(len(collationPieces))])
		}
	}
	return b.String()
}

// TestSortKeyOrder: comparing collation keys bytewise gives exactly Compare
// (the collator's CompareString on the NFD forms) on random strings, also for pairs
// where one extends the other and for strings that differ only in ignorables. (The
// same check passed on 10 million pairs when SortKey was introduced.)
func TestSortKeyOrder(t *testing.T) {
	rng := rand.New(rand.NewSource(11))
	for i := range 150000 {
		maxPieces := []int{3, 6, 12, 40}[i%4]
		a := randomCollationString(rng, maxPieces)
		b := randomCollationString(rng, maxPieces)
		switch rng.Intn(4) {
		case 0:
			b = a + b
		case 1:
			b = strings.ReplaceAll(a, "a", "a\u200b")
		}
		want := Compare(a, b)
		if got := strings.Compare(SortKey(a), SortKey(b)); got != want {
			t.Fatalf("%q vs %q: keys compare %d, Compare %d", a, b, got, want)
		}
	}
}
