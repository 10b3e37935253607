package harnesstest

import (
	"os"
	"path/filepath"
	"testing"
)

// CorpusDir copies the files matching glob (test entries, say testdata/*.a0) into a
// fresh temporary directory, adds the extra files (name → text, replacing a copied file
// of the same name) and returns the directory.
func CorpusDir(t testing.TB, glob string, extra map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	write := func(name string, data []byte) {
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	files, err := filepath.Glob(glob)
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		write(filepath.Base(f), data)
	}
	for name, text := range extra {
		write(name, []byte(text))
	}
	return dir
}
