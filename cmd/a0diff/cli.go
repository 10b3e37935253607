package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"time"

	"github.com/mattn/go-isatty"
	"github.com/spf13/cobra"

	"github.com/a0diff/a0diff/diff"
	"github.com/a0diff/a0diff/lineup"
	"github.com/a0diff/a0diff/runtime/outcome"
	"github.com/a0diff/a0diff/trial"
	"github.com/a0diff/a0diff/worker"
)

// Exit statuses of a0diff.
const (
	exitOK      = 0 // everything agrees and matches its expectations
	exitFailure = 1 // a divergence or a failed expectation
	exitUsage   = 2 // usage or input error
	// exitInterrupted: stopped by Ctrl-C (SIGINT), as shells report 128+SIGINT
	exitInterrupted = 130
)

// app is what the subcommands share: the output streams and the implementations.
type app struct {
	stdout, stderr io.Writer
	// newGo and newRef build the implementations in process; tests substitute fakes (nil:
	// the real ones, lineup's defaults).
	newGo  func() outcome.Runner
	newRef func(refPath string) (outcome.Runner, error)
	// defaultIsolation is the default of --isolation: "process" for the binary, "none"
	// in tests that substitute fake implementations.
	defaultIsolation string
	// refVersion reads the reference bundle's version for --version.
	refVersion func(refPath string) (version, origin string, err error)
	// onCase, when set (by tests), is told of every case a campaign runs to a verdict.
	onCase func(index int, verdict diff.Verdict)
	// onEntry, when set (by tests), is told of every entry `a0diff run` finishes.
	onEntry func()
	// Persistent flags.
	refPath    string
	timeout    time.Duration
	isolation  string
	rssLimitMB int
}

func newApp(stdout, stderr io.Writer) *app {
	return &app{stdout: stdout, stderr: stderr, defaultIsolation: "process", refVersion: refVersion}
}

// lineup builds the implementations from the persistent flags.
func (a *app) lineup() *lineup.Lineup {
	return &lineup.Lineup{Isolation: a.isolation, RefPath: a.refPath, RSSLimitMB: a.rssLimitMB, NewGo: a.newGo, NewRef: a.newRef, Warnings: a.stderr}
}

// noteIgnoredLimits says on stderr which harness limits a worker did not say it honours
// (a divergence over such a limit may be the limit's, not the program's).
func (a *app) noteIgnoredLimits(rs trial.Runners) {
	for _, r := range rs.All() {
		if p, ok := r.(*worker.Pool); ok {
			if ignored := p.IgnoredLimits(); len(ignored) > 0 {
				fmt.Fprintf(a.stderr, "a0diff: the %s implementation does not honour the limits %s\n", p.Name(), outcome.JoinLimitNames(ignored, ", "))
			}
		}
	}
}

// checkTimeout refuses a --timeout that is not positive (every subcommand runs programs
// under it), and bad isolation flags (lineup.Check).
func (a *app) checkTimeout() error {
	if a.timeout <= 0 {
		return usageErrorf("--timeout must be positive, not %s", a.timeout)
	}
	return a.lineup().Check()
}

// subcommands are the constructors registered by the subcommands' files.
var subcommands []func(*app) *cobra.Command

// register adds a subcommand; call it from an init function.
func register(newCmd func(*app) *cobra.Command) { subcommands = append(subcommands, newCmd) }

// exitError carries an exit status out of a command. A nil err means the command has
// already said everything (the report shows the failures).
type exitError struct {
	code int
	err  error
}

func (e *exitError) Error() string {
	if e.err == nil {
		return fmt.Sprintf("exit status %d", e.code)
	}
	return e.err.Error()
}

func (e *exitError) Unwrap() error { return e.err }

func usageErrorf(format string, args ...any) error {
	return &exitError{code: exitUsage, err: fmt.Errorf(format, args...)}
}

// exactArgs is cobra.ExactArgs reporting a usage error.
func exactArgs(n int, what string) cobra.PositionalArgs {
	return func(cmd *cobra.Command, args []string) error {
		if len(args) != n {
			return usageErrorf("%s: want %s, got %d arguments", cmd.Name(), what, len(args))
		}
		return nil
	}
}

// interrupted is the error of a command stopped by Ctrl-C (its context was cancelled).
func interrupted(format string, args ...any) error {
	return &exitError{code: exitInterrupted, err: fmt.Errorf(format, args...)}
}

// errFailed ends a run whose report already lists its failures.
var errFailed = &exitError{code: exitFailure}

func newRootCmd(a *app) *cobra.Command {
	root := &cobra.Command{
		Use:   "a0diff [run] PATH...",
		Short: "Differential conformance harness for the A0 language",
		Long: `a0diff runs A0 programs through the Go evaluator and the TypeScript reference
(hosted in goja) and reports every disagreement: result value, error codes and messages,
exit code, evidence, trace events, tool calls.

Without a subcommand, a0diff runs the corpus entries under PATH..., as "a0diff run" does.

` + runLong,
		SilenceUsage:  true,
		SilenceErrors: true,
	}
	root.PersistentFlags().StringVar(&a.refPath, "ref", "", "load the reference from this bundle `FILE.js` instead of the embedded one")
	root.PersistentFlags().DurationVar(&a.timeout, "timeout", outcome.DefaultLimits.Timeout, "per-run deadline of entries without their own @timeout")
	root.PersistentFlags().StringVar(&a.isolation, "isolation", a.defaultIsolation, "where programs run: process (supervised worker processes; fuzz gives campaign workers slices of cases and run gives entry workers batches of entries when only the built-in implementations run), case (one run per request, one worker pool per implementation) or none (in this process)")
	root.PersistentFlags().IntVar(&a.rssLimitMB, "rss-limit-mb", worker.DefaultRSSLimitMB, "memory ceiling of one worker process in MiB (resident set); a run over it is a resource outcome (0: none)")
	root.CompletionOptions.HiddenDefaultCmd = true
	root.SetFlagErrorFunc(func(_ *cobra.Command, err error) error {
		return &exitError{code: exitUsage, err: err}
	})
	configureRun(a, root) // a0diff PATH... is a0diff run PATH...
	// --version is the root's own flag (cobra's would need the version string before the
	// command line is parsed, and reading the bundle's version evaluates the bundle).
	showVersion := root.Flags().Bool("version", false, "print the versions of a0diff, the reference bundle and goja, and exit")
	runCorpus := root.RunE
	root.RunE = func(cmd *cobra.Command, args []string) error {
		if *showVersion {
			if len(args) > 0 {
				return usageErrorf("--version takes no arguments")
			}
			return printVersion(a)
		}
		return runCorpus(cmd, args)
	}
	for _, newCmd := range subcommands {
		root.AddCommand(newCmd(a))
	}
	return root
}

// execute runs the command line args and returns the exit status.
func execute(ctx context.Context, args []string, a *app) int {
	root := newRootCmd(a)
	root.SetArgs(args)
	root.SetOut(a.stdout)
	root.SetErr(a.stderr)
	err := root.ExecuteContext(ctx)
	if err == nil {
		return exitOK
	}
	if fe := (*lineup.FlagError)(nil); errors.As(err, &fe) {
		err = &exitError{code: exitUsage, err: err}
	}
	var ee *exitError
	if errors.As(err, &ee) {
		var sig stopped
		if ee.code == exitInterrupted && errors.As(context.Cause(ctx), &sig) {
			ee.code = sig.exitCode() // 130 for SIGINT, 143 for SIGTERM, 129 for SIGHUP
		}
		if ee.err != nil {
			fmt.Fprintf(a.stderr, "a0diff: %v\n", ee.err)
			if ee.code == exitUsage {
				fmt.Fprintln(a.stderr, "Run 'a0diff --help' for usage.")
			}
		}
		return ee.code
	}
	// Anything else is a problem with the input: a missing path, a malformed entry, an
	// unloadable bundle.
	fmt.Fprintf(a.stderr, "a0diff: %v\n", err)
	return exitUsage
}

// isTerminal reports whether w is a terminal.
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	return ok && (isatty.IsTerminal(f.Fd()) || isatty.IsCygwinTerminal(f.Fd()))
}
