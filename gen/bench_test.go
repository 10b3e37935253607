package gen

import "testing"

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
