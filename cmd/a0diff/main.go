// Command a0diff runs A0 programs through the Go evaluator and the TypeScript reference
// and reports every disagreement. See `a0diff --help` and corpus/README.md.
//
// Subcommands live one per file (run.go, exec.go, …); each registers itself with
// register, and builds its implementations with app.lineup() (package lineup).
package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"

	"github.com/a0diff/a0diff/worker"
)

func main() {
	worker.TuneProcessGC() // GOGC 400 for goja, unless the environment sets GOGC
	ctx, cancel := context.WithCancelCause(context.Background())
	interrupts := make(chan os.Signal, 2)
	signal.Notify(interrupts, stopSignals...)
	go handleInterrupts(interrupts, os.Stderr, cancel, func(code int) {
		worker.KillAll()
		os.Exit(code)
	})
	stopProfile, err := startProfile(os.Args[1:])
	if err != nil {
		fmt.Fprintln(os.Stderr, "a0diff:", err)
		os.Exit(exitUsage)
	}
	code := execute(ctx, os.Args[1:], newApp(os.Stdout, os.Stderr))
	stopProfile()
	os.Exit(code)
}

// stopSignals are the signals that stop a command as Ctrl-C does: SIGTERM is what
// timeout(1), docker stop and a cancelled CI job send, SIGHUP what a closed terminal or
// SSH session sends. Each ends the command with its summary and reports, and exit status
// 128 + the signal's number, as shells report a death by it.
var stopSignals = []os.Signal{os.Interrupt, syscall.SIGTERM, syscall.SIGHUP}

// stopped is the cancellation cause of a command stopped by a signal.
type stopped struct{ sig os.Signal }

func (s stopped) Error() string { return "stopped by " + signalName(s.sig) }

// exitCode is 128 + the signal's number (130 for SIGINT).
func (s stopped) exitCode() int {
	if n, ok := s.sig.(syscall.Signal); ok {
		return 128 + int(n)
	}
	return exitInterrupted
}

func signalName(sig os.Signal) string {
	switch sig {
	case os.Interrupt:
		return "SIGINT"
	case syscall.SIGTERM:
		return "SIGTERM"
	case syscall.SIGHUP:
		return "SIGHUP"
	}
	return sig.String()
}

// handleInterrupts implements Ctrl-C and the other stopSignals: the first cancels the
// command's context with the signal as its cause (the command stops feeding cases,
// cancels the runs in flight, writes its reports of what completed and exits with 128 +
// the signal's number); the second exits at once with its own status (exit kills the
// workers first). signal.NotifyContext would swallow every signal after the first.
func handleInterrupts(interrupts <-chan os.Signal, stderr io.Writer, cancel func(error), exit func(int)) {
	sig := <-interrupts
	if sig == os.Interrupt {
		fmt.Fprintln(stderr, "\na0diff: interrupted; stopping the runs in flight (Ctrl-C again to quit at once)")
	} else {
		fmt.Fprintf(stderr, "\na0diff: %s received; stopping the runs in flight (a second signal quits at once)\n", signalName(sig))
	}
	cancel(stopped{sig})
	sig = <-interrupts
	exit(stopped{sig}.exitCode())
}
