package ast

import (
	"bytes"
	"os"
	"testing"

	"github.com/a0diff/a0diff/runtime/ast/internal/nodegen"
)

// TestGeneratedTraversalsAreCurrent: nodes_gen.go is what `go generate ./runtime/ast`
// writes from the node table of ast.go today, so a node kind or field added to the table
// reaches every traversal.
func TestGeneratedTraversalsAreCurrent(t *testing.T) {
	src, err := os.ReadFile("ast.go")
	if err != nil {
		t.Fatal(err)
	}
	want, err := nodegen.Generate(src)
	if err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile("nodes_gen.go")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Error("nodes_gen.go is stale: run go generate ./runtime/ast")
	}
}

// TestNodeTableCoversEveryNode: every type with a NodeSpan method is a kind of the table
// (and the other way round), so no node is left out of the generated traversals.
func TestNodeTableCoversEveryNode(t *testing.T) {
	src, err := os.ReadFile("ast.go")
	if err != nil {
		t.Fatal(err)
	}
	kinds, err := nodegen.Table(src)
	if err != nil {
		t.Fatal(err)
	}
	inTable := map[string]bool{}
	for _, k := range kinds {
		inTable[k.Name] = true
		if !bytes.Contains(src, []byte("func (n *"+k.Name+") NodeSpan() *Span")) {
			t.Errorf("%s is in the table but has no NodeSpan method", k.Name)
		}
	}
	for _, line := range bytes.Split(src, []byte("\n")) {
		if name, ok := bytes.CutPrefix(line, []byte("func (n *")); ok {
			if i := bytes.IndexByte(name, ')'); i > 0 && !inTable[string(name[:i])] {
				t.Errorf("node %s is not a kind of the table (its first field must be the Span)", name[:i])
			}
		}
	}
	if len(kinds) != 33 {
		t.Errorf("%d node kinds, want 33 (the program, 3 headers, 4 statements, 22 expressions, 2 record entries, the match arm)", len(kinds))
	}
}
