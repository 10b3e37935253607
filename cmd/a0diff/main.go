// Command a0diff runs A0 programs through the Go evaluator and the TypeScript reference
// and reports every disagreement. See `a0diff --help` and corpus/README.md.
//
// Subcommands live one per file (run.go, exec.go, …); each registers itself with
// register, and shares the implementations through app.implementations.
package main

import (
	"context"
	"os"
	"os/signal"
	"runtime/debug"
)

func main() {
	// Each goja object is several Go allocations and a reference runtime's live heap is
	// about 2 MB, under the collector's 4 MB floor, so with the default GOGC the collector
	// runs every few programs; GOGC=400 runs the reference about 1.4× faster for a few
	// more MB per worker. An explicit GOGC from the environment wins.
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(400)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	code := execute(ctx, os.Args[1:], newApp(os.Stdout, os.Stderr))
	stop()
	os.Exit(code)
}
