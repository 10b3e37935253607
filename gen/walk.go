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
// child (ast.Inspect's order), headers excepted (a header is dropped whole). A node's
// sites come before its children's, so the big reductions come first.

// editSites counts the edits editProgram can make to p.
func editSites(p *ast.Program) int {
	n := 0
	eachEdit(p, func(edit) bool { n++; return true })
	return n
}

// editProgram returns a copy of p with edit number k applied.
func editProgram(p *ast.Program, k int) *ast.Program {
	q := ast.Clone(p)
	i := 0
	eachEdit(q, func(e edit) bool {
		if i == k {
			e.apply()
			return false
		}
		i++
		return true
	})
	return q
}

// edit is one edit site: dropping element i of list, or else replacing *slot by a
// stand-in (by), by 0 (zero) or by null.
type edit struct {
	list ast.List
	i    int
	slot *ast.Expr
	by   ast.Expr
	zero bool
}

func (e edit) apply() {
	switch {
	case e.slot == nil:
		e.list.Drop(e.i)
	case e.by != nil:
		*e.slot = e.by
	case e.zero:
		*e.slot = intLit(0)
	default:
		*e.slot = &ast.NullLiteral{}
	}
}

// eachEdit calls site with each edit of the tree root, in order, until site returns
// false.
func eachEdit(root ast.Node, site func(edit) bool) {
	more := true
	ast.Inspect(root, func(n ast.Node) bool {
		if _, header := n.(ast.Header); header || !more {
			return false
		}
		for _, l := range ast.Lists(n) {
			if l.Names() {
				continue
			}
			for i := 0; i < l.Len() && more; i++ {
				more = site(edit{list: l, i: i})
			}
		}
		for _, slot := range ast.ExprSlots(n) {
			x := *slot
			if ast.IsNil(x) {
				continue
			}
			for _, c := range ast.StandIns(x) {
				more = more && site(edit{slot: slot, by: c})
			}
			if hasParts(x) {
				more = more && site(edit{slot: slot}) && site(edit{slot: slot, zero: true})
			}
		}
		return more
	})
}

// hasParts reports whether x has a child other than its name path: whether it is more
// than one node in the counting of walkNode.
func hasParts(x ast.Expr) bool {
	name := ast.NamePath(x)
	for _, c := range ast.Children(x) {
		if id, ok := c.(*ast.IdentPath); !ok || id != name {
			return true
		}
	}
	return false
}
