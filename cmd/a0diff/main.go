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

// In-process runs (--isolation none) tune the collector further: with both
// implementations in this process the live heap is still only a few MB (the goja
// runtimes and the cases in flight), and a generated case allocates about 0.5 MB, nearly
// all of it goja's, so with GOGC 400 the collector still runs every 20-odd cases, and
// while it marks, every pointer write of the JavaScript engine pays the write barrier.
// GOGC 1600 collects a quarter as often (measured: README.md, "Figures"). A
// soft memory limit keeps a large live heap (a run the step limit ends in goja holds about
// 130 MiB) from growing to 17 times its size: near the limit the collector runs as often
// as it must. Explicit GOGC or GOMEMLIMIT settings win.
const (
	inProcessGOGC          = 1600
	inProcessMemoryLimitMB = 512
)

// tuneInProcessGC applies the in-process collector settings above.
func tuneInProcessGC() {
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(inProcessGOGC)
	}
	if os.Getenv("GOMEMLIMIT") == "" {
		debug.SetMemoryLimit(inProcessMemoryLimitMB << 20)
	}
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
