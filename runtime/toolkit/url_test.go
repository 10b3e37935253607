package toolkit

import (
	"testing"

	"github.com/a0diff/a0diff/runtime/syntax/testfile"
)

// TestParseURL checks the kit's URL parser against testdata/urls.txt, which records
// what Node's URL class does with each input (regenerate with testdata/node/urls.js).
func TestParseURL(t *testing.T) {
	const file = "testdata/urls.txt"
	n := 0
	for _, r := range testfile.MustReadTable(t, file, 0) {
		where := r.At(file)
		var inputJSON, baseJSON, want string
		hasBase := false
		switch f := r.Fields; len(f) {
		case 2:
			inputJSON, want = f[0], f[1]
		case 3:
			inputJSON, baseJSON, want, hasBase = f[0], f[1], f[2], true
		default:
			t.Fatalf("%s: want INPUT, [BASE,] HREF separated by tabs", where)
		}
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
