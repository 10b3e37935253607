package trial

import (
	"context"
	"sync"
	"testing"
	"time"
)

// Parallel calls fn once for every index, on no more goroutines than asked; after a
// cancellation it starts no further call.
func TestParallel(t *testing.T) {
	var mu sync.Mutex
	seen := map[int]int{}
	var running, peak int
	Parallel(context.Background(), 100, 3, func(i int) {
		mu.Lock()
		seen[i]++
		running++
		peak = max(peak, running)
		mu.Unlock()
		time.Sleep(time.Millisecond)
		mu.Lock()
		running--
		mu.Unlock()
	})
	if len(seen) != 100 || peak > 3 {
		t.Errorf("%d indices seen, peak concurrency %d", len(seen), peak)
	}
	for i, n := range seen {
		if n != 1 {
			t.Errorf("index %d called %d times", i, n)
		}
	}

	ctx, cancel := context.WithCancel(context.Background())
	calls := 0
	Parallel(ctx, 100, 1, func(i int) {
		calls++
		if i == 4 {
			cancel()
		}
	})
	if calls < 5 || calls > 6 { // the call already handed over when cancel came may run
		t.Errorf("%d calls after a cancellation at the fifth", calls)
	}
}
