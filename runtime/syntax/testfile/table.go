package testfile

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"strings"
)

// Row is one case of a table file: its tab-separated fields and its line number.
type Row struct {
	Line   int
	Fields []string
}

// At is the path:line prefix of the row in file path.
func (r Row) At(path string) string { return fmt.Sprintf("%s:%d", path, r.Line) }

// ReadTable reads a table file, the one format of the test tables (values and their
// expected renderings, stdlib calls, URL parses, tool calls, …): one case per line, its
// fields separated by tabs; blank lines and lines starting with `#` are skipped.
func ReadTable(path string) ([]Row, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return scanTable(path, 1, f)
}

// ParseTable reads a table held in a larger file, such as a file of a txtar archive:
// text starts at line firstLine of path, and the rows carry the lines of path.
func ParseTable(path string, firstLine int, text string) ([]Row, error) {
	return scanTable(path, firstLine, strings.NewReader(text))
}

func scanTable(path string, firstLine int, r io.Reader) ([]Row, error) {
	var rows []Row
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 1<<20), 1<<24)
	for n := firstLine; sc.Scan(); n++ {
		line := sc.Text()
		if strings.TrimSpace(line) == "" || strings.HasPrefix(line, "#") {
			continue
		}
		rows = append(rows, Row{Line: n, Fields: strings.Split(line, "\t")})
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	return rows, nil
}

// MustReadTable is ReadTable for tests: a file that cannot be read, or a row without
// exactly fields fields (any number when fields is 0), fails t.
func MustReadTable(t TB, path string, fields int) []Row {
	t.Helper()
	rows, err := ReadTable(path)
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range rows {
		if fields > 0 && len(r.Fields) != fields {
			t.Fatal(fmt.Sprintf("%s: want %d tab-separated fields, got %d", r.At(path), fields, len(r.Fields)))
		}
	}
	return rows
}
