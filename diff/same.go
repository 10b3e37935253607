package diff

import (
	"math"

	"github.com/a0diff/a0diff/runtime/ast"
	"github.com/a0diff/a0diff/runtime/outcome"
	"github.com/a0diff/a0diff/runtime/value"
)

// sameText reports that outcome.Marshal would write g and r (their Details aside) as the
// same text, by walking both Outcomes side by side instead of writing them: the common
// case of a comparison, two agreeing Outcomes, then costs no encoding at all. It answers
// true only where the texts are certainly equal — the same strings, numbers of the same
// bits, records with the same keys in the same order — and false otherwise, also where
// unequal Go values might still write the same text (a NaN of another payload, two
// function values of one name); the caller then compares the texts.
func sameText(g, r outcome.Outcome) bool { return sameTextAs(g, r, false) }

// sameNormalizedText is sameText(outcome.Normalize(g), outcome.Normalize(r)) where it is
// true, without making the normalized copies (every trace ends with a run_end whose
// durationMs Normalize drops, so it copied both traces of every case): the durationMs of
// run_end and tool_end data are left out of the walk, and every other field Normalize
// changes is a function of the field, so equal fields stay equal. False where the
// normalized Outcomes may still agree (a timeMs budget's differing texts): the caller
// then normalizes.
func sameNormalizedText(g, r outcome.Outcome) bool { return sameTextAs(g, r, true) }

// sameTextAs is sameText, leaving out the durationMs of run_end and tool_end data when
// volatile is set.
func sameTextAs(g, r outcome.Outcome, volatile bool) bool {
	if g.Status != r.Status || g.ExitCode != r.ExitCode || g.HasValue != r.HasValue || g.Limit != r.Limit ||
		len(g.Errors) != len(r.Errors) || len(g.Evidence) != len(r.Evidence) ||
		len(g.Trace) != len(r.Trace) || len(g.ToolCalls) != len(r.ToolCalls) {
		return false
	}
	if g.HasValue && !sameValue(g.Value, r.Value) {
		return false
	}
	for i := range g.Errors {
		a, b := &g.Errors[i], &r.Errors[i]
		if a.Code != b.Code || a.Message != b.Message || a.Hint != b.Hint || !sameSpan(a.Span, b.Span) ||
			(a.Details == nil) != (b.Details == nil) || (a.Details != nil && !sameValue(a.Details, b.Details)) {
			return false
		}
	}
	for i := range g.Evidence {
		if !sameValue(g.Evidence[i], r.Evidence[i]) {
			return false
		}
	}
	for i := range g.Trace {
		a, b := &g.Trace[i], &r.Trace[i]
		if a.Event != b.Event || !sameSpan(a.Span, b.Span) || (a.Data == nil) != (b.Data == nil) {
			return false
		}
		if a.Data == nil {
			continue
		}
		if volatile && (a.Event == outcome.EventRunEnd || a.Event == outcome.EventToolEnd) {
			if !sameRecordWithout(a.Data, b.Data, "durationMs") {
				return false
			}
		} else if !sameValue(a.Data, b.Data) {
			return false
		}
	}
	for i := range g.ToolCalls {
		a, b := &g.ToolCalls[i], &r.ToolCalls[i]
		if a.Tool != b.Tool || a.Outcome != b.Outcome || !sameValue(a.Args, b.Args) {
			return false
		}
		if a.Outcome == "ok" {
			if !sameValue(a.Result, b.Result) {
				return false
			}
		} else if a.Error != b.Error {
			return false
		}
	}
	return true
}

// sameSpan: both absent, or the same five members.
func sameSpan(a, b *ast.Span) bool {
	if a == nil || b == nil {
		return a == b
	}
	return *a == *b
}

// sameValue reports that value.AppendCanonical writes a and b as the same text (false:
// not known to).
func sameValue(a, b value.Value) bool {
	switch x := a.(type) {
	case nil:
		return b == nil
	case bool:
		y, ok := b.(bool)
		return ok && x == y
	case float64:
		y, ok := b.(float64)
		return ok && math.Float64bits(x) == math.Float64bits(y)
	case string:
		y, ok := b.(string)
		return ok && x == y
	case *value.Func:
		y, ok := b.(*value.Func)
		return ok && x == y
	case *value.List:
		y, ok := b.(*value.List)
		if !ok || len(x.Items) != len(y.Items) {
			return false
		}
		for i := range x.Items {
			if !sameValue(x.Items[i], y.Items[i]) {
				return false
			}
		}
		return true
	case *value.Record:
		y, ok := b.(*value.Record)
		if !ok || x.Len() != y.Len() {
			return false
		}
		xk, yk := x.Keys(), y.Keys()
		for i := range xk {
			if xk[i] != yk[i] || !sameValue(x.ValueAt(i), y.ValueAt(i)) {
				return false
			}
		}
		return true
	}
	return false // a kind the canonical text does not tell apart cheaply
}

// sameRecordWithout is sameValue of a and b with their member skip removed, when both
// are records; otherwise sameValue.
func sameRecordWithout(a, b value.Value, skip string) bool {
	x, ok1 := a.(*value.Record)
	y, ok2 := b.(*value.Record)
	if !ok1 || !ok2 {
		return sameValue(a, b)
	}
	xk, yk := x.Keys(), y.Keys()
	i, j := 0, 0
	for {
		for i < len(xk) && xk[i] == skip {
			i++
		}
		for j < len(yk) && yk[j] == skip {
			j++
		}
		if i == len(xk) || j == len(yk) {
			return i == len(xk) && j == len(yk)
		}
		if xk[i] != yk[j] || !sameValue(x.ValueAt(i), y.ValueAt(j)) {
			return false
		}
		i++
		j++
	}
}
