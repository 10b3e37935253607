package campaign

// Guided mode (Options.Guided, `a0diff fuzz --guided`) keeps a pool of the cases that
// reached a new coverage feature and derives a share of the new cases from them by
// AST-level mutation and splicing (gen.Derive).
//
// A coverage feature is a hash of one fact about the Go evaluator's Outcome: its status
// and exit code, each error code, each evidence kind with its ok flag, each pair of
// consecutive trace event types, each event type with the sorted keys of its data, each
// tool called with its outcome, and the type of each field of the result record. These
// are cheap and deterministic and need no change to the evaluator; they measure
// behaviour the trace shows, not code. A binary built with Go's coverage counters adds
// the statements (and hit-count buckets) of the Go evaluator each case reached
// (codecover.go): `go build -cover -covermode=atomic -coverpkg=./runtime/...,./cmd/a0diff ./cmd/a0diff`.
//
// Reproducibility: the cases run in batches of GuidedBatch consecutive indices. The
// cases of batch k are made from the pool as it stood after batch k−1, and the pool is
// updated from a finished batch in case-index order, so the cases of a guided campaign
// depend only on the seed, the options and the start (not on -j), as long as the
// outcomes do: a case on which a side timed out (the one machine-dependent outcome) or
// ran into a harness limit never joins the pool, the latter so that costly programs do
// not breed. Whether case I is derived, and from which
// pool entries, is drawn from its own random stream; a case that is not derived is
// exactly case I of an unguided campaign, and replays alone as usual. A derived case
// depends on the cases before it, so it is replayed from the entry written for it (every
// entry holds its program), not from its index.

import (
	"context"
	"fmt"
	"sort"
	"strconv"
	"sync"

	"github.com/a0diff/a0diff/gen"
	"github.com/a0diff/a0diff/runtime/outcome"
	"github.com/a0diff/a0diff/runtime/value"
	"github.com/a0diff/a0diff/trial"
)

const (
	// GuidedBatch is the number of consecutive cases made from one state of the pool.
	GuidedBatch = 50
	// GuidedPercent is the share of the cases of a guided campaign, in percent, derived
	// from the pool (once it holds a case); the others are generated afresh.
	GuidedPercent = 50
	// guidedSalt separates the random stream of the guidance decisions from the
	// generator's.
	guidedSalt = 0x6775696465640000
)

// Checkpoints are the case counts at which the campaign notes its coverage and the
// number of signatures (Summary.Curve).
var Checkpoints = []int{100, 1000, 2000, 5000, 10000, 20000, 50000, 100000}

// CurvePoint is the coverage and the number of signatures after Cases cases.
type CurvePoint struct {
	Cases      int `json:"cases"`
	Features   int `json:"features"`
	Signatures int `json:"signatures"`
}

// poolEntry is a case kept for reaching a new feature.
type poolEntry struct {
	index int
	c     *gen.Case
}

// Guide is the state of guided fuzzing: the pool, the features it has seen, and the
// cases of the current batch. The campaign drives one (Options.Guided); tools/mutants
// drives one case after the other to measure guided mode, so both make the same cases
// for the same seed. Its methods are safe for concurrent use.
//
// The protocol: for each batch of GuidedBatch consecutive indices, Case(i) for each i of
// the batch, Note for each case that ran (in any order), then EndBatch.
type Guide struct {
	seed int64
	opts gen.Options

	mu      sync.Mutex
	pool    []poolEntry
	seen    map[uint64]bool
	pending []Observed
}

// NewGuide returns the guide of a guided campaign with this seed and generator options.
func NewGuide(seed int64, opts gen.Options) *Guide {
	return &Guide{seed: seed, opts: opts, seen: map[uint64]bool{}}
}

// Observed is what guided mode learns from a case that ran.
type Observed struct {
	Index int
	Case  *gen.Case
	// Valid: the program passes validation.
	Valid bool
	// Costly: a side timed out or ran into a harness limit (such a case never joins the
	// pool, so that costly programs do not breed).
	Costly bool
	// Features are the coverage features of the Go evaluator's outcome.
	Features []uint64
	// Derived says how guided mode derived the case ("" for a fresh case; set by Each).
	Derived string
}

// Observe is what guided mode learns from the comparison cmp of case i, gc.
func Observe(i int, gc *gen.Case, cmp trial.Comparison) Observed {
	costly := func(o outcome.Outcome) bool {
		return o.Status == outcome.StatusTimeout || o.Status == outcome.StatusResource
	}
	return Observed{Index: i, Case: gc, Valid: validates(gc, cmp.Impl),
		Costly: costly(cmp.Impl) || costly(cmp.Ref), Features: Coverage(cmp.Impl)}
}

// Case makes case i: derived from the pool, or fresh. what says how a derived case was
// made ("" for a fresh one, which is case i of an unguided campaign).
func (g *Guide) Case(i int) (gc *gen.Case, what string) {
	g.mu.Lock()
	pool := g.pool
	g.mu.Unlock()
	r := gen.CaseRand(g.seed^guidedSalt, i)
	if len(pool) > 0 && r.Intn(100) < GuidedPercent {
		parent, donor := pool[r.Intn(len(pool))], pool[r.Intn(len(pool))]
		if d, how, ok := gen.Derive(gen.RandChooser{R: r}, parent.c, donor.c, g.opts); ok {
			return d, fmt.Sprintf("derived from case %d with case %d by guided fuzzing: %s", parent.index, donor.index, how)
		}
	}
	return NewCase(g.seed, i, g.opts), ""
}

// Note records a case of the current batch that ran.
func (g *Guide) Note(o Observed) {
	g.mu.Lock()
	defer g.mu.Unlock()
	g.pending = append(g.pending, o)
}

// EndBatch updates the pool from the cases of the batch just finished, in index order:
// a valid case whose Go outcome has a feature the pool has not seen joins it — or, in a
// binary built with coverage counters (codecover.go), a case that reached a statement or
// a hit-count bucket of the Go evaluator no earlier case reached. No case may run while
// EndBatch does (the counters are the process's).
func (g *Guide) EndBatch() {
	g.mu.Lock()
	defer g.mu.Unlock()
	sort.Slice(g.pending, func(i, j int) bool { return g.pending[i].Index < g.pending[j].Index })
	for _, o := range g.pending {
		if o.Costly {
			continue
		}
		features := o.Features
		if o.Valid && o.Case.Mode == gen.Valid && o.Case.Program != nil {
			features = append(features[:len(features):len(features)], codeFeatures(o.Case)...)
		}
		fresh := false
		for _, f := range features {
			if !g.seen[f] {
				g.seen[f] = true
				fresh = true
			}
		}
		if fresh && o.Case.Mode == gen.Valid && o.Case.Program != nil && o.Valid {
			// a new slice, so that the cases in flight keep the one they read
			g.pool = append(g.pool[:len(g.pool):len(g.pool)], poolEntry{o.Index, o.Case})
		}
	}
	g.pending = nil
}

// Pool is the number of cases kept.
func (g *Guide) Pool() int {
	g.mu.Lock()
	defer g.mu.Unlock()
	return len(g.pool)
}

// Coverage returns the coverage features of o (see the comment at the top of this file),
// without duplicates, in the order they are first met. A campaign worker computes them
// for every case, so they are hashed as they are met, with no allocation per feature.
func Coverage(o outcome.Outcome) []uint64 { return appendCoverage(nil, o) }

// appendCoverage is Coverage appending to dst (a campaign worker's, reused from case to
// case).
func appendCoverage(dst []uint64, o outcome.Outcome) []uint64 {
	fs := features{out: dst}
	fs.add(fnvString(fnvString(fnvString(fnvString(fnvOffset, "exit"), string(o.Status)), strconv.Itoa(o.ExitCode)), string(o.Limit)))
	for _, e := range o.Errors {
		fs.add(fnvString(fnvString(fnvOffset, "error"), string(e.Code)))
	}
	for _, ev := range o.Evidence {
		if r, ok := ev.(*value.Record); ok {
			kind, _ := r.Get("kind")
			okv, _ := r.Get("ok")
			fs.add(fnvString(fnvString(fnvString(fnvString(fnvOffset, "evidence"), value.TypeofName(kind)), fmt.Sprint(kind)), fmt.Sprint(okv)))
		}
	}
	prev := "start"
	var keys []string // reused: the sorted keys of one event's data
	for _, ev := range o.Trace {
		fs.add(fnvString(fnvString(fnvString(fnvOffset, "next"), prev), string(ev.Event)))
		prev = string(ev.Event)
		if r, ok := ev.Data.(*value.Record); ok {
			keys = append(keys[:0], r.Keys()...)
			sort.Strings(keys)
			h := fnvString(fnvString(fnvOffset, "keys"), string(ev.Event))
			for _, k := range keys {
				h = fnvString(h, k)
			}
			fs.add(h)
		}
	}
	fs.add(fnvString(fnvString(fnvString(fnvOffset, "next"), prev), "end"))
	for _, c := range o.ToolCalls {
		fs.add(fnvString(fnvString(fnvString(fnvOffset, "tool"), c.Tool), c.Outcome))
	}
	if r, ok := o.Value.(*value.Record); ok && o.HasValue {
		for i := range r.Len() {
			v := r.ValueAt(i)
			fs.add(fnvString(fnvString(fnvString(fnvOffset, "field"), value.TypeofName(v)), shape(v)))
		}
	} else if o.HasValue {
		fs.add(fnvString(fnvString(fnvString(fnvOffset, "value"), value.TypeofName(o.Value)), shape(o.Value)))
	}
	return fs.out
}

// A feature is the 64-bit FNV-1a hash of its parts, each followed by a zero byte.
const (
	fnvOffset = 14695981039346656037
	fnvPrime  = 1099511628211
)

// fnvString hashes part s and its zero byte into h.
func fnvString(h uint64, s string) uint64 {
	for i := 0; i < len(s); i++ {
		h ^= uint64(s[i])
		h *= fnvPrime
	}
	return h * fnvPrime // the zero byte: h ^= 0, then the multiplication
}

// features collects distinct features in the order they are met: a case has a few dozen,
// looked up in the list itself, and a map once there are more.
type features struct {
	out  []uint64
	seen map[uint64]bool
}

func (fs *features) add(f uint64) {
	if fs.seen != nil {
		if fs.seen[f] {
			return
		}
		fs.seen[f] = true
	} else {
		for _, g := range fs.out {
			if g == f {
				return
			}
		}
		if len(fs.out) == 64 {
			fs.seen = make(map[uint64]bool, 128)
			for _, g := range fs.out {
				fs.seen[g] = true
			}
			fs.seen[f] = true
		}
	}
	fs.out = append(fs.out, f)
}

// shape tells lists and records apart from the other objects.
func shape(v value.Value) string {
	switch v := v.(type) {
	case *value.Record:
		return "record/" + strconv.Itoa(min(v.Len(), 3))
	case nil:
		return "absent"
	}
	return fmt.Sprintf("%T", v)
}

// noteCoverage adds fc's features to the campaign's coverage, takes fc in index order
// (order.go: the checkpoints it completes), and returns the claims now due to be
// written; c.mu is held.
func (c *Campaign) noteCoverage(fc *fuzzCase) []*claim {
	for _, f := range fc.obs.Features {
		if first, ok := c.covered[f]; !ok || fc.index < first {
			c.covered[f] = fc.index
		}
	}
	if c.guide != nil {
		c.guide.Note(fc.obs)
	}
	return c.recorded(fc.index)
}

// Each runs the cases of the campaign opts describes (Seed, Start, Count, Gen, Guided,
// Timeout) one after the other in this goroutine, and calls visit with each case, what
// guided mode learnt from it, and its comparison, until visit returns false or Count
// cases ran. The cases are those Run makes (a guided campaign's too: Each drives a Guide
// batch by batch as Run does), which is what lets tools/mutants measure `a0diff fuzz
// [--guided] --seed S` case for case without running a campaign. Shards are ignored.
func Each(ctx context.Context, rs trial.Runners, opts Options, visit func(gc *gen.Case, obs Observed, cmp trial.Comparison) bool) {
	c := &Campaign{rs: rs, opts: opts}
	if opts.Guided {
		c.guide = NewGuide(opts.Seed, opts.Gen)
	}
	guide := c.guide
	for i := opts.Start; opts.Count == 0 || i < opts.Start+opts.Count; i++ {
		if ctx.Err() != nil {
			return
		}
		if guide != nil && i > opts.Start && (i-opts.Start)%GuidedBatch == 0 {
			guide.EndBatch()
		}
		gc, derived := c.caseAt(i)
		cmp := trial.Compare(ctx, rs, gc.Source, c.config(gc))
		obs := Observe(i, gc, cmp)
		obs.Derived = derived
		if guide != nil {
			guide.Note(obs)
		}
		if !visit(gc, obs, cmp) {
			return
		}
	}
}
