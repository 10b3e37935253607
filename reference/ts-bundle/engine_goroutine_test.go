package tsbundle

import (
	"context"
	"runtime"
	"sync"
	"testing"
	"time"

	"github.com/a0diff/a0diff/runtime/outcome"
)

// TestEngineGoroutinesEnd: each runtime's goroutine (engine.serve) serves its runs and
// ends with the runtime — when a run that did not end cleanly discards it, when the
// Runner is closed, and when a Runner is dropped without Close — so that no goroutine
// is left waiting for work.
func TestEngineGoroutinesEnd(t *testing.T) {
	before := runtime.NumGoroutine()
	ctx := context.Background()
	cfg := outcome.Config{File: "g.a0"}

	r := fakeRunner(t)
	var wg sync.WaitGroup
	for range 3 { // three runtimes in the pool
		wg.Add(1)
		go func() {
			defer wg.Done()
			for range 5 {
				if o := r.Run(ctx, "echo", cfg); o.Status != outcome.StatusOK {
					t.Errorf("echo: %s %s", o.Status, o.Detail)
				}
			}
		}()
	}
	wg.Wait()
	if o := r.Run(ctx, "throw", cfg); o.Status != outcome.StatusCrash { // discards its runtime
		t.Errorf("throw: %s, want crash", o.Status)
	}
	r.Close()
	waitForGoroutines(t, before, "after Close")

	b, err := Load("testdata/fake.js")
	if err != nil {
		t.Fatal(err)
	}
	dropped := NewRunner(b) // not fakeRunner, whose t.Cleanup keeps it
	for range 3 {
		dropped.Run(ctx, "echo", cfg)
	}
	dropped = nil
	deadline := time.Now().Add(10 * time.Second)
	for runtime.NumGoroutine() > before && time.Now().Before(deadline) {
		runtime.GC() // the dropped Runner's cleanup stops its runtimes' goroutines
		time.Sleep(10 * time.Millisecond)
	}
	waitForGoroutines(t, before, "after the Runner was dropped")
}

// waitForGoroutines waits (up to a wide 10 s) for the goroutine count to fall back to n.
func waitForGoroutines(t *testing.T, n int, when string) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for runtime.NumGoroutine() > n {
		if time.Now().After(deadline) {
			t.Fatalf("%s: %d goroutines, %d before the runs", when, runtime.NumGoroutine(), n)
		}
		time.Sleep(10 * time.Millisecond)
	}
}
