package worker_test

import (
	"github.com/a0diff/a0diff/runtime/eval"
	"github.com/a0diff/a0diff/runtime/outcome"
	"github.com/a0diff/a0diff/runtime/run"
	"github.com/a0diff/a0diff/worker"
)

// The package's tests run before main calls TestMain, so the worker mode finds it set.
func init() {
	worker.GoForTest.Worker = func() worker.Implementation {
		return worker.Implementation{
			Name: "go", Version: "test", Limits: outcome.LimitNames(nil),
			NewRunner: func(tools func(outcome.Fixtures) *worker.Kit) outcome.Runner {
				return run.NewRunner(run.Options{Tools: func(f outcome.Fixtures) eval.Tools { return tools(f) }})
			},
		}
	}
	worker.GoForTest.InProcess = func() outcome.Runner { return run.New() }
}
