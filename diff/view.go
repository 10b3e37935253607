package diff

import (
	"github.com/a0diff/a0diff/runtime/ast"
	"github.com/a0diff/a0diff/runtime/outcome"
	"github.com/a0diff/a0diff/runtime/value"
)

// The comparison runs over a view of each Outcome built from plain Go types that
// go-cmp can walk, in which A0's comparison rules are explicit: numbers are a named type
// compared like Object.is, records are a key→value map (so that a changed or missing key
// is reported under its name) plus their key order (so that a reordering is reported on
// its own), lists are index→value maps. The Outcome's own lists (errors, evidence,
// trace, tool calls) stay slices, so that go-cmp aligns them by an edit script and an
// event missing on one side is reported as that, not as every later event changed.
// Field names map to the Outcome's JSON names in paths (see fieldNames).

type outcomeView struct {
	ExitCode  int
	Value     any // absent{} when the run has no value
	Errors    []diagView
	Evidence  []any
	Trace     []eventView
	ToolCalls []callView
}

type diagView struct {
	Code    string
	Message string
	Span    *spanView
	Hint    any // absent{} when the diagnostic has none, so that it shows as "(absent)"
	Details any
}

type eventView struct {
	Event outcome.EventName
	Span  *spanView
	Data  any
}

type callView struct {
	Tool    string
	Args    any
	Outcome string
	Result  any
	Error   string
}

type spanView struct {
	File      string
	StartLine int
	StartCol  int
	EndLine   int
	EndCol    int
}

// number is an A0 number; numbers are equal when Object.is says so (−0 ≠ 0, NaN = NaN).
type number float64

// record is an A0 record.
type record struct {
	Fields map[string]any
	Order  keyOrder
}

// list is an A0 list, by index: its elements are compared position by position (an
// edit-script alignment would report a changed record element as one removed and one
// added element), and a longer list has the extra indices.
type list map[int]any

// keyOrder is a record's keys in enumeration order.
type keyOrder []string

// function is a function value leaked through the prototype chain (spec §10.2).
type function struct{ Name string }

// absent marks an optional part the Outcome does not have (its value, a diagnostic's
// details, an event's data).
type absent struct{}

// fieldNames maps view field names to the Outcome's JSON names; "" drops the step from
// paths (a record's map of fields).
var fieldNames = map[string]string{
	"ExitCode": "exitCode", "Value": "value", "Errors": "errors", "Evidence": "evidence",
	"Trace": "trace", "ToolCalls": "toolCalls",
	"Code": "code", "Message": "message", "Span": "span", "Hint": "hint", "Details": "details",
	"Event": "event", "Data": "data",
	"Tool": "tool", "Args": "args", "Outcome": "outcome", "Result": "result", "Error": "error",
	"File": "file", "StartLine": "startLine", "StartCol": "startCol", "EndLine": "endLine", "EndCol": "endCol",
	"Fields": "", "Order": "",
}

func viewOf(o outcome.Outcome) *outcomeView {
	// Empty, not nil, slices: go-cmp reports a nil slice against a non-empty one as a
	// whole instead of element by element.
	v := &outcomeView{ExitCode: o.ExitCode, Value: absent{}, Errors: []diagView{}, Evidence: []any{}, Trace: []eventView{}, ToolCalls: []callView{}}
	if o.HasValue {
		v.Value = node(o.Value)
	}
	for _, d := range o.Errors {
		var hint any = absent{}
		if d.Hint != "" {
			hint = d.Hint
		}
		v.Errors = append(v.Errors, diagView{Code: string(d.Code), Message: d.Message, Span: spanOf(d.Span), Hint: hint, Details: optional(d.Details)})
	}
	for _, e := range o.Evidence {
		v.Evidence = append(v.Evidence, node(e))
	}
	for _, e := range o.Trace {
		v.Trace = append(v.Trace, eventView{Event: e.Event, Span: spanOf(e.Span), Data: optional(e.Data)})
	}
	for _, c := range o.ToolCalls {
		v.ToolCalls = append(v.ToolCalls, viewOfCall(c))
	}
	return v
}

func viewOfCall(c outcome.Call) callView {
	cv := callView{Tool: c.Tool, Args: node(c.Args), Outcome: c.Outcome, Result: absent{}, Error: c.Error}
	if c.Outcome == "ok" {
		cv.Result = node(c.Result)
	}
	return cv
}

func spanOf(s *ast.Span) *spanView {
	if s == nil {
		return nil
	}
	return &spanView{File: s.File, StartLine: s.StartLine, StartCol: s.StartCol, EndLine: s.EndLine, EndCol: s.EndCol}
}

func optional(v value.Value) any {
	if v == nil {
		return absent{}
	}
	return node(v)
}

// node converts an A0 value to its view.
func node(v value.Value) any {
	switch x := v.(type) {
	case float64:
		return number(x)
	case *value.List:
		if x == nil {
			return nil
		}
		items := make(list, len(x.Items))
		for i, it := range x.Items {
			items[i] = node(it)
		}
		return items
	case *value.Record:
		if x == nil {
			return nil
		}
		keys := x.Keys()
		r := record{Fields: make(map[string]any, len(keys)), Order: append(keyOrder(nil), keys...)}
		for _, k := range keys {
			f, _ := x.Get(k)
			r.Fields[k] = node(f)
		}
		return r
	case *value.Func:
		if x == nil {
			return nil
		}
		return function{Name: x.Name}
	default:
		return v // nil, bool, string
	}
}
