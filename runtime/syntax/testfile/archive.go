package testfile

import (
	"bytes"
	"fmt"

	"golang.org/x/tools/txtar"
)

// Archive is a txtar test archive (the text before the first file is commentary) with
// the line of each file's header, so that a failing case can say path:line:. It is the
// one reader of the txtar test files (diff, corpus, gen, the tool scenarios).
type Archive struct {
	Path    string
	Comment string
	Names   []string          // file names in archive order
	Files   map[string]string // file data
	Lines   map[string]int    // line of the file's `-- NAME --` header
}

// ReadArchive reads a test archive; a file named twice is an error naming both lines.
func ReadArchive(path string) (*Archive, error) {
	ar, err := txtar.ParseFile(path)
	if err != nil {
		return nil, err
	}
	a := &Archive{Path: path, Comment: string(ar.Comment), Files: map[string]string{}, Lines: map[string]int{}}
	line := 1 + bytes.Count(ar.Comment, []byte("\n"))
	for _, f := range ar.Files {
		if first, dup := a.Lines[f.Name]; dup {
			return nil, fmt.Errorf("%s:%d: file %s repeated (first at line %d)", path, line, f.Name, first)
		}
		a.Names = append(a.Names, f.Name)
		a.Files[f.Name] = string(f.Data)
		a.Lines[f.Name] = line
		line += 1 + bytes.Count(f.Data, []byte("\n"))
	}
	return a, nil
}

// At is the path:line: prefix of the header of file name.
func (a *Archive) At(name string) string {
	return fmt.Sprintf("%s:%d:", a.Path, a.Lines[name])
}

// TB is the part of testing.TB MustReadArchive uses.
type TB interface {
	Helper()
	Fatal(args ...any)
}

// MustReadArchive is ReadArchive for tests: an archive that cannot be read fails t.
func MustReadArchive(t TB, path string) *Archive {
	t.Helper()
	a, err := ReadArchive(path)
	if err != nil {
		t.Fatal(err)
	}
	return a
}
