package campaign

// Code coverage for guided mode: when the binary is built with Go's coverage
// instrumentation in atomic mode,
//
//	go build -cover -covermode=atomic -coverpkg=./runtime/...,./cmd/a0diff ./cmd/a0diff
//
// (the main package must be instrumented too: its init registers the counters' mode)
//
// the guide re-runs each case of a finished batch in this process's Go evaluator, reading
// the binary's own coverage counters (runtime/coverage) before and after, and adds the
// counters the case moved — each (package, function, counter) with its hit count in
// AFL-style buckets (1, 2, 3, 4–7, 8–15, 16–31, 32–127, 128+) — to the features that
// decide whether it joins the pool. This is the statement coverage `go test -cover`
// measures, per case, of the evaluator the campaign compares; the Go side of the
// comparison still runs in its worker processes. The re-runs happen between batches,
// when no case runs, so that nothing else moves the counters. In a binary built without
// coverage (the usual build) the counters are absent and guidance uses the outcome
// features alone.

import (
	"bytes"
	"context"
	"encoding/binary"
	"errors"
	"hash/fnv"
	"io"
	"runtime/coverage"
	"sync"

	"github.com/a0diff/a0diff/gen"
	"github.com/a0diff/a0diff/runtime/run"
)

var (
	codeCoverOnce sync.Once
	codeCoverOK   bool
	codeCoverImpl *run.Runner
)

// CodeCoverageAvailable reports whether this binary carries atomic coverage counters
// (guided mode then steers by them).
func CodeCoverageAvailable() bool {
	codeCoverOnce.Do(func() {
		// the runtime learns the counter mode when it first writes the meta-data; only
		// atomic counters can be read while the program runs
		codeCoverOK = coverage.WriteMeta(io.Discard) == nil && coverage.WriteCounters(io.Discard) == nil
		if codeCoverOK {
			codeCoverImpl = run.New()
		}
	})
	return codeCoverOK
}

// codeFeatures runs gc in this process's Go evaluator and returns the coverage counters
// it moved as features (nil when the binary has no counters or they cannot be read).
// The counters are read before and after the run, never reset, so the process's own
// coverage (what GOCOVERDIR receives at exit) stays whole. Callers make sure that
// nothing else runs Go code of the instrumented packages meanwhile.
func codeFeatures(gc *gen.Case) []uint64 {
	if !CodeCoverageAvailable() {
		return nil
	}
	before, ok := readCounters()
	if !ok {
		return nil
	}
	codeCoverImpl.Run(context.Background(), gc.Source, gc.Config)
	after, ok := readCounters()
	if !ok {
		return nil
	}
	var out []uint64
	var b [13]byte
	for k, n := range after {
		if n <= before[k] {
			continue
		}
		binary.LittleEndian.PutUint32(b[0:], k.pkg)
		binary.LittleEndian.PutUint32(b[4:], k.fn)
		binary.LittleEndian.PutUint32(b[8:], k.idx)
		b[12] = countBucket(n - before[k])
		h := fnv.New64a()
		h.Write(b[:])
		out = append(out, h.Sum64())
	}
	return out
}

// counterKey names one coverage counter.
type counterKey struct{ pkg, fn, idx uint32 }

// readCounters reads the process's non-zero coverage counters.
func readCounters() (map[counterKey]uint32, bool) {
	var buf bytes.Buffer
	if err := coverage.WriteCounters(&buf); err != nil {
		return nil, false
	}
	m := map[counterKey]uint32{}
	if err := visitCounters(buf.Bytes(), func(pkg, fn, idx, count uint32) {
		m[counterKey{pkg, fn, idx}] = count
	}); err != nil {
		return nil, false
	}
	return m, true
}

// countBucket is AFL's bucket of a hit count (count > 0).
func countBucket(n uint32) byte {
	switch {
	case n <= 3:
		return byte(n)
	case n <= 7:
		return 4
	case n <= 15:
		return 5
	case n <= 31:
		return 6
	case n <= 127:
		return 7
	}
	return 8
}

var errCounterData = errors.New("coverage counter data: unexpected layout")

// visitCounters calls visit with each non-zero counter of a counter-data file as
// runtime/coverage.WriteCounters writes it (the layout of Go's internal/coverage: a
// 32-byte file header whose byte 24 is the counter flavour, one segment — a 16-byte
// header with the lengths of its string table and arguments, those, then per function
// the number of counters, the package and function ids and the counters — and a 16-byte
// footer; values are ULEB128 or, in the raw flavour, little-endian uint32s).
func visitCounters(data []byte, visit func(pkg, fn, idx, count uint32)) error {
	const fileHeader, segHeader, footer = 32, 16, 16
	if len(data) < fileHeader+segHeader+footer || !bytes.Equal(data[:4], []byte{0, 'c', 'w', 'm'}) {
		return errCounterData
	}
	raw := data[24] == 1
	seg := data[fileHeader:]
	strTab := binary.LittleEndian.Uint32(seg[8:])
	args := binary.LittleEndian.Uint32(seg[12:])
	start := fileHeader + segHeader + int(strTab) + int(args)
	end := len(data) - footer
	if start > end {
		return errCounterData
	}
	p := data[start:end]
	next := func() (uint32, bool) {
		if raw {
			if len(p) < 4 {
				return 0, false
			}
			v := binary.LittleEndian.Uint32(p)
			p = p[4:]
			return v, true
		}
		var v uint32
		for shift := 0; len(p) > 0 && shift < 35; shift += 7 {
			b := p[0]
			p = p[1:]
			v |= uint32(b&0x7f) << shift
			if b < 0x80 {
				return v, true
			}
		}
		return 0, false
	}
	for len(p) > 0 {
		n, ok1 := next()
		pkg, ok2 := next()
		fn, ok3 := next()
		if !ok1 || !ok2 || !ok3 {
			return errCounterData
		}
		for i := uint32(0); i < n; i++ {
			c, ok := next()
			if !ok {
				return errCounterData
			}
			if c != 0 {
				visit(pkg, fn, i, c)
			}
		}
	}
	return nil
}
