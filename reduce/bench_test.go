package reduce

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/a0diff/a0diff/runtime/ast"
	"github.com/a0diff/a0diff/runtime/syntax"
)

// corpusSources reads the programs of the corpus.
func corpusSources(b *testing.B) []string {
	b.Helper()
	var out []string
	filepath.WalkDir("../corpus", func(path string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(path, ".a0") {
			if src, err := os.ReadFile(path); err == nil {
				out = append(out, string(src))
			}
		}
		return nil
	})
	if len(out) < 100 {
		b.Fatalf("only %d corpus programs", len(out))
	}
	return out
}

// BenchmarkSplitTokens measures the split of the text passes (a program that does not
// parse is reduced token by token).
func BenchmarkSplitTokens(b *testing.B) {
	srcs := corpusSources(b)
	for i := 0; b.Loop(); i++ {
		splitTokens(srcs[i%len(srcs)])
	}
}

// BenchmarkAllSlots measures enumerating a tree's expression slots, which the tree
// passes do once per round.
func BenchmarkAllSlots(b *testing.B) {
	srcs := corpusSources(b)
	var progs []*ast.Program
	for _, s := range srcs {
		if p, diags := syntax.Parse("t.a0", s); len(diags) == 0 {
			progs = append(progs, p)
		}
	}
	for i := 0; b.Loop(); i++ {
		allSlots(progs[i%len(progs)])
	}
}
