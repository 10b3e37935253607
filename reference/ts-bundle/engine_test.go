package tsbundle

import (
	"bufio"
	"errors"
	"os"
	"strings"
	"testing"

	"github.com/dop251/goja"
)

type engineCase struct {
	line         int
	js, goja, v8 string
}

// readEngineCases reads testdata/engine-differences.txt (format at its top).
func readEngineCases(t *testing.T) []engineCase {
	t.Helper()
	f, err := os.Open("testdata/engine-differences.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var cases []engineCase
	var cur engineCase
	flush := func() {
		if cur.js != "" {
			if cur.goja == "" || cur.v8 == "" {
				t.Fatalf("testdata/engine-differences.txt:%d: a case needs js:, goja: and v8: lines", cur.line)
			}
			cases = append(cases, cur)
		}
		cur = engineCase{}
	}
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		key, val, _ := strings.Cut(line, ":")
		val = strings.TrimLeft(val, " ")
		switch {
		case strings.TrimSpace(line) == "":
			flush()
		case strings.HasPrefix(line, "#"):
		case key == "js":
			cur.js, cur.line = val, n
		case key == "goja":
			cur.goja = val
		case key == "v8":
			cur.v8 = val
		default:
			t.Fatalf("testdata/engine-differences.txt:%d: unexpected line %q", n, line)
		}
	}
	flush()
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return cases
}

// TestGojaIsNotV8 pins goja's side of every documented engine difference, so that a goja
// upgrade that changes one is noticed (and README.md updated).
func TestGojaIsNotV8(t *testing.T) {
	for _, c := range readEngineCases(t) {
		rt := goja.New()
		rt.SetMaxCallStackSize(1000)
		v, err := rt.RunString("String(" + c.js + ")")
		var got string
		var ex *goja.Exception
		var overflow *goja.StackOverflowError
		switch {
		case errors.As(err, &overflow):
			got = "uncatchable StackOverflowError"
		case errors.As(err, &ex):
			got = "throws " + ex.Value().String()
		case err != nil:
			t.Fatalf("testdata/engine-differences.txt:%d: %v", c.line, err)
		default:
			got = v.String()
		}
		if got != c.goja {
			t.Errorf("testdata/engine-differences.txt:%d: %s\n got %s\nwant %s", c.line, c.js, got, c.goja)
		}
	}
}
