package corpus

import (
	"os"
	"path/filepath"
	"regexp"
	"testing"
)

func TestCheckWritableDir(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "file")
	if err := os.WriteFile(file, []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(filepath.Join(dir, "gone"), filepath.Join(dir, "dangling")); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		dir  string
		want string // a regular expression the error matches; "" for no error
	}{
		{dir, ""},
		{filepath.Join(dir, "new", "deeper"), ""}, // MkdirAll would make it
		{file, `^.*/file is not a directory$`},
		{filepath.Join(file, "sub"), `^.*/file is not a directory$`}, // the file on the way is named
		{filepath.Join(dir, "dangling", "sub"), `^.*/dangling is a symbolic link to a missing file$`},
		{"/proc/a0diff-out", `^cannot create files in /proc: `},
	}
	for _, tt := range tests {
		err := CheckWritableDir(tt.dir)
		switch {
		case tt.want == "" && err != nil:
			t.Errorf("CheckWritableDir(%s) = %v, want nil", tt.dir, err)
		case tt.want != "" && (err == nil || !regexp.MustCompile(tt.want).MatchString(err.Error())):
			t.Errorf("CheckWritableDir(%s) = %v, want an error matching %q", tt.dir, err, tt.want)
		}
	}
	// The check leaves nothing behind, and makes no directory.
	ents, _ := os.ReadDir(dir)
	if len(ents) != 2 {
		t.Errorf("%s holds %d files after the checks, want 2", dir, len(ents))
	}
}
