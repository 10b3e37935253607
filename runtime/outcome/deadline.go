package outcome

import (
	"context"
	"errors"
	"time"
)

// A run's deadline travels once. The edge that builds a case's Config resolves its
// limits (trial.Config: the case's own timeout, else the chosen one, else the default);
// where a run starts, its Runner turns Limits.Timeout into the deadline of the run's
// context (Bound), and everything below — the Go evaluator, the goja host of the
// reference, a worker process — takes the deadline from that context and reads
// Limits.Timeout no more. The one crossing that cannot carry a context, the worker
// protocol, carries the timeout in milliseconds and turns it back into a context on the
// worker's side (package worker).

// ErrDeadline is the cause (context.Cause) of a run's context that reached the run's own
// deadline, as opposed to a cancellation or an earlier deadline of the caller's context.
var ErrDeadline = errors.New("deadline exceeded")

// Bound starts a run under cfg: it returns cfg with its limits resolved (zero fields take
// DefaultLimits; a Config from trial.Config is already resolved and stays as it is) and
// ctx bounded by the run's deadline, Limits.Timeout from now or ctx's own deadline when
// that is earlier. Reaching the run's own deadline cancels the context with cause
// ErrDeadline. Call the CancelFunc when the run ends.
func Bound(ctx context.Context, cfg Config) (context.Context, context.CancelFunc, Config) {
	cfg.Limits = cfg.Limits.WithDefaults()
	ctx, cancel := context.WithDeadlineCause(ctx, time.Now().Add(cfg.Limits.Timeout), ErrDeadline)
	return ctx, cancel, cfg
}

// The graces: how long each layer waits, past a run's deadline, for the layer below it to
// end the run before it gives up on the run itself. Each is longer than the one below, so
// the layer nearest the engine, which knows most, reports the timeout; the outer ones
// are only for a run stuck where nothing can interrupt it.
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
