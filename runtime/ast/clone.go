package ast

// Clone returns a deep copy of the tree rooted at n, of n's own static type (a *Program
// for a *Program, an Expr for an Expr). Nothing of the copy is shared with n, not even a
// slice's backing array, so either may be edited in place without the other changing.
// The copy keeps everything: spans, the Text of number literals, and nil slices as nil
// and empty ones as empty. A nil n, a typed nil pointer, and nil entries inside slices
// are returned as they are (so is a node of a type declared outside this package).
func Clone[N Node](n N) N {
	if isNil(n) {
		return n
	}
	return cloneNode(n).(N)
}

// cloneList copies a slice of nodes, each deeply.
func cloneList[T Node](list []T) []T {
	if list == nil {
		return nil
	}
	out := make([]T, len(list))
	for i, x := range list {
		out[i] = Clone(x)
	}
	return out
}
