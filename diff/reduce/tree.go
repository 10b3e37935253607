package reduce

import (
	"github.com/a0diff/a0diff/runtime/ast"
)

// This file holds the reducer's view of the AST: sequences that delta debugging may
// shorten, expression slots that simplification may overwrite, and small helpers (node
// count, deep copy). Every edit is made in place and returns an undo function, so that a
// rejected candidate costs no copy of the tree.

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

// nodeSeqs returns the removable sequences directly owned by n, in source order.
func nodeSeqs(n ast.Node) []seq {
	switch n := n.(type) {
	case *ast.Program:
		return []seq{sliceSeq("header", &n.Headers), sliceSeq("statement", &n.Statements)}
	case *ast.FnDecl:
		return []seq{sliceSeq("parameter", &n.Params), sliceSeq("statement", &n.Body)}
	case *ast.RecordExpr:
		return []seq{sliceSeq("field", &n.Pairs)}
	case *ast.ListExpr:
		return []seq{sliceSeq("element", &n.Elements)}
	}
	var out []seq
	for _, b := range bodies(n) {
		out = append(out, sliceSeq("statement", b))
	}
	return out
}

// bodies returns the statement lists n directly owns (function bodies and blocks), in
// source order; the Program's statements are not among them.
func bodies(n ast.Node) []*[]ast.Stmt {
	switch n := n.(type) {
	case *ast.FnDecl:
		return []*[]ast.Stmt{&n.Body}
	case *ast.IfBlockExpr:
		return []*[]ast.Stmt{&n.ThenBody, &n.ElseBody}
	case *ast.ForExpr:
		return []*[]ast.Stmt{&n.Body}
	case *ast.FilterBlockExpr:
		return []*[]ast.Stmt{&n.Body}
	case *ast.LoopExpr:
		return []*[]ast.Stmt{&n.Body}
	case *ast.MatchArm:
		return []*[]ast.Stmt{&n.Body}
	case *ast.TryExpr:
		return []*[]ast.Stmt{&n.TryBody, &n.CatchBody}
	}
	return nil
}

// children returns the nodes directly below n, in source order (nil children skipped).
func children(n ast.Node) []ast.Node {
	var out []ast.Node
	add := func(c ast.Node) {
		if !ast.IsNil(c) {
			out = append(out, c)
		}
	}
	stmts := func(b []ast.Stmt) {
		for _, s := range b {
			add(s)
		}
	}
	switch n := n.(type) {
	case *ast.Program:
		for _, h := range n.Headers {
			add(h)
		}
		stmts(n.Statements)
	case *ast.CapDecl:
		add(n.Capabilities)
	case *ast.BudgetDecl:
		add(n.Budget)
	case *ast.LetStmt:
		add(n.Value)
	case *ast.ExprStmt:
		add(n.Expr)
		add(n.Target)
	case *ast.ReturnStmt:
		add(n.Value)
	case *ast.FnDecl:
		stmts(n.Body)
	case *ast.RecordExpr:
		for _, p := range n.Pairs {
			add(p)
		}
	case *ast.RecordPair:
		add(n.Value)
	case *ast.SpreadPair:
		add(n.Expr)
	case *ast.ListExpr:
		for _, e := range n.Elements {
			add(e)
		}
	case *ast.CallExpr:
		add(n.Tool)
		add(n.Args)
	case *ast.DoExpr:
		add(n.Tool)
		add(n.Args)
	case *ast.AssertExpr:
		add(n.Args)
	case *ast.CheckExpr:
		add(n.Args)
	case *ast.FnCallExpr:
		add(n.Name)
		add(n.Args)
	case *ast.IfExpr:
		add(n.Cond)
		add(n.Then)
		add(n.Else)
	case *ast.IfBlockExpr:
		add(n.Cond)
		stmts(n.ThenBody)
		stmts(n.ElseBody)
	case *ast.ForExpr:
		add(n.List)
		stmts(n.Body)
	case *ast.FilterBlockExpr:
		add(n.List)
		stmts(n.Body)
	case *ast.LoopExpr:
		add(n.Init)
		add(n.Times)
		stmts(n.Body)
	case *ast.MatchExpr:
		add(n.Subject)
		add(n.OkArm)
		add(n.ErrArm)
	case *ast.MatchArm:
		stmts(n.Body)
	case *ast.TryExpr:
		stmts(n.TryBody)
		stmts(n.CatchBody)
	case *ast.BinaryExpr:
		add(n.Left)
		add(n.Right)
	case *ast.UnaryExpr:
		add(n.Operand)
	}
	return out
}

// walk calls f on n and every node below it, parents before children.
func walk(n ast.Node, f func(ast.Node)) {
	if ast.IsNil(n) {
		return
	}
	f(n)
	for _, c := range children(n) {
		walk(c, f)
	}
}

// countNodes is the size measure of the reduction: every node of the tree, the Program
// included.
func countNodes(n ast.Node) int {
	count := 0
	walk(n, func(ast.Node) { count++ })
	return count
}

// slots returns the expression slots directly owned by n (not those of its
// descendants), in source order.
func slots(n ast.Node) []slot {
	switch n := n.(type) {
	case *ast.LetStmt:
		return []slot{fieldSlot(&n.Value)}
	case *ast.ExprStmt:
		return []slot{fieldSlot(&n.Expr)}
	case *ast.ReturnStmt:
		return []slot{fieldSlot(&n.Value)}
	case *ast.RecordPair:
		return []slot{fieldSlot(&n.Value)}
	case *ast.SpreadPair:
		return []slot{fieldSlot(&n.Expr)}
	case *ast.ListExpr:
		out := make([]slot, len(n.Elements))
		for i := range n.Elements {
			out[i] = fieldSlot(&n.Elements[i])
		}
		return out
	case *ast.IfExpr:
		return []slot{fieldSlot(&n.Cond), fieldSlot(&n.Then), fieldSlot(&n.Else)}
	case *ast.IfBlockExpr:
		return []slot{fieldSlot(&n.Cond)}
	case *ast.ForExpr:
		return []slot{fieldSlot(&n.List)}
	case *ast.FilterBlockExpr:
		return []slot{fieldSlot(&n.List)}
	case *ast.LoopExpr:
		return []slot{fieldSlot(&n.Init), fieldSlot(&n.Times)}
	case *ast.MatchExpr:
		return []slot{fieldSlot(&n.Subject)}
	case *ast.BinaryExpr:
		return []slot{fieldSlot(&n.Left), fieldSlot(&n.Right)}
	case *ast.UnaryExpr:
		return []slot{fieldSlot(&n.Operand)}
	}
	return nil
}

// allSlots returns every expression slot of the tree in pre-order.
func allSlots(root ast.Node) []slot {
	var out []slot
	walk(root, func(n ast.Node) { out = append(out, slots(n)...) })
	return out
}

// subExprs returns the expressions an expression may be replaced by, C-Reduce's "replace
// an expression by one of its children": operands, conditions and branches, argument and
// field values, list elements, and the value a block returns when the block ends with
// `return E`.
func subExprs(e ast.Expr) []ast.Expr {
	var out []ast.Expr
	add := func(c ast.Expr) {
		if !ast.IsNil(c) {
			out = append(out, c)
		}
	}
	record := func(r *ast.RecordExpr) {
		if r == nil {
			return
		}
		for _, p := range r.Pairs {
			switch p := p.(type) {
			case *ast.RecordPair:
				add(p.Value)
			case *ast.SpreadPair:
				add(p.Expr)
			}
		}
	}
	returned := func(body []ast.Stmt) {
		if len(body) > 0 {
			if r, ok := body[len(body)-1].(*ast.ReturnStmt); ok {
				add(r.Value)
			}
		}
	}
	switch e := e.(type) {
	case *ast.RecordExpr:
		record(e)
	case *ast.ListExpr:
		for _, el := range e.Elements {
			add(el)
		}
	case *ast.CallExpr:
		record(e.Args)
	case *ast.DoExpr:
		record(e.Args)
	case *ast.AssertExpr:
		record(e.Args)
	case *ast.CheckExpr:
		record(e.Args)
	case *ast.FnCallExpr:
		record(e.Args)
	case *ast.IfExpr:
		add(e.Then)
		add(e.Else)
		add(e.Cond)
	case *ast.IfBlockExpr:
		returned(e.ThenBody)
		returned(e.ElseBody)
		add(e.Cond)
	case *ast.ForExpr:
		add(e.List)
	case *ast.FilterBlockExpr:
		add(e.List)
	case *ast.LoopExpr:
		add(e.Init)
		add(e.Times)
	case *ast.MatchExpr:
		add(e.Subject)
		if e.OkArm != nil {
			returned(e.OkArm.Body)
		}
		if e.ErrArm != nil {
			returned(e.ErrArm.Body)
		}
	case *ast.TryExpr:
		returned(e.TryBody)
		returned(e.CatchBody)
	case *ast.BinaryExpr:
		add(e.Left)
		add(e.Right)
	case *ast.UnaryExpr:
		add(e.Operand)
	}
	return out
}

// blocks returns the statement lists directly inside the expression e (a match's
// through its arms).
func blocks(e ast.Expr) [][]ast.Stmt {
	var out [][]ast.Stmt
	add := func(n ast.Node) {
		for _, b := range bodies(n) {
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
	walk(p, func(n ast.Node) { out = append(out, bodies(n)...) })
	return out
}

// stmtExpr returns the slot holding a statement's expression (nil for fn declarations).
func stmtExpr(s ast.Stmt) *slot {
	switch s := s.(type) {
	case *ast.LetStmt:
		sl := fieldSlot(&s.Value)
		return &sl
	case *ast.ExprStmt:
		sl := fieldSlot(&s.Expr)
		return &sl
	case *ast.ReturnStmt:
		sl := fieldSlot(&s.Value)
		return &sl
	}
	return nil
}

// clone returns a deep copy of the expression e.
func clone(e ast.Expr) ast.Expr {
	if ast.IsNil(e) {
		return e
	}
	c := &cloner{}
	return c.expr(e)
}

type cloner struct{}

func (c *cloner) stmts(b []ast.Stmt) []ast.Stmt {
	if b == nil {
		return nil
	}
	out := make([]ast.Stmt, len(b))
	for i, s := range b {
		out[i] = c.stmt(s)
	}
	return out
}

func (c *cloner) stmt(s ast.Stmt) ast.Stmt {
	if ast.IsNil(s) {
		return s
	}
	switch s := s.(type) {
	case *ast.LetStmt:
		return &ast.LetStmt{Span: s.Span, Name: s.Name, Value: c.expr(s.Value)}
	case *ast.ExprStmt:
		return &ast.ExprStmt{Span: s.Span, Expr: c.expr(s.Expr), Target: c.path(s.Target)}
	case *ast.ReturnStmt:
		return &ast.ReturnStmt{Span: s.Span, Value: c.expr(s.Value)}
	case *ast.FnDecl:
		return &ast.FnDecl{Span: s.Span, Name: s.Name, Params: append([]string(nil), s.Params...), Body: c.stmts(s.Body)}
	}
	return s
}

func (c *cloner) path(p *ast.IdentPath) *ast.IdentPath {
	if p == nil {
		return nil
	}
	return &ast.IdentPath{Span: p.Span, Parts: append([]string(nil), p.Parts...)}
}

func (c *cloner) record(r *ast.RecordExpr) *ast.RecordExpr {
	if r == nil {
		return nil
	}
	out := &ast.RecordExpr{Span: r.Span, Pairs: make([]ast.RecordEntry, len(r.Pairs))}
	for i, p := range r.Pairs {
		switch p := p.(type) {
		case *ast.RecordPair:
			if p != nil {
				out.Pairs[i] = &ast.RecordPair{Span: p.Span, Key: p.Key, Value: c.expr(p.Value)}
				continue
			}
		case *ast.SpreadPair:
			if p != nil {
				out.Pairs[i] = &ast.SpreadPair{Span: p.Span, Expr: c.expr(p.Expr)}
				continue
			}
		}
		out.Pairs[i] = p
	}
	return out
}

func (c *cloner) arm(a *ast.MatchArm) *ast.MatchArm {
	if a == nil {
		return nil
	}
	return &ast.MatchArm{Span: a.Span, Tag: a.Tag, Binding: a.Binding, Body: c.stmts(a.Body)}
}

func (c *cloner) expr(e ast.Expr) ast.Expr {
	if ast.IsNil(e) {
		return e
	}
	switch e := e.(type) {
	case *ast.IntLiteral:
		cp := *e
		return &cp
	case *ast.FloatLiteral:
		cp := *e
		return &cp
	case *ast.BoolLiteral:
		cp := *e
		return &cp
	case *ast.StrLiteral:
		cp := *e
		return &cp
	case *ast.NullLiteral:
		cp := *e
		return &cp
	case *ast.IdentPath:
		return c.path(e)
	case *ast.RecordExpr:
		return c.record(e)
	case *ast.ListExpr:
		out := &ast.ListExpr{Span: e.Span, Elements: make([]ast.Expr, len(e.Elements))}
		for i, el := range e.Elements {
			out.Elements[i] = c.expr(el)
		}
		return out
	case *ast.CallExpr:
		return &ast.CallExpr{Span: e.Span, Tool: c.path(e.Tool), Args: c.record(e.Args)}
	case *ast.DoExpr:
		return &ast.DoExpr{Span: e.Span, Tool: c.path(e.Tool), Args: c.record(e.Args)}
	case *ast.AssertExpr:
		return &ast.AssertExpr{Span: e.Span, Args: c.record(e.Args)}
	case *ast.CheckExpr:
		return &ast.CheckExpr{Span: e.Span, Args: c.record(e.Args)}
	case *ast.FnCallExpr:
		return &ast.FnCallExpr{Span: e.Span, Name: c.path(e.Name), Args: c.record(e.Args)}
	case *ast.IfExpr:
		return &ast.IfExpr{Span: e.Span, Cond: c.expr(e.Cond), Then: c.expr(e.Then), Else: c.expr(e.Else)}
	case *ast.IfBlockExpr:
		return &ast.IfBlockExpr{Span: e.Span, Cond: c.expr(e.Cond), ThenBody: c.stmts(e.ThenBody), ElseBody: c.stmts(e.ElseBody)}
	case *ast.ForExpr:
		return &ast.ForExpr{Span: e.Span, List: c.expr(e.List), Binding: e.Binding, Body: c.stmts(e.Body)}
	case *ast.FilterBlockExpr:
		return &ast.FilterBlockExpr{Span: e.Span, List: c.expr(e.List), Binding: e.Binding, Body: c.stmts(e.Body)}
	case *ast.LoopExpr:
		return &ast.LoopExpr{Span: e.Span, Init: c.expr(e.Init), Times: c.expr(e.Times), Binding: e.Binding, Body: c.stmts(e.Body)}
	case *ast.MatchExpr:
		return &ast.MatchExpr{Span: e.Span, Subject: c.expr(e.Subject), OkArm: c.arm(e.OkArm), ErrArm: c.arm(e.ErrArm)}
	case *ast.TryExpr:
		return &ast.TryExpr{Span: e.Span, TryBody: c.stmts(e.TryBody), CatchBinding: e.CatchBinding, CatchBody: c.stmts(e.CatchBody)}
	case *ast.BinaryExpr:
		return &ast.BinaryExpr{Span: e.Span, Op: e.Op, Left: c.expr(e.Left), Right: c.expr(e.Right)}
	case *ast.UnaryExpr:
		return &ast.UnaryExpr{Span: e.Span, Op: e.Op, Operand: c.expr(e.Operand)}
	}
	return e
}
