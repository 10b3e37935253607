package ast

// This file is the one traversal of the tree (eachChild is written in nodes_gen.go from
// the node table of ast.go). The generators, the reducer and the tests
// all walk trees through it, so that they agree on what a node's children are and in
// which order they come; each user decides in its callback what it ignores.
//
// The children of a node are every non-nil node it holds, in the order of its fields
// (spec §3.2), which is source order except that a match's ok arm comes before its err
// arm however the two were written. They include the name paths (the tool of a `call?`
// or `do`, the name of a function call, the target of `-> target`), record entries and
// match arms. Statement lists are not nodes: their statements are children of the node
// that owns the list.

// Inspect visits the tree rooted at n in depth-first pre-order: it calls f(n) and, when
// f returns true, inspects each child of n in turn. A node's children are read after f
// has returned, so f may replace fields of the node it is given and the walk goes on
// below the new values. Unlike go/ast.Inspect, f is never called with nil, neither for
// absent children nor after a node's children. A nil n (or typed nil pointer) visits
// nothing.
func Inspect(n Node, f func(Node) bool) {
	if isNil(n) || !f(n) {
		return
	}
	eachChild(n, func(c Node) { Inspect(c, f) })
}

// PreorderStack is Inspect for callbacks that need the ancestors of a node, in the style
// of go/ast.PreorderStack: f gets the node and the traversal stack, which is stack with
// every node from root down to n's parent appended (n itself is not on it). f must not
// keep the slice: the walk reuses it.
func PreorderStack(root Node, stack []Node, f func(n Node, stack []Node) bool) {
	var visit func(n Node)
	visit = func(n Node) {
		if !f(n, stack) {
			return
		}
		stack = append(stack, n)
		eachChild(n, visit)
		stack = stack[:len(stack)-1]
	}
	if !isNil(root) {
		visit(root)
	}
}

// Children returns the nodes directly below n, in the order Inspect visits them.
func Children(n Node) []Node {
	var out []Node
	if !isNil(n) {
		eachChild(n, func(c Node) { out = append(out, c) })
	}
	return out
}
