package toolkit

import (
	"encoding/hex"
	"testing"
)

// The expectations are what node prints for Buffer.from(HEX, 'hex').toString('utf8')
// (which keeps a BOM) and new TextDecoder().decode(…) (which drops it).
func TestDecodeUTF8(t *testing.T) {
	const r = "\uFFFD"
	for _, c := range []struct{ hex, want string }{
		{"41", "A"},
		{"c3a9", "é"},
		{"e282ac", "€"},
		{"f09f9880", "😀"},
		{"80", r},
		{"bf", r},
		{"c0af", r + r},
		{"c1bf", r + r},
		{"c2", r},
		{"c241", r + "A"},
		{"e0", r},
		{"e080", r + r},
		{"e0a0", r},
		{"e0a080", "\u0800"},
		{"e09f80", r + r + r},
		{"ed9fbf", "\uD7FF"},
		{"eda080", r + r + r},
		{"edbfbf", r + r + r},
		{"ee8080", "\uE000"},
		{"f0", r},
		{"f08f8080", r + r + r + r},
		{"f0908080", "\U00010000"},
		{"f4908080", r + r + r + r},
		{"f48fbfbf", "\U0010FFFF"},
		{"f5", r},
		{"ff", r},
		{"fe", r},
		{"e282", r},
		{"e28241", r + "A"},
		{"f09f98", r},
		{"f09f9841", r + "A"},
		{"c3a9c3", "é" + r},
		{"80808041", r + r + r + "A"},
	} {
		raw, err := hex.DecodeString(c.hex)
		if err != nil {
			t.Fatal(err)
		}
		if got := decodeUTF8(string(raw), false); got != c.want {
			t.Errorf("decodeUTF8(%s) = %q, want %q", c.hex, got, c.want)
		}
	}
	if got := decodeUTF8("\xef\xbb\xbfA", false); got != "\uFEFFA" {
		t.Errorf("BOM kept: got %q", got)
	}
	if got := decodeUTF8("\xef\xbb\xbfA", true); got != "A" {
		t.Errorf("BOM stripped: got %q", got)
	}
}

func TestResolvePath(t *testing.T) {
	// path.posix.resolve(cwd, p) as node prints it.
	for _, c := range []struct{ cwd, p, want string }{
		{"/work", "a.txt", "/work/a.txt"},
		{"/work", "", "/work"},
		{"/work", ".", "/work"},
		{"/work", "..", "/"},
		{"/work", "../../..", "/"},
		{"/work", "a//b/./c/..", "/work/a/b"},
		{"/work", "a/", "/work/a"},
		{"/work", "/x/../y/", "/y"},
		{"/work", "//x", "/x"},
		{"/work", "...", "/work/..."},
		{"/", "a", "/a"},
		{"/work", "a\\b", "/work/a\\b"},
		// Already normalised (resolvePath returns them as they are) and nearly so.
		{"/work", "/", "/"},
		{"/work", "/a/b.c/..d/.e", "/a/b.c/..d/.e"},
		{"/work", "b/..", "/work"},
		{"/work", "b/.", "/work/b"},
		{"/work", "/a/.", "/a"},
		{"/work", "/./a", "/a"},
		{"/work", "/a//", "/a"},
		{"/", "", "/"},
		{"/", "/..", "/"},
	} {
		if got := resolvePath(c.cwd, c.p); got != c.want {
			t.Errorf("resolvePath(%q, %q) = %q, want %q", c.cwd, c.p, got, c.want)
		}
	}
}
