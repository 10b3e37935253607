// Package cmin distils a corpus: it chooses the smallest set of entries that keeps
// everything the whole corpus exercises — the job afl-cmin and libFuzzer's -merge=1 do
// for byte corpora, for A0 corpus entries.
//
// Every entry is run through both implementations (and, when asked, through a
// coverage-instrumented build of the Go evaluator, see MeasureGoCoverage), and described
// by its features, of four kinds:
//
//   - signature: each divergence signature of the entry (package diff);
//   - expectation: the pinned-expectation classes of the entry — its pinned exit
//     ("exit 4", "exit timeout"), each pinned error code ("error E_TYPE"), the type of a
//     pinned value ("value record", "value none" when the exit is pinned without a
//     value), and the combination of expectation kinds it pins ("pins exit+value+trace");
//   - trace: the trace-event shapes the two runs produced — each event with its set of
//     data fields ("event tool_start{args,tool}") and each pair of consecutive event
//     names ("step stmt_start>tool_start");
//   - coverage: each basic block of the Go evaluator (runtime/...) the entry's run
//     executed.
//
// Coverage is measured in processes of their own (MeasureGoCoverage): a build of
// cmin/covrun with the evaluator instrumented (go build -cover), run once per entry
// with GOCOVERDIR, whose counters `go tool covdata textfmt` turns into a profile. One
// process per entry is what makes the measurement repeatable: in a process that has run
// other entries, first-use initialisation and pooled objects take other paths, and the
// same file measured twice would differ. The price is one process start and one covdata
// run per entry — 50 to 80 ms per entry on a loaded 2-core machine (the corpus's 659
// entries in about 40 s, 2 000 generated cases in about 2.5 minutes) — plus one
// instrumented build, which the go command caches (a0diff cmin --coverage=false skips
// all of it).
//
// Select then keeps a subset whose features are all those of the corpus: a greedy set
// cover (the entry adding the most features not yet kept first; among equals the smaller
// file, then the earlier path), followed by a pass that drops any kept entry whose
// every feature another kept entry also has. The same entry under several names, and
// entries that add nothing, are therefore dropped.
package cmin

import (
	"container/heap"
	"context"
	"fmt"
	"runtime"
	"slices"
	"sort"
	"strings"
	"time"

	"github.com/a0diff/a0diff/corpus"
	"github.com/a0diff/a0diff/diff"
	"github.com/a0diff/a0diff/runtime/outcome"
	"github.com/a0diff/a0diff/runtime/value"
	"github.com/a0diff/a0diff/trial"
)

// Kind is a kind of feature.
type Kind string

// The kinds of features, in report order.
const (
	Signature   Kind = "signature"
	Expectation Kind = "expectation"
	Trace       Kind = "trace"
	Coverage    Kind = "coverage"
)

// Kinds lists the kinds in report order.
var Kinds = []Kind{Signature, Expectation, Trace, Coverage}

// Feature is one thing an entry exercises.
type Feature struct {
	Kind Kind
	Name string
	// Stmts is the number of Go statements of a coverage feature (a basic block); 0 for
	// the other kinds.
	Stmts int
}

// Options configure Analyse.
type Options struct {
	// Workers is the number of entries run at the same time (runtime.NumCPU() when ≤ 0).
	Workers int
	// Timeout is the per-run deadline of entries without their own @timeout
	// (outcome.DefaultLimits.Timeout when 0).
	Timeout time.Duration
	// Coverage, when set, is the Go coverage of the entries, in the order of the entries
	// given to Analyse (see MeasureGoCoverage).
	Coverage *GoCoverage
}

// EntryInfo is what Analyse found out about one entry.
type EntryInfo struct {
	Entry      *corpus.Entry
	Size       int // bytes
	Verdict    diff.Verdict
	Signatures []string
	// Features are indexes into Analysis.Features, sorted.
	Features []int
}

// Analysis is the features of a corpus.
type Analysis struct {
	Entries  []*EntryInfo
	Features []Feature
	// TotalStmts is the number of statements in the instrumented Go packages (0 without
	// coverage).
	TotalStmts int
}

// Analyse runs every entry through both implementations (trial.Compare, under the
// entry's @timeout or else opts.Timeout) and collects its features.
func Analyse(ctx context.Context, entries []*corpus.Entry, rs trial.Runners, opts Options) (*Analysis, error) {
	if opts.Coverage != nil && len(opts.Coverage.Covered) != len(entries) {
		return nil, fmt.Errorf("coverage of %d entries for %d entries", len(opts.Coverage.Covered), len(entries))
	}
	workers := opts.Workers
	if workers <= 0 {
		workers = runtime.NumCPU()
	}
	timeout := opts.Timeout
	if timeout <= 0 {
		timeout = outcome.DefaultLimits.Timeout
	}
	type result struct {
		names []string
		res   diff.Result
	}
	results := make([]result, len(entries))
	trial.Parallel(ctx, len(entries), workers, func(i int) {
		e := entries[i]
		// As `a0diff run` compares: a one-sided timeout is run again with a
		// longer deadline before it counts.
		c := trial.Compare(ctx, rs, e.Source, e.RunConfig(timeout))
		names := expectationClasses(e)
		for _, s := range c.Diff.Signatures() {
			names = append(names, string(Signature)+"\x00"+s)
		}
		names = append(names, traceShapes(c.Impl)...)
		names = append(names, traceShapes(c.Ref)...)
		results[i] = result{names, c.Diff}
	})
	if err := ctx.Err(); err != nil {
		return nil, err
	}

	a := &Analysis{}
	index := map[Feature]int{}
	intern := func(f Feature) int {
		id, ok := index[f]
		if !ok {
			id = len(a.Features)
			index[f] = id
			a.Features = append(a.Features, f)
		}
		return id
	}
	var blockIDs []int
	if c := opts.Coverage; c != nil {
		for _, b := range c.Blocks {
			blockIDs = append(blockIDs, intern(Feature{Kind: Coverage, Name: b.Name, Stmts: b.Stmts}))
			a.TotalStmts += b.Stmts
		}
	}
	for i, e := range entries {
		info := &EntryInfo{Entry: e, Size: len(e.Raw), Verdict: results[i].res.Verdict, Signatures: results[i].res.Signatures()}
		for _, n := range results[i].names {
			kind, name, _ := strings.Cut(n, "\x00")
			info.Features = append(info.Features, intern(Feature{Kind: Kind(kind), Name: name}))
		}
		if c := opts.Coverage; c != nil {
			for _, b := range c.Covered[i] {
				info.Features = append(info.Features, blockIDs[b])
			}
		}
		slices.Sort(info.Features)
		info.Features = slices.Compact(info.Features)
		a.Entries = append(a.Entries, info)
	}
	return a, nil
}

// expectationClasses are the pinned-expectation classes of e (see the package comment),
// as Kind NUL name.
func expectationClasses(e *corpus.Entry) []string {
	x := &e.Expect
	if !x.Any() {
		return nil
	}
	var out, kinds []string
	add := func(s string) { out = append(out, string(Expectation)+"\x00"+s) }
	if x.HasExit {
		kinds = append(kinds, "exit")
		add("exit " + x.Exit)
	}
	if x.HasValue {
		kinds = append(kinds, "value")
		add("value " + jsonType(x.Value))
	} else if x.HasExit && (x.Exit == "0" || x.Exit == "5") {
		add("value none")
	}
	if len(x.Errors) > 0 {
		kinds = append(kinds, "error")
	}
	for _, er := range x.Errors {
		add("error " + er.Code)
	}
	if x.HasTrace {
		kinds = append(kinds, "trace")
		if len(x.Trace) == 0 {
			add("trace empty")
		}
	}
	add("pins " + strings.Join(kinds, "+"))
	return out
}

// jsonType is the type of the canonical JSON value text v: null, boolean, number,
// string, list, record, or the special number it encodes ({"$number": …}).
func jsonType(v string) string {
	v = strings.TrimSpace(v)
	switch {
	case v == "":
		return "none"
	case v == "null":
		return "null"
	case v == "true" || v == "false":
		return "boolean"
	case v[0] == '"':
		return "string"
	case v[0] == '[':
		return "list"
	case strings.HasPrefix(v, `{"$number":`):
		return "number " + strings.Trim(strings.TrimPrefix(v, `{"$number":`), `"} `)
	case v[0] == '{':
		return "record"
	}
	return "number"
}

// traceShapes are the trace-event shapes of o (see the package comment), as Kind NUL
// name.
func traceShapes(o outcome.Outcome) []string {
	var out []string
	prev := "(start)"
	for _, ev := range o.Trace {
		var keys []string
		if r, ok := ev.Data.(*value.Record); ok && r != nil {
			keys = r.Keys()
			sort.Strings(keys)
		}
		out = append(out, string(Trace)+"\x00event "+string(ev.Event)+"{"+strings.Join(keys, ",")+"}")
		out = append(out, string(Trace)+"\x00step "+prev+">"+string(ev.Event))
		prev = string(ev.Event)
	}
	return out
}

// Selection is the outcome of Select: indexes into Analysis.Entries.
type Selection struct {
	// Kept are the entries kept, in the order the set cover chose them.
	Kept []int
	// Gain is, for each kept entry, the number of features it added when it was chosen.
	Gain []int
	// Dropped are the other entries, in input order.
	Dropped []int
}

// Select chooses the entries to keep (see the package comment).
func (a *Analysis) Select() Selection {
	covered := make([]bool, len(a.Features))
	gain := func(i int) int {
		n := 0
		for _, f := range a.Entries[i].Features {
			if !covered[f] {
				n++
			}
		}
		return n
	}
	// Lazy greedy: a gain only shrinks as features get covered, so an entry whose
	// recomputed gain still beats the best stale one is the true best.
	h := &candidates{a: a}
	for i := range a.Entries {
		h.items = append(h.items, candidate{i, len(a.Entries[i].Features)})
	}
	heap.Init(h)
	var kept, gains []int
	for h.Len() > 0 {
		c := heap.Pop(h).(candidate)
		c.gain = gain(c.entry)
		if c.gain == 0 {
			continue
		}
		if h.Len() > 0 && h.less(h.items[0], c) {
			heap.Push(h, c)
			continue
		}
		kept = append(kept, c.entry)
		gains = append(gains, c.gain)
		for _, f := range a.Entries[c.entry].Features {
			covered[f] = true
		}
	}
	// Drop kept entries that became redundant: the latest-chosen first, each if every
	// one of its features is held by another kept entry.
	holders := make([]int, len(a.Features))
	for _, i := range kept {
		for _, f := range a.Entries[i].Features {
			holders[f]++
		}
	}
	keep := map[int]bool{}
	for _, i := range kept {
		keep[i] = true
	}
	for k := len(kept) - 1; k >= 0; k-- {
		i := kept[k]
		redundant := true
		for _, f := range a.Entries[i].Features {
			if holders[f] < 2 {
				redundant = false
				break
			}
		}
		if redundant {
			keep[i] = false
			for _, f := range a.Entries[i].Features {
				holders[f]--
			}
		}
	}
	var s Selection
	for k, i := range kept {
		if keep[i] {
			s.Kept = append(s.Kept, i)
			s.Gain = append(s.Gain, gains[k])
		}
	}
	for i := range a.Entries {
		if !keep[i] {
			s.Dropped = append(s.Dropped, i)
		}
	}
	return s
}

type candidate struct{ entry, gain int }

// candidates is a max-heap of entries by gain, then the smaller file, then the path.
type candidates struct {
	a     *Analysis
	items []candidate
}

func (h *candidates) less(x, y candidate) bool {
	if x.gain != y.gain {
		return x.gain > y.gain
	}
	ex, ey := h.a.Entries[x.entry], h.a.Entries[y.entry]
	if ex.Size != ey.Size {
		return ex.Size < ey.Size
	}
	return ex.Entry.Path < ey.Entry.Path
}

func (h *candidates) Len() int           { return len(h.items) }
func (h *candidates) Less(i, j int) bool { return h.less(h.items[i], h.items[j]) }
func (h *candidates) Swap(i, j int)      { h.items[i], h.items[j] = h.items[j], h.items[i] }
func (h *candidates) Push(x any)         { h.items = append(h.items, x.(candidate)) }
func (h *candidates) Pop() any {
	n := len(h.items)
	c := h.items[n-1]
	h.items = h.items[:n-1]
	return c
}

// Totals counts, per kind, the features held by the entries idx, and the Go statements
// their coverage features hold.
type Totals struct {
	Features map[Kind]int
	Stmts    int
}

// Totals counts the features of the entries idx (all entries when idx is nil).
func (a *Analysis) Totals(idx []int) Totals {
	if idx == nil {
		idx = make([]int, len(a.Entries))
		for i := range idx {
			idx[i] = i
		}
	}
	seen := make([]bool, len(a.Features))
	t := Totals{Features: map[Kind]int{}}
	for _, i := range idx {
		for _, f := range a.Entries[i].Features {
			if seen[f] {
				continue
			}
			seen[f] = true
			t.Features[a.Features[f].Kind]++
			t.Stmts += a.Features[f].Stmts
		}
	}
	return t
}
