package campaign

import (
	"context"
	"fmt"
	"hash/fnv"
	"slices"
	"sort"
	"strconv"
	"testing"

	"github.com/a0diff/a0diff/gen"
	"github.com/a0diff/a0diff/runtime/outcome"
	"github.com/a0diff/a0diff/runtime/run"
	"github.com/a0diff/a0diff/runtime/value"
)

// coverageAsSpecified is Coverage written out as the comment at the top of guided.go
// says it, one fnv hash per feature: the features of guided mode (and of every campaign
// worker's answers) must stay these.
func coverageAsSpecified(o outcome.Outcome) []uint64 {
	seen := map[uint64]bool{}
	var out []uint64
	add := func(parts ...string) {
		h := fnv.New64a()
		for _, p := range parts {
			h.Write([]byte(p))
			h.Write([]byte{0})
		}
		if f := h.Sum64(); !seen[f] {
			seen[f] = true
			out = append(out, f)
		}
	}
	add("exit", fmt.Sprint(o.Status), strconv.Itoa(o.ExitCode), string(o.Limit))
	for _, e := range o.Errors {
		add("error", string(e.Code))
	}
	for _, ev := range o.Evidence {
		if r, ok := ev.(*value.Record); ok {
			kind, _ := r.Get("kind")
			okv, _ := r.Get("ok")
			add("evidence", value.TypeofName(kind), fmt.Sprint(kind), fmt.Sprint(okv))
		}
	}
	prev := "start"
	for _, ev := range o.Trace {
		add("next", prev, string(ev.Event))
		prev = string(ev.Event)
		if r, ok := ev.Data.(*value.Record); ok {
			keys := append([]string(nil), r.Keys()...)
			sort.Strings(keys)
			add(append([]string{"keys", string(ev.Event)}, keys...)...)
		}
	}
	add("next", prev, "end")
	for _, c := range o.ToolCalls {
		add("tool", c.Tool, c.Outcome)
	}
	if r, ok := o.Value.(*value.Record); ok && o.HasValue {
		for _, k := range r.Keys() {
			v, _ := r.Get(k)
			add("field", value.TypeofName(v), shape(v))
		}
	} else if o.HasValue {
		add("value", value.TypeofName(o.Value), shape(o.Value))
	}
	return out
}

// generatedOutcomes are the Go evaluator's Outcomes of the first n cases of seed 3.
func generatedOutcomes(tb testing.TB, n int) []outcome.Outcome {
	tb.Helper()
	r := run.New()
	opts := gen.Options{Features: gen.AllFeatures, InvalidShare: 0.1}
	var out []outcome.Outcome
	for i := range n {
		c := NewCase(3, i, opts)
		out = append(out, r.Run(context.Background(), c.Source, c.Config))
	}
	return out
}

func TestCoverageIsAsSpecified(t *testing.T) {
	outcomes := generatedOutcomes(t, 400)
	// And a record result of many fields, for the switch from the list to the map.
	big := value.NewRecord()
	for i := range 100 {
		big.Set("f"+strconv.Itoa(i), value.Value(float64(i)))
		big.Set("g"+strconv.Itoa(i), value.Value("s"))
		big.Set("h"+strconv.Itoa(i), value.NewRecord())
	}
	outcomes = append(outcomes, outcome.Outcome{Status: outcome.StatusOK, HasValue: true, Value: big})
	distinct := map[uint64]bool{}
	for i, o := range outcomes {
		got, want := Coverage(o), coverageAsSpecified(o)
		if !slices.Equal(got, want) {
			t.Fatalf("case %d: features %v, want %v", i, got, want)
		}
		for _, f := range got {
			distinct[f] = true
		}
	}
	if len(distinct) < 100 {
		t.Errorf("only %d distinct features over %d cases: the test sees too little", len(distinct), len(outcomes))
	}
}

// BenchmarkCoverage is the coverage features of a generated case (the first 400 of seed
// 3, in turn), as a campaign worker computes them for every case; the AsSpecified
// variant is the former way (one fnv hash object, a variadic slice and a map per case).
func BenchmarkCoverage(b *testing.B) {
	benchmarkCoverage(b, Coverage)
}

func BenchmarkCoverageAsSpecified(b *testing.B) {
	benchmarkCoverage(b, coverageAsSpecified)
}

func benchmarkCoverage(b *testing.B, coverage func(outcome.Outcome) []uint64) {
	outcomes := generatedOutcomes(b, 400)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; b.Loop(); i++ {
		coverage(outcomes[i%len(outcomes)])
	}
}
