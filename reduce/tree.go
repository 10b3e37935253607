package reduce

import (
	"github.com/a0diff/a0diff/runtime/ast"
)

// This file holds the reducer's view of the AST: sequences that delta debugging may
// shorten, expression slots that simplification may overwrite, and small helpers (node
// count, deep copy) over package ast's traversal and copy. Every edit is made in place
// and returns an undo function, so that a rejected candidate costs no copy of the tree.

// seq is one sequence of the tree (or of the host configuration) whose elements may be
// removed independently: statements, record fields (also call arguments and header
// entries), list elements, parameters, headers, fixtures.
type seq struct {
	kind string
	len  func() int
	// keep replaces the sequence by its elements at the indices keep (ascending) and
	// returns the function that restores it.
	keep func(keep []int) (undo func())
}

// sliceSeq is a seq over the slice *p.
func sliceSeq[T any](kind string, p *[]T) seq {
	return seq{
		kind: kind,
		len:  func() int { return len(*p) },
		keep: func(keep []int) func() {
			old := *p
			kept := make([]T, len(keep))
			for i, k := range keep {
				kept[i] = old[k]
			}
			*p = kept
			return func() { *p = old }
		},
	}
}

// slot is a place in the tree holding an expression.
type slot struct {
	get func() ast.Expr
	set func(ast.Expr)
}

func fieldSlot(p *ast.Expr) slot {
	return slot{get: func() ast.Expr { return *p }, set: func(e ast.Expr) { *p = e }}
}

// replace puts e into the slot and returns the undo function.
func (s slot) replace(e ast.Expr) func() {
	old := s.get()
	s.set(e)
	return func() { s.set(old) }
}

// nodeSeqs returns the removable sequences directly owned by n, in source order: its
// slice fields (ast.Lists) — a program's headers and statements, a function's parameters
// and body, a record's fields, a list's elements, the bodies of a block.
func nodeSeqs(n ast.Node) []seq {
	lists := ast.Lists(n)
	if len(lists) == 0 {
		return nil
	}
	out := make([]seq, len(lists))
	for i, l := range lists {
		out[i] = seq{kind: l.Field, len: l.Len, keep: l.Keep}
	}
	return out
}

// walk calls f on n and every node below it, parents before children, in the order of
// ast.Inspect: name paths (tools, called functions, `->` targets) included, so they count
// towards a program's size.
func walk(n ast.Node, f func(ast.Node)) {
	ast.Inspect(n, func(n ast.Node) bool {
		f(n)
		return true
	})
}

// countNodes is the size measure of the reduction: every node of the tree, the Program
// included.
func countNodes(n ast.Node) int {
	count := 0
	walk(n, func(ast.Node) { count++ })
	return count
}

// slots returns the expression slots directly owned by n (not those of its
// descendants), in source order: ast.ExprSlots.
func slots(n ast.Node) []slot {
	fields := ast.ExprSlots(n)
	if len(fields) == 0 {
		return nil
	}
	out := make([]slot, len(fields))
	for i, f := range fields {
		out[i] = fieldSlot(f)
	}
	return out
}

// allSlots returns every expression slot of the tree in pre-order.
func allSlots(root ast.Node) []slot {
	var out []slot
	walk(root, func(n ast.Node) { out = append(out, slots(n)...) })
	return out
}

// blocks returns the statement lists directly inside the expression e (a match's
// through its arms).
func blocks(e ast.Expr) [][]ast.Stmt {
	var out [][]ast.Stmt
	add := func(n ast.Node) {
		for _, b := range ast.Bodies(n) {
			out = append(out, *b)
		}
	}
	if m, ok := e.(*ast.MatchExpr); ok {
		if m.OkArm != nil {
			add(m.OkArm)
		}
		if m.ErrArm != nil {
			add(m.ErrArm)
		}
		return out
	}
	add(e)
	return out
}

// stmtLists returns every statement list of the tree (program body, function bodies,
// blocks) as pointers, parents before children.
func stmtLists(p *ast.Program) []*[]ast.Stmt {
	out := []*[]ast.Stmt{&p.Statements}
	walk(p, func(n ast.Node) { out = append(out, ast.Bodies(n)...) })
	return out
}

// stmtExpr returns the slot holding a statement's expression (nil for fn
// declarations, which own no expression slot).
func stmtExpr(s ast.Stmt) *slot {
	if fields := ast.ExprSlots(s); len(fields) > 0 {
		sl := fieldSlot(fields[0])
		return &sl
	}
	return nil
}
