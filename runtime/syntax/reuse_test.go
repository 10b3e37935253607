package syntax

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/a0diff/a0diff/runtime/ast"
	"github.com/a0diff/a0diff/runtime/diag"
	"github.com/a0diff/a0diff/runtime/syntax/testfile"
)

// TestParseStateReuse: Parse recycles its parser state (tokens, scratch stacks), also
// after a syntax error that left lists unfinished. Parsing every test program in one
// order and again in the reverse order must give identical results, and the trees of
// the first pass must be untouched by the parses that followed.
func TestParseStateReuse(t *testing.T) {
	sources, where := testPrograms(t)
	describe := func(src string) (string, *ast.Program) {
		prog, diags := Parse("r.a0", src)
		if prog != nil {
			return ast.Dump(prog), prog
		}
		return strings.Join(testfile.Diagnostics(diags), "\n"), nil
	}
	first := make([]string, len(sources))
	trees := make([]*ast.Program, len(sources))
	for i, src := range sources {
		first[i], trees[i] = describe(src)
	}
	for i := range slices.Backward(sources) {
		if again, _ := describe(sources[i]); again != first[i] {
			t.Fatalf("%s the program parses differently the second time:\n%s\n---\n%s", where[i], first[i], again)
		}
	}
	for i, prog := range trees {
		if prog != nil && ast.Dump(prog) != first[i] {
			t.Fatalf("%s the program's tree changed after later parses", where[i])
		}
	}
}

// TestTreesReuse: a Trees parses every test program as Parse does, in one order and
// again in the reverse order, though each parse reuses the node memory of the one
// before it.
func TestTreesReuse(t *testing.T) {
	sources, where := testPrograms(t)
	describe := func(prog *ast.Program, diags []diag.Diagnostic) string {
		if prog != nil {
			return ast.Dump(prog)
		}
		return strings.Join(testfile.Diagnostics(diags), "\n")
	}
	var trees Trees
	order := make([]int, 0, 2*len(sources))
	for i := range sources {
		order = append(order, i)
	}
	for i := range slices.Backward(sources) {
		order = append(order, i)
	}
	for _, i := range order {
		want := describe(Parse("r.a0", sources[i]))
		if got := describe(trees.Parse("r.a0", sources[i])); got != want {
			t.Fatalf("%s Trees.Parse gives another result than Parse:\n%s\n---\n%s", where[i], got, want)
		}
	}
}

// testPrograms are the programs of the parser's test files, and where each stands.
func testPrograms(t *testing.T) (sources, where []string) {
	for _, file := range []string{"testdata/parse_errors.txt", "testdata/parse_trees.txt"} {
		for _, c := range readCases(t, file) {
			sources = append(sources, c.Source)
			where = append(where, fmt.Sprintf("%s:%d:", file, c.Line))
		}
	}
	return sources, where
}
