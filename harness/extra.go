package harness

import (
	"context"
	"strings"

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
	// NotRun: the reference ended the run at a harness limit the implementation does not
	// enforce, so it was not run (Diff is OutOfScope, Outcome empty).
	NotRun bool
}

// declarer is implemented by implementations that declare what they do not model and
// which harness limits they do not enforce (worker.Pool, from its workers' hello).
type declarer interface {
	Unmodelled() []string
	IgnoredLimits() []outcome.LimitName
}

// ScopeOf is the scope of r's comparisons with the reference: chosen, less what r
// declares it does not model and the deterministic limits it does not enforce.
func ScopeOf(chosen diff.Scope, r outcome.Runner) diff.Scope {
	d, ok := r.(declarer)
	if !ok {
		return chosen
	}
	why := "declared by " + r.Name()
	s := chosen
	if un := d.Unmodelled(); len(un) > 0 {
		if as, err := diff.ParseAspects(strings.Join(un, ",")); err == nil {
			s = s.Without(as, why)
		}
	}
	return s.WithoutLimits(d.IgnoredLimits(), why)
}

// runExtras runs source through every external implementation and compares each with
// the reference's Outcome ref.
func runExtras(ctx context.Context, rs Runners, source string, cfg outcome.Config, ref outcome.Outcome) []Extra {
	if len(rs.Extra) == 0 {
		return nil
	}
	out := make([]Extra, 0, len(rs.Extra))
	for _, x := range rs.Extra {
		s := ScopeOf(rs.Scope, x)
		if s.OutOfScope(ref) {
			// Nothing to compare, and an implementation without that limit may run on to
			// the deadline: not run at all.
			out = append(out, Extra{Name: x.Name(), Diff: diff.Result{Verdict: diff.OutOfScope}, NotRun: true})
			continue
		}
		o := outcome.SafeRun(ctx, x, source, cfg)
		if NeedsRerun(x, o, ref) && ctx.Err() == nil {
			long := cfg
			long.Limits = cfg.Limits.WithDefaults()
			long.Limits.Timeout *= RetryFactor
			o = outcome.SafeRun(ctx, x, source, long)
		}
		out = append(out, Extra{Name: x.Name(), Outcome: o, Diff: diff.CompareIn(s, o, ref)})
	}
	return out
}
