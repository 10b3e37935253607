package gen

import (
	"math/rand"
	"reflect"
	"sync"
)

// lazySource is math/rand's seeded source (rand.NewSource) — the same numbers for the
// same seed, as users replay cases by seed and index — with its seeding done lazily.
// rand.NewSource fills all 607 words of its state when seeded (about 1 800 steps of a
// Lehmer generator, ≈ 12 µs), and a generated case draws a median of about 250 numbers,
// most of them from words it never needs. lazySource computes a word the first time it
// is read: the Lehmer generator's k-th value is seed·48271^k mod (2^31-1), so any word
// can be found without its predecessors.
//
// The words are the Lehmer values mixed with a fixed table of math/rand's; lazySource
// takes the table from a source math/rand seeded itself (see cookedWords), so nothing
// of it is copied here. TestLazySourceMatchesMathRand compares the two sources.
type lazySource struct {
	seed      int64 // the Lehmer generator's start, in [1, 2^31-2]
	tap, feed int
	vec       [lagLong]int64
	known     [lagLong]bool // vec[i] has been computed
	cooked    *[lagLong]int64
}

const (
	lagLong  = 607 // the additive lagged Fibonacci generator's lags (math/rand's)
	lagShort = 273
	lehmerM  = 1<<31 - 1
	lehmerA  = 48271
	// lehmerSkip is the number of Lehmer values drawn before the first word.
	lehmerSkip = 20
)

var (
	lazyOnce sync.Once
	// lehmerPow[k] is 48271^k mod 2^31-1.
	lehmerPow [lehmerSkip + 3*lagLong + 1]int64
	cooked    *[lagLong]int64 // nil when math/rand's state cannot be read
)

// newCaseSource is the source CaseRand hands out: a lazySource, or rand.NewSource
// itself should math/rand's internals not be readable.
func newCaseSource(seed int64) rand.Source {
	lazyOnce.Do(initLazy)
	if cooked == nil {
		return rand.NewSource(seed)
	}
	s := &lazySource{cooked: cooked}
	s.Seed(seed)
	return s
}

func initLazy() {
	lehmerPow[0] = 1
	for k := 1; k < len(lehmerPow); k++ {
		lehmerPow[k] = lehmerPow[k-1] * lehmerA % lehmerM
	}
	cooked = cookedWords()
}

// cookedWords recovers math/rand's table of mixing words from a source it seeded: its
// state right after seeding is the table mixed with Lehmer values lazySource computes.
// The state is read through reflection (reading unexported fields is allowed); if the
// source's layout is not what is expected, or the recovered table does not reproduce
// math/rand's numbers, cookedWords returns nil and CaseRand uses math/rand's source.
func cookedWords() *[lagLong]int64 {
	const probe = 1
	src := rand.NewSource(probe)
	v := reflect.ValueOf(src)
	if v.Kind() != reflect.Pointer || v.Elem().Kind() != reflect.Struct {
		return nil
	}
	vec := v.Elem().FieldByName("vec")
	if !vec.IsValid() || vec.Kind() != reflect.Array || vec.Len() != lagLong || vec.Type().Elem().Kind() != reflect.Int64 {
		return nil
	}
	var table [lagLong]int64
	s := lazySource{}
	s.Seed(probe)
	for i := range table {
		table[i] = vec.Index(i).Int() ^ s.lehmerWord(i)
	}
	// Check the table on other seeds, over more than one turn of the state.
	for _, seed := range []int64{0, 7, -3, 1 << 40} {
		want := rand.NewSource(seed).(rand.Source64)
		got := lazySource{cooked: &table}
		got.Seed(seed)
		for range 2 * lagLong {
			if got.Uint64() != want.Uint64() {
				return nil
			}
		}
	}
	return &table
}

// Seed implements rand.Source: the state math/rand's Seed makes, computed lazily.
func (s *lazySource) Seed(seed int64) {
	seed %= lehmerM
	if seed < 0 {
		seed += lehmerM
	}
	if seed == 0 {
		seed = 89482311 // math/rand's replacement for a zero seed
	}
	s.seed = seed
	s.tap, s.feed = 0, lagLong-lagShort
	s.known = [lagLong]bool{}
}

// lehmerWord is the part of word i made of Lehmer values: three consecutive ones, after
// the first lehmerSkip, shifted into 64 bits.
func (s *lazySource) lehmerWord(i int) int64 {
	k := lehmerSkip + 3*i + 1
	// Both factors are in [0, 2^31): the unsigned remainder is the signed one, in fewer
	// instructions (a case computes about 500 words, three remainders each; a Mersenne
	// fold of the product measured slower than the compiler's division by a constant).
	seed := uint64(s.seed)
	x1 := int64(seed * uint64(lehmerPow[k]) % lehmerM)
	x2 := int64(seed * uint64(lehmerPow[k+1]) % lehmerM)
	x3 := int64(seed * uint64(lehmerPow[k+2]) % lehmerM)
	return x1<<40 ^ x2<<20 ^ x3
}

// word returns word i of the state, computing it on its first read.
func (s *lazySource) word(i int) int64 {
	if !s.known[i] {
		s.vec[i] = s.lehmerWord(i) ^ s.cooked[i]
		s.known[i] = true
	}
	return s.vec[i]
}

// Uint64 implements rand.Source64 as math/rand's source does: the lagged Fibonacci step.
func (s *lazySource) Uint64() uint64 {
	s.tap--
	if s.tap < 0 {
		s.tap += lagLong
	}
	s.feed--
	if s.feed < 0 {
		s.feed += lagLong
	}
	x := s.word(s.feed) + s.word(s.tap)
	s.vec[s.feed] = x
	return uint64(x)
}

// Int63 implements rand.Source.
func (s *lazySource) Int63() int64 { return int64(s.Uint64() & (1<<63 - 1)) }
