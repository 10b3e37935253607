package fuzz

import (
	"context"
	"math/rand"
	"os"
	"sync"
	"testing"

	"github.com/a0diff/a0diff/corpus"
	"github.com/a0diff/a0diff/diff"
)

// corpusSeeds adds every corpus entry's text (program and directives) to f. The entries
// are read once per process: the libFuzzer build of these targets (.clusterfuzzlite/)
// calls the target function, and so this, for every input it runs.
func corpusSeeds(f *testing.F) {
	seeds, err := readCorpusSeeds()
	if err != nil {
		f.Fatalf("seeding from the corpus: %v", err)
	}
	for _, data := range seeds {
		f.Add(data)
	}
}

var readCorpusSeeds = sync.OnceValues(func() ([][]byte, error) {
	files, err := corpus.Discover("../corpus")
	if err != nil {
		return nil, err
	}
	seeds := make([][]byte, 0, len(files))
	for _, path := range files {
		data, err := os.ReadFile(path)
		if err != nil {
			return nil, err
		}
		seeds = append(seeds, data)
	}
	return seeds, nil
})

func FuzzParse(f *testing.F) {
	corpusSeeds(f)
	for _, s := range []string{"", "return 1", "let x = \n", "return \"a\\x\"", "1 < 2 < 3", "\ufeffreturn 1", "return {", "fn f { a, a } { return 1 } return 1"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		source, cfg := SourceCase(data)
		g, r := Run(context.Background(), source, cfg)
		if msg := CheckParse(g, r); msg != "" {
			t.Fatalf("the front ends disagree: %s\nprogram:\n%s", msg, source)
		}
	})
}

func FuzzDiff(f *testing.F) {
	corpusSeeds(f)
	f.Fuzz(func(t *testing.T, data []byte) {
		source, cfg := SourceCase(data)
		g, r := Run(context.Background(), source, cfg)
		if res := diff.Compare(g, r); res.Verdict == diff.Diverge {
			t.Fatal(Describe(source, res))
		}
	})
}

func FuzzGen(f *testing.F) {
	f.Add([]byte{})
	rng := rand.New(rand.NewSource(1))
	for range 24 {
		b := make([]byte, 64+rng.Intn(400))
		rng.Read(b)
		f.Add(b)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		c := GenCase(data)
		g, r := Run(context.Background(), c.Source, c.Config)
		if res := diff.Compare(g, r); res.Verdict == diff.Diverge {
			t.Fatal(Describe(c.Source, res))
		}
	})
}
