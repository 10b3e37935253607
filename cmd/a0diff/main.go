// Command a0diff runs A0 programs through the Go evaluator and the TypeScript reference
// and reports every disagreement. See `a0diff --help` and corpus/README.md.
//
// Subcommands live one per file (run.go, exec.go, …); each registers itself with
// register, and shares the implementations through app.implementations.
package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
	"runtime/debug"
)

func main() {
	// Each goja object is several Go allocations and a reference runtime's live heap is
	// about 2 MB, under the collector's 4 MB floor, so with the default GOGC the collector
	// runs every few programs; GOGC=400 runs the reference about 1.4× faster for a few
	// more MB per worker. Workers bound their heap with GOMEMLIMIT (worker.go). An
	// explicit GOGC from the environment wins.
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(400)
	}
	ctx, cancel := context.WithCancel(context.Background())
	interrupts := make(chan os.Signal, 2)
	signal.Notify(interrupts, os.Interrupt)
	go handleInterrupts(interrupts, os.Stderr, cancel, os.Exit)
	code := execute(ctx, os.Args[1:], newApp(os.Stdout, os.Stderr))
	os.Exit(code)
}

// handleInterrupts implements Ctrl-C: the first interrupt cancels the command's context
// (it stops feeding cases, cancels the runs in flight, prints what completed and exits
// with exitInterrupted); the second exits at once. signal.NotifyContext would swallow
// every interrupt after the first.
func handleInterrupts(interrupts <-chan os.Signal, stderr io.Writer, cancel func(), exit func(int)) {
	<-interrupts
	fmt.Fprintln(stderr, "\na0diff: interrupted; stopping the runs in flight (Ctrl-C again to quit at once)")
	cancel()
	<-interrupts
	exit(exitInterrupted)
}
