package doc

import (
	"bufio"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

const (
	reference = "a0.md"
	root      = ".." // the module root, seen from this directory
)

var (
	// sectionHeading matches a numbered heading of a0.md: "## 5. …", "### 5.11 …".
	sectionHeading = regexp.MustCompile(`^#{2,4} (\d+(?:\.\d+)*)\.? `)
	// appendixHeading matches "## Appendix B — …".
	appendixHeading = regexp.MustCompile(`^#{2,4} Appendix ([A-Z])\b`)
	// sectionCite matches a citation of a section: "§5.11", "§ 2".
	sectionCite = regexp.MustCompile(`§ ?(\d+(?:\.\d+)*)`)
	// appendixCite matches a citation of an appendix: "Appendix D".
	appendixCite = regexp.MustCompile(`\bAppendix ([A-Z])\b`)
	// link matches the target of a Markdown link.
	link = regexp.MustCompile(`\]\(([^)\s]+)\)`)
)

// citingFiles are the kinds of files whose citations must resolve: code, documentation,
// corpus entries and test data.
var citingFiles = []string{".go", ".ts", ".a0", ".md", ".txt", ".js", ".mjs"}

// skipped are paths (relative to the root) never searched: this reference itself and
// the generated bundle (its citations are the TypeScript sources').
var skipped = []string{"doc/" + reference, "reference/ts-bundle/a0-reference.js"}

// headings returns the section numbers ("5.11") and appendix letters ("Appendix B") that
// a0.md has a heading for, each with its line.
func headings(t *testing.T) map[string]int {
	t.Helper()
	f, err := os.Open(reference)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	have := map[string]int{}
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		if m := sectionHeading.FindStringSubmatch(sc.Text()); m != nil {
			have["§"+m[1]] = n
		}
		if m := appendixHeading.FindStringSubmatch(sc.Text()); m != nil {
			have["Appendix "+m[1]] = n
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return have
}

// TestHeadingsAreWellFormed guards the parsing the other tests rely on: a0.md has the ten
// chapters and four appendices of the specification's numbering.
func TestHeadingsAreWellFormed(t *testing.T) {
	have := headings(t)
	for _, want := range []string{"§1", "§1.9", "§2.9", "§5.17", "§8.8", "§10", "§10.7", "Appendix A", "Appendix D"} {
		if _, ok := have[want]; !ok {
			t.Errorf("%s: no heading for %s", reference, want)
		}
	}
}

// TestCitationsResolve fails for every section or appendix cited in the repository
// (code comments, documentation, corpus entries, test data) that has no heading in
// a0.md, so that a reader can always follow a citation.
func TestCitationsResolve(t *testing.T) {
	have := headings(t)
	cited := 0
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, path)
		rel = filepath.ToSlash(rel)
		if d.IsDir() {
			if name := d.Name(); name == "node_modules" || (strings.HasPrefix(name, ".") && rel != ".") {
				return filepath.SkipDir
			}
			return nil
		}
		if !slices.Contains(citingFiles, filepath.Ext(path)) || slices.Contains(skipped, rel) {
			return nil
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		for i, line := range strings.Split(string(data), "\n") {
			var refs []string
			for _, m := range sectionCite.FindAllStringSubmatch(line, -1) {
				refs = append(refs, "§"+m[1])
			}
			for _, m := range appendixCite.FindAllStringSubmatch(line, -1) {
				refs = append(refs, "Appendix "+m[1])
			}
			for _, ref := range refs {
				cited++
				if _, ok := have[ref]; !ok {
					t.Errorf("%s:%d: %s is cited but doc/%s has no heading for it", rel, i+1, ref, reference)
				}
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	// The module cites the specification well over a thousand times; far fewer means
	// the walk missed the tree.
	if cited < 1000 {
		t.Fatalf("only %d citations found under %s", cited, root)
	}
}

// TestLinksResolve fails for every relative link of a0.md whose target does not exist
// (a renamed corpus entry, a moved package).
func TestLinksResolve(t *testing.T) {
	data, err := os.ReadFile(reference)
	if err != nil {
		t.Fatal(err)
	}
	links := 0
	for i, line := range strings.Split(string(data), "\n") {
		for _, m := range link.FindAllStringSubmatch(line, -1) {
			target, _, _ := strings.Cut(m[1], "#")
			if target == "" || strings.Contains(target, "://") {
				continue
			}
			links++
			if _, err := os.Stat(filepath.FromSlash(target)); err != nil {
				t.Errorf("%s:%d: link to %s: %v", reference, i+1, m[1], err)
			}
		}
	}
	if links < 100 {
		t.Fatalf("only %d links found in %s", links, reference)
	}
}
