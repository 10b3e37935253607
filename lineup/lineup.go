// Package lineup builds the implementations a command runs from its settings (a0diff's
// flags --isolation, --ref, --rss-limit-mb, --impl and --cross-check): which runner
// plays the implementation under test, the reference, the reference under node and each
// external implementation (trial.Runners); whether each runs in this process, in a pool
// of supervised worker processes or, for the built-in pair, in batch workers; and under
// which memory ceiling. It also says what the worker processes a0diff starts serve
// (WorkerImplementation, BatchRunners).
//
// A mistake in the settings is a *FlagError naming the flag; the CLI reports it as a
// usage error. Every other error (a bundle that does not load, a worker that does not
// start) is an input error.
package lineup

import (
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/a0diff/a0diff/diff"
	tsbundle "github.com/a0diff/a0diff/reference/ts-bundle"
	"github.com/a0diff/a0diff/runtime/outcome"
	"github.com/a0diff/a0diff/runtime/run"
	"github.com/a0diff/a0diff/trial"
	"github.com/a0diff/a0diff/worker"
)

// The values of Lineup.Isolation (a0diff's --isolation).
const (
	// Process: supervised worker processes; the built-in pair may run in batch workers.
	Process = "process"
	// Case: one run per request, one worker pool per implementation.
	Case = "case"
	// None: the built-in implementations run in this process.
	None = "none"
)

// FlagError is a mistake in the settings; its message names the flag.
type FlagError struct{ msg string }

func (e *FlagError) Error() string { return e.msg }

func flagErrorf(format string, args ...any) error {
	return &FlagError{msg: fmt.Sprintf(format, args...)}
}

// Lineup is the settings the implementations are built from.
type Lineup struct {
	// Isolation is where programs run: Process, Case or None.
	Isolation string
	// RefPath is the reference bundle's file ("": the embedded bundle).
	RefPath string
	// RSSLimitMB is the memory ceiling of one worker process in MiB (0: none).
	RSSLimitMB int
	// NewGo and NewRef build the built-in implementations in this process (nil: the Go
	// evaluator and the reference bundle at the path given); tests substitute fakes.
	NewGo  func() outcome.Runner
	NewRef func(refPath string) (outcome.Runner, error)
	// Warnings receives the warning about a RefPath bundle that does not declare every
	// harness limit (nil: os.Stderr).
	Warnings io.Writer
	// Executable is the a0diff binary the built-in workers are started as (nil:
	// os.Executable).
	Executable func() (string, error)
}

// MaxRSSLimitMB bounds --rss-limit-mb (8 TiB): the ceiling is handed on in bytes (the
// workers' GOMEMLIMIT, the supervisor's comparisons), and a larger count of MiB
// overflows them; a worker given a malformed GOMEMLIMIT dies at its start.
const MaxRSSLimitMB = 8 << 20

// Check refuses an unknown Isolation and an RSSLimitMB that is negative or over
// MaxRSSLimitMB.
func (l *Lineup) Check() error {
	if l.Isolation != Process && l.Isolation != Case && l.Isolation != None {
		return flagErrorf("--isolation must be process, case or none, not %q", l.Isolation)
	}
	if l.RSSLimitMB < 0 {
		return flagErrorf("--rss-limit-mb must not be negative, not %d", l.RSSLimitMB)
	}
	if l.RSSLimitMB > MaxRSSLimitMB {
		return flagErrorf("--rss-limit-mb must be at most %d (8 TiB; 0 for no ceiling), not %d", MaxRSSLimitMB, l.RSSLimitMB)
	}
	return nil
}

// Builtin returns the built-in pair: the Go evaluator as Impl and the reference bundle
// as Ref, in worker pools of at most workers processes each unless Isolation is None.
// The caller closes them (Close).
func (l *Lineup) Builtin(workers int) (trial.Runners, error) {
	if l.Isolation == None {
		worker.TuneInProcessGC()
		ref, err := l.newRef()
		if err != nil {
			return trial.Runners{}, err
		}
		return trial.Runners{Impl: l.newGo(), Ref: ref}, nil
	}
	if l.RefPath != "" {
		// Load the bundle here, so that a broken one is an input error before anything runs.
		ref, err := l.newRef()
		if err != nil {
			return trial.Runners{}, err
		}
		CloseRunner(ref)
	}
	g, err := l.workerPool("go", workers)
	if err != nil {
		return trial.Runners{}, err
	}
	r, err := l.workerPool("ref", workers)
	if err != nil {
		return trial.Runners{}, err
	}
	return trial.Runners{Impl: g, Ref: r}, nil
}

// One returns one implementation by name (a0diff exec's --impl): "go" or "ref", in a
// worker process unless Isolation is None; "node" (the reference under node) and
// NAME=COMMAND (an external implementation) always in worker processes. The caller
// closes it (CloseRunner).
func (l *Lineup) One(name string) (outcome.Runner, error) {
	switch {
	case name == "node":
		return l.nodePool(1)
	case strings.Contains(name, "="):
		s, err := ParseSpec(name)
		if err != nil {
			return nil, err
		}
		return worker.NewPool(worker.Config{Name: s.Name, Command: s.Command, Size: 1, RSSLimitMB: l.RSSLimitMB}), nil
	}
	var r outcome.Runner
	switch name {
	case "go":
		r = l.newGo()
	case "ref":
		var err error
		if r, err = l.newRef(); err != nil {
			return nil, err
		}
	default:
		return nil, flagErrorf("--impl must be go, ref, node or NAME=COMMAND, not %q", name)
	}
	if l.Isolation == None {
		worker.TuneInProcessGC()
		return r, nil
	}
	CloseRunner(r) // built to check the bundle before anything runs
	return l.workerPool(name, 1)
}

// Extras are the implementations beyond the built-in pair.
type Extras struct {
	// CrossCheck adds the reference under node (--cross-check).
	CrossCheck bool
	// Impls are external implementations, NAME=COMMAND each (--impl).
	Impls []string
}

// AddExtras adds the implementations x asks for to rs. Every one runs in its own pool of
// at most workers worker processes, under the same supervisor settings as the built-in
// ones; each is started once here, so that a command that cannot start or breaks the
// protocol is an input error before anything runs. Every spec is read before anything
// starts. On error the pools made so far are closed.
func (l *Lineup) AddExtras(rs *trial.Runners, x Extras, workers int) (err error) {
	var made []*worker.Pool
	defer func() {
		if err != nil {
			for _, p := range made {
				p.Close()
			}
		}
	}()
	if x.CrossCheck {
		p, err := l.nodePool(workers)
		if err != nil {
			return err
		}
		made = append(made, p)
		if _, err := p.Hello(); err != nil {
			return fmt.Errorf("--cross-check: the node host did not start: %v", err)
		}
		rs.Node = p
	}
	specs, err := parseSpecs(x.Impls)
	if err != nil {
		return err
	}
	for _, s := range specs {
		p := worker.NewPool(worker.Config{Name: s.Name, Command: s.Command, Size: workers, RSSLimitMB: l.RSSLimitMB})
		made = append(made, p)
		if err := greet(p); err != nil {
			return fmt.Errorf("--impl %s: %v", s.spec, err)
		}
		rs.Extra = append(rs.Extra, p)
	}
	return nil
}

// greet starts p's first worker and checks its hello.
func greet(p *worker.Pool) error {
	h, err := p.Hello()
	if err != nil {
		return err
	}
	if len(h.Unmodelled) > 0 {
		if _, err := diff.ParseAspects(strings.Join(h.Unmodelled, ",")); err != nil {
			return fmt.Errorf("the worker's hello: \"unmodelled\": %v", err)
		}
	}
	return nil
}

// spec is a parsed --impl with the text it was given as.
type spec struct {
	worker.Spec
	spec string
}

// parseSpecs reads every --impl, refusing a name given twice.
func parseSpecs(impls []string) ([]spec, error) {
	var specs []spec
	seen := map[string]bool{}
	for _, text := range impls {
		s, err := ParseSpec(text)
		if err != nil {
			return nil, err
		}
		if seen[s.Name] {
			return nil, flagErrorf("--impl %s: the name %s is given twice", text, s.Name)
		}
		seen[s.Name] = true
		specs = append(specs, spec{s, text})
	}
	return specs, nil
}

// ParseSpec reads --impl NAME=COMMAND (worker.ParseSpec), its errors naming the flag.
func ParseSpec(text string) (worker.Spec, error) {
	s, err := worker.ParseSpec(text)
	if err != nil {
		return worker.Spec{}, flagErrorf("--impl %q: %v", text, err)
	}
	return s, nil
}

// nodePool is the supervisor of the node host's workers: the reference bundle (the
// embedded one or RefPath) under node.
func (l *Lineup) nodePool(workers int) (*worker.Pool, error) {
	argv, err := tsbundle.NodeCommand(l.RefPath)
	if err != nil {
		if errors.Is(err, tsbundle.ErrNoNode) {
			return nil, flagErrorf("%v", err)
		}
		return nil, err
	}
	return worker.NewPool(worker.Config{Name: "node", Command: argv, Size: workers, RSSLimitMB: l.RSSLimitMB}), nil
}

// workerPool is the supervisor of the workers of one built-in implementation.
func (l *Lineup) workerPool(impl string, size int) (*worker.Pool, error) {
	worker.TuneSupervisorGC()
	cfg, err := l.workerConfig(impl, size)
	if err != nil {
		return nil, err
	}
	return worker.NewPool(cfg), nil
}

// workerConfig configures the workers of one built-in implementation: `a0diff worker
// --impl go|ref [--ref FILE.js]`.
func (l *Lineup) workerConfig(impl string, size int) (worker.Config, error) {
	exe, err := l.executable()
	if err != nil {
		return worker.Config{}, err
	}
	argv := []string{exe, "worker", "--impl", impl}
	if impl == "ref" && l.RefPath != "" {
		argv = append(argv, "--ref", l.RefPath)
	}
	return worker.GoWorkerConfig(impl, argv, size, l.RSSLimitMB), nil
}

// CampaignWorkers configures the workers campaign workers of `a0diff fuzz` running rs
// (-j workers): nil (the
// campaign goes case by case, in rs's pools) unless Isolation is Process and rs is the
// built-in pair alone (the campaign workers run both themselves), or when the binary
// cannot be found.
func (l *Lineup) CampaignWorkers(rs trial.Runners, workers int) *worker.BatchConfig {
	if l.Isolation != Process || rs.Node != nil || len(rs.Extra) > 0 {
		return nil
	}
	return l.batchWorkers("campaign-worker", "campaign", workers)
}

// EntryWorkers configures the workers entry workers of `a0diff run` (-j workers): nil
// (the run goes entry by
// entry) unless Isolation is Process, or when the binary cannot be found. The harness
// uses them only when the runners allow it (harness.Batchable).
func (l *Lineup) EntryWorkers(workers int) *worker.BatchConfig {
	if l.Isolation != Process {
		return nil
	}
	return l.batchWorkers("entry-worker", "entry", workers)
}

// batchWorkers configures workers batch workers started as `a0diff SUBCOMMAND [--ref
// FILE.js]`.
func (l *Lineup) batchWorkers(subcommand, name string, workers int) *worker.BatchConfig {
	exe, err := l.executable()
	if err != nil {
		return nil
	}
	argv := []string{exe, subcommand}
	if l.RefPath != "" {
		argv = append(argv, "--ref", l.RefPath)
	}
	// As for the per-case workers (workerConfig), a soft memory limit, here at a quarter
	// of the ceiling (see BatchWorkerMemoryLimitEnv): ordinary slices keep the
	// collector's pace, a large heap is collected harder well before the ceiling.
	// Each worker is given its share of the processors (BatchWorkerProcsEnv).
	env := append(worker.BatchWorkerMemoryLimitEnv(l.RSSLimitMB), worker.BatchWorkerProcsEnv(workers)...)
	return &worker.BatchConfig{Name: name, Command: argv, Env: env, RSSLimitMB: l.RSSLimitMB}
}

func (l *Lineup) executable() (string, error) {
	if l.Executable != nil {
		return l.Executable()
	}
	return os.Executable()
}

func (l *Lineup) newGo() outcome.Runner {
	if l.NewGo != nil {
		return l.NewGo()
	}
	return run.New()
}

func (l *Lineup) newRef() (outcome.Runner, error) {
	if l.NewRef != nil {
		return l.NewRef(l.RefPath)
	}
	w := l.Warnings
	if w == nil {
		w = os.Stderr
	}
	return OpenRef(l.RefPath, w)
}

// OpenRef is the reference in this process: the embedded bundle, or the one at refPath
// (loaded here, so that a broken bundle is an input error before anything runs). A
// refPath bundle that does not declare every harness limit gets a warning on warnings.
func OpenRef(refPath string, warnings io.Writer) (outcome.Runner, error) {
	b, err := tsbundle.Open(refPath)
	if err != nil {
		return nil, err
	}
	if refPath != "" {
		if ignored, _ := b.IgnoredLimits(); len(ignored) > 0 {
			fmt.Fprintf(warnings, "a0diff: warning: %s does not declare the harness limits %s in A0Reference.limits: a program over one of them may run on in it and diverge as [resource] (see reference/ts-bundle/README.md)\n",
				refPath, outcome.JoinLimitNames(ignored, ", "))
		}
	}
	return tsbundle.NewRunner(b), nil
}

// Close closes the implementations of rs that hold resources (worker processes, goja
// runtimes).
func Close(rs trial.Runners) {
	for _, r := range rs.All() {
		CloseRunner(r)
	}
}

// CloseRunner closes r if it holds resources.
func CloseRunner(r outcome.Runner) {
	if c, ok := r.(io.Closer); ok {
		c.Close()
	}
}
