// Package value is the Go model of A0 values, built so that it behaves the way the
// TypeScript reference's JavaScript values do wherever that is observable (spec §5.1, §10):
// numbers are IEEE-754 doubles (−0, NaN and ±Infinity preserved), strings are sequences of
// UTF-16 code units, and records enumerate their keys in JavaScript property order
// (array-index keys first, ascending, then insertion order).
//
// A Value is one of:
//
//	nil        A0 null
//	bool       A0 boolean
//	float64    A0 number
//	string     A0 string, held as WTF-8 (UTF-8 that may also encode lone surrogates as
//	           3-byte sequences ED A0 80 … ED BF BF), so that every UTF-16 string —
//	           including ones with lone surrogates — round-trips exactly
//	*List      A0 list
//	*Record    A0 record
//	*Func      a JavaScript function value leaked through the prototype chain (§10.2)
//
// Values are treated as immutable once built: every operation that "changes" a list or
// record returns a new one, so sharing is always safe.
//
// Strings are kept canonical — a surrogate pair is always the 4-byte UTF-8 form of its
// code point — so that Go string equality is JavaScript's. Go's + can break that (a
// string ending in a lone high surrogate joined to one starting with a lone low
// surrogate); join A0 strings with Concat or Builder instead.
package value

import "sync/atomic"

// Value is an A0 value; see the package documentation for the dynamic types it may hold.
type Value = any

// List is an A0 list.
type List struct {
	Items []Value
}

// NewList returns a list holding items (the slice is not copied).
func NewList(items ...Value) *List { return &List{Items: items} }

// Func is a function value read through a prototype chain (§10.2), e.g. `r.toString`.
// Owner names the built-in prototype (or constructor) that owns a method when that is
// not Object.prototype — "Array" for Array.prototype.toString, which is a different
// function from Object.prototype.toString — and is empty otherwise. There is exactly one
// Func per (Owner, Name), so identity comparison (==) is JavaScript's.
type Func struct {
	Name  string
	Owner string
}

// Record is an A0 record: an ordered string-keyed map with JavaScript key order.
//
// Proto models the record's prototype (§10.2): nil means the default Object.prototype;
// a non-nil Proto is the *Record, *List or *Func installed by a write of the key
// "__proto__" (in JavaScript every object value becomes the prototype); NullProto means
// the prototype was set to null (no inherited keys at all).
type Record struct {
	index     []string                 // own array-index keys, ascending
	indexVals []Value                  // indexVals[i] is the value of index[i]
	names     []string                 // the other own keys, in insertion order
	nameVals  []Value                  // nameVals[i] is the value of names[i]
	order     atomic.Pointer[[]string] // cache of index followed by names (nil: not built)
	slots     map[string]int           // key positions of a large record (see record.go)
	Proto     Value
	NullProto bool
	// isObjectPrototype marks the stand-in for Object.prototype itself (see
	// ObjectPrototype).
	isObjectPrototype bool
}
