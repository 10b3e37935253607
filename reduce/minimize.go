package reduce

import (
	"context"
	"errors"
	"time"

	"github.com/a0diff/a0diff/runtime/outcome"
)

// ErrPropertyDoesNotHold is Minimize's error for an input that does not have the
// property to keep.
var ErrPropertyDoesNotHold = errors.New("the property does not hold for the input, nothing to reduce")

// Minimize reduces source under cfg while keep holds: the reduction Reduce makes — delta
// debugging, the simplification passes, text mode for a program that does not parse,
// the host configuration's fixtures — with keep in place of "both implementations
// diverge with the same signatures". It is the one reducer for every other property: a
// campaign's divergence whose signature set Reduce could not keep (package campaign then
// keeps its first signature), a generated case that makes a test fail. Candidates are
// checked with keep alone: a property that needs a valid program says so itself.
//
// opts bound and observe it as they do Reduce (Timeout and CandidateTimeout do not
// apply; Program spares the parse of a generated case; Known, when set, says that the
// caller's own run of the input showed the property — a campaign's comparison —, so
// that the input is not run again for keep). keep is called from up to
// opts.Workers goroutines at a time (runtime.NumCPU() when ≤ 0): set Workers to 1 for a
// keep that is not safe for concurrent use. The Result has no signatures and no
// outcomes. It fails when keep does not hold for the input (ErrPropertyDoesNotHold) and
// when ctx is cancelled; a bound (MaxTime, MaxCandidates) ends it with the smallest
// program found so far.
func Minimize(ctx context.Context, source string, cfg outcome.Config, keep func(source string, cfg outcome.Config) bool, opts Options) (Result, error) {
	r := &reducer{ctx: ctx, opts: opts, start: time.Now(), cache: map[[32]byte]bool{}, keep: keep}
	r.limits = cfg.Limits
	r.cfg = copyConfig(cfg)
	if opts.Known == nil && !keep(source, copyConfig(cfg)) {
		if err := ctx.Err(); err != nil {
			return Result{}, err
		}
		return Result{}, ErrPropertyDoesNotHold
	}
	return r.reduce(source)
}
