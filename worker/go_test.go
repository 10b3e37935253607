package worker_test

import (
	"github.com/a0diff/a0diff/runtime/outcome"
	"github.com/a0diff/a0diff/runtime/run"
	"github.com/a0diff/a0diff/runtime/toolkit"
	"github.com/a0diff/a0diff/worker"
)

// The package's tests run before main calls TestMain, so the worker mode finds it set.
func init() {
	worker.GoForTest.Worker = func() worker.Implementation {
		return worker.Implementation{
			Name: "go", Version: "test", Limits: outcome.LimitNames(nil),
			NewRunner: func(kits func(outcome.Fixtures) toolkit.Kit) outcome.Runner {
				return run.NewRunner(run.Options{Kit: kits})
			},
		}
	}
	worker.GoForTest.InProcess = func() outcome.Runner { return run.New() }
}
