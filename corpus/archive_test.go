package corpus

import (
	"bytes"
	"fmt"
	"testing"

	"golang.org/x/tools/txtar"
)

// archive is a txtar test archive (text before the first file is commentary) with the
// line of each file's header, so that a failing case can say path:line:.
type archive struct {
	path  string
	order []string          // file names in archive order
	files map[string][]byte // file data
	lines map[string]int    // line of the file's `-- NAME --` header
}

// readArchive reads a test archive, failing t when it cannot be read or names a file
// twice.
func readArchive(t *testing.T, path string) *archive {
	t.Helper()
	ar, err := txtar.ParseFile(path)
	if err != nil {
		t.Fatal(err)
	}
	a := &archive{path: path, files: map[string][]byte{}, lines: map[string]int{}}
	line := 1 + bytes.Count(ar.Comment, []byte("\n"))
	for _, f := range ar.Files {
		if first, dup := a.lines[f.Name]; dup {
			t.Fatalf("%s:%d: file %s repeated (first at line %d)", path, line, f.Name, first)
		}
		a.order = append(a.order, f.Name)
		a.files[f.Name] = f.Data
		a.lines[f.Name] = line
		line += 1 + bytes.Count(f.Data, []byte("\n"))
	}
	return a
}

// at is the path:line: prefix of the header of file name.
func (a *archive) at(name string) string {
	return fmt.Sprintf("%s:%d:", a.path, a.lines[name])
}

// trimmed is a file's text without its final line terminator (for one-line texts).
func trimmed(b []byte) string {
	return string(bytes.TrimRight(b, "\r\n"))
}
