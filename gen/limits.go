package gen

import (
	"math"

	"github.com/a0diff/a0diff/runtime/outcome"
)

// The harness limits of outcome.Limits drawn small (FeatLimits), so that each trips where
// both implementations must agree on the point it trips at: maxSteps inside loops,
// callbacks, recursion and tool calls (the events and iterations before it are the
// partial trace), maxDepth in recursion and nested callbacks, maxSize on produced lists
// and strings, sort's comparison texts and tool arguments. They are drawn after the
// program, so the program is the one the same decisions make without them.

const (
	// SmallStepsPercent is the share, in percent of the valid cases with FeatLimits,
	// that run under a small step limit (MinSmallSteps to MaxSmallSteps, log-uniform:
	// generated programs take tens to a few thousand steps).
	SmallStepsPercent = 15
	// SmallDepthPercent is the share, in percent of those that declare a function, that
	// run under a small depth limit (1 to 3: most programs nest user functions one or two
	// deep).
	SmallDepthPercent = 15
	MinSmallSteps     = 4
	MaxSmallSteps     = 600
)

// drawLimits sets small harness limits in l, at the shares above.
func (g *generator) drawLimits(l *outcome.Limits) {
	if !g.has(FeatLimits) {
		return
	}
	if g.chance(SmallStepsPercent) {
		// log-uniform, so that short programs meet low limits and long ones high ones
		f := float64(g.n(1001)) / 1000
		l.MaxSteps = int(math.Round(MinSmallSteps * math.Pow(MaxSmallSteps/MinSmallSteps, f)))
	}
	if len(g.allFns) > 0 && g.chance(SmallDepthPercent) {
		l.MaxDepth = 1 + g.n(3)
	}
}
