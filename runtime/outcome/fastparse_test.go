package outcome

import (
	"testing"

	"github.com/a0diff/a0diff/runtime/syntax/testfile"
)

// parseFast either leaves a text to the careful reader or reads it exactly as that one
// does (compared as Marshal text, the differ's equality); testdata/fastparse.txt says
// which texts it must take.
func TestParseFastAgreesWithCareful(t *testing.T) {
	const file = "testdata/fastparse.txt"
	for _, r := range testfile.MustReadTable(t, file, 2) {
		want, text := r.Fields[0], r.Fields[1]
		if want != "fast" && want != "careful" {
			t.Fatalf("%s: want fast or careful, then the text", r.At(file))
		}
		checkFastParse(t, r.At(file), []byte(text), want == "fast")
	}
}

// checkFastParse checks one text; take says whether the one-pass reader must take it.
func checkFastParse(t *testing.T, where string, text []byte, take bool) {
	t.Helper()
	fast, took := parseFast(text)
	if took != take {
		t.Errorf("%s: the one-pass reader took it: %v, want %v", where, took, take)
	}
	if !took {
		return
	}
	careful, err := parseCareful(text)
	if err != nil {
		t.Errorf("%s: the one-pass reader took a text the careful one refuses (%v)", where, err)
		return
	}
	if a, b := string(Marshal(careful)), string(Marshal(fast)); a != b || careful.HasValue != fast.HasValue {
		t.Errorf("%s:\ncareful  %s\none pass %s", where, a, b)
	}
}
