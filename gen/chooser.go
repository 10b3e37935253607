package gen

import (
	"encoding/binary"
	"math/rand"
	"sync"
)

// Chooser is the source of every decision the generator makes. Intn returns a number in
// [0, n); n ≤ 1 always yields 0. Implementations need not be random: the generator is
// correct for any sequence of answers, and the answer 0 always means the simplest option.
type Chooser interface {
	Intn(n int) int
}

// RandChooser draws decisions from a math/rand source (for gopter, GenParameters.Rng).
type RandChooser struct {
	R *rand.Rand
}

// Intn implements Chooser.
func (c RandChooser) Intn(n int) int {
	if n <= 1 {
		return 0
	}
	return c.R.Intn(n)
}

// CaseSeed derives the seed of case index of a run started with seed, so that every case
// can be regenerated from (seed, index) alone, independently of the other cases and of
// the order in which workers took them.
func CaseSeed(seed int64, index int) int64 {
	// splitmix64 over the pair: nearby seeds and indices give unrelated streams.
	x := uint64(seed)*0x9E3779B97F4A7C15 ^ uint64(index)
	x += 0x9E3779B97F4A7C15
	x = (x ^ x>>30) * 0xBF58476D1CE4E5B9
	x = (x ^ x>>27) * 0x94D049BB133111EB
	return int64(x ^ x>>31)
}

// CaseRand is the random source of case index of a run started with seed: math/rand's
// source seeded with CaseSeed(seed, index), its seeding done lazily (lazySource).
func CaseRand(seed int64, index int) *rand.Rand {
	return rand.New(newCaseSource(CaseSeed(seed, index)))
}

// GenerateCase is Generate(RandChooser{CaseRand(seed, index)}, opts): case index of a
// run started with seed. Its random source is one of a pool, seeded afresh for each case
// (rand.Rand.Seed leaves it in the state a new source of that seed has), so that a
// campaign does not allocate and clear a source's 607-word state per case.
func GenerateCase(seed int64, index int, opts Options) *Case {
	r := caseRands.Get().(*rand.Rand)
	r.Seed(CaseSeed(seed, index))
	c := Generate(RandChooser{R: r}, opts)
	caseRands.Put(r)
	return c
}

// caseRands are the sources GenerateCase reuses; nothing keeps a case's source once
// Generate returns.
var caseRands = sync.Pool{New: func() any { return rand.New(newCaseSource(0)) }}

// ByteChooser reads decisions from a byte slice: one byte per decision among at most 256
// options, two bytes (big endian) among at most 65 536, four beyond. Once the input is
// exhausted every decision is 0. Small changes of the input therefore change few
// decisions, which is what a coverage-guided fuzzer needs.
type ByteChooser struct {
	data []byte
	pos  int
}

// NewByteChooser returns a chooser reading data.
func NewByteChooser(data []byte) *ByteChooser { return &ByteChooser{data: data} }

// Intn implements Chooser.
func (c *ByteChooser) Intn(n int) int {
	if n <= 1 {
		return 0
	}
	width := 1
	switch {
	case n > 1<<16:
		width = 4
	case n > 1<<8:
		width = 2
	}
	var buf [4]byte
	for i := 4 - width; i < 4; i++ {
		if c.pos < len(c.data) {
			buf[i] = c.data[c.pos]
			c.pos++
		}
	}
	return int(binary.BigEndian.Uint32(buf[:]) % uint32(n))
}

// Exhausted reports whether every input byte has been used.
func (c *ByteChooser) Exhausted() bool { return c.pos >= len(c.data) }
