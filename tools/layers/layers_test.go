package layers

import (
	"bytes"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

const module = "github.com/a0diff/a0diff/"

// levels places every package of the module, from the floor up. A package may import
// packages on its own level or below, never above: the arrows of the package graph all
// run down.
var levels = []struct {
	name     string
	packages []string
}{
	{"the shared vocabulary: the AST (and the generator of its traversals), diagnostics, values, Outcomes and their tool calls, the hermetic tool kit; the misbehaving test worker, which imports none of a0diff; the names of file types and atomic file writes",
		[]string{"doc", "runtime/ast", "runtime/ast/internal/nodegen", "runtime/ast/internal/nodegen/gennodes",
			"runtime/diag", "runtime/value", "runtime/locale", "runtime/outcome", "runtime/toolkit",
			"worker/workertest", "internal/filekind", "internal/atomicfile"}},
	{"the front end, the standard library and the implementation protocol (which knows no implementation)",
		[]string{"runtime/syntax", "runtime/syntax/testfile", "runtime/validate", "runtime/stdlib", "worker"}},
	{"the implementations: the Go evaluator and the host of the reference bundle",
		[]string{"runtime/eval", "runtime/run", "reference/ts-bundle"}},
	{"the comparison of Outcomes", []string{"diff"}},
	{"the one run-and-compare primitive", []string{"trial"}},
	{"the line-up of implementations a command runs (which runner plays which part, in process or in workers)", []string{"lineup"}},
	{"what comparisons add up to (a conformance scoreboard, a baseline of known failures) and the check of a worker against the protocol",
		[]string{"scoreboard", "baseline", "workercheck"}},
	{"corpus entries: their format, their expectations, their writer", []string{"corpus"}},
	{"generation and reduction of programs", []string{"gen", "reduce"}},
	{"the corpus run loop and the corpus distiller", []string{"harness", "harness/harnesstest", "cmin", "cmin/covrun"}},
	{"the fuzz campaign", []string{"campaign"}},
	{"native fuzz targets and tools", []string{"fuzz", "fuzz/libfuzzerseeds", "fuzz/tocorpus", "tools/layers", "tools/mutants", "tools/mutants/probe"}},
	{"the CLI", []string{"cmd/a0diff"}},
}

// nevers are the imports DESIGN.md forbids that levels alone allow: a package may not
// import these, on any level.
var nevers = []struct {
	pkg, forbidden, why string
}{
	{"reference/ts-bundle", "runtime/eval", "the reference host never imports the Go evaluator"},
	{"reference/ts-bundle", "runtime/run", "the reference host never imports the Go evaluator"},
	{"reference/ts-bundle", "runtime/syntax", "the reference host never imports the Go evaluator's front end"},
	{"diff", "runtime/syntax", "diff compares Outcomes and nothing else"},
	{"diff", "worker", "diff compares Outcomes and nothing else"},
}

// graph is the module's packages (without tests) and their direct imports within the
// module, from go list -deps.
func graph(t *testing.T) map[string][]string {
	t.Helper()
	touchSources(t)
	cmd := exec.Command("go", "list", "-deps", "-f", `{{.ImportPath}}{{range .Imports}} {{.}}{{end}}`, module+"...")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list -deps: %v\n%s", err, stderr.String())
	}
	g := map[string][]string{}
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		fields := strings.Fields(line)
		if len(fields) == 0 || !strings.HasPrefix(fields[0], module) {
			continue // the standard library and other modules
		}
		pkg := strings.TrimPrefix(fields[0], module)
		g[pkg] = nil
		for _, imp := range fields[1:] {
			if strings.HasPrefix(imp, module) {
				g[pkg] = append(g[pkg], strings.TrimPrefix(imp, module))
			}
		}
	}
	return g
}

// touchSources stats every Go file of the module: go test caches a result by the files
// the test itself reads, and go list's reads are not the test's, so without this a
// cached pass would hide a new import.
func touchSources(t *testing.T) {
	t.Helper()
	err := filepath.WalkDir("../..", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (d.Name() == "node_modules" || d.Name() == "testdata" || strings.HasPrefix(d.Name(), ".") && path != "../..") {
			return filepath.SkipDir
		}
		if strings.HasSuffix(path, ".go") {
			_, err = os.Stat(path)
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
}

func TestNoImportRunsUp(t *testing.T) {
	level := map[string]int{}
	for i, l := range levels {
		for _, p := range l.packages {
			if _, dup := level[p]; dup {
				t.Errorf("%s is placed twice", p)
			}
			level[p] = i
		}
	}
	g := graph(t)
	var pkgs []string
	for p := range g {
		pkgs = append(pkgs, p)
	}
	sort.Strings(pkgs)
	for _, p := range pkgs {
		lp, ok := level[p]
		if !ok {
			t.Errorf("%s has no level: place it in tools/layers/layers_test.go", p)
			continue
		}
		for _, imp := range g[p] {
			if li, ok := level[imp]; ok && li > lp {
				t.Errorf("%s (level %d, %s) imports %s (level %d, %s), which stands above it",
					p, lp, levels[lp].name, imp, li, levels[li].name)
			}
		}
	}
	for _, n := range nevers {
		for _, imp := range g[n.pkg] {
			if imp == n.forbidden {
				t.Errorf("%s imports %s: %s", n.pkg, imp, n.why)
			}
		}
	}
	for p := range level {
		if _, ok := g[p]; !ok {
			t.Errorf("%s is placed but is no package of the module", p)
		}
	}
}

// The level table itself must forbid what DESIGN.md forbids: runtime never imports the
// harness, and the worker protocol knows no implementation.
func TestLevelsSayTheNevers(t *testing.T) {
	level := map[string]int{}
	for i, l := range levels {
		for _, p := range l.packages {
			level[p] = i
		}
	}
	below := func(a, b string) error {
		if level[a] >= level[b] {
			return fmt.Errorf("%s (level %d) must stand below %s (level %d)", a, level[a], b, level[b])
		}
		return nil
	}
	for _, pair := range [][2]string{
		{"worker", "runtime/eval"}, {"worker", "runtime/run"}, {"worker", "reference/ts-bundle"},
		{"runtime/run", "diff"}, {"runtime/run", "corpus"}, {"runtime/run", "gen"},
		{"diff", "corpus"}, {"diff", "reduce"}, {"trial", "corpus"},
		{"corpus", "reduce"}, {"corpus", "harness"}, {"reduce", "cmin"}, {"harness", "campaign"},
		{"campaign", "cmd/a0diff"},
	} {
		if err := below(pair[0], pair[1]); err != nil {
			t.Error(err)
		}
	}
}
