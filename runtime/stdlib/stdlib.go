// Package stdlib implements the 34 functions of the A0 standard library (spec §8) the way
// the TypeScript reference behaves: same results, same error texts, same check order,
// JavaScript property reads where §10.2 says so.
//
// The higher-order built-ins map, reduce and filter-with-fn: are the evaluator's
// (§5.11); this package has the stdlib filter, the `by:` form, which the evaluator
// dispatches to when no fn: is given.
//
// A function receives the evaluated argument record and the harness limits. It fails
// with an *Error whose text is the INNER message of §8 exactly; the evaluator reports it
// as E_FN "Function 'NAME' failed: INNER". It fails with a *value.LimitError when a list
// or string it would produce is longer than Limits.MaxSize, or a value it serialises to
// text has more than MaxSize nodes; the evaluator turns that into a resource outcome.
// Functions never modify their arguments.
//
// Section numbers (§N) and appendices refer to doc/a0.md, the project's reference of A0.
package stdlib

import (
	"context"
	"sort"
	"unsafe"

	"github.com/a0diff/a0diff/runtime/value"
)

// Func is one stdlib function. args is the call's argument record (a missing argument
// and a null one are alike; arguments are read as JavaScript property reads, so a
// prototype installed with __proto__ supplies inherited arguments).
type Func func(args *value.Record, lim Limits) (value.Value, error)

// Limits are the harness bounds a stdlib function enforces (outcome.Limits.MaxSize).
type Limits struct {
	// MaxSize bounds the length of every list (elements) or string (UTF-16 code units)
	// a function produces and the node count of every value it serialises to text.
	// Zero or negative means unbounded.
	MaxSize int
	// Ctx is the run's context (nil: never done). The functions whose work can outgrow
	// the size of their arguments (unique's pairwise comparisons, sort's comparisons)
	// look at it every checkEvery steps and stop with a *CancelledError once it is done,
	// so that a run abandoned at its deadline stops working soon after.
	Ctx context.Context
}

// checkEvery is how many units of work pass between two looks at Limits.Ctx: a look
// costs about as much as a few comparisons.
const checkEvery = 1024

// CancelledError reports that Limits.Ctx was done before a function finished; the
// evaluator turns it into the run's timeout.
type CancelledError struct{ Err error }

func (e *CancelledError) Error() string { return "stopped: " + e.Err.Error() }

// cancelled is the periodic look at lim.Ctx: every checkEvery-th call of a loop (its
// counter n) it returns a *CancelledError when the context is done.
func (lim Limits) cancelled(n int) error {
	if n%checkEvery != 0 || lim.Ctx == nil {
		return nil
	}
	if err := lim.Ctx.Err(); err != nil {
		return &CancelledError{Err: err}
	}
	return nil
}

// Error is a stdlib failure; its text is the INNER message of spec §8.
type Error struct {
	// Msg is the message, unless text holds it: read it with Error.
	Msg string
	// text, when not nil, holds the message at text[room:], and its first room bytes are
	// free for the OUTER message's start: a message that holds texts of tens of
	// megabytes (a patch test's, value.TextLimit) is written once, into one buffer, and
	// MessageAfter puts the start before it instead of copying it behind the start.
	text []byte
	room int
	// prefixed: MessageAfter wrote into the room (once: the string it made covers it).
	prefixed bool
}

// messageRoom is the room a long message leaves before it, for "Function 'NAME'
// failed: " (eval).
const messageRoom = 64

func (e *Error) Error() string {
	if e.text != nil {
		// text[room:] is never written again.
		return unsafe.String(unsafe.SliceData(e.text[e.room:]), len(e.text)-e.room)
	}
	return e.Msg
}

// MessageAfter is prefix followed by the error's message, written in one piece: a long
// message's buffer takes the prefix in its room (the first time it fits), so that the
// message is not copied.
func (e *Error) MessageAfter(prefix string) string {
	if e.text == nil || e.prefixed || len(prefix) > e.room {
		return prefix + e.Error()
	}
	e.prefixed = true
	from := e.room - len(prefix)
	copy(e.text[from:], prefix)
	return unsafe.String(unsafe.SliceData(e.text[from:]), len(e.text)-from)
}

func fail(msg string) error { return &Error{Msg: msg} }

// longMessage is a buffer for a message that may be long (see Error.text): empty, with
// the room before it.
func longMessage() []byte { return make([]byte, messageRoom, messageRoom+256) }

// failLong is the failure whose message is msg[messageRoom:], a buffer of longMessage.
func failLong(msg []byte) error { return &Error{text: msg, room: messageRoom} }

// conversionError passes on an error of a String() or JSON conversion: a JavaScript
// exception (*value.JSError) becomes the function's failure with its message, as the
// reference reports any exception thrown inside a stdlib function; a *value.LimitError
// stays as it is.
func conversionError(err error) error {
	if js, ok := err.(*value.JSError); ok {
		return fail(js.Message)
	}
	return err
}

var registry = map[string]Func{
	"parse.json":   parseJSON,
	"get":          get,
	"put":          put,
	"patch":        patch,
	"eq":           eq,
	"contains":     contains,
	"not":          not,
	"and":          and,
	"or":           or,
	"coalesce":     coalesce,
	"typeof":       typeOf,
	"len":          length,
	"append":       appendFn,
	"concat":       concat,
	"sort":         sortFn,
	"filter":       filter,
	"find":         find,
	"range":        rangeFn,
	"join":         join,
	"unique":       unique,
	"pluck":        pluck,
	"flat":         flat,
	"str.concat":   strConcat,
	"str.split":    strSplit,
	"str.starts":   strStarts,
	"str.ends":     strEnds,
	"str.replace":  strReplace,
	"str.template": strTemplate,
	"keys":         keys,
	"values":       values,
	"entries":      entries,
	"merge":        merge,
	"math.max":     mathMax,
	"math.min":     mathMin,
}

// Names lists the 34 stdlib function names, sorted.
var Names = func() []string {
	names := make([]string, 0, len(registry))
	for n := range registry {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}()

// Lookup returns the stdlib function called name.
func Lookup(name string) (Func, bool) {
	f, ok := registry[name]
	return f, ok
}

// arg reads the argument name (absent → null).
func arg(args *value.Record, name string) value.Value {
	if args == nil {
		return nil
	}
	v, _ := args.Lookup(name)
	return v
}

// listArg returns the argument as a list, or ok=false.
func listArg(args *value.Record, name string) (*value.List, bool) {
	l, ok := arg(args, name).(*value.List)
	return l, ok
}

// stringArg returns the argument as a string, or ok=false.
func stringArg(args *value.Record, name string) (string, bool) {
	s, ok := arg(args, name).(string)
	return s, ok
}

// recordArg returns the argument as a record, or ok=false (a function value is not a
// record, §10.2).
func recordArg(args *value.Record, name string) (*value.Record, bool) {
	r, ok := arg(args, name).(*value.Record)
	return r, ok
}

// property reads key from v if v is a record (absent → null), else null: the
// record-only property read of patch operations.
func property(v value.Value, key string) value.Value {
	p, _ := propertyErr(v, key)
	return p
}

// propertyErr is property with the TypeError the read throws (value.Record.LookupErr):
// the read of find, pluck and filter, whose keys come from the program.
func propertyErr(v value.Value, key string) (value.Value, error) {
	r, ok := v.(*value.Record)
	if !ok {
		return nil, nil
	}
	p, _, err := r.LookupErr(key)
	return p, err
}

// checkList fails with a *value.LimitError when a list of n elements is too long.
func (l Limits) checkList(what string, n int) error {
	return value.CheckLength(what, n, l.MaxSize, "elements")
}

// checkString fails with a *value.LimitError when a string of n code units is too long.
func (l Limits) checkString(what string, n int) error {
	return value.CheckLength(what, n, l.MaxSize, "code units")
}

// maxArrayLength is JavaScript's bound on array lengths.
const maxArrayLength = 1<<32 - 1

// maxLength is the longest list a function may build: MaxSize, and never more than a
// JavaScript array can hold.
func (l Limits) maxLength() int {
	if l.MaxSize > 0 && l.MaxSize < maxArrayLength {
		return l.MaxSize
	}
	return maxArrayLength
}
