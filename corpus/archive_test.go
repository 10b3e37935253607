package corpus

import (
	"bytes"
	"os"
	"regexp"
	"testing"
)

var sectionHeader = regexp.MustCompile(`^-- (\S+) --\r?\n$`)

// readArchive reads a test archive; text before the first header is commentary.
func readArchive(t *testing.T, path string) (order []string, files map[string][]byte) {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	files = map[string][]byte{}
	cur := ""
	for line := range bytes.Lines(data) {
		if m := sectionHeader.FindSubmatch(line); m != nil {
			cur = string(m[1])
			if _, dup := files[cur]; dup {
				t.Fatalf("%s: section %s repeated", path, cur)
			}
			files[cur] = []byte{}
			order = append(order, cur)
			continue
		}
		if cur != "" {
			files[cur] = append(files[cur], line...)
		}
	}
	return order, files
}

// trimmed is a section's text without its final line terminator (for one-line texts).
func trimmed(b []byte) string {
	return string(bytes.TrimRight(b, "\r\n"))
}
