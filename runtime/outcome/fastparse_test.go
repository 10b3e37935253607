package outcome

import (
	"bufio"
	"fmt"
	"os"
	"strings"
	"testing"
)

// parseFast either leaves a text to the careful reader or reads it exactly as that one
// does (compared as Marshal text, the differ's equality); testdata/fastparse.txt says
// which texts it must take.
func TestParseFastAgreesWithCareful(t *testing.T) {
	f, err := os.Open("testdata/fastparse.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		want, text, found := strings.Cut(line, " ")
		if !found || (want != "fast" && want != "careful") {
			t.Fatalf("testdata/fastparse.txt:%d: want \"fast TEXT\" or \"careful TEXT\"", n)
		}
		checkFastParse(t, fmt.Sprintf("testdata/fastparse.txt:%d", n), []byte(text), want == "fast")
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
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
