package ast_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/a0diff/a0diff/runtime/ast"
	"github.com/a0diff/a0diff/runtime/syntax"
)

// corpusTrees parses the programs of the corpus: the trees the traversal benchmarks
// run over.
func corpusTrees(b *testing.B) []*ast.Program {
	b.Helper()
	var out []*ast.Program
	filepath.WalkDir("../../corpus", func(path string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".a0") {
			return err
		}
		src, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		if p, diags := syntax.Parse("t.a0", string(src)); len(diags) == 0 {
			out = append(out, p)
		}
		return nil
	})
	if len(out) < 100 {
		b.Fatalf("only %d corpus programs parse", len(out))
	}
	return out
}

func BenchmarkInspect(b *testing.B) {
	trees := corpusTrees(b)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		n := 0
		ast.Inspect(trees[i%len(trees)], func(ast.Node) bool { n++; return true })
	}
}

func BenchmarkClone(b *testing.B) {
	trees := corpusTrees(b)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		ast.Clone(trees[i%len(trees)])
	}
}

func BenchmarkEqual(b *testing.B) {
	trees := corpusTrees(b)
	clones := make([]*ast.Program, len(trees))
	for i, t := range trees {
		clones[i] = ast.Clone(t)
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if !ast.Equal(trees[i%len(trees)], clones[i%len(trees)]) {
			b.Fatal("a clone differs")
		}
	}
}

func BenchmarkDump(b *testing.B) {
	trees := corpusTrees(b)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		ast.Dump(trees[i%len(trees)])
	}
}
