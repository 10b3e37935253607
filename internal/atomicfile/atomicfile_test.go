package atomicfile

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"testing"
)

func TestWriteReplacesAndLeavesNoTemporaryFile(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "f.txt")
	mine := filepath.Join(dir, "f.txt.tmp") // a file of the user's with a likely temporary name
	for _, p := range []string{path, mine} {
		if err := os.WriteFile(p, []byte("old\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := Write(path, []byte("new\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(path); string(b) != "new\n" {
		t.Errorf("%s holds %q; want the new text", path, b)
	}
	if st, err := os.Stat(path); err != nil || st.Mode().Perm() != 0o600 {
		t.Errorf("mode %v, %v; want 0600", st.Mode().Perm(), err)
	}
	if b, _ := os.ReadFile(mine); string(b) != "old\n" {
		t.Errorf("the user's %s became %q", mine, b)
	}
	if names, _ := os.ReadDir(dir); len(names) != 2 {
		t.Errorf("the directory holds %d files; want the two it had", len(names))
	}
}

func TestCreateNeverReplaces(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "e.a0")
	if err := Create(path, []byte("one\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := Create(path, []byte("two\n"), 0o644); !errors.Is(err, fs.ErrExist) {
		t.Errorf("the second Create: %v; want an error that is fs.ErrExist", err)
	}
	if b, _ := os.ReadFile(path); string(b) != "one\n" {
		t.Errorf("%s holds %q; want the first text", path, b)
	}
	if names, _ := os.ReadDir(dir); len(names) != 1 {
		t.Errorf("the directory holds %d files; want 1", len(names))
	}
}

func TestWriteIntoAMissingDirectoryFails(t *testing.T) {
	if err := Write(filepath.Join(t.TempDir(), "missing", "f"), []byte("x"), 0o644); err == nil {
		t.Error("no error")
	}
}
