package worker

import (
	"github.com/a0diff/a0diff/runtime/eval"
	"github.com/a0diff/a0diff/runtime/outcome"
	"github.com/a0diff/a0diff/runtime/run"
)

// GoEvaluator is the Go evaluator (runtime/run) as a worker serves it: it honours every
// harness limit and calls tools through the host's kit (Kit), so the protocol's
// callbacks are the path every run takes. version is what its hello says. a0diff's
// `worker --impl go` serves it, and so does the mutants probe, built with a mutated
// evaluator.
func GoEvaluator(version string) Implementation {
	var r *run.Runner
	return Implementation{
		Name: "go", Version: version,
		Limits: outcome.LimitNames(nil),
		NewRunner: func(tools func(outcome.Fixtures) *Kit) outcome.Runner {
			r = run.NewRunner(run.Options{Tools: func(f outcome.Fixtures) eval.Tools { return tools(f) }})
			return r
		},
		Abandoned: func() (total, running int64) {
			running, total = r.Abandoned()
			return total, running
		},
	}
}
