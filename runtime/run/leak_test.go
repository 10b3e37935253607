package run_test

import (
	"context"
	"runtime"
	"testing"

	"github.com/a0diff/a0diff/gen"
	"github.com/a0diff/a0diff/runtime/run"
)

// TestLongRunsKeepNoOldPrograms: the runs of a long-lived process (a worker) leave
// nothing of their programs behind. (The parser's node slabs once shared chunks between
// consecutive trees, which kept old trees reachable: a process running generated
// programs grew by about 3 KB per run, hundreds of MB in a long campaign.)
func TestLongRunsKeepNoOldPrograms(t *testing.T) {
	if testing.Short() {
		t.Skip("runs 8 000 generated programs")
	}
	var cases []*gen.Case
	for i := range 2000 {
		cases = append(cases, gen.Generate(gen.RandChooser{R: gen.CaseRand(2026, i)}, gen.Options{InvalidShare: 0.1}))
	}
	r := run.New()
	runAll := func(rounds int) {
		for range rounds {
			for _, c := range cases {
				r.Run(context.Background(), c.Source, c.Config)
			}
		}
	}
	// One collection only: in a busy process the pooled parser state survives every
	// collection (it is always back in use before the next), and so did the old trees.
	heap := func() int64 {
		runtime.GC()
		var m runtime.MemStats
		runtime.ReadMemStats(&m)
		return int64(m.HeapAlloc)
	}
	runAll(1)
	before := heap()
	runAll(3)
	grew := heap() - before
	t.Logf("grew %d KB", grew>>10)
	if grew > 10<<20 {
		t.Errorf("the heap grew by %d MB over %d runs", grew>>20, 3*len(cases))
	}
}
