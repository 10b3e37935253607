package main

import (
	"io"
	"os"
	"os/signal"

	"github.com/spf13/cobra"

	"github.com/a0diff/a0diff/campaign"
	"github.com/a0diff/a0diff/harness"
	"github.com/a0diff/a0diff/lineup"
	"github.com/a0diff/a0diff/trial"
	"github.com/a0diff/a0diff/worker"
)

func init() {
	register(func(a *app) *cobra.Command {
		return newBatchWorkerCmd(a, "campaign-worker", "Run slices of a fuzz campaign through both built-in implementations (internal)", campaign.ServeBatches)
	})
	register(func(a *app) *cobra.Command {
		return newBatchWorkerCmd(a, "entry-worker", "Run batches of corpus entries through both built-in implementations (internal)", harness.ServeEntries)
	})
}

// newBatchWorkerCmd is a hidden batch worker mode: the campaign workers of `a0diff fuzz`
// (campaign.ServeBatches) and the entry workers of `a0diff run` (harness.ServeEntries),
// both built-in implementations in one process, given batches on stdin, answering on
// stdout, their progress in the cell on fd 3.
func newBatchWorkerCmd(a *app, use, short string, serve func(io.Reader, io.Writer, *worker.ProgressCell, trial.Runners) error) *cobra.Command {
	return &cobra.Command{
		Use:    use + " [--ref FILE.js]",
		Short:  short,
		Hidden: true,
		Args:   exactArgs(0, "no arguments"),
		RunE: func(cmd *cobra.Command, args []string) error {
			signal.Ignore(os.Interrupt) // the supervisor decides (see newWorkerCmd)
			cell, err := worker.OpenProgressCell()
			if err != nil {
				return &exitError{code: exitUsage, err: err}
			}
			// Both implementations in one process, as with --isolation none.
			rs, err := lineup.BatchRunners(a.refPath)
			if err != nil {
				return err
			}
			if err := serve(os.Stdin, os.Stdout, cell, rs); err != nil {
				return &exitError{code: exitUsage, err: err}
			}
			return nil
		},
	}
}
