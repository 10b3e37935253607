package corpus

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestHostileFiles: files that are not what a corpus entry file should be are errors
// naming the file (and the line), never a hang or an entry read with its directives
// dropped. The named pipe is made here (git keeps none); the other inputs are files in
// testdata/hostile.
func TestHostileFiles(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "pipe.a0")
	if err := mkfifo(fifo); err != nil {
		t.Skipf("no named pipes here: %v", err)
	}
	tests := []struct {
		path string
		want string // the error's start, "" when the file must parse
	}{
		{fifo, fifo + ": a named pipe, not a corpus entry file"},
		{"testdata/hostile/cr-line-ends.a0", "testdata/hostile/cr-line-ends.a0:1: a directive after a lone CR (byte 89 of the line)"},
		{"testdata/hostile/lone-cr-before-directive.a0", "testdata/hostile/lone-cr-before-directive.a0:2: a directive after a lone CR (byte 18 of the line)"},
		{"testdata/hostile/lone-cr-in-prose.a0", ""},
	}
	for _, tc := range tests {
		t.Run(filepath.Base(tc.path), func(t *testing.T) {
			// a0diff PATH reads a file through Discover and ParseFile, reduce and exec
			// FILE through ParseFile alone; both refuse the pipe (a hang fails the test
			// by its timeout).
			_, err := ParseFile(tc.path)
			if tc.path == fifo {
				if _, derr := Discover(tc.path); derr == nil || !strings.HasPrefix(derr.Error(), tc.want) {
					t.Errorf("Discover: error %v, want one starting %q", derr, tc.want)
				}
			}
			switch {
			case tc.want == "" && err != nil:
				t.Errorf("ParseFile: %v", err)
			case tc.want != "" && (err == nil || !strings.HasPrefix(err.Error(), tc.want)):
				t.Errorf("ParseFile: error %v, want one starting %q", err, tc.want)
			}
		})
	}
	if _, err := os.Stat(fifo); err != nil {
		t.Fatal(err)
	}
}
