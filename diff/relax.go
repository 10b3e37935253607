package diff

import (
	"math"

	"github.com/a0diff/a0diff/runtime/outcome"
)

// relaxHostTexts makes the views' [HOST] texts equal where both sides carry one, so that
// only their codes (and everything else around them) are compared: diagnostics' messages
// (HostMessage), the run_end event's message for such an error, and the tool failure
// texts in tool_end events and in the tool calls (spec §9.2: they come from the host).
// Values — a catch-bound error record, say — are compared exactly.
func relaxHostTexts(g, r outcome.Outcome, gv, rv *outcomeView) {
	for i := range min(len(g.Errors), len(r.Errors)) {
		if g.Errors[i].Code == r.Errors[i].Code && outcome.HostMessage(g.Errors[i]) && outcome.HostMessage(r.Errors[i]) {
			rv.Errors[i].Message = gv.Errors[i].Message
		}
	}
	if n, m := len(gv.Trace), len(rv.Trace); n > 0 && m > 0 {
		ge, re := &gv.Trace[n-1], &rv.Trace[m-1]
		if ge.Event == outcome.EventRunEnd && re.Event == outcome.EventRunEnd {
			gc, gm := stringField(ge.Data, "error"), stringField(ge.Data, "message")
			rc, rm := stringField(re.Data, "error"), stringField(re.Data, "message")
			if gc != nil && rc != nil && gm != nil && rm != nil && *gc == *rc &&
				outcome.HostText(*gc, *gm) && outcome.HostText(*rc, *rm) {
				setField(re.Data, "message", *gm)
			}
		}
	}
	// The k-th tool_end of one side is paired with the k-th of the other.
	var gEnds, rEnds []*eventView
	for i := range gv.Trace {
		if gv.Trace[i].Event == outcome.EventToolEnd {
			gEnds = append(gEnds, &gv.Trace[i])
		}
	}
	for i := range rv.Trace {
		if rv.Trace[i].Event == outcome.EventToolEnd {
			rEnds = append(rEnds, &rv.Trace[i])
		}
	}
	for k := range min(len(gEnds), len(rEnds)) {
		ge, re := stringField(gEnds[k].Data, "error"), stringField(rEnds[k].Data, "error")
		if ge != nil && re != nil {
			setField(rEnds[k].Data, "error", *ge)
		}
	}
	for i := range min(len(gv.ToolCalls), len(rv.ToolCalls)) {
		if gv.ToolCalls[i].Outcome == "err" && rv.ToolCalls[i].Outcome == "err" {
			rv.ToolCalls[i].Error = gv.ToolCalls[i].Error
		}
	}
}

// stringField returns the string field k of a record view, or nil.
func stringField(v any, k string) *string {
	r, ok := v.(record)
	if !ok {
		return nil
	}
	s, ok := r.Fields[k].(string)
	if !ok {
		return nil
	}
	return &s
}

// setField overwrites field k of a record view (views are built afresh per comparison,
// so their maps are not shared with anything).
func setField(v any, k, s string) {
	if r, ok := v.(record); ok {
		r.Fields[k] = s
	}
}

// sameNumber is Object.is on numbers.
func sameNumber(a, b float64) bool {
	if math.IsNaN(a) || math.IsNaN(b) {
		return math.IsNaN(a) && math.IsNaN(b)
	}
	return a == b && math.Signbit(a) == math.Signbit(b)
}
