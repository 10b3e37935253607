package diff

import "github.com/a0diff/a0diff/runtime/outcome"

// Attribution says who is wrong when the three Outcomes of a cross-check disagree: the
// Go evaluator, the reference in goja, and the same reference under node (V8), which
// decides between the first two.
type Attribution string

const (
	// AttrEngine: goja differs from V8 and node agrees with the Go evaluator — an engine
	// defect the reference has not worked around; the Go evaluator is right.
	AttrEngine Attribution = "engine"
	// AttrEngineShared: goja differs from V8, and the Go evaluator agrees with goja — an
	// engine defect the reference has not worked around and the Go evaluator copies.
	AttrEngineShared Attribution = "engine-shared"
	// AttrImplementation: node agrees with goja — the reference means what it says in
	// both engines, and the Go evaluator is wrong.
	AttrImplementation Attribution = "implementation"
	// AttrUnattributed: all three differ.
	AttrUnattributed Attribution = "unattributed"
)

// Explain says what an attribution means, in words, for reports.
func (a Attribution) Explain() string {
	switch a {
	case AttrEngine:
		return "engine: goja differs from V8, node agrees with the Go evaluator (the reference needs a workaround)"
	case AttrEngineShared:
		return "engine: goja differs from V8, and the Go evaluator follows goja (the reference needs a workaround, the Go evaluator a fix)"
	case AttrImplementation:
		return "implementation: the reference agrees with itself in goja and V8, the Go evaluator differs"
	case AttrUnattributed:
		return "unattributed: the Go evaluator, the reference in goja and the reference under node all differ"
	}
	return ""
}

// IsEngine reports whether a is one of the engine attributions.
func (a Attribution) IsEngine() bool { return a == AttrEngine || a == AttrEngineShared }

// Three is the result of CompareThree.
type Three struct {
	// Result is the verdict and the divergences a report shows: those between the Go
	// evaluator and the reference in goja, or, when those two agree, those between the
	// reference in goja (in both Go and Ref) and under node (in Node). Every signature
	// ends with the attribution as its last qualifier (`value@value:engine`).
	Result
	// Attribution is "" when the verdict is not Diverge.
	Attribution Attribution
	// GoRef, RefNode and GoNode are the three pairwise comparisons (RefNode with the
	// reference in goja on the Go side and node on the Ref side). GoNode is computed only
	// when Go and goja disagree (the attribution needs it); otherwise it is RefNode.
	GoRef, RefNode, GoNode Result
}

// CompareThree compares the Outcomes of the Go evaluator, the reference in goja and the
// reference under node. The three agree only when every pair agrees. When the Go
// evaluator and goja disagree, node attributes the disagreement: AttrEngine when node
// agrees with Go, AttrImplementation when it agrees with goja, AttrUnattributed when it
// agrees with neither. When Go and goja agree but node does not, goja differs from V8
// in a way the Go evaluator copies: AttrEngineShared. When Go and goja are both
// inconclusive (timed out or over a harness limit) the result is Inconclusive whatever
// node did: there is nothing to attribute. For the attribution an inconclusive pair
// counts as agreeing (both sides ran out of time or hit a limit).
func CompareThree(goOut, refOut, nodeOut outcome.Outcome) Three {
	t := Three{GoRef: Compare(goOut, refOut), RefNode: Compare(refOut, nodeOut)}
	if t.GoRef.Verdict == Diverge {
		t.GoNode = Compare(goOut, nodeOut)
	} else {
		t.GoNode = t.RefNode
	}
	same := func(r Result) bool { return r.Verdict != Diverge }
	switch {
	case t.GoRef.Verdict == Inconclusive:
		t.Result = Result{Verdict: Inconclusive}
		return t
	case t.GoRef.Verdict == Agree && t.RefNode.Verdict == Agree:
		t.Result = Result{Verdict: Agree}
		return t
	case t.GoRef.Verdict == Agree:
		// Go and goja agree (so Go's rendering is goja's), node differs.
		t.Attribution = AttrEngineShared
		t.Result = Result{Verdict: Diverge, Omitted: t.RefNode.Omitted}
		for _, d := range t.RefNode.Divergences {
			d.Node, d.Ref = d.Ref, d.Go
			d.Kind = fromRefNodeKind(d.Kind)
			t.Divergences = append(t.Divergences, d)
		}
	default:
		switch {
		case same(t.GoNode):
			t.Attribution = AttrEngine
		case same(t.RefNode):
			t.Attribution = AttrImplementation
		default:
			t.Attribution = AttrUnattributed
		}
		t.Result = Result{Verdict: Diverge, Omitted: t.GoRef.Omitted}
		for _, d := range t.GoRef.Divergences {
			switch t.Attribution {
			case AttrEngine:
				d.Node = d.Go
			case AttrImplementation:
				d.Node = d.Ref
			}
			t.Divergences = append(t.Divergences, d)
		}
	}
	for i := range t.Divergences {
		t.Divergences[i].Signature += ":" + string(t.Attribution)
	}
	return t
}

// fromRefNodeKind relabels the kind of a goja-versus-node divergence, shown with goja on
// both the Go and the Ref side: what only goja (and so Go) has is NodeAbsent, what only
// node has is NodeOnly.
func fromRefNodeKind(k Kind) Kind {
	switch k {
	case GoOnly:
		return NodeAbsent
	case RefOnly:
		return NodeOnly
	}
	return k
}

const (
	// NodeOnly: only the reference under node has something at the path; NodeAbsent:
	// everything but node has something there (three-way comparisons, AttrEngineShared).
	NodeOnly   Kind = "node-only"
	NodeAbsent Kind = "node-absent"
)
