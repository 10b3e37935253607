package diag

import (
	"math/rand"
	"strings"
	"testing"
)

// utf16LenByByte is UTF16Len as its definition reads, one byte at a time.
func utf16LenByByte(s string) int {
	n := 0
	for i := 0; i < len(s); i++ {
		if s[i]&0xC0 != 0x80 {
			n++
		}
		if s[i] >= 0xF0 {
			n++
		}
	}
	return n
}

func TestUTF16Len(t *testing.T) {
	tests := []struct {
		s    string
		want int
	}{
		{"", 0},
		{"x", 1},
		{"abcdefgh", 8},
		{"abcdefghi", 9},
		{"日本語", 3},
		{"𐀀", 2},
		{"a𐀀b日\u00e9", 6},
		{"\xed\xa0\x80", 1}, // a lone surrogate in WTF-8
		{strings.Repeat("𐀀日é", 5), 20},
		{strings.Repeat("x", 1<<20), 1 << 20},
	}
	for _, tt := range tests {
		if got := UTF16Len(tt.s); got != tt.want {
			t.Errorf("UTF16Len(%.20q) = %d, want %d", tt.s, got, tt.want)
		}
	}
}

// TestUTF16LenAnyBytes checks the word-at-a-time count against the byte-at-a-time one on
// random texts of every length and alignment, made of ASCII, multi-byte sequences and
// arbitrary bytes (the count is defined on any bytes).
func TestUTF16LenAnyBytes(t *testing.T) {
	r := rand.New(rand.NewSource(1))
	pieces := []string{"a", "~", "é", "日", "𐀀", "\xed\xb0\x80", "\xff", "\x80", "\xf8"}
	for range 5000 {
		var b strings.Builder
		for range r.Intn(40) {
			if r.Intn(4) == 0 {
				b.WriteByte(byte(r.Intn(256)))
			} else {
				b.WriteString(pieces[r.Intn(len(pieces))])
			}
		}
		s := b.String()
		for off := 0; off < len(s) && off < 9; off++ {
			if got, want := UTF16Len(s[off:]), utf16LenByByte(s[off:]); got != want {
				t.Fatalf("UTF16Len(%q) = %d, want %d", s[off:], got, want)
			}
		}
	}
}

func BenchmarkUTF16LenASCII(b *testing.B) {
	s := strings.Repeat("x", 1<<20)
	b.SetBytes(int64(len(s)))
	for b.Loop() {
		UTF16Len(s)
	}
}

func BenchmarkUTF16LenMixed(b *testing.B) {
	s := strings.Repeat("ab日é𐀀cd", 1<<16)
	b.SetBytes(int64(len(s)))
	for b.Loop() {
		UTF16Len(s)
	}
}

func BenchmarkUTF16LenByByteASCII(b *testing.B) {
	s := strings.Repeat("x", 1<<20)
	b.SetBytes(int64(len(s)))
	for b.Loop() {
		utf16LenByByte(s)
	}
}
