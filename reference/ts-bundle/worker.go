package tsbundle

import (
	"slices"

	"github.com/a0diff/a0diff/runtime/outcome"
	"github.com/a0diff/a0diff/runtime/toolkit"
	"github.com/a0diff/a0diff/worker"
)

// WorkerImplementation is the bundle b in goja as a worker process serves it
// (worker.Serve): it calls tools through the host's kit (worker.HostKit), so the protocol's
// callbacks are the path every run takes. Its hello lists the deadline, which the host
// enforces, and every harness limit the bundle does not declare it ignores. It lives
// here, with the host of the bundle, so that the protocol package knows no
// implementation.
func WorkerImplementation(b *Bundle) worker.Implementation {
	version, _ := b.Version()
	limits := []outcome.LimitName{outcome.LimitTimeout}
	ignored, _ := b.IgnoredLimits()
	for _, l := range outcome.ImplementationLimits() {
		if !slices.Contains(ignored, l) {
			limits = append(limits, l)
		}
	}
	var r *Runner
	return worker.Implementation{
		Name: "ref", Version: version, Limits: limits,
		NewRunner: func(kits func(outcome.Fixtures) toolkit.Kit) outcome.Runner {
			r = NewRunner(b, WithKit(kits))
			return r
		},
		Abandoned: func() (running, total int64) {
			s := r.Stats()
			return s.AbandonedRunning, s.Abandoned
		},
	}
}
