package syntax

import "testing"

// TestDecodeSource checks the WHATWG "maximal subpart" replacement of §1.1.
func TestDecodeSource(t *testing.T) {
	const r = "\uFFFD"
	cases := []struct {
		name string
		in   string
		want string
	}{
		{"valid text is unchanged", "let é = \"😀\"", "let é = \"😀\""},
		{"a byte-order mark is kept", "\xEF\xBB\xBFx", "\uFEFFx"},
		{"truncated 3-byte sequence: one", "\xE2\x82", r},
		{"stray FF: one", "\xFF", r},
		{"encoded surrogate: three", "\xED\xA0\x80", r + r + r},
		{"truncated 4-byte sequence: one", "\xF0\x9F\x98", r},
		{"truncated sequence before ASCII", "\xF0\x9F\x98A", r + "A"},
		{"overlong C0 80: two", "\xC0\x80", r + r},
		{"overlong E0 80 80: three", "\xE0\x80\x80", r + r + r},
		{"above U+10FFFF: four", "\xF4\x90\x80\x80", r + r + r + r},
		{"F5 and above never start a sequence", "\xF5\x80", r + r},
		{"Unicode Table 3-8", "\x61\xF1\x80\x80\xE1\x80\xC2\x62\x80\x63\x80\xBF\x64", "a" + r + r + r + "b" + r + "c" + r + r + "d"},
		{"lead byte interrupted by a lead byte", "\xC2\xC3\xA9", r + "é"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := DecodeSource([]byte(c.in)); got != c.want {
				t.Errorf("DecodeSource(%q) = %q, want %q", c.in, got, c.want)
			}
		})
	}
}
