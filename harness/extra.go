package harness

import (
	"context"

	"github.com/a0diff/a0diff/diff"
	"github.com/a0diff/a0diff/runtime/outcome"
)

// Extra is an external implementation's result on one program: its Outcome and its
// comparison with the reference in goja (diff.Compare with the external implementation
// on the Go side, the reference on the Ref side: in its divergences "go" is the
// external implementation).
type Extra struct {
	Name    string
	Outcome outcome.Outcome
	Diff    diff.Result
}

// runExtras runs source through every external implementation and compares each with
// the reference's Outcome ref.
func runExtras(ctx context.Context, rs Runners, source string, cfg outcome.Config, ref outcome.Outcome) []Extra {
	if len(rs.Extra) == 0 {
		return nil
	}
	out := make([]Extra, 0, len(rs.Extra))
	for _, x := range rs.Extra {
		o := outcome.SafeRun(ctx, x, source, cfg)
		if NeedsRerun(x, o, ref) && ctx.Err() == nil {
			long := cfg
			long.Limits = cfg.Limits.WithDefaults()
			long.Limits.Timeout *= RetryFactor
			o = outcome.SafeRun(ctx, x, source, long)
		}
		out = append(out, Extra{Name: x.Name(), Outcome: o, Diff: diff.Compare(o, ref)})
	}
	return out
}
