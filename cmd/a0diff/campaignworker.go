package main

import (
	"io"
	"os"
	"os/signal"

	"github.com/spf13/cobra"

	"github.com/a0diff/a0diff/campaign"
	"github.com/a0diff/a0diff/harness"
	tsbundle "github.com/a0diff/a0diff/reference/ts-bundle"
	"github.com/a0diff/a0diff/runtime/run"
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
			// Both implementations in one process, as with --isolation none, but two such
			// processes at -j 2: half the in-process setting.
			worker.TuneBatchWorkerGC()
			cell, err := worker.OpenProgressCell()
			if err != nil {
				return &exitError{code: exitUsage, err: err}
			}
			b := tsbundle.Embedded()
			if a.refPath != "" {
				if b, err = tsbundle.Load(a.refPath); err != nil {
					return err
				}
			}
			rs := trial.Runners{Impl: run.New(), Ref: tsbundle.NewRunner(b)}
			if err := serve(os.Stdin, os.Stdout, cell, rs); err != nil {
				return &exitError{code: exitUsage, err: err}
			}
			return nil
		},
	}
}

// campaignWorkers configures the campaign workers of `a0diff fuzz`.
func (a *app) campaignWorkers() *worker.BatchConfig {
	return a.batchWorkers("campaign-worker", "campaign")
}

// entryWorkers configures the entry workers of `a0diff run`.
func (a *app) entryWorkers() *worker.BatchConfig { return a.batchWorkers("entry-worker", "entry") }

// batchWorkers configures batch workers started as `a0diff SUBCOMMAND`.
func (a *app) batchWorkers(subcommand, name string) *worker.BatchConfig {
	exe, err := os.Executable()
	if err != nil {
		return nil // the campaign or run goes case by case
	}
	argv := []string{exe, subcommand}
	if a.refPath != "" {
		argv = append(argv, "--ref", a.refPath)
	}
	// As for the per-case workers (workerPool), a soft memory limit: ordinary slices keep
	// the collector's pace, a large heap is collected harder well before the ceiling.
	env := worker.BatchWorkerMemoryLimitEnv(a.rssLimitMB)
	return &worker.BatchConfig{Name: name, Command: argv, Env: env, RSSLimitMB: a.rssLimitMB}
}
