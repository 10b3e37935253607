package gen

import (
	"math/rand"
	"testing"
)

// TestLazySourceMatchesMathRand checks that CaseRand's source gives math/rand's numbers
// for the same seed, through every way the generator and gopter read them, over several
// turns of the state, for seeds at the edges of the seed reduction.
func TestLazySourceMatchesMathRand(t *testing.T) {
	if _, ok := newCaseSource(1).(*lazySource); !ok {
		t.Fatal("CaseRand falls back to rand.NewSource: math/rand's state could not be read")
	}
	seeds := []int64{0, 1, -1, 2, 89482311, 1<<31 - 1, 1<<31 - 2, 1 << 31, -(1 << 31), 1<<63 - 1, -1 << 63, CaseSeed(3, 0), CaseSeed(3, 12813)}
	for i := range 40 {
		seeds = append(seeds, CaseSeed(int64(i), i*7919))
	}
	for _, seed := range seeds {
		got, want := rand.New(newCaseSource(seed)), rand.New(rand.NewSource(seed))
		for n := range 3000 {
			var g, w int64
			switch n % 5 {
			case 0:
				g, w = int64(got.Intn(7)), int64(want.Intn(7))
			case 1:
				g, w = int64(got.Intn(1000003)), int64(want.Intn(1000003))
			case 2:
				g, w = got.Int63(), want.Int63()
			case 3:
				g, w = int64(got.Uint64()), int64(want.Uint64())
			default:
				g, w = int64(got.Float64()*1e15), int64(want.Float64()*1e15)
			}
			if g != w {
				t.Fatalf("seed %d, draw %d: got %d, want %d", seed, n, g, w)
			}
		}
		// Seeding again starts over, as math/rand's Seed does.
		src := newCaseSource(seed)
		src.Int63()
		src.Seed(seed + 1)
		if g, w := src.Int63(), rand.NewSource(seed+1).Int63(); g != w {
			t.Fatalf("seed %d then %d: got %d, want %d", seed, seed+1, g, w)
		}
	}
}

func BenchmarkCaseRand(b *testing.B) {
	for i := 0; b.Loop(); i++ {
		r := CaseRand(3, i)
		for range 250 {
			r.Intn(10)
		}
	}
}

func BenchmarkMathRandSource(b *testing.B) {
	for i := 0; b.Loop(); i++ {
		r := rand.New(rand.NewSource(CaseSeed(3, i)))
		for range 250 {
			r.Intn(10)
		}
	}
}
