package outcome

import "time"

// The graces: how long each layer waits, past a run's deadline (Limits.Timeout), for the
// layer below it to end the run before it gives up on the run itself. Each is longer
// than the one below, so the layer nearest the engine, which knows most, reports the
// timeout; the outer ones are only for a run stuck where nothing can interrupt it.
const (
	// GraceEvaluator: the Go evaluator's runner (runtime/run) waits this long for the
	// evaluator to notice its context (it looks every thousand steps, so within
	// microseconds) before it reports the timeout itself and abandons the goroutine.
	GraceEvaluator = 50 * time.Millisecond
	// GraceBundle: the host of the reference in goja (reference/ts-bundle) waits this
	// long after interrupting JavaScript (which stops within microseconds; only a native
	// built-in can take longer) before it abandons the run.
	GraceBundle = 500 * time.Millisecond
	// GraceWorker: the supervisor (worker.Pool) lets a worker outlive a run's deadline
	// this long before it kills it.
	GraceWorker = 2 * time.Second
)
