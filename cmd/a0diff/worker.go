package main

import (
	"os"
	"os/signal"

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
// tools through the host's kit (worker.HostKit), so the callbacks of the protocol are the
// path every run takes.
func builtinWorker(impl, refPath string) (worker.Implementation, error) {
	switch impl {
	case "go":
		return run.WorkerImplementation("a0diff"), nil
	case "ref":
		b, err := tsbundle.Open(refPath)
		if err != nil {
			return worker.Implementation{}, err
		}
		return tsbundle.WorkerImplementation(b), nil
	}
	return worker.Implementation{}, usageErrorf("--impl must be go or ref, not %q", impl)
}

// workerPool is the supervisor of the workers of one built-in implementation.
func (a *app) workerPool(impl string, size int) (*worker.Pool, error) {
	worker.TuneSupervisorGC()
	exe, err := os.Executable()
	if err != nil {
		return nil, err
	}
	argv := []string{exe, "worker", "--impl", impl}
	if impl == "ref" && a.refPath != "" {
		argv = append(argv, "--ref", a.refPath)
	}
	return worker.NewPool(worker.GoWorkerConfig(impl, argv, size, a.rssLimitMB)), nil
}
