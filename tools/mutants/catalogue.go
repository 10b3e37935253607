package main

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// A Mutant is one change to one file of the module: the exact old text, which must occur
// exactly once, and the text replacing it.
type Mutant struct {
	ID       string
	File     string // slash path relative to the module root
	Old, New string
	Category string
	Desc     string
	Line     int // where the entry starts in its catalogue (for messages)

	// An operator mutant (gremlins) applies at a byte offset instead of by search.
	offset, tokLen int
	with           string
}

// The catalogue format (tools/mutants/testdata/catalogue.txt) is a sequence of entries
// separated by lines "---". Each entry has the fields
//
//	id: a short unique name
//	file: runtime/eval/call.go
//	category: scopes
//	desc: one line: the porting mistake this imitates
//	old:
//	| exact lines of the file, each after "| " (a bare "|" is an empty line)
//	new:
//	| the lines that replace them
//
// Lines starting with "#" outside old:/new: are comments. Snippets keep their tabs.
func parseCatalogue(path string) ([]Mutant, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var out []Mutant
	var cur *Mutant
	var section *[]string
	var oldLines, newLines []string
	seen := map[string]int{}
	finish := func(line int) error {
		if cur == nil {
			return nil
		}
		cur.Old, cur.New = strings.Join(oldLines, "\n"), strings.Join(newLines, "\n")
		switch {
		case cur.ID == "":
			return fmt.Errorf("%s:%d: entry without id", path, cur.Line)
		case cur.File == "" || cur.Category == "" || cur.Desc == "":
			return fmt.Errorf("%s:%d: entry %s needs file, category and desc", path, cur.Line, cur.ID)
		case len(oldLines) == 0:
			return fmt.Errorf("%s:%d: entry %s has no old: lines", path, cur.Line, cur.ID)
		case cur.Old == cur.New:
			return fmt.Errorf("%s:%d: entry %s changes nothing", path, cur.Line, cur.ID)
		}
		if prev, dup := seen[cur.ID]; dup {
			return fmt.Errorf("%s:%d: id %s already used at line %d", path, cur.Line, cur.ID, prev)
		}
		seen[cur.ID] = cur.Line
		out = append(out, *cur)
		cur, section, oldLines, newLines = nil, nil, nil, nil
		return nil
	}
	sc := bufio.NewScanner(f)
	n := 0
	for sc.Scan() {
		n++
		line := sc.Text()
		if line == "---" {
			if err := finish(n); err != nil {
				return nil, err
			}
			continue
		}
		if section != nil && (line == "|" || strings.HasPrefix(line, "| ")) {
			*section = append(*section, strings.TrimPrefix(strings.TrimPrefix(line, "|"), " "))
			continue
		}
		if strings.TrimSpace(line) == "" || strings.HasPrefix(line, "#") {
			continue
		}
		key, val, ok := strings.Cut(line, ":")
		if !ok {
			return nil, fmt.Errorf("%s:%d: want \"field: value\", \"| text\" or \"---\", got %q", path, n, line)
		}
		val = strings.TrimSpace(val)
		if cur == nil {
			cur = &Mutant{Line: n}
		}
		section = nil
		switch key {
		case "id":
			cur.ID = val
		case "file":
			cur.File = val
		case "category":
			cur.Category = val
		case "desc":
			cur.Desc = val
		case "old":
			section = &oldLines
		case "new":
			section = &newLines
		default:
			return nil, fmt.Errorf("%s:%d: unknown field %q", path, n, key)
		}
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	if err := finish(n); err != nil {
		return nil, err
	}
	return out, nil
}

// apply returns the mutated text of m's file under root; it fails unless the old text
// occurs exactly once.
func (m Mutant) apply(root string) (original, mutated []byte, err error) {
	path := filepath.Join(root, filepath.FromSlash(m.File))
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, nil, fmt.Errorf("mutant %s: %w", m.ID, err)
	}
	text := string(b)
	if m.tokLen > 0 {
		if m.offset+m.tokLen > len(b) {
			return nil, nil, fmt.Errorf("mutant %s: %s changed since the mutants were listed", m.ID, m.File)
		}
		return b, []byte(text[:m.offset] + m.with + text[m.offset+m.tokLen:]), nil
	}
	if c := strings.Count(text, m.Old); c != 1 {
		return nil, nil, fmt.Errorf("mutant %s (catalogue line %d): the old snippet occurs %d times in %s, not once", m.ID, m.Line, c, m.File)
	}
	return b, []byte(strings.Replace(text, m.Old, m.New, 1)), nil
}
