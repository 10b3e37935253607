package value

import "math"

// DeepEqual is A0 deep equality (§5.7): numbers compare numerically (0 == -0,
// NaN != NaN), strings by code units, lists element-wise, records by their own keys with
// key order irrelevant, a function only equals itself; no cross-type equality. Like the
// reference's deepEqual, which starts with `a === b`, a list or record is equal to
// itself even when it holds a NaN.
func DeepEqual(a, b Value) bool {
	switch x := a.(type) {
	case nil:
		return b == nil
	case bool:
		y, ok := b.(bool)
		return ok && x == y
	case float64:
		y, ok := b.(float64)
		return ok && x == y
	case string:
		y, ok := b.(string)
		return ok && x == y
	case *Func:
		y, ok := b.(*Func)
		return ok && x == y
	case *List:
		y, ok := b.(*List)
		if !ok || len(x.Items) != len(y.Items) {
			return false
		}
		if x == y {
			return true
		}
		for i := range x.Items {
			if !DeepEqual(x.Items[i], y.Items[i]) {
				return false
			}
		}
		return true
	case *Record:
		y, ok := b.(*Record)
		if !ok || x.Len() != y.Len() {
			return false
		}
		if x == y {
			return true
		}
		for i, k := range x.Keys() {
			yv, ok := y.Get(k)
			if !ok || !DeepEqual(x.ValueAt(i), yv) {
				return false
			}
		}
		return true
	}
	return false
}

// Truthy is A0 truthiness (§5.8): null, false, 0, -0 and "" are falsy; everything else
// (NaN, "0", empty lists and records, functions) is truthy.
func Truthy(v Value) bool {
	switch x := v.(type) {
	case nil:
		return false
	case bool:
		return x
	case float64:
		return x != 0
	case string:
		return x != ""
	}
	return true
}

// Same is JavaScript Object.is extended structurally (used by tests and the differ):
// -0 != 0, NaN == NaN, key order significant, prototypes compared.
func Same(a, b Value) bool {
	switch x := a.(type) {
	case nil:
		return b == nil
	case bool:
		y, ok := b.(bool)
		return ok && x == y
	case float64:
		y, ok := b.(float64)
		if !ok {
			return false
		}
		if x != x || y != y {
			return x != x && y != y
		}
		return x == y && math.Signbit(x) == math.Signbit(y)
	case string:
		y, ok := b.(string)
		return ok && x == y
	case *Func:
		y, ok := b.(*Func)
		return ok && x == y
	case *List:
		y, ok := b.(*List)
		if !ok || len(x.Items) != len(y.Items) {
			return false
		}
		for i := range x.Items {
			if !Same(x.Items[i], y.Items[i]) {
				return false
			}
		}
		return true
	case *Record:
		y, ok := b.(*Record)
		if !ok || x.Len() != y.Len() || x.NullProto != y.NullProto || x.isObjectPrototype != y.isObjectPrototype {
			return false
		}
		if (x.Proto == nil) != (y.Proto == nil) || (x.Proto != nil && !Same(x.Proto, y.Proto)) {
			return false
		}
		for i, k := range x.Keys() {
			if y.Keys()[i] != k || !Same(x.ValueAt(i), y.ValueAt(i)) {
				return false
			}
		}
		return true
	}
	return false
}
