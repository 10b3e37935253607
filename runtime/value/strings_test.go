package value

import (
	"math/rand"
	"slices"
	"sort"
	"testing"
	"unicode/utf16"
)

const (
	loneHigh = "\xed\xa0\xbd" // \ud83d
	loneLow  = "\xed\xb8\x80" // \ude00
)

func TestUTF16RoundTrip(t *testing.T) {
	tests := []struct {
		units []uint16
		wtf8  string
	}{
		{nil, ""},
		{[]uint16{'a'}, "a"},
		{[]uint16{0xe9}, "é"},
		{[]uint16{0xd83d, 0xde00}, "😀"},
		{[]uint16{0xd83d}, loneHigh},
		{[]uint16{0xde00}, loneLow},
		{[]uint16{0xde00, 0xd83d}, loneLow + loneHigh},
		{[]uint16{'a', 0xd83d, 'b'}, "a" + loneHigh + "b"},
		{[]uint16{0xffff, 0xe000}, "\uffff\ue000"},
	}
	for _, tt := range tests {
		if got := FromUTF16(tt.units); got != tt.wtf8 {
			t.Errorf("FromUTF16(%x) = % x, want % x", tt.units, got, tt.wtf8)
		}
		got := ToUTF16(tt.wtf8)
		if len(got) != len(tt.units) || (len(got) > 0 && string(utf16.Decode(got)) != string(utf16.Decode(tt.units))) || !slices.Equal(got, tt.units) {
			t.Errorf("ToUTF16(% x) = %x, want %x", tt.wtf8, got, tt.units)
		}
		if n := UTF16Len(tt.wtf8); n != len(tt.units) {
			t.Errorf("UTF16Len(% x) = %d, want %d", tt.wtf8, n, len(tt.units))
		}
	}
}

func TestConcatPairsSurrogates(t *testing.T) {
	if got := Concat(loneHigh, loneLow); got != "😀" {
		t.Errorf("Concat(high, low) = % x", got)
	}
	if got := Concat("a"+loneHigh, loneLow+"b"); got != "a😀b" {
		t.Errorf("Concat across the seam = % x", got)
	}
	if got := Concat(loneLow, loneHigh); got != loneLow+loneHigh {
		t.Errorf("low then high must stay apart: % x", got)
	}
	var b Builder
	b.WriteUnit(0xd83d)
	b.WriteUnit(0xde00)
	b.WriteString(loneHigh)
	b.WriteRune(0xde00)
	if b.String() != "😀😀" {
		t.Errorf("Builder = % x", b.String())
	}
	if got := FromGoString("\xed\xa0\xbd\xed\xb8\x80\xff"); got != "😀\uFFFD" {
		t.Errorf("FromGoString = % x", got)
	}
}

func TestCompareStrings(t *testing.T) {
	// Code-unit order: U+10000 and above (lead surrogate D800–DBFF) sort before
	// U+E000–U+FFFF, unlike code-point order.
	ordered := []string{"", "A", "Z", "a", "ab", "b", "é", "\ud7ff", "𐀀", "😀", loneHigh, loneHigh + "a", "😀" + "a", loneLow, "\ue000", "\uffff"}
	sorted := append([]string(nil), ordered...)
	sort.SliceStable(sorted, func(i, j int) bool {
		a, b := ToUTF16(sorted[i]), ToUTF16(sorted[j])
		for k := 0; k < len(a) && k < len(b); k++ {
			if a[k] != b[k] {
				return a[k] < b[k]
			}
		}
		return len(a) < len(b)
	})
	for i := range sorted {
		for j := range sorted {
			want := 0
			if i < j {
				want = -1
			} else if i > j {
				want = 1
			}
			if got := CompareStrings(sorted[i], sorted[j]); got != want {
				t.Errorf("CompareStrings(%q, %q) = %d, want %d", sorted[i], sorted[j], got, want)
			}
		}
	}
	// Random strings over a small alphabet that exercises every width.
	alphabet := []string{"a", "é", "\uffff", "\ue000", "😀", "𐀀", loneHigh, loneLow}
	rng := rand.New(rand.NewSource(1))
	gen := func() string {
		s := ""
		for n := rng.Intn(4); n > 0; n-- {
			s = Concat(s, alphabet[rng.Intn(len(alphabet))])
		}
		return s
	}
	for i := 0; i < 5000; i++ {
		a, b := gen(), gen()
		ua, ub := ToUTF16(a), ToUTF16(b)
		want := 0
		for k := 0; ; k++ {
			if k == len(ua) || k == len(ub) {
				switch {
				case len(ua) < len(ub):
					want = -1
				case len(ua) > len(ub):
					want = 1
				}
				break
			}
			if ua[k] != ub[k] {
				want = 1
				if ua[k] < ub[k] {
					want = -1
				}
				break
			}
		}
		if got := CompareStrings(a, b); got != want {
			t.Fatalf("CompareStrings(%x, %x) = %d, want %d", ua, ub, got, want)
		}
	}
}

func TestToUTF8(t *testing.T) {
	if got := ToUTF8("a" + loneHigh + "b" + loneLow); got != "a\uFFFDb\uFFFD" {
		t.Errorf("ToUTF8 = %q", got)
	}
	if got := ToUTF8("😀é\ud55c"); got != "😀é\ud55c" {
		t.Errorf("ToUTF8 changed valid text: %q", got)
	}
}

func TestCodeUnitSearch(t *testing.T) {
	tests := []struct {
		s, sub             string
		contains, pre, suf bool
	}{
		{"abc", "", true, true, true},
		{"", "", true, true, true},
		{"abc", "b", true, false, false},
		{"😀", loneHigh, true, true, false},
		{"😀", loneLow, true, false, true},
		{"x😀y", loneLow + "y", true, false, true},
		{"😀", "😀", true, true, true},
		{"a" + loneHigh, loneHigh, true, false, true},
		{"abc", "abcd", false, false, false},
	}
	for _, tt := range tests {
		if got := Contains(tt.s, tt.sub); got != tt.contains {
			t.Errorf("Contains(%q, %q) = %v", tt.s, tt.sub, got)
		}
		if got := HasPrefix(tt.s, tt.sub); got != tt.pre {
			t.Errorf("HasPrefix(%q, %q) = %v", tt.s, tt.sub, got)
		}
		if got := HasSuffix(tt.s, tt.sub); got != tt.suf {
			t.Errorf("HasSuffix(%q, %q) = %v", tt.s, tt.sub, got)
		}
	}
	if i := IndexUnits("a😀b😀", loneLow, 3); i != 5 {
		t.Errorf("IndexUnits = %d, want 5", i)
	}
}
