package main

import (
	"os"
	"os/signal"
	"runtime/debug"
	"strconv"

	"github.com/spf13/cobra"

	tsbundle "github.com/a0diff/a0diff/reference/ts-bundle"
	"github.com/a0diff/a0diff/runtime/run"
	"github.com/a0diff/a0diff/worker"
)

func init() { register(newWorkerCmd) }

// newWorkerCmd is the hidden worker mode: the supervisor (package worker) starts
// `a0diff worker --impl go|ref [--ref FILE.js]` and speaks worker/PROTOCOL.md with it on
// stdin and stdout.
func newWorkerCmd(a *app) *cobra.Command {
	var impl string
	cmd := &cobra.Command{
		Use:    "worker --impl go|ref [--ref FILE.js]",
		Short:  "Serve one implementation over the worker protocol on stdin/stdout (internal)",
		Hidden: true,
		Args:   exactArgs(0, "no arguments"),
		RunE: func(cmd *cobra.Command, args []string) error {
			// Ctrl-C in a terminal reaches the whole process group: the supervisor decides
			// what happens to the runs (it cancels them), so a worker ignores it.
			signal.Ignore(os.Interrupt)
			w, err := builtinWorker(impl, a.refPath)
			if err != nil {
				return err
			}
			if err := worker.Serve(os.Stdin, os.Stdout, w); err != nil {
				return &exitError{code: exitUsage, err: err}
			}
			return nil
		},
	}
	cmd.Flags().StringVar(&impl, "impl", "", "the implementation: go or ref")
	return cmd
}

// builtinWorker describes a built-in implementation as a worker serves it: both call
// tools through the host's kit (worker.Kit), so the callbacks of the protocol are the
// path every run takes.
func builtinWorker(impl, refPath string) (worker.Implementation, error) {
	switch impl {
	case "go":
		return run.WorkerImplementation("a0diff"), nil
	case "ref":
		b := tsbundle.Embedded()
		if refPath != "" {
			var err error
			if b, err = tsbundle.Load(refPath); err != nil {
				return worker.Implementation{}, err
			}
		}
		return tsbundle.WorkerImplementation(b), nil
	}
	return worker.Implementation{}, usageErrorf("--impl must be go or ref, not %q", impl)
}

// workerPool is the supervisor of the workers of one built-in implementation.
func (a *app) workerPool(impl string, size int) (*worker.Pool, error) {
	if os.Getenv("GOGC") == "" {
		// The supervisor runs no implementation: main's GOGC 400 (for goja) would only
		// let its heap grow to five times its live data.
		debug.SetGCPercent(100)
	}
	exe, err := os.Executable()
	if err != nil {
		return nil, err
	}
	argv := []string{exe, "worker", "--impl", impl}
	if impl == "ref" && a.refPath != "" {
		argv = append(argv, "--ref", a.refPath)
	}
	var env []string
	if os.Getenv("GOMAXPROCS") == "" {
		// A worker runs one program at a time: with one processor, handing the run and
		// each message between its goroutines is a switch on that processor, not a
		// wake-up of another OS thread.
		env = append(env, "GOMAXPROCS=1")
	}
	if a.rssLimitMB > 0 && os.Getenv("GOMEMLIMIT") == "" {
		// A soft limit at a third of the ceiling: an ordinary run's small heap keeps the
		// speed of GOGC 400, while a large one (a run the step limit ends in goja) is
		// collected harder instead of growing to five times its live data.
		env = append(env, "GOMEMLIMIT="+strconv.Itoa(a.rssLimitMB/3)+"MiB")
	}
	return worker.NewPool(worker.Config{Name: impl, Command: argv, Env: env, Size: size, RSSLimitMB: a.rssLimitMB}), nil
}
