package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestCatalogueApplies checks every catalogue entry against the module as it is: its
// file exists, its old snippet occurs exactly once, and the categories are the known ones.
func TestCatalogueApplies(t *testing.T) {
	ms, err := parseCatalogue("testdata/catalogue.txt")
	if err != nil {
		t.Fatal(err)
	}
	if len(ms) < 40 {
		t.Errorf("the catalogue has %d mutants, want at least 40", len(ms))
	}
	known := map[string]bool{"values": true, "strings": true, "numbers": true, "records": true, "scopes": true,
		"registry": true, "control": true, "budgets": true, "limits": true, "traces": true, "evidence": true, "stdlib": true, "tools": true}
	perCategory := map[string]int{}
	for _, m := range ms {
		if !known[m.Category] {
			t.Errorf("%s: unknown category %q", m.ID, m.Category)
		}
		perCategory[m.Category]++
		if !strings.HasPrefix(m.File, "runtime/") {
			t.Errorf("%s: %s is not in runtime/ (mutants change the Go evaluator only)", m.ID, m.File)
		}
		if _, _, err := m.apply("../.."); err != nil {
			t.Error(err)
		}
	}
	for c := range known {
		if perCategory[c] == 0 {
			t.Errorf("no mutant of category %s", c)
		}
	}
}

// TestCatalogueMutantsBuild applies each mutant in a scratch copy of the packages it
// touches and type-checks them (go vet would be slower; go build of the package suffices).
func TestCatalogueMutantsBuild(t *testing.T) {
	if testing.Short() {
		t.Skip("builds every mutant")
	}
	ms, err := parseCatalogue("testdata/catalogue.txt")
	if err != nil {
		t.Fatal(err)
	}
	scratch := t.TempDir()
	if err := copyModule("../..", scratch); err != nil {
		t.Fatal(err)
	}
	for _, m := range ms {
		orig, mutated, err := m.apply(scratch)
		if err != nil {
			t.Fatal(err)
		}
		path := filepath.Join(scratch, filepath.FromSlash(m.File))
		if err := os.WriteFile(path, mutated, 0o644); err != nil {
			t.Fatal(err)
		}
		cmd := exec.Command("go", "build", "./"+filepath.ToSlash(filepath.Dir(m.File)))
		cmd.Dir = scratch
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Errorf("%s does not build: %v\n%s", m.ID, err, out)
		}
		if err := os.WriteFile(path, orig, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

func TestParseCatalogueErrors(t *testing.T) {
	for _, tc := range []struct{ name, text, want string }{
		{"no id", "file: a.go\ncategory: x\ndesc: d\nold:\n| a\nnew:\n| b\n", "entry without id"},
		{"no old", "id: a\nfile: a.go\ncategory: x\ndesc: d\nnew:\n| b\n", "no old: lines"},
		{"same", "id: a\nfile: a.go\ncategory: x\ndesc: d\nold:\n| b\nnew:\n| b\n", "changes nothing"},
		{"dup", "id: a\nfile: a.go\ncategory: x\ndesc: d\nold:\n| a\nnew:\n| b\n---\nid: a\nfile: a.go\ncategory: x\ndesc: d\nold:\n| a\nnew:\n| c\n", "already used at line 1"},
		{"junk", "id: a\nwhat\n", "catalogue.txt:2"},
		{"field", "id: a\ncolour: red\n", `unknown field "colour"`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "catalogue.txt")
			if err := os.WriteFile(path, []byte(tc.text), 0o644); err != nil {
				t.Fatal(err)
			}
			_, err := parseCatalogue(path)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("error %v, want one containing %q", err, tc.want)
			}
		})
	}
}

func TestOperatorMutant(t *testing.T) {
	src := []byte("package p\n\nfunc f(a, b int) bool {\n\treturn a+b < -a && a != b\n}\n")
	for _, tc := range []struct {
		kind      string
		line, col int
		want      string
	}{
		{"ARITHMETIC_BASE", 4, 10, "\treturn a-b < -a && a != b"},
		{"CONDITIONALS_BOUNDARY", 4, 13, "\treturn a+b <= -a && a != b"},
		{"CONDITIONALS_NEGATION", 4, 13, "\treturn a+b >= -a && a != b"},
		{"INVERT_NEGATIVES", 4, 15, "\treturn a+b < a && a != b"},
		{"INVERT_LOGICAL", 4, 18, "\treturn a+b < -a || a != b"},
		{"CONDITIONALS_NEGATION", 4, 23, "\treturn a+b < -a && a == b"},
	} {
		m, err := operatorMutant("p.go", src, tc.kind, tc.line, tc.col)
		if err != nil {
			t.Errorf("%s at %d:%d: %v", tc.kind, tc.line, tc.col, err)
			continue
		}
		if m.New != tc.want {
			t.Errorf("%s at %d:%d: got %q, want %q", tc.kind, tc.line, tc.col, m.New, tc.want)
		}
		dir := t.TempDir()
		if err := os.WriteFile(filepath.Join(dir, "p.go"), src, 0o644); err != nil {
			t.Fatal(err)
		}
		_, mutated, err := m.apply(dir)
		if err != nil || !strings.Contains(string(mutated), tc.want) {
			t.Errorf("%s: apply gave %q, %v", tc.kind, mutated, err)
		}
	}
	if _, err := operatorMutant("p.go", src, "ARITHMETIC_BASE", 4, 13); err == nil {
		t.Error("ARITHMETIC_BASE applied to <")
	}
}
