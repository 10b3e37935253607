package gen

import (
	"testing"

	"github.com/a0diff/a0diff/runtime/syntax"
)

// BenchmarkGenerate measures generating one case (default options, 10 % invalid).
func BenchmarkGenerate(b *testing.B) {
	for i := 0; b.Loop(); i++ {
		Generate(RandChooser{CaseRand(1, i)}, Options{InvalidShare: 0.1})
	}
}

// BenchmarkValidates measures the validity check the fuzz command makes per case.
func BenchmarkValidates(b *testing.B) {
	c := Generate(RandChooser{CaseRand(1, 4)}, Options{Size: 100})
	for b.Loop() {
		Validates(c.Source)
	}
}

// BenchmarkDerive measures one guided-mode derivation (AST edits through ast.ExprSlots,
// validation of the result).
func BenchmarkDerive(b *testing.B) {
	parents := make([]*Case, 64)
	for i := range parents {
		parents[i] = Generate(RandChooser{CaseRand(2, i)}, Options{})
	}
	for i := 0; b.Loop(); i++ {
		Derive(RandChooser{CaseRand(3, i)}, parents[i%len(parents)], parents[(i+1)%len(parents)], Options{})
	}
}

// BenchmarkTokenize measures splitting a generated program into the tokens the
// invalid-text mutations and layouts work on.
func BenchmarkTokenize(b *testing.B) {
	c := Generate(RandChooser{CaseRand(1, 4)}, Options{Size: 100})
	for b.Loop() {
		tokenize(c.Source)
	}
}

// BenchmarkEditProgram measures one shrinking step: a copy of a generated tree with one
// of its edit sites applied (the shrinker makes one per variant it proposes).
func BenchmarkEditProgram(b *testing.B) {
	c := Generate(RandChooser{CaseRand(1, 4)}, Options{Size: 100})
	n := editSites(c.Program)
	for i := 0; b.Loop(); i++ {
		editProgram(c.Program, i%n)
	}
}

// BenchmarkParseGenerated measures parsing a generated program (the first 500 cases of
// seed 3 with the CLI's default options, in turn): the Go evaluator's first step on
// every case of a campaign.
func BenchmarkParseGenerated(b *testing.B) {
	srcs := make([]string, 500)
	for i := range srcs {
		srcs[i] = Generate(RandChooser{CaseRand(3, i)}, Options{Features: AllFeatures, InvalidShare: 0.1}).Source
	}
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		syntax.Parse(DefaultFile, srcs[i%len(srcs)])
	}
}
