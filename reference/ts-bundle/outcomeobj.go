package tsbundle

import (
	"math"
	"strconv"

	"github.com/dop251/goja"

	"github.com/a0diff/a0diff/runtime/ast"
	"github.com/a0diff/a0diff/runtime/outcome"
	"github.com/a0diff/a0diff/runtime/value"
)

// maxHandedDepth bounds the nesting outcomeFromJS reads; a deeper value is left to the
// text (and to outcome.Parse's own nesting bound).
const maxHandedDepth = 10_000

// outcomeFromJS reads the Outcome object a bundle hands to host.outcome — the object
// whose JSON.stringify text run would otherwise return, but with its trace flat (below) —
// into exactly what outcome.Parse makes of that text, without the text: writing it in
// goja (which quotes every string one character at a time) and reading it back were
// about a tenth of a campaign worker's CPU. It reads only the shapes JSON.stringify
// writes as canonical text and Parse's fast path reads (the shipped reference hands over
// nothing else: see encodeOutcome in reference/ts/src/outcome.ts): plain objects and
// arrays, finite numbers, strings without lone surrogates, no record of one "$" key,
// members in Parse's schema. On anything else it reports false and the bundle writes the
// text.
//
// The trace is a flat list, three entries per event: its name, its span, its data
// (undefined: none) — the events' {event, span, data} objects are not made, and reading
// them cost an enumeration of their keys each (most of this function's allocations).
func outcomeFromJS(v goja.Value) (o outcome.Outcome, ok bool) {
	defer func() {
		if x := recover(); x != nil {
			if isJSThrow(x) {
				panic(x) // an interrupt, or a getter that threw: the bundle's to see
			}
			o, ok = outcome.Outcome{}, false
		}
	}()
	obj, isObj := v.(*goja.Object)
	if !isObj || obj.ClassName() != "Object" {
		return o, false
	}
	// A trace repeats span objects (a statement's start and end, a loop body's every
	// pass): each is read once.
	spans := map[*goja.Object]ast.Span{}
	var seen uint32
	for _, k := range obj.Keys() {
		m := obj.Get(k)
		if m == nil || goja.IsUndefined(m) {
			continue // JSON.stringify leaves it out
		}
		var bit uint32
		switch k {
		case "status":
			s, ok := plainString(m)
			o.Status, bit = outcome.Status(s), 1
			if !ok {
				return o, false
			}
		case "exitCode":
			n, ok := integer(m)
			o.ExitCode, bit = n, 2
			if !ok {
				return o, false
			}
		case "value":
			val, ok := valueFromJS(m, 0)
			o.Value, o.HasValue, bit = val, true, 4
			if !ok {
				return o, false
			}
		case "errors":
			bit = 8
			if !eachElement(m, func(e goja.Value) bool {
				d, ok := diagnosticFromJS(e)
				o.Errors = append(o.Errors, d)
				return ok
			}) {
				return o, false
			}
		case "evidence":
			bit = 16
			if !eachElement(m, func(e goja.Value) bool {
				val, ok := valueFromJS(e, 1)
				o.Evidence = append(o.Evidence, val)
				return ok
			}) {
				return o, false
			}
		case "trace":
			bit = 32
			if o.Trace, ok = flatTraceFromJS(m, spans); !ok {
				return o, false
			}
		case "limit":
			s, ok := plainString(m)
			o.Limit, bit = outcome.LimitName(s), 64
			if !ok {
				return o, false
			}
		case "detail":
			s, ok := plainString(m)
			o.Detail, bit = s, 128
			if !ok {
				return o, false
			}
		default:
			return o, false // toolCalls (the host's) or a member Parse does not know
		}
		if seen&bit != 0 {
			return o, false
		}
		seen |= bit
	}
	if seen&3 != 3 {
		return outcome.Outcome{}, false
	}
	switch o.Status {
	case outcome.StatusOK, outcome.StatusCrash, outcome.StatusTimeout, outcome.StatusResource:
		return o, true
	}
	return outcome.Outcome{}, false
}

// plainString reads a string without lone surrogates (whose escapes Parse reads in two
// ways, depending on the member).
func plainString(v goja.Value) (string, bool) {
	s, ok := v.(goja.String)
	if !ok {
		return "", false
	}
	text := s.String()
	return text, stringFromJS(s) == text
}

// integer reads a number that JSON writes as an integer Parse reads.
func integer(v goja.Value) (int, bool) {
	if _, ok := v.(goja.String); ok {
		return 0, false
	}
	switch n := v.Export().(type) {
	case int64:
		if n >= math.MinInt32 && n <= math.MaxInt32 {
			return int(n), true
		}
	case float64:
		if n == math.Trunc(n) && n >= math.MinInt32 && n <= math.MaxInt32 {
			return int(n), true // JSON writes an integral number (−0 too) as an integer
		}
	}
	return 0, false
}

// eachElement calls f with each element of the array v; false when v is no array or f
// says so.
func eachElement(v goja.Value, f func(goja.Value) bool) bool {
	arr, ok := v.(*goja.Object)
	if !ok || arr.ClassName() != "Array" {
		return false
	}
	n := arr.Get("length").ToInteger()
	for i := int64(0); i < n; i++ {
		if !f(arr.Get(strconv.FormatInt(i, 10))) {
			return false
		}
	}
	return true
}

// valueFromJS reads an A0 value as Parse reads its JSON text.
func valueFromJS(v goja.Value, depth int) (value.Value, bool) {
	if depth > maxHandedDepth || v == nil || goja.IsUndefined(v) {
		return nil, false
	}
	if goja.IsNull(v) {
		return nil, true
	}
	switch x := v.(type) {
	case goja.String:
		return plainString(x)
	case *goja.Object:
		switch x.ClassName() {
		case "Array":
			items := []value.Value{}
			ok := eachElement(x, func(e goja.Value) bool {
				item, ok := valueFromJS(e, depth+1)
				items = append(items, item)
				return ok
			})
			return &value.List{Items: items}, ok
		case "Object":
			if fn, ok := x.Get("toJSON").(*goja.Object); ok && fn != nil {
				return nil, false // JSON.stringify would call it
			}
			keys := x.Keys()
			if len(keys) == 0 {
				return value.NewRecord(), true
			}
			if len(keys) == 1 && keys[0] != "" && keys[0][0] == '$' {
				return nil, false // a canonical marker, or a record the canonical form wraps
			}
			r := value.NewRecordSize(4)
			for _, k := range keys {
				m, ok := valueFromJS(x.Get(k), depth+1)
				if !ok || !plainKey(k) {
					return nil, false
				}
				r.Set(k, m)
			}
			return r, true
		}
		return nil, false
	}
	switch n := v.Export().(type) {
	case bool:
		return n, true
	case int64:
		return float64(n), true
	case float64:
		// JSON writes −0 as 0, and NaN and ±Infinity as null: none is handed over.
		if n != n || math.IsInf(n, 0) || (n == 0 && math.Signbit(n)) {
			return nil, false
		}
		return n, true
	}
	return nil, false
}

// plainKey: a key goja's conversion kept exactly (no lone surrogate, shown as U+FFFD).
func plainKey(k string) bool {
	for _, r := range k {
		if r == 0xFFFD {
			return false
		}
	}
	return true
}

func diagnosticFromJS(v goja.Value) (outcome.Diagnostic, bool) {
	var d outcome.Diagnostic
	obj, ok := v.(*goja.Object)
	if !ok || obj.ClassName() != "Object" {
		return d, false
	}
	var seen uint32
	for _, k := range obj.Keys() {
		m := obj.Get(k)
		if m == nil || goja.IsUndefined(m) {
			continue
		}
		var bit uint32
		ok := false
		switch k {
		case "code":
			var s string
			s, ok = plainString(m)
			d.Code, bit = outcome.Code(s), 1
		case "message":
			d.Message, ok = plainString(m)
			bit = 2
		case "span":
			d.Span, ok = spanFromJS(m)
			bit = 4
		case "hint":
			d.Hint, ok = plainString(m)
			bit = 8
		case "details":
			d.Details, ok = valueFromJS(m, 1)
			bit = 16
		}
		if !ok || seen&bit != 0 {
			return d, false
		}
		seen |= bit
	}
	return d, seen&3 == 3
}

// flatTraceFromJS reads the flat trace [name, span, data, name, span, data, …] (data
// undefined for an event without); spans holds the spans read already, by object.
func flatTraceFromJS(v goja.Value, spans map[*goja.Object]ast.Span) ([]outcome.Event, bool) {
	arr, ok := v.(*goja.Object)
	if !ok || arr.ClassName() != "Array" {
		return nil, false
	}
	n := arr.Get("length").ToInteger()
	if n%3 != 0 {
		return nil, false
	}
	trace := make([]outcome.Event, 0, n/3)
	for i := int64(0); i < n; i += 3 {
		var e outcome.Event
		name, ok := plainString(arr.Get(strconv.FormatInt(i, 10)))
		if !ok {
			return nil, false
		}
		e.Event = outcome.EventName(name)
		if e.Span, ok = traceSpanFromJS(arr.Get(strconv.FormatInt(i+1, 10)), spans); !ok {
			return nil, false
		}
		if data := arr.Get(strconv.FormatInt(i+2, 10)); data != nil && !goja.IsUndefined(data) {
			if e.Data, ok = valueFromJS(data, 1); !ok {
				return nil, false
			}
		}
		trace = append(trace, e)
	}
	return trace, true
}

// traceSpanFromJS reads an event's span, each span object once.
func traceSpanFromJS(v goja.Value, spans map[*goja.Object]ast.Span) (*ast.Span, bool) {
	so, isObj := v.(*goja.Object)
	if !isObj {
		return nil, false
	}
	if known, seen := spans[so]; seen {
		return &known, true // a copy per event, as the text gives
	}
	s, ok := spanFromJS(v)
	if ok {
		spans[so] = *s
	}
	return s, ok
}

func spanFromJS(v goja.Value) (*ast.Span, bool) {
	obj, ok := v.(*goja.Object)
	if !ok || obj.ClassName() != "Object" {
		return nil, false
	}
	s := &ast.Span{}
	var seen uint32
	for _, k := range obj.Keys() {
		m := obj.Get(k)
		if m == nil || goja.IsUndefined(m) {
			continue
		}
		var to *int
		var bit uint32
		switch k {
		case "file":
			f, ok := plainString(m)
			if !ok || seen&1 != 0 {
				return nil, false
			}
			s.File, seen = f, seen|1
			continue
		case "startLine":
			to, bit = &s.StartLine, 2
		case "startCol":
			to, bit = &s.StartCol, 4
		case "endLine":
			to, bit = &s.EndLine, 8
		case "endCol":
			to, bit = &s.EndCol, 16
		default:
			return nil, false
		}
		n, ok := integer(m)
		if !ok || seen&bit != 0 {
			return nil, false
		}
		*to, seen = n, seen|bit
	}
	return s, seen == 31
}
