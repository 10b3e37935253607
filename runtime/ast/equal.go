package ast

import (
	"math"
	"unsafe"
)

// equalList compares two lists of nodes element by element (nil and empty are equal).
func equalList[T Node](a, b []T) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if !Equal(a[i], b[i]) {
			return false
		}
	}
	return true
}

func sameNumber(a, b float64) bool {
	if math.IsNaN(a) || math.IsNaN(b) {
		return math.IsNaN(a) && math.IsNaN(b)
	}
	return math.Float64bits(a) == math.Float64bits(b)
}

// IsNil reports whether n is nil or a typed nil pointer (a Node interface holding a nil
// *T), which trees built by code may contain.
func IsNil(n Node) bool { return isNil(n) }

// isNil reports whether n is nil or a typed nil pointer. Every node type is a pointer
// (Node's doc), and an interface holding a pointer holds it as its data word, so a nil
// data word is a nil pointer, whatever the type, without a per-type list; reading the
// word directly costs a fraction of reflect.ValueOf(n).IsNil() (which gave the same
// answer), in every walk over a tree (eachChild tests each child).
func isNil(n Node) bool {
	return n == nil || (*[2]unsafe.Pointer)(unsafe.Pointer(&n))[1] == nil
}
