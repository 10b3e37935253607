package main

import (
	"fmt"

	"github.com/spf13/cobra"

	"github.com/a0diff/a0diff/corpus"
	"github.com/a0diff/a0diff/lineup"
	"github.com/a0diff/a0diff/runtime/outcome"
)

func init() { register(newExecCmd) }

func newExecCmd(a *app) *cobra.Command {
	var impl, allow string
	cmd := &cobra.Command{
		Use:   "exec --impl go|ref|node|NAME=COMMAND [--allow CAP,...] FILE.a0",
		Short: "Run one program in one implementation and print its Outcome JSON",
		Long: `Run FILE.a0 in one implementation and print its Outcome as canonical JSON on stdout
(status, exitCode, value, errors, evidence, trace, toolCalls; volatile fields such as
durationMs included). The entry's own directives provide the span file name, the
allowed capabilities, the fixtures and the deadline; --allow replaces the allowed set
(an empty list allows nothing), --timeout applies when the entry has no @timeout.

Exit status: 0 when the program ran (whatever its A0 exit code), 2 on usage or input
errors.

--impl node runs the reference bundle (embedded, or --ref) under node (V8) through the
node host; --impl NAME=COMMAND runs an external implementation, a worker speaking
worker/PROTOCOL.md started as COMMAND (split into words as for "a0diff run --impl").`,
		Args: exactArgs(1, "one FILE.a0"),
		RunE: func(cmd *cobra.Command, args []string) error {
			if impl == "" {
				return usageErrorf("exec: --impl go, ref, node or NAME=COMMAND is required")
			}
			if err := a.checkTimeout(); err != nil {
				return err
			}
			runner, err := a.lineup().One(impl)
			if err != nil {
				return err
			}
			defer lineup.CloseRunner(runner)
			e, err := corpus.ParseFile(args[0])
			if err != nil {
				return err
			}
			if cmd.Flags().Changed("allow") {
				caps, err := corpus.ParseAllow(allow)
				if err != nil {
					return usageErrorf("--allow: %v", err)
				}
				e.Config.Allow = caps
			}
			o := outcome.SafeRun(cmd.Context(), runner, e.Source, e.RunConfig(a.timeout))
			if _, err = fmt.Fprintf(a.stdout, "%s\n", outcome.Marshal(o)); err != nil {
				return err
			}
			if cmd.Context().Err() != nil {
				return interrupted("%s: interrupted; the Outcome is the cancelled run's", args[0])
			}
			return nil
		},
	}
	cmd.Flags().StringVar(&impl, "impl", "", "the implementation: go, ref, node (the reference under node) or NAME=COMMAND (an external worker)")
	cmd.Flags().StringVar(&allow, "allow", "", "allowed capabilities, comma-separated (replaces the entry's @allow)")
	return cmd
}
