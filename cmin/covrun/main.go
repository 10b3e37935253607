// Command covrun runs one corpus entry through the Go implementation of A0, for package
// cmin's coverage measurement. It is meant to be built with coverage instrumentation of
// the evaluator and run with GOCOVERDIR set, one process per entry:
//
//	go build -cover -coverpkg=github.com/a0diff/a0diff/cmin/covrun,github.com/a0diff/a0diff/runtime/... \
//	    -o covrun github.com/a0diff/a0diff/cmin/covrun
//	GOCOVERDIR=DIR covrun [-timeout D] FILE.a0
//
// On exit the instrumented binary writes the run's counters to DIR, in the format
// `go tool covdata` reads. A process per entry makes an entry's coverage its own: in a
// process that ran other entries before, first-use initialisation and pooled objects
// would take other paths. (covrun's own package is instrumented too because a binary
// whose main package is not writes no coverage data; cmin ignores its blocks.)
//
// The exit status is 0 when the entry ran (whatever its outcome), 2 when it could not be
// read or parsed (the error, naming the file and line, on standard error).
package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"time"

	"github.com/a0diff/a0diff/corpus"
	"github.com/a0diff/a0diff/runtime/outcome"
	"github.com/a0diff/a0diff/runtime/run"
	"github.com/a0diff/a0diff/trial"
)

func main() {
	timeout := flag.Duration("timeout", outcome.DefaultLimits.Timeout, "per-run deadline of an entry without its own @timeout")
	flag.Parse()
	if flag.NArg() != 1 {
		fmt.Fprintln(os.Stderr, "usage: covrun [-timeout D] FILE.a0")
		os.Exit(2)
	}
	e, err := corpus.ParseFile(flag.Arg(0))
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	outcome.SafeRun(context.Background(), run.New(), e.Source, trial.Config(e.Config, *timeout))
	// The Go implementation runs a program on a pooled goroutine, which finishes its
	// deferred recovery and parks itself after handing over the outcome. Give it the
	// moment it needs before the process exits, or whether those blocks count would
	// depend on the scheduler.
	time.Sleep(settle)
}

// settle is how long covrun waits for the implementation's goroutines after the run.
const settle = 5 * time.Millisecond
