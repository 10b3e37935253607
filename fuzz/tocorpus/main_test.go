package main

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/a0diff/a0diff/corpus"
)

func writeInput(t *testing.T, dir, target, name string, data []byte) string {
	t.Helper()
	d := filepath.Join(dir, target)
	os.MkdirAll(d, 0o755)
	path := filepath.Join(d, name)
	os.WriteFile(path, []byte("go test fuzz v1\n[]byte("+strconv.Quote(string(data))+")\n"), 0o644)
	return path
}

func TestConvert(t *testing.T) {
	in, out := t.TempDir(), t.TempDir()
	tests := []struct {
		target, name string
		data         []byte
		program      string // what the entry's program must start with
	}{
		{"FuzzDiff", "plain", []byte("let n = 5\nreturn n\n"), "let n = 5\nreturn n\n"},
		{"FuzzParse", "entry", []byte("return 1\n# @name keep.a0\n"), "return 1\n"},
		// A comment that reads as a malformed directive is defused, same offsets.
		{"FuzzDiff", "directive", []byte("# @bogus\nreturn 2\n"), "# \uFF20bogus\nreturn 2\n"},
		{"FuzzGen", "bytes", []byte{}, "return 0\n"},
	}
	for _, tt := range tests {
		input := writeInput(t, in, tt.target, tt.name, tt.data)
		path, err := convert(tt.target, input, out)
		if err != nil {
			t.Fatalf("%s/%s: %v", tt.target, tt.name, err)
		}
		if path != filepath.Join(out, tt.target+"-"+tt.name+".a0") {
			t.Errorf("%s/%s written to %s", tt.target, tt.name, path)
		}
		data, _ := os.ReadFile(path)
		e, err := corpus.Parse(path, data)
		if err != nil {
			t.Fatalf("%s/%s: not a corpus entry: %v\n%s", tt.target, tt.name, err, data)
		}
		if !strings.HasPrefix(e.Source, tt.program) {
			t.Errorf("%s/%s: program %q, want it to start with %q", tt.target, tt.name, e.Source, tt.program)
		}
		if !strings.Contains(string(data), "# Found by go test -fuzz="+tt.target+" (input ") {
			t.Errorf("%s/%s: no provenance comment:\n%s", tt.target, tt.name, data)
		}
		if again, err := convert(tt.target, input, out); err != nil || again != "" {
			t.Errorf("%s/%s: converting again gave %q, %v; want the existing entry left alone", tt.target, tt.name, again, err)
		}
	}
	if e, _ := corpus.ParseFile(filepath.Join(out, "FuzzParse-entry.a0")); e == nil || e.Config.File != "keep.a0" {
		t.Errorf("the entry's own @name was not kept")
	}
}
