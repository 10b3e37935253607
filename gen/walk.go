package gen

import "github.com/a0diff/a0diff/runtime/ast"

// walkProgram calls fn on every node of p below the Program itself, in pre-order
// (headers, then statements), leaving out name paths.
func walkProgram(p *ast.Program, fn func(ast.Node)) {
	walkNode(p, func(n ast.Node) {
		if n != ast.Node(p) {
			fn(n)
		}
	})
}

// walkNode calls fn on n and every node below it in pre-order, except the name paths
// (tool names, called function names, `->` targets, see ast.NamePath): the generator's
// node counts and censuses are of a program's statements and expressions, and a name is
// part of the call or statement holding it.
func walkNode(n ast.Node, fn func(ast.Node)) {
	ast.PreorderStack(n, nil, func(n ast.Node, stack []ast.Node) bool {
		if id, ok := n.(*ast.IdentPath); ok && len(stack) > 0 && ast.NamePath(stack[len(stack)-1]) == id {
			return false
		}
		fn(n)
		return true
	})
}

// Edit sites are the one-step edits of the shrinker (Shrinks), numbered in a fixed
// walk of the tree through package ast's generated enumerations, so that the shrinker
// edits exactly the lists, slots and stand-ins the reducer (package reduce) edits. At
// each node, in this order: dropping each element of each of its lists of nodes
// (ast.Lists: headers, statements, record entries, list elements — a function's
// parameters stay, as dropping one breaks its calls); then for each of its expression
// slots (ast.ExprSlots), replacing the expression by one of its stand-ins
// (ast.StandIns), then, when it has parts, by null and by 0; then the same inside each
// child, headers excepted (a header is dropped whole). A node's sites come before its
// children's, so the big reductions come first.

// editSites counts the edits editProgram can make to p.
func editSites(p *ast.Program) int {
	n := 0
	eachEdit(p, func(func()) { n++ })
	return n
}

// editProgram returns a copy of p with edit number k applied.
func editProgram(p *ast.Program, k int) *ast.Program {
	q := ast.Clone(p)
	i := 0
	eachEdit(q, func(apply func()) {
		if i == k {
			apply()
		}
		i++
	})
	return q
}

// eachEdit calls site with each edit of the tree below n, in order; apply makes the
// edit in place. The walk reads the tree as it was: the caller applies at most one edit,
// and a tree it edited is not walked again.
func eachEdit(n ast.Node, site func(apply func())) {
	for _, l := range ast.Lists(n) {
		if l.Names() {
			continue
		}
		for i := range l.Len() {
			site(func() { l.Drop(i) })
		}
	}
	for _, slot := range ast.ExprSlots(n) {
		x := *slot
		if ast.IsNil(x) {
			continue
		}
		for _, c := range ast.StandIns(x) {
			site(func() { *slot = c })
		}
		if nodeCount(x) > 1 {
			site(func() { *slot = &ast.NullLiteral{} })
			site(func() { *slot = intLit(0) })
		}
	}
	for _, c := range ast.Children(n) {
		if _, header := c.(ast.Header); !header {
			eachEdit(c, site)
		}
	}
}

// nodeCount is the number of nodes of the subtree x.
func nodeCount(x ast.Node) int {
	n := 0
	walkNode(x, func(ast.Node) { n++ })
	return n
}
