package filekind

import (
	"io/fs"
	"testing"
)

func TestOf(t *testing.T) {
	tests := []struct {
		mode fs.FileMode
		want string
	}{
		{fs.ModeDir | 0o755, "a directory"},
		{fs.ModeNamedPipe | 0o644, "a named pipe"},
		{fs.ModeDevice | fs.ModeCharDevice | 0o666, "a device"},
		{fs.ModeDevice | 0o660, "a device"},
		{fs.ModeSocket | 0o755, "a socket"},
		{fs.ModeIrregular, "a special file"},
	}
	for _, tt := range tests {
		if got := Of(tt.mode); got != tt.want {
			t.Errorf("Of(%v) = %q; want %q", tt.mode, got, tt.want)
		}
	}
}
