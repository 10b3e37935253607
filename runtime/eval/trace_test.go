package eval

import (
	"fmt"
	"sync"
	"testing"

	"github.com/a0diff/a0diff/runtime/ast"
	"github.com/a0diff/a0diff/runtime/outcome"
)

// TestTraceLogRecycling runs logs of many sizes one after another — short after long
// and long after short, across block boundaries and beyond the recycling bound — and
// checks that every returned trace holds exactly its own events in order, also after
// later runs have reused the scratch blocks.
func TestTraceLogRecycling(t *testing.T) {
	sizes := []int{0, 1, 15, 16, 17, 4, 48, 49, 500, 3, 20000, 2, maxRecycledEvents + 5000, 7, 4096, 8191, 1}
	spans := make([]ast.Span, 30000)
	for i := range spans {
		spans[i].StartLine = i
	}
	var kept [][]outcome.Event
	for run, n := range sizes {
		var log traceLog
		for i := 0; i < n; i++ {
			log.add(outcome.Event{Event: outcome.EventName(fmt.Sprint(run)), Span: &spans[i%len(spans)]})
		}
		got := log.events()
		if len(got) != n || (n == 0 && got != nil) {
			t.Fatalf("run %d: %d events, want %d", run, len(got), n)
		}
		kept = append(kept, got)
	}
	for run, got := range kept {
		for i, e := range got {
			if string(e.Event) != fmt.Sprint(run) || e.Span != &spans[i%len(spans)] {
				t.Fatalf("run %d event %d: %+v changed after later runs", run, i, e)
			}
		}
	}
}

// TestTraceLogConcurrent: logs on many goroutines share the scratch pool safely (run
// with -race).
func TestTraceLogConcurrent(t *testing.T) {
	var wg sync.WaitGroup
	for g := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for run := range 50 {
				n := (g*37 + run*101) % 3000
				var log traceLog
				for i := 0; i < n; i++ {
					log.add(outcome.Event{Event: outcome.EventName(fmt.Sprint(g, run, i))})
				}
				got := log.events()
				if len(got) != n {
					t.Errorf("goroutine %d run %d: %d events, want %d", g, run, len(got), n)
					return
				}
				for i, e := range got {
					if string(e.Event) != fmt.Sprint(g, run, i) {
						t.Errorf("goroutine %d run %d event %d: %q", g, run, i, e.Event)
						return
					}
				}
			}
		}()
	}
	wg.Wait()
}
