package outcome

import (
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/a0diff/a0diff/runtime/ast"
	"github.com/a0diff/a0diff/runtime/diag"
	"github.com/a0diff/a0diff/runtime/value"
)

// Marshal writes o as canonical JSON (compact, keys in a fixed order, values in
// value.MarshalCanonical form). Two Outcomes are equal iff their Marshal texts are.
func Marshal(o Outcome) []byte {
	return AppendMarshal(make([]byte, 0, 256+64*len(o.Trace)), o)
}

// AppendMarshal appends Marshal(o) to b.
func AppendMarshal(b []byte, o Outcome) []byte {
	b = append(b, `{"status":`...)
	b = appendString(b, string(o.Status))
	b = append(b, `,"exitCode":`...)
	b = strconv.AppendInt(b, int64(o.ExitCode), 10)
	if o.HasValue {
		b = append(b, `,"value":`...)
		b = value.AppendCanonical(b, o.Value)
	}
	b = append(b, `,"errors":[`...)
	for i, d := range o.Errors {
		if i > 0 {
			b = append(b, ',')
		}
		b = appendDiagnostic(b, d)
	}
	b = append(b, `],"evidence":[`...)
	for i, e := range o.Evidence {
		if i > 0 {
			b = append(b, ',')
		}
		b = value.AppendCanonical(b, e)
	}
	b = append(b, `],"trace":[`...)
	for i, e := range o.Trace {
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, `{"event":`...)
		b = appendString(b, string(e.Event))
		if e.Span != nil {
			b = append(b, `,"span":`...)
			b = appendSpan(b, *e.Span)
		}
		if e.Data != nil {
			b = append(b, `,"data":`...)
			b = value.AppendCanonical(b, e.Data)
		}
		b = append(b, '}')
	}
	b = append(b, `],"toolCalls":[`...)
	for i, c := range o.ToolCalls {
		if i > 0 {
			b = append(b, ',')
		}
		b = appendCall(b, c)
	}
	b = append(b, ']')
	if o.Limit != "" {
		b = append(b, `,"limit":`...)
		b = appendString(b, string(o.Limit))
	}
	if o.Detail != "" {
		b = append(b, `,"detail":`...)
		b = appendString(b, o.Detail)
	}
	return append(b, '}')
}

func appendDiagnostic(b []byte, d Diagnostic) []byte {
	b = append(b, `{"code":`...)
	b = appendString(b, string(d.Code))
	b = append(b, `,"message":`...)
	b = appendString(b, d.Message)
	if d.Span != nil {
		b = append(b, `,"span":`...)
		b = appendSpan(b, *d.Span)
	}
	if d.Hint != "" {
		b = append(b, `,"hint":`...)
		b = appendString(b, d.Hint)
	}
	if d.Details != nil {
		b = append(b, `,"details":`...)
		b = value.AppendCanonical(b, d.Details)
	}
	return append(b, '}')
}

func appendCall(b []byte, c Call) []byte {
	b = append(b, `{"tool":`...)
	b = appendString(b, c.Tool)
	b = append(b, `,"args":`...)
	b = value.AppendCanonical(b, c.Args)
	b = append(b, `,"outcome":`...)
	b = appendString(b, c.Outcome)
	if c.Outcome == "ok" {
		b = append(b, `,"result":`...)
		b = value.AppendCanonical(b, c.Result)
	} else {
		b = append(b, `,"error":`...)
		b = appendString(b, c.Error)
	}
	return append(b, '}')
}

func appendSpan(b []byte, s ast.Span) []byte {
	b = append(b, `{"file":`...)
	b = appendString(b, s.File)
	b = append(b, `,"startLine":`...)
	b = strconv.AppendInt(b, int64(s.StartLine), 10)
	b = append(b, `,"startCol":`...)
	b = strconv.AppendInt(b, int64(s.StartCol), 10)
	b = append(b, `,"endLine":`...)
	b = strconv.AppendInt(b, int64(s.EndLine), 10)
	b = append(b, `,"endCol":`...)
	b = strconv.AppendInt(b, int64(s.EndCol), 10)
	return append(b, '}')
}

// appendString appends s in canonical form: plain text quoted as it is, anything that
// needs an escape (or is not ASCII) by value.AppendCanonical.
func appendString(b []byte, s string) []byte {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c >= 0x7f || c == '"' || c == '\\' {
			return value.AppendCanonical(b, s)
		}
	}
	b = append(b, '"')
	b = append(b, s...)
	return append(b, '"')
}

// SpanValue converts a span to the A0 record the reference builds for it (evidence
// records and check/assert values carry spans as ordinary record values).
func SpanValue(s ast.Span) *value.Record {
	r := value.NewRecord()
	r.Set("file", s.File)
	r.Set("startLine", float64(s.StartLine))
	r.Set("startCol", float64(s.StartCol))
	r.Set("endLine", float64(s.EndLine))
	r.Set("endCol", float64(s.EndCol))
	return r
}

// Parse reads an Outcome from canonical JSON: the text a reference bundle returns (without
// toolCalls, which the host fills in) or the text Marshal writes.
//
// A text nested deeper than MaxNesting is an error.
func Parse(text []byte) (Outcome, error) {
	if err := checkNesting(text); err != nil {
		return Outcome{}, err
	}
	if o, ok := parseFast(text); ok {
		return o, nil
	}
	return parseCareful(text)
}

// parseCareful reads an Outcome member by member, whatever the order and repetition of
// its members, and says what is wrong with a text that is not one.
func parseCareful(text []byte) (Outcome, error) {
	var raw struct {
		Status    *string
		ExitCode  *int
		Value     json.RawMessage
		Errors    []json.RawMessage
		Evidence  []json.RawMessage
		Trace     []json.RawMessage
		ToolCalls []json.RawMessage
		Limit     string
		Detail    string
	}
	// Not json.Unmarshal: values may nest deeper than encoding/json allows (rawjson.go).
	m, err := rawMembers(text)
	if err == nil {
		err = unmarshalField(m, "status", &raw.Status)
	}
	if err == nil {
		err = unmarshalField(m, "exitCode", &raw.ExitCode)
	}
	if err == nil {
		err = unmarshalField(m, "limit", &raw.Limit)
	}
	if err == nil {
		err = unmarshalField(m, "detail", &raw.Detail)
	}
	raw.Value = m["value"]
	for _, f := range []struct {
		k    string
		list *[]json.RawMessage
	}{{"errors", &raw.Errors}, {"evidence", &raw.Evidence}, {"trace", &raw.Trace}, {"toolCalls", &raw.ToolCalls}} {
		if v, ok := m[f.k]; ok && err == nil {
			*f.list, err = rawElements(v)
		}
	}
	if err != nil {
		return Outcome{}, fmt.Errorf("outcome: %w", err)
	}
	if raw.Status == nil || raw.ExitCode == nil {
		return Outcome{}, fmt.Errorf(`outcome: "status" and "exitCode" are required`)
	}
	o := Outcome{Status: Status(*raw.Status), ExitCode: *raw.ExitCode, Limit: LimitName(raw.Limit), Detail: raw.Detail}
	switch o.Status {
	case StatusOK, StatusCrash, StatusTimeout, StatusResource:
	default:
		return Outcome{}, fmt.Errorf("outcome: unknown status %q", o.Status)
	}
	if raw.Value != nil {
		o.HasValue = true
		if o.Value, err = value.UnmarshalCanonical(raw.Value); err != nil {
			return Outcome{}, fmt.Errorf("outcome: value: %w", err)
		}
	}
	for i, m := range raw.Errors {
		d, err := parseDiagnostic(m)
		if err != nil {
			return Outcome{}, fmt.Errorf("outcome: errors[%d]: %w", i, err)
		}
		o.Errors = append(o.Errors, d)
	}
	for i, m := range raw.Evidence {
		v, err := value.UnmarshalCanonical(m)
		if err != nil {
			return Outcome{}, fmt.Errorf("outcome: evidence[%d]: %w", i, err)
		}
		o.Evidence = append(o.Evidence, v)
	}
	if o.Trace = parseTraceFast(m["trace"]); o.Trace == nil {
		for i, m := range raw.Trace {
			e, err := parseEvent(m)
			if err != nil {
				return Outcome{}, fmt.Errorf("outcome: trace[%d]: %w", i, err)
			}
			o.Trace = append(o.Trace, e)
		}
	}
	for i, m := range raw.ToolCalls {
		c, err := parseCall(m)
		if err != nil {
			return Outcome{}, fmt.Errorf("outcome: toolCalls[%d]: %w", i, err)
		}
		o.ToolCalls = append(o.ToolCalls, c)
	}
	return o, nil
}

func parseDiagnostic(text json.RawMessage) (Diagnostic, error) {
	var raw struct {
		Code    *string
		Message json.RawMessage
		Span    *spanJSON
		Hint    string
		Details json.RawMessage
	}
	m, err := rawMembers(text)
	if err == nil {
		err = unmarshalFields(m, field{"code", &raw.Code}, field{"span", &raw.Span}, field{"hint", &raw.Hint})
	}
	if err != nil {
		return Diagnostic{}, err
	}
	raw.Message, raw.Details = m["message"], m["details"]
	if raw.Code == nil || raw.Message == nil {
		return Diagnostic{}, fmt.Errorf(`"code" and "message" are required`)
	}
	d := Diagnostic{Code: diag.Code(*raw.Code), Hint: raw.Hint, Span: raw.Span.span()}
	msg, err := value.UnmarshalCanonical(raw.Message)
	if err != nil {
		return Diagnostic{}, err
	}
	s, ok := msg.(string)
	if !ok {
		return Diagnostic{}, fmt.Errorf(`"message" must be a string`)
	}
	d.Message = s
	if raw.Details != nil {
		if d.Details, err = value.UnmarshalCanonical(raw.Details); err != nil {
			return Diagnostic{}, err
		}
	}
	return d, nil
}

func parseEvent(text json.RawMessage) (Event, error) {
	var raw struct {
		Event *string
		Span  *spanJSON
		Data  json.RawMessage
	}
	m, err := rawMembers(text)
	if err == nil {
		err = unmarshalFields(m, field{"event", &raw.Event}, field{"span", &raw.Span})
	}
	if err != nil {
		return Event{}, err
	}
	raw.Data = m["data"]
	if raw.Event == nil {
		return Event{}, fmt.Errorf(`"event" is required`)
	}
	e := Event{Event: EventName(*raw.Event), Span: raw.Span.span()}
	if raw.Data != nil {
		if e.Data, err = value.UnmarshalCanonical(raw.Data); err != nil {
			return Event{}, err
		}
	}
	return e, nil
}

// parseTraceFast reads a whole trace in one pass of the canonical-value parser, instead
// of splitting it into members and decoding each field with encoding/json (the trace is
// most of an Outcome's text, and reading it that way was a third of a worker run's cost
// in the supervisor). It returns nil when the trace is absent, empty or not exactly the
// expected shape; parseEvent then reads it again and says what is wrong.
func parseTraceFast(text json.RawMessage) []Event {
	if len(text) == 0 {
		return nil
	}
	v, err := value.UnmarshalCanonical(text)
	if err != nil {
		return nil
	}
	list, ok := v.(*value.List)
	if !ok || len(list.Items) == 0 {
		return nil
	}
	events := make([]Event, len(list.Items))
	for i, item := range list.Items {
		rec, ok := item.(*value.Record)
		if !ok {
			return nil
		}
		name, _ := rec.Get("event")
		s, ok := name.(string)
		if !ok {
			return nil
		}
		events[i].Event = EventName(s)
		n := 1
		if sv, ok := rec.Get("span"); ok {
			n++
			if events[i].Span = spanOf(sv); events[i].Span == nil {
				return nil
			}
		}
		if d, ok := rec.Get("data"); ok {
			n++
			events[i].Data = d
		}
		if rec.Len() != n {
			return nil // other members: let the slow path decide
		}
	}
	return events
}

// spanOf is a span read as a canonical value, or nil when it is not one.
func spanOf(v value.Value) *ast.Span {
	r, ok := v.(*value.Record)
	if !ok {
		return nil
	}
	s := &ast.Span{}
	file, _ := r.Get("file")
	s.File, _ = file.(string)
	for _, f := range []struct {
		k  string
		to *int
	}{{"startLine", &s.StartLine}, {"startCol", &s.StartCol}, {"endLine", &s.EndLine}, {"endCol", &s.EndCol}} {
		x, _ := r.Get(f.k)
		n, ok := x.(float64)
		if !ok || n != float64(int(n)) {
			return nil
		}
		*f.to = int(n)
	}
	return s
}

func parseCall(text json.RawMessage) (Call, error) {
	var raw struct {
		Tool    string
		Args    json.RawMessage
		Outcome string
		Result  json.RawMessage
		Error   json.RawMessage
	}
	m, err := rawMembers(text)
	if err == nil {
		err = unmarshalFields(m, field{"tool", &raw.Tool}, field{"outcome", &raw.Outcome})
	}
	if err != nil {
		return Call{}, err
	}
	raw.Args, raw.Result, raw.Error = m["args"], m["result"], m["error"]
	c := Call{Tool: raw.Tool, Outcome: raw.Outcome}
	if raw.Args != nil {
		if c.Args, err = value.UnmarshalCanonical(raw.Args); err != nil {
			return c, err
		}
	}
	if raw.Result != nil {
		if c.Result, err = value.UnmarshalCanonical(raw.Result); err != nil {
			return c, err
		}
	}
	if raw.Error != nil {
		v, err := value.UnmarshalCanonical(raw.Error)
		if err != nil {
			return c, err
		}
		c.Error, _ = v.(string)
	}
	return c, nil
}

type spanJSON struct {
	File      json.RawMessage `json:"file"`
	StartLine int             `json:"startLine"`
	StartCol  int             `json:"startCol"`
	EndLine   int             `json:"endLine"`
	EndCol    int             `json:"endCol"`
}

func (s *spanJSON) span() *ast.Span {
	if s == nil {
		return nil
	}
	out := &ast.Span{StartLine: s.StartLine, StartCol: s.StartCol, EndLine: s.EndLine, EndCol: s.EndCol}
	if v, err := value.UnmarshalCanonical(s.File); err == nil {
		out.File, _ = v.(string)
	}
	return out
}

// Normalize removes the fields that legitimately differ between runs (spec Appendix D):
// durationMs in run_end and tool_end data, and the actual of a timeMs budget_exceeded
// event (also inside E_BUDGET details). It returns a copy; o is not modified.
func Normalize(o Outcome) Outcome {
	// The trace is copied from its first event that changes: most traces have a run_end
	// with a duration, near their end.
	var trace []Event
	for i, e := range o.Trace {
		r, ok := e.Data.(*value.Record)
		if !ok {
			continue
		}
		switch e.Event {
		case EventRunEnd, EventToolEnd:
			if r.Has("durationMs") {
				r = r.Clone()
				r.Delete("durationMs")
			}
			if m, _ := r.Get("message"); isTimeBudgetMessage(m) {
				r = r.Clone()
				r.Set("message", timeBudgetMessage)
			}
		case EventBudgetExceeded:
			r = dropTimeActual(r)
		default:
			continue
		}
		if r == e.Data {
			continue
		}
		if trace == nil {
			trace = slices.Clone(o.Trace)
		}
		trace[i].Data = r
	}
	if trace != nil {
		o.Trace = trace
	}
	// The errors are copied, likewise, only when one of them changes (an E_BUDGET's).
	var errs []Diagnostic
	for i, d := range o.Errors {
		r, ok := d.Details.(*value.Record)
		if !ok || d.Code != diag.Budget {
			continue
		}
		if errs == nil {
			errs = slices.Clone(o.Errors)
		}
		d.Details = dropTimeActual(r)
		if isTimeBudgetMessage(d.Message) {
			d.Message = timeBudgetMessage
		}
		errs[i] = d
	}
	if errs != nil {
		o.Errors = errs
	}
	return o
}

func dropTimeActual(r *value.Record) *value.Record {
	if b, _ := r.Get("budget"); b != "timeMs" || !r.Has("actual") {
		return r
	}
	r = r.Clone()
	r.Delete("actual")
	return r
}

// timeBudgetMessage replaces "Budget exceeded: timeMs limit of Nms exceeded (Mms
// elapsed).", whose elapsed time differs from run to run.
const timeBudgetMessage = "Budget exceeded: timeMs limit exceeded."

func isTimeBudgetMessage(m value.Value) bool {
	s, ok := m.(string)
	return ok && strings.HasPrefix(s, "Budget exceeded: timeMs limit of ")
}

// MaxNesting bounds how deeply the JSON text of an Outcome may nest (objects and
// arrays, the Outcome's own levels included). The Outcome's readers, the comparison
// (package diff) and its renderings walk values recursively; a value nested deeper than
// this, which no A0 implementation within the harness limits produces (a value is built
// one level per step, and maxSteps is 100 000 by default), is refused by Parse — so a
// worker that sends one is that implementation's crash, not a stack overflow of a0diff.
const MaxNesting = 200_000

// checkNesting returns an error when text nests deeper than MaxNesting. It scans
// without recursion, and only texts long enough to nest that deep.
func checkNesting(text []byte) error {
	if len(text) <= 2*MaxNesting {
		return nil
	}
	depth, inString := 0, false
	for i := 0; i < len(text); i++ {
		c := text[i]
		switch {
		case inString:
			if c == '\\' {
				i++
			} else if c == '"' {
				inString = false
			}
		case c == '"':
			inString = true
		case c == '[' || c == '{':
			depth++
			if depth > MaxNesting {
				return fmt.Errorf("the Outcome nests deeper than %d levels (at byte %d): a0diff reads, compares and renders values at most that deep", MaxNesting, i)
			}
		case c == ']' || c == '}':
			depth--
		}
	}
	return nil
}
