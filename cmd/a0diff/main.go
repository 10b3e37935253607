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
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	code := execute(ctx, os.Args[1:], newApp(os.Stdout, os.Stderr))
	stop()
	os.Exit(code)
}
