package toolkit

import (
	"os"
	"strings"
	"testing"
)

// TestParseURL checks the kit's URL parser against testdata/urls.txt, which records
// what Node's URL class does with each input (regenerate with testdata/node/urls.js).
func TestParseURL(t *testing.T) {
	const file = "testdata/urls.txt"
	text, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for i, line := range strings.Split(string(text), "\n") {
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		where := file + ":" + itoa(i+1)
		lhs, want, ok := strings.Cut(line, " => ")
		if !ok {
			t.Fatalf("%s: no ' => '", where)
		}
		inputJSON, baseJSON, hasBase := strings.Cut(lhs, " @ ")
		input := mustCanonical(t, where, inputJSON).(string)
		var base *parsedURL
		if hasBase {
			b, ok := parseURL(mustCanonical(t, where, baseJSON).(string), nil)
			if !ok {
				t.Fatalf("%s: base does not parse", where)
			}
			base = b
		}
		got := "FAIL"
		if u, ok := parseURL(input, base); ok {
			got = u.href(false)
		}
		if want != "FAIL" {
			want = mustCanonical(t, where, want).(string)
		}
		if got != want {
			t.Errorf("%s: parseURL(%q) = %q, want %q", where, input, got, want)
		}
		n++
	}
	if n < 100 {
		t.Fatalf("only %d URLs checked", n)
	}
}
