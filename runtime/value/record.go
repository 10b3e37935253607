package value

import "sort"

// The Record layout: index holds the array-index keys in ascending order, names the other
// keys in insertion order, and indexVals and nameVals hold their values at the same
// positions. Most records have a handful of keys, and for them a linear search of the
// key slices is faster and much smaller than a hash map; a record with more than
// smallRecord keys adds the slots map from key to position, so lookups stay O(1).
// Appending a name, or an index larger than all present (the order parse.json and
// range-built data produce), is amortised O(1); inserting a smaller index costs a binary
// search and a copy of the index keys only. Keys() is index ++ names, concatenated lazily
// and only when both are non-empty.

// smallRecord is the largest record searched without the slots map.
const smallRecord = 8

// NewRecord returns an empty record whose prototype is Object.prototype.
func NewRecord() *Record { return &Record{} }

// NewRecordSize returns an empty record with room for n keys.
func NewRecordSize(n int) *Record {
	switch {
	case n <= 0:
		return &Record{}
	case n <= 2:
		x := &recordWithRoom2{}
		x.rec.names, x.rec.nameVals = x.names[:0], x.vals[:0]
		return &x.rec
	case n <= 4:
		x := &recordWithRoom4{}
		x.rec.names, x.rec.nameVals = x.names[:0], x.vals[:0]
		return &x.rec
	}
	return &Record{names: make([]string, 0, n), nameVals: make([]Value, 0, n)}
}

// recordWithRoom2 and recordWithRoom4 hold a small record together with the backing
// arrays of its first keys, so that it takes one allocation instead of three (records of
// a few keys — arguments, event data, evidence — are the most frequent values built).
type recordWithRoom2 struct {
	rec   Record
	names [2]string
	vals  [2]Value
}

type recordWithRoom4 struct {
	rec   Record
	names [4]string
	vals  [4]Value
}

// find returns the position of the own key k: i ≥ 0 is names[i], i < 0 is
// index[-i-1].
func (r *Record) find(k string) (int, bool) {
	if r.slots != nil {
		i, ok := r.slots[k]
		return i, ok
	}
	for i, n := range r.names {
		if n == k {
			return i, true
		}
	}
	for i, n := range r.index {
		if n == k {
			return -i - 1, true
		}
	}
	return 0, false
}

// at is the value at a position returned by find.
func (r *Record) at(i int) Value {
	if i >= 0 {
		return r.nameVals[i]
	}
	return r.indexVals[-i-1]
}

// ValueAt is the value of Keys()[i]: the way to walk a record's entries in order without
// a lookup per key.
func (r *Record) ValueAt(i int) Value {
	if i < len(r.index) {
		return r.indexVals[i]
	}
	return r.nameVals[i-len(r.index)]
}

// buildSlots indexes every key once the record outgrows linear search (and after a
// change that moves keys).
func (r *Record) buildSlots() {
	r.slots = make(map[string]int, 2*r.Len())
	for i, k := range r.names {
		r.slots[k] = i
	}
	for i, k := range r.index {
		r.slots[k] = -i - 1
	}
}

// Set stores v under k: an existing key keeps its position; a new array-index key is
// placed in ascending numeric order before all other keys; any other new key is appended.
// Set is the "define own property" operation (no __proto__ special case); use Assign for
// JavaScript assignment semantics.
func (r *Record) Set(k string, v Value) {
	if i, ok := r.find(k); ok {
		if i >= 0 {
			r.nameVals[i] = v
		} else {
			r.indexVals[-i-1] = v
		}
		return
	}
	r.order.Store(nil)
	if !IsArrayIndex(k) {
		r.names = append(r.names, k)
		r.nameVals = append(r.nameVals, v)
		r.noteAdded(k, len(r.names)-1)
		return
	}
	n := arrayIndexValue(k)
	last := len(r.index)
	if last == 0 || arrayIndexValue(r.index[last-1]) < n {
		r.index = append(r.index, k)
		r.indexVals = append(r.indexVals, v)
		r.noteAdded(k, -last-1)
		return
	}
	// A fresh slice rather than an in-place shift: a Keys() result handed out earlier
	// must not change under its holder.
	pos := sort.Search(last, func(i int) bool { return arrayIndexValue(r.index[i]) > n })
	index := make([]string, 0, last+1+last/4)
	index = append(index, r.index[:pos]...)
	index = append(index, k)
	r.index = append(index, r.index[pos:]...)
	vals := make([]Value, 0, cap(index))
	vals = append(vals, r.indexVals[:pos]...)
	vals = append(vals, v)
	r.indexVals = append(vals, r.indexVals[pos:]...)
	if r.slots != nil {
		for i := pos; i < len(r.index); i++ {
			r.slots[r.index[i]] = -i - 1
		}
	} else if r.Len() > smallRecord {
		r.buildSlots()
	}
}

// noteAdded records the position i of the new key k in the slots map, building the map
// when the record has just outgrown linear search.
func (r *Record) noteAdded(k string, i int) {
	if r.slots != nil {
		r.slots[k] = i
	} else if r.Len() > smallRecord {
		r.buildSlots()
	}
}

// Assign is JavaScript assignment r[k] = v in strict mode (§10.2).
//
// For k == "__proto__" it runs Object.prototype's setter: any object value — a record, a
// list or a function value — replaces the prototype, null removes it (NullProto), and a
// number, string or boolean is ignored. As in JavaScript, the setter only runs when the
// assignment reaches Object.prototype: if r or a record on its prototype chain owns a
// data key "__proto__" (possible through parse.json or merge), or the chain ends in a null
// prototype, the assignment defines an ordinary own key instead.
//
// Any other k is set as an own key unless the first holder of k on the prototype chain
// refuses: a read-only property (`length` and `name` of a function value, `prototype` of
// a constructor) or Function.prototype's throwing `caller`/`arguments` setters. Then
// nothing changes and the TypeError is returned as a *JSError with V8's message.
func (r *Record) Assign(k string, v Value) error {
	if k != protoKey {
		if !r.Has(k) {
			if err := r.inheritedAssignError(k); err != nil {
				return err
			}
		}
		r.Set(k, v)
		return nil
	}
	if !r.reachesObjectPrototypeFor(protoKey) {
		r.Set(k, v)
		return nil
	}
	switch p := v.(type) {
	case nil:
		r.Proto, r.NullProto = nil, true
	case *Record:
		if p.isObjectPrototype {
			r.Proto, r.NullProto = nil, false
			return nil
		}
		if p.inChainOf(r) {
			// JavaScript throws "Cyclic __proto__ value"; immutable A0 values cannot
			// build a cycle, so this is unreachable in practice. Refuse silently.
			return nil
		}
		r.Proto, r.NullProto = p, false
	case *List, *Func:
		r.Proto, r.NullProto = p, false
	}
	return nil
}

// inheritedAssignError is the TypeError a strict-mode assignment of the key k (not own,
// not "__proto__") to r throws because of what r inherits, or nil.
func (r *Record) inheritedAssignError(k string) error {
	cur := r
	for depth := 0; cur != nil && depth < maxProtoDepth; depth++ {
		if cur != r && cur.Has(k) {
			return nil // a writable data key of a record
		}
		if cur.NullProto {
			return nil
		}
		switch p := cur.Proto.(type) {
		case *Record:
			cur = p
			continue
		case *Func:
			return funcAssignError(p, k)
		}
		return nil // Object.prototype, and lists and Array.prototype, hold writable data only
	}
	return nil
}

// ReadOnlyError is V8's strict-mode TypeError for assigning the read-only property k of a
// record.
func ReadOnlyError(k string) *JSError {
	return &JSError{Message: "Cannot assign to read only property '" + k + "' of object '[object Object]'"}
}

// reachesObjectPrototypeFor reports whether a lookup of k on r would fall through every
// own key of r's prototype chain and arrive at Object.prototype (lists, function values
// and their built-in prototypes never own "__proto__").
func (r *Record) reachesObjectPrototypeFor(k string) bool {
	cur := r
	for depth := 0; cur != nil && depth < maxProtoDepth; depth++ {
		if cur.isObjectPrototype {
			return true
		}
		if cur.Has(k) {
			return false
		}
		if cur.NullProto {
			return false
		}
		p, ok := cur.Proto.(*Record)
		if !ok {
			return true
		}
		cur = p
	}
	return false
}

// inChainOf reports whether p is r or on r's prototype chain... seen from p: whether
// making p the prototype of r would create a cycle (r reachable from p).
func (p *Record) inChainOf(r *Record) bool {
	cur := p
	for depth := 0; cur != nil && depth < maxProtoDepth; depth++ {
		if cur == r {
			return true
		}
		cur, _ = cur.Proto.(*Record)
	}
	return false
}

// Get returns the own property k.
func (r *Record) Get(k string) (Value, bool) {
	if i, ok := r.find(k); ok {
		return r.at(i), true
	}
	return nil, false
}

// Lookup is a JavaScript property read r[k] through the prototype chain (§10.2):
// own key, then Proto's keys (recursively), then (unless NullProto somewhere ends the
// chain) Object.prototype: the method names of ObjectPrototypeMethods yield their *Func,
// "__proto__" yields r's prototype (an empty record for Object.prototype). A list or
// function value on the chain answers with its own properties and then its built-in
// prototype's (GetProperty). Absent → (nil, false). A read that throws in JavaScript
// (LookupErr) reads as absent here.
func (r *Record) Lookup(k string) (Value, bool) {
	v, ok, _ := r.LookupErr(k)
	return v, ok
}

// LookupErr is Lookup with the TypeError the read throws: Function.prototype's `caller`
// and `arguments` accessors, reached through a function value on the chain, throw.
func (r *Record) LookupErr(k string) (Value, bool, error) {
	cur := r
	for depth := 0; cur != nil && depth < maxProtoDepth; depth++ {
		if cur.isObjectPrototype {
			break
		}
		if i, ok := cur.find(k); ok {
			return cur.at(i), true, nil
		}
		if cur.NullProto {
			return nil, false, nil
		}
		if p, ok := cur.Proto.(*Record); ok {
			cur = p
			continue
		}
		if cur.Proto != nil && k != protoKey {
			// A list or function value: its own properties, then its prototype's
			// (which end in Object.prototype, whose __proto__ getter sees r).
			if err := PropertyReadError(cur.Proto, k); err != nil {
				return nil, false, err
			}
			v, ok := GetProperty(cur.Proto, k)
			return v, ok, nil
		}
		break
	}
	v, ok := r.objectPrototypeProperty(k)
	return v, ok, nil
}

// objectPrototypeProperty reads k from Object.prototype with r as the receiver.
func (r *Record) objectPrototypeProperty(k string) (Value, bool) {
	if k == protoKey {
		switch {
		case r.isObjectPrototype:
			return nil, true // Object.prototype.__proto__ is null
		case r.NullProto:
			return nil, true
		case r.Proto != nil:
			return r.Proto, true
		default:
			return ObjectPrototype(), true
		}
	}
	if f := objectPrototypeMethod(k); f != nil {
		return f, true
	}
	return nil, false
}

// Has reports whether k is an own key.
func (r *Record) Has(k string) bool {
	_, ok := r.find(k)
	return ok
}

// HasOwnProperty is JavaScript's Object.hasOwn(r, k): an own key, or, when r stands for
// Object.prototype, one of the properties Object.prototype itself holds (its methods and
// the __proto__ accessor), which are own there though not enumerable.
func (r *Record) HasOwnProperty(k string) bool {
	if r.isObjectPrototype && (k == "__proto__" || ObjectPrototypeMethods[k] != "") {
		return true
	}
	return r.Has(k)
}

// HasInherited reports whether k is an own key or found on the prototype chain
// (JavaScript's `k in r`).
func (r *Record) HasInherited(k string) bool {
	_, ok := r.Lookup(k)
	return ok
}

// Delete removes the own key k.
func (r *Record) Delete(k string) {
	i, ok := r.find(k)
	if !ok {
		return
	}
	r.order.Store(nil)
	if i >= 0 {
		r.names, r.nameVals = without(r.names, r.nameVals, i)
	} else {
		r.index, r.indexVals = without(r.index, r.indexVals, -i-1)
	}
	if r.slots != nil {
		r.buildSlots()
	}
}

// without returns new slices holding keys and vals minus position i (fresh ones, so
// that a Keys() result handed out earlier does not change).
func without(keys []string, vals []Value, i int) ([]string, []Value) {
	outKeys := make([]string, 0, len(keys)-1)
	outKeys = append(outKeys, keys[:i]...)
	outVals := make([]Value, 0, len(vals)-1)
	outVals = append(outVals, vals[:i]...)
	return append(outKeys, keys[i+1:]...), append(outVals, vals[i+1:]...)
}

// Keys returns the own keys in JavaScript order (the slice must not be modified).
func (r *Record) Keys() []string {
	switch {
	case len(r.index) == 0:
		return r.names
	case len(r.names) == 0:
		return r.index
	}
	// The cache is atomic so that concurrent readers of a finished record do not race;
	// two of them may both build it, harmlessly.
	if p := r.order.Load(); p != nil {
		return *p
	}
	order := make([]string, 0, len(r.index)+len(r.names))
	order = append(order, r.index...)
	order = append(order, r.names...)
	r.order.Store(&order)
	return order
}

// Len is the number of own keys.
func (r *Record) Len() int { return len(r.index) + len(r.names) }

// Clone returns a shallow copy (same keys, order, values and prototype).
func (r *Record) Clone() *Record {
	c := &Record{
		index:     append([]string(nil), r.index...),
		indexVals: append([]Value(nil), r.indexVals...),
		names:     append([]string(nil), r.names...),
		nameVals:  append([]Value(nil), r.nameVals...),
		Proto:     r.Proto,
		NullProto: r.NullProto,
	}
	if r.slots != nil {
		c.buildSlots()
	}
	return c
}

// CopyOwn returns a new record with Object.prototype as its prototype holding r's own
// keys in r's order: what the JavaScript object spread `{ ...r }` (which defines keys)
// produces.
func (r *Record) CopyOwn() *Record {
	c := r.Clone()
	c.Proto, c.NullProto = nil, false
	return c
}

// IsObjectPrototype reports whether r stands for Object.prototype (a value read through
// `__proto__`).
func (r *Record) IsObjectPrototype() bool { return r.isObjectPrototype }

// ObjectPrototype returns a fresh record standing for Object.prototype: no own keys,
// lookups find the Object.prototype methods, and its own __proto__ is null. A fresh value
// is returned each time so that no caller can disturb a shared one.
func ObjectPrototype() *Record { return &Record{isObjectPrototype: true} }

// IsArrayIndex reports whether k is a canonical array index ("0".."4294967294").
func IsArrayIndex(k string) bool {
	n := len(k)
	if n == 0 || n > 10 {
		return false
	}
	if k[0] == '0' {
		return n == 1
	}
	var v uint64
	for i := 0; i < n; i++ {
		c := k[i]
		if c < '0' || c > '9' {
			return false
		}
		v = v*10 + uint64(c-'0')
	}
	return v <= maxArrayIndex
}

const (
	maxArrayIndex = 4294967294
	protoKey      = "__proto__"
	// maxProtoDepth bounds prototype-chain walks; chains are acyclic by construction,
	// the bound only guards against a record assembled by hand into a cycle.
	maxProtoDepth = 1 << 16
)

// arrayIndexValue is the numeric value of a key known to satisfy IsArrayIndex.
func arrayIndexValue(k string) uint64 {
	var v uint64
	for i := 0; i < len(k); i++ {
		v = v*10 + uint64(k[i]-'0')
	}
	return v
}
