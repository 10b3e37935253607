package main

import (
	"os"
	"os/signal"

	"github.com/spf13/cobra"

	"github.com/a0diff/a0diff/lineup"
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
			w, err := lineup.WorkerImplementation(impl, a.refPath)
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
