package testfile

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

func write(t *testing.T, text string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "f.txt")
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

func TestReadTable(t *testing.T) {
	path := write(t, "# comment\n\na\tb\n  \nc\t\td\n# x\te\n")
	rows, err := ReadTable(path)
	if err != nil {
		t.Fatal(err)
	}
	want := []Row{{Line: 3, Fields: []string{"a", "b"}}, {Line: 5, Fields: []string{"c", "", "d"}}}
	if !reflect.DeepEqual(rows, want) {
		t.Errorf("rows %+v, want %+v", rows, want)
	}
	if got := rows[1].At("f.txt"); got != "f.txt:5" {
		t.Errorf("At = %q", got)
	}
}

func TestParseTable(t *testing.T) {
	// A table inside a larger file: row lines are the file's.
	rows, err := ParseTable("f.txt", 7, "# c\na\tb\n\nc\r\n")
	if err != nil {
		t.Fatal(err)
	}
	want := []Row{{Line: 8, Fields: []string{"a", "b"}}, {Line: 10, Fields: []string{"c"}}}
	if !reflect.DeepEqual(rows, want) {
		t.Errorf("rows %+v, want %+v", rows, want)
	}
}

func TestReadArchive(t *testing.T) {
	path := write(t, "comment\nmore\n-- a --\n1\n2\n-- b.want --\nx\n")
	a, err := ReadArchive(path)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(a.Names, []string{"a", "b.want"}) || a.Files["a"] != "1\n2\n" || a.Files["b.want"] != "x\n" {
		t.Errorf("archive %+v", a)
	}
	if a.Lines["a"] != 3 || a.Lines["b.want"] != 6 || !strings.HasSuffix(a.At("b.want"), "f.txt:6:") {
		t.Errorf("lines %v, At %q", a.Lines, a.At("b.want"))
	}
	_, err = ReadArchive(write(t, "-- a --\n1\n-- a --\n2\n"))
	if err == nil || !strings.Contains(err.Error(), ":3: file a repeated (first at line 1)") {
		t.Errorf("a repeated file: %v", err)
	}
}

func TestRead(t *testing.T) {
	path := write(t, "# comment\n=== one\nlet a = 1<TAB>\nreturn a\n---\nok<SP>\n# between\n\n=== two <x>\n<U+D800>\n---\n<U+D83D><U+DE00> <U+DE00><U+D83D>\n")
	cases, err := Read(path)
	if err != nil {
		t.Fatal(err)
	}
	want := []Case{
		{Name: "one", Line: 2, Source: "let a = 1\t\nreturn a", Expect: []string{"ok "}},
		{Name: "two <x>", Line: 9, Source: "\xed\xa0\x80", Expect: []string{"😀 \xed\xb8\x80\xed\xa0\xbd"}},
	}
	if !reflect.DeepEqual(cases, want) {
		t.Errorf("cases %+v, want %+v", cases, want)
	}
	for _, bad := range []struct{ text, err string }{
		{"text\n=== a\n---\n", ":1: text outside a case"},
		{"=== a\nreturn 1\n=== b\n---\n", `:1: case "a" has no --- line`},
		{"=== a\nreturn 1\n", `:1: case "a" has no --- line`},
		{"=== a\n<U+110000>\n---\n", ":1: bad escape <U+110000>"},
	} {
		if _, err := Read(write(t, bad.text)); err == nil || !strings.Contains(err.Error(), bad.err) {
			t.Errorf("%q: error %v, want one containing %q", bad.text, err, bad.err)
		}
	}
}
