package run

import (
	"github.com/a0diff/a0diff/runtime/outcome"
	"github.com/a0diff/a0diff/runtime/toolkit"
	"github.com/a0diff/a0diff/worker"
)

// WorkerImplementation is the Go evaluator as a worker process serves it
// (worker.Serve): it honours every harness limit and calls tools through the host's kit
// (worker.HostKit), so the protocol's callbacks are the path every run takes. version is what
// its hello says. a0diff's `worker --impl go` serves it, and so does the mutants probe,
// built with a mutated evaluator. It lives here, with the implementation, so that the
// protocol package knows no implementation.
func WorkerImplementation(version string) worker.Implementation {
	var r *Runner
	return worker.Implementation{
		Name: "go", Version: version,
		Limits: outcome.LimitNames(nil),
		NewRunner: func(kits func(outcome.Fixtures) toolkit.Kit) outcome.Runner {
			r = NewRunner(Options{Kit: kits})
			return r
		},
		Abandoned: func() (running, total int64) { return r.Abandoned() },
	}
}
