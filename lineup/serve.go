package lineup

import (
	tsbundle "github.com/a0diff/a0diff/reference/ts-bundle"
	"github.com/a0diff/a0diff/runtime/run"
	"github.com/a0diff/a0diff/trial"
	"github.com/a0diff/a0diff/worker"
)

// This file is the other side: what the worker processes Lineup starts run.

// WorkerImplementation is a built-in implementation ("go" or "ref", the reference bundle
// at refPath or the embedded one) as `a0diff worker --impl` serves it: both call tools
// through the host's kit (worker.HostKit), so the callbacks of the protocol are the path
// every run takes.
func WorkerImplementation(impl, refPath string) (worker.Implementation, error) {
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
	return worker.Implementation{}, flagErrorf("--impl must be go or ref, not %q", impl)
}

// BatchRunners is the built-in pair as a batch worker (`a0diff campaign-worker` or
// `entry-worker`) runs it: both in its own process, as with Isolation None, but with the
// collector tuned for two such processes at -j 2, and each run on the worker's own
// goroutine (run.Options.Inline, tsbundle.WithInline): the supervisor bounds a run
// stuck past its deadline by killing the worker (worker.Batch), so no run needs a
// goroutine of its own to be abandoned on. Both workers are done with a case's
// Outcomes before its next run (they compare them and drop them), so the Go evaluator
// reuses its trees' node memory (run.Options.ReuseTrees).
func BatchRunners(refPath string) (trial.Runners, error) {
	worker.TuneBatchWorkerGC()
	b, err := tsbundle.Open(refPath)
	if err != nil {
		return trial.Runners{}, err
	}
	return trial.Runners{Impl: run.NewRunner(run.Options{Inline: true, ReuseTrees: true}), Ref: tsbundle.NewRunner(b, tsbundle.WithInline())}, nil
}
