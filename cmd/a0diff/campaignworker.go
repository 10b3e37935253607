package main

import (
	"os"
	"os/signal"

	"github.com/spf13/cobra"

	"github.com/a0diff/a0diff/campaign"
	tsbundle "github.com/a0diff/a0diff/reference/ts-bundle"
	"github.com/a0diff/a0diff/runtime/run"
	"github.com/a0diff/a0diff/trial"
	"github.com/a0diff/a0diff/worker"
)

func init() { register(newCampaignWorkerCmd) }

// newCampaignWorkerCmd is the hidden campaign worker mode of `a0diff fuzz`
// (campaign.ServeBatches): both built-in implementations in one process, given slices
// of the campaign on stdin, answering on stdout, its progress in the cell on fd 3.
func newCampaignWorkerCmd(a *app) *cobra.Command {
	return &cobra.Command{
		Use:    "campaign-worker [--ref FILE.js]",
		Short:  "Run slices of a fuzz campaign through both built-in implementations (internal)",
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
			if err := campaign.ServeBatches(os.Stdin, os.Stdout, cell, rs); err != nil {
				return &exitError{code: exitUsage, err: err}
			}
			return nil
		},
	}
}

// campaignWorkers configures the campaign workers of `a0diff fuzz`.
func (a *app) campaignWorkers() *worker.BatchConfig {
	exe, err := os.Executable()
	if err != nil {
		return nil // the campaign runs case by case
	}
	argv := []string{exe, "campaign-worker"}
	if a.refPath != "" {
		argv = append(argv, "--ref", a.refPath)
	}
	// As for the per-case workers (workerPool): ordinary slices keep the collector's
	// pace, a large heap is collected harder well before the ceiling.
	env := worker.MemoryLimitEnv(a.rssLimitMB)
	return &worker.BatchConfig{Name: "campaign", Command: argv, Env: env, RSSLimitMB: a.rssLimitMB}
}
