//go:build unix

package baseline

import (
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// A --baseline that is not a regular file is an error naming it; a named pipe's read
// waited for a writer for ever.
func TestReadRefusesWhatIsNotAFile(t *testing.T) {
	dir := t.TempDir()
	pipe := filepath.Join(dir, "known.txt")
	if err := syscall.Mkfifo(pipe, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct{ path, want string }{
		{pipe, "--baseline " + pipe + ": not a regular file"},
		{dir, "--baseline " + dir + ": not a regular file"},
		{filepath.Join(dir, "missing"), "--baseline: stat " + dir + "/missing: no such file or directory"},
	} {
		if _, err := Read(tt.path); err == nil || !strings.HasPrefix(err.Error(), tt.want) {
			t.Errorf("Read(%s) = %v, want %q", tt.path, err, tt.want)
		}
	}
}
