package tsbundle

import (
	"errors"
	"strings"
	"testing"

	"github.com/a0diff/a0diff/runtime/syntax/testfile"
	"github.com/dop251/goja"
)

type engineCase struct {
	line         int
	name         string
	js, goja, v8 string
}

// readEngineCases reads testdata/engine-differences.txt (testfile.Read; the lines after
// "---" are "goja: TEXT" and "v8: TEXT").
func readEngineCases(t *testing.T) []engineCase {
	t.Helper()
	const file = "testdata/engine-differences.txt"
	read, err := testfile.Read(file)
	if err != nil {
		t.Fatal(err)
	}
	var cases []engineCase
	for _, c := range read {
		goja, okGoja := cutLabel(c.Expect, 0, "goja:")
		v8, okV8 := cutLabel(c.Expect, 1, "v8:")
		if len(c.Expect) != 2 || !okGoja || !okV8 || c.Source == "" {
			t.Fatalf("%s:%d: case %q needs an expression and, after ---, a goja: and a v8: line", file, c.Line, c.Name)
		}
		cases = append(cases, engineCase{line: c.Line, name: c.Name, js: c.Source, goja: goja, v8: v8})
	}
	if len(cases) == 0 {
		t.Fatalf("%s: no cases", file)
	}
	return cases
}

// cutLabel returns line i of lines without its label and the spaces after it.
func cutLabel(lines []string, i int, label string) (string, bool) {
	if i >= len(lines) {
		return "", false
	}
	rest, ok := strings.CutPrefix(lines[i], label)
	return strings.TrimLeft(rest, " "), ok
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
			t.Errorf("testdata/engine-differences.txt:%d: %s: %s\n got %s\nwant %s", c.line, c.name, c.js, got, c.goja)
		}
	}
}
