package main

import (
	"fmt"
	"time"

	"github.com/spf13/cobra"

	"github.com/a0diff/a0diff/worker"
	"github.com/a0diff/a0diff/workercheck"
)

func init() { register(newWorkerCheckCmd) }

func newWorkerCheckCmd(a *app) *cobra.Command {
	var deadline time.Duration
	cmd := &cobra.Command{
		Use:   "worker-check COMMAND",
		Short: "Check that a worker speaks the implementation protocol (worker/PROTOCOL.md)",
		Long: `Start COMMAND (split into words as for "a0diff run --impl NAME=COMMAND") as a worker and
check it the way the host uses it: its hello (protocol 1, an implementation name, "tools"
host or local, known limit and aspect names), a run and its outcome, a tool call served
by the host's kit and reported in toolCalls, a parse error (exit 2), a runtime error
(exit 4), a run past its deadline (--deadline; a worker that does not end it itself is
killed by the host: a warning), and three more runs on the same worker. Each check prints
ok, warn or FAIL with what was expected and what came back.

The checks are about the protocol, not about A0: compare the implementation with the
reference with "a0diff run --impl NAME=COMMAND corpus/".

Exit status: 0 when every check passes (warnings allowed), 1 when one fails, 2 on usage
errors.`,
		Args: exactArgs(1, "one COMMAND"),
		RunE: func(cmd *cobra.Command, args []string) error {
			argv, err := worker.SplitCommand(args[0])
			if err != nil {
				return usageErrorf("worker-check %q: %v", args[0], err)
			}
			if len(argv) == 0 {
				return usageErrorf("worker-check: the command is empty")
			}
			if deadline <= 0 {
				return usageErrorf("--deadline must be positive, not %s", deadline)
			}
			if err := a.lineup().Check(); err != nil { // --rss-limit-mb
				return err
			}
			results := workercheck.Check(cmd.Context(), "checked", argv, workercheck.Options{Timeout: deadline, RSSLimitMB: a.rssLimitMB})
			for _, r := range results {
				fmt.Fprintln(a.stdout, r)
			}
			if !workercheck.OK(results) {
				return errFailed
			}
			return nil
		},
	}
	cmd.Flags().DurationVar(&deadline, "deadline", time.Second, "the deadline (timeoutMs) of the run that never ends")
	return cmd
}
