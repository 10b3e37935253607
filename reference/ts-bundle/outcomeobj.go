package tsbundle

import (
	"math"
	"reflect"
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
//
// With asIs true (host.outcome's third argument, README.md), the A0 values of o (the
// result, error details, evidence, event data) are handed as they are rather than as
// their JSON.stringify text reads: −0, NaN and ±Infinity, strings with lone surrogates,
// function values (by name) and records of a single "$" key are read as what their
// canonical text means, and a toJSON member is a member like any other.
func outcomeFromJS(v, maxSize, asIs goja.Value) (o outcome.Outcome, ok bool) {
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
	b, ok := newSizeBound(maxSize)
	if !ok {
		return o, false
	}
	b.asIs = asIs != nil && asIs.ExportType() == exportedBool && asIs.ToBoolean()
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
			// The result is bounded unless a string or number, which the text writes
			// without counting.
			var val value.Value
			var ok bool
			if _, isObj := m.(*goja.Object); isObj {
				val, ok = b.value(m, 0)
			} else {
				val, ok = valueFromJS(m, 0, nil, b.asIs)
			}
			o.Value, o.HasValue, bit = val, true, 4
			if !ok {
				return o, false
			}
		case "errors":
			bit = 8
			if !eachElement(m, func(e goja.Value) bool {
				d, ok := diagnosticFromJS(e, b)
				o.Errors = append(o.Errors, d)
				return ok
			}) {
				return o, false
			}
		case "evidence":
			bit = 16
			if !eachElement(m, func(e goja.Value) bool {
				val, ok := b.value(e, 1)
				o.Evidence = append(o.Evidence, val)
				return ok
			}) {
				return o, false
			}
		case "trace":
			bit = 32
			if o.Trace, ok = flatTraceFromJS(m, b); !ok {
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
	if !hasReplacement(text) {
		return text, true // stringFromJS(s) is text: converted once, not twice
	}
	return text, stringFromJS(s) == text
}

// The types goja exports its numbers as: asking for the type boxes nothing, where Export
// allocates for every integer above 255.
var (
	exportedInt   = reflect.TypeFor[int64]()
	exportedFloat = reflect.TypeFor[float64]()
	exportedBool  = reflect.TypeFor[bool]()
)

// integer reads a number that JSON writes as an integer Parse reads.
func integer(v goja.Value) (int, bool) {
	if _, ok := v.(goja.String); ok {
		return 0, false
	}
	switch v.ExportType() {
	case exportedInt:
		if n := v.ToInteger(); n >= math.MinInt32 && n <= math.MaxInt32 {
			return int(n), true
		}
	case exportedFloat:
		if n := v.ToFloat(); n == math.Trunc(n) && n >= math.MinInt32 && n <= math.MaxInt32 {
			return int(n), true // JSON writes an integral number (−0 too) as an integer
		}
	}
	return 0, false
}

// indexKeys are the property names of the first array indices, made once: goja reads an
// element by its name, and strconv allocates the name of every index from 100 on.
var indexKeys = func() []string {
	keys := make([]string, 3<<10)
	for i := range keys {
		keys[i] = strconv.Itoa(i)
	}
	return keys
}()

// element is arr[i].
func element(arr *goja.Object, i int64) goja.Value {
	if i < int64(len(indexKeys)) {
		return arr.Get(indexKeys[i])
	}
	return arr.Get(strconv.FormatInt(i, 10))
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
		if !f(element(arr, i)) {
			return false
		}
	}
	return true
}

// valueFromJS reads an A0 value as Parse reads its JSON text, counting its nodes and text
// units in b (nil: uncounted); it fails once b's bound is exceeded.
func valueFromJS(v goja.Value, depth int, b *sizeBound, asIs bool) (value.Value, bool) {
	if depth > maxHandedDepth || v == nil || goja.IsUndefined(v) {
		return nil, false
	}
	if b != nil {
		if b.nodes++; b.nodes > b.max {
			return nil, false
		}
	}
	if goja.IsNull(v) {
		return nil, true
	}
	switch x := v.(type) {
	case goja.String:
		if b != nil {
			b.units += int64(x.Length())
		}
		if asIs {
			return stringFromJS(x), true
		}
		return plainString(x)
	case *goja.Object:
		switch x.ClassName() {
		case "Array":
			items := []value.Value{}
			ok := eachElement(x, func(e goja.Value) bool {
				item, ok := valueFromJS(e, depth+1, b, asIs)
				items = append(items, item)
				return ok
			})
			return &value.List{Items: items}, ok
		case "Object":
			if !asIs {
				if fn, ok := x.Get("toJSON").(*goja.Object); ok && fn != nil {
					return nil, false // JSON.stringify would call it
				}
			}
			keys := x.Keys()
			if len(keys) == 0 {
				return value.NewRecord(), true
			}
			if !asIs && len(keys) == 1 && keys[0] != "" && keys[0][0] == '$' {
				return nil, false // a canonical marker, or a record the canonical form wraps
			}
			r := value.NewRecordSize(len(keys))
			for _, k := range keys {
				if b != nil {
					b.units += int64(value.UTF16Len(k))
				}
				m, ok := valueFromJS(x.Get(k), depth+1, b, asIs)
				if !ok || !plainKey(k) {
					return nil, false
				}
				r.Set(k, m)
			}
			return r, true
		case "Function":
			if asIs { // the canonical text's {"$function": NAME}
				if name, ok := x.Get("name").(goja.String); ok {
					if n, ok := plainString(name); ok && n != "" {
						return value.FuncByName(n), true
					}
				}
			}
		}
		return nil, false
	}
	switch v.ExportType() {
	case exportedBool:
		return v.ToBoolean(), true
	case exportedInt:
		return float64(v.ToInteger()), true
	case exportedFloat:
		// JSON writes −0 as 0, and NaN and ±Infinity as null: none is handed over.
		n := v.ToFloat()
		if asIs {
			return n, true
		}
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

func diagnosticFromJS(v goja.Value, b *sizeBound) (outcome.Diagnostic, bool) {
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
			d.Details, ok = b.value(m, 1)
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
// undefined for an event without). A trace repeats span objects (a statement's start and
// end, a loop body's every pass): each is read once, and the events share the span read. It repeats data records
// too (a call's start and end, a callback's every call): each is read once, and the
// events share the value read, as the Go evaluator's events share theirs.
func flatTraceFromJS(v goja.Value, b *sizeBound) ([]outcome.Event, bool) {
	arr, ok := v.(*goja.Object)
	if !ok || arr.ClassName() != "Array" {
		return nil, false
	}
	n := arr.Get("length").ToInteger()
	if n%3 != 0 {
		return nil, false
	}
	trace := make([]outcome.Event, n/3)
	// The spans read are shared by the events of the same span object, as the Go
	// evaluator's events share the tree's: they are made a chunk at a time, the first
	// for half the events (a statement's start and end share one).
	var spans []ast.Span
	read := map[*goja.Object]*ast.Span{}
	var readData map[*goja.Object]value.Value
	for i := int64(0); i < n; i += 3 {
		e := &trace[i/3]
		name, ok := plainString(element(arr, i))
		if !ok {
			return nil, false
		}
		e.Event = outcome.EventName(name)
		so, isObj := element(arr, i+1).(*goja.Object)
		if !isObj {
			return nil, false
		}
		if known, seen := read[so]; seen {
			e.Span = known
		} else {
			if len(spans) == cap(spans) {
				spans = make([]ast.Span, 0, max(4, (n/3-i/3+1)/2))
			}
			spans = spans[:len(spans)+1]
			e.Span = &spans[len(spans)-1]
			if !readSpan(so, e.Span) {
				return nil, false
			}
			read[so] = e.Span
		}
		if data := element(arr, i+2); data != nil && !goja.IsUndefined(data) {
			do, isObj := data.(*goja.Object)
			if known, seen := readData[do]; isObj && seen {
				e.Data = known
				continue
			}
			if e.Data, ok = b.value(data, 1); !ok {
				return nil, false
			}
			if isObj {
				if readData == nil {
					readData = map[*goja.Object]value.Value{}
				}
				readData[do] = e.Data
			}
		}
	}
	return trace, true
}

func spanFromJS(v goja.Value) (*ast.Span, bool) {
	obj, ok := v.(*goja.Object)
	if !ok {
		return nil, false
	}
	s := &ast.Span{}
	return s, readSpan(obj, s)
}

// readSpan reads the span obj into s: its five members by name. Members besides them are
// left out, as outcome.Parse leaves them out of the text. Reading by name rather than by
// obj.Keys() (an iterator, a closure per key and the growing key list: about 15 Go
// allocations per span, a twentieth of all a campaign worker made) takes a member that
// JSON.stringify would skip (not enumerable, or inherited) as present; the reference's
// spans are object literals, whose members are their own and enumerable.
func readSpan(obj *goja.Object, s *ast.Span) bool {
	if obj.ClassName() != "Object" {
		return false
	}
	m := obj.Get("file")
	if m == nil {
		return false
	}
	f, ok := plainString(m)
	if !ok {
		return false
	}
	s.File = f
	for _, field := range [...]struct {
		name string
		to   *int
	}{{"startLine", &s.StartLine}, {"startCol", &s.StartCol}, {"endLine", &s.EndLine}, {"endCol", &s.EndCol}} {
		m := obj.Get(field.name)
		if m == nil {
			return false
		}
		n, ok := integer(m)
		if !ok {
			return false
		}
		*field.to = n
	}
	return true
}

// sizeBound is the bound encodeOutcome (reference/ts/src/outcome.ts, valuesArePlain) puts
// on each A0 value of an Outcome before it writes the text: at most maxSize nodes, and at
// most textLimit(maxSize) nodes and text units together (limits.ts; UTF-16 units of
// strings and record keys). A bundle that passes its maxSize to host.outcome leaves that
// check to the host, which declines a value over the bound: the bundle then checks the
// Outcome itself, and reports the limit. Without a maxSize the bundle has checked already.
type sizeBound struct {
	max, text    int64
	nodes, units int64
	off          bool
	asIs         bool // the values are handed as they are (outcomeFromJS)
}

// newSizeBound reads host.outcome's second argument: undefined (no bound), or a positive
// integer.
func newSizeBound(maxSize goja.Value) (*sizeBound, bool) {
	if maxSize == nil || goja.IsUndefined(maxSize) {
		return &sizeBound{off: true}, true
	}
	if _, isString := maxSize.(goja.String); isString {
		return nil, false
	}
	var max int64
	switch maxSize.ExportType() {
	case exportedInt:
		max = maxSize.ToInteger()
	case exportedFloat:
		f := maxSize.ToFloat()
		if f != math.Trunc(f) || f > 1<<53 {
			return nil, false
		}
		max = int64(f)
	default:
		return nil, false
	}
	if max <= 0 {
		return nil, false
	}
	return &sizeBound{max: max, text: textLimit(max)}, true
}

// textLimit is limits.ts's textLimit.
func textLimit(maxSize int64) int64 {
	if maxSize > (1<<40)/32 {
		return 1 << 40
	}
	return max(maxSize*32, 32<<20)
}

// value reads one bounded value (valueFromJS at depth), its count starting afresh.
func (b *sizeBound) value(v goja.Value, depth int) (value.Value, bool) {
	if b.off {
		return valueFromJS(v, depth, nil, b.asIs)
	}
	b.nodes, b.units = 0, 0
	val, ok := valueFromJS(v, depth, b, b.asIs)
	return val, ok && b.nodes+b.units <= b.text
}
