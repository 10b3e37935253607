package ast

// List is one slice field of a node (see Lists): a list of statements, headers,
// expressions, record entries or names. Delta debugging (package reduce) and the
// generators' shrinker remove elements through it without knowing the node kind.
type List struct {
	// Field is the name of the node's field: "Statements", "Params", "Pairs", …
	Field string
	p     any // *[]Stmt, *[]Header, *[]Expr, *[]RecordEntry or *[]string
}

// Len is the number of elements of the list.
func (l List) Len() int {
	switch p := l.p.(type) {
	case *[]Stmt:
		return len(*p)
	case *[]Header:
		return len(*p)
	case *[]Expr:
		return len(*p)
	case *[]RecordEntry:
		return len(*p)
	case *[]string:
		return len(*p)
	}
	return 0
}

// Names reports whether the list holds names (a function's parameters) rather than
// nodes.
func (l List) Names() bool {
	_, ok := l.p.(*[]string)
	return ok
}

// Headers reports whether the list is a program's headers.
func (l List) Headers() bool {
	_, ok := l.p.(*[]Header)
	return ok
}

// Keep replaces the list by its elements at the indices keep (ascending, each in
// range), in a new slice, and returns the function that puts the old one back.
func (l List) Keep(keep []int) (undo func()) {
	switch p := l.p.(type) {
	case *[]Stmt:
		return keepAt(p, keep)
	case *[]Header:
		return keepAt(p, keep)
	case *[]Expr:
		return keepAt(p, keep)
	case *[]RecordEntry:
		return keepAt(p, keep)
	case *[]string:
		return keepAt(p, keep)
	}
	return func() {}
}

// Drop removes element i (Keep of every other index) and returns the undo function.
func (l List) Drop(i int) (undo func()) {
	keep := make([]int, 0, l.Len())
	for k := range l.Len() {
		if k != i {
			keep = append(keep, k)
		}
	}
	return l.Keep(keep)
}

// Nodes returns the list's elements as nodes (nil for a list of names).
func (l List) Nodes() []Node {
	switch p := l.p.(type) {
	case *[]Stmt:
		return asNodes(*p)
	case *[]Header:
		return asNodes(*p)
	case *[]Expr:
		return asNodes(*p)
	case *[]RecordEntry:
		return asNodes(*p)
	}
	return nil
}

func keepAt[T any](p *[]T, keep []int) func() {
	old := *p
	kept := make([]T, len(keep))
	for i, k := range keep {
		kept[i] = old[k]
	}
	*p = kept
	return func() { *p = old }
}

func asNodes[T Node](list []T) []Node {
	out := make([]Node, len(list))
	for i, n := range list {
		out[i] = n
	}
	return out
}
