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

// editor copies a tree, applying at most one edit: the one whose number is target. Edit
// sites are numbered in a fixed pre-order walk, each statement list offering "drop
// statement i" for each of its statements before its statements are entered, so that
// the big reductions come first. Each expression offers, in order: replacing it by one
// of its stand-ins (ast.StandIns), then by null, then by 0; each record entry and list
// element can be dropped; each header can be dropped. With target −1 the editor only
// copies, and count ends as the number of edit sites.
type editor struct {
	target int
	count  int
}

// editSites counts the edits editProgram can make to p.
func editSites(p *ast.Program) int {
	e := &editor{target: -1}
	e.program(p)
	return e.count
}

// editProgram returns a copy of p with edit number k applied.
func editProgram(p *ast.Program, k int) *ast.Program {
	return (&editor{target: k}).program(p)
}

func (e *editor) site() bool {
	hit := e.count == e.target
	e.count++
	return hit
}

func (e *editor) program(p *ast.Program) *ast.Program {
	q := &ast.Program{Span: p.Span}
	drop := -1
	for i := range p.Headers {
		if e.site() {
			drop = i
		}
	}
	for i, h := range p.Headers {
		if i == drop {
			continue
		}
		q.Headers = append(q.Headers, ast.Clone(h))
	}
	q.Statements = e.stmts(p.Statements)
	return q
}

func (e *editor) stmts(list []ast.Stmt) []ast.Stmt {
	if list == nil {
		return nil
	}
	drop := -1
	for i := range list {
		if e.site() {
			drop = i
		}
	}
	out := make([]ast.Stmt, 0, len(list))
	for i, s := range list {
		if i == drop {
			continue
		}
		out = append(out, e.stmt(s))
	}
	return out
}

func (e *editor) stmt(s ast.Stmt) ast.Stmt {
	switch s := s.(type) {
	case *ast.LetStmt:
		return &ast.LetStmt{Span: s.Span, Name: s.Name, Value: e.expr(s.Value)}
	case *ast.ExprStmt:
		return &ast.ExprStmt{Span: s.Span, Expr: e.expr(s.Expr), Target: ast.Clone(s.Target)}
	case *ast.ReturnStmt:
		return &ast.ReturnStmt{Span: s.Span, Value: e.expr(s.Value)}
	case *ast.FnDecl:
		return &ast.FnDecl{Span: s.Span, Name: s.Name, Params: append([]string(nil), s.Params...), Body: e.stmts(s.Body)}
	}
	return s
}

// nodeCount is the number of nodes of the subtree x.
func nodeCount(x ast.Node) int {
	n := 0
	walkNode(x, func(ast.Node) { n++ })
	return n
}

func isLeaf(x ast.Expr) bool {
	switch x.(type) {
	case *ast.IntLiteral, *ast.FloatLiteral, *ast.BoolLiteral, *ast.StrLiteral, *ast.NullLiteral, *ast.IdentPath:
		return true
	}
	return false
}

func (e *editor) expr(x ast.Expr) ast.Expr {
	if ast.IsNil(x) {
		return x
	}
	for _, c := range ast.StandIns(x) {
		if e.site() {
			return ast.Clone(c)
		}
	}
	if !isLeaf(x) && nodeCount(x) > 1 {
		if e.site() {
			return &ast.NullLiteral{}
		}
		if e.site() {
			return intLit(0)
		}
	}
	switch x := x.(type) {
	case *ast.IntLiteral, *ast.FloatLiteral, *ast.BoolLiteral, *ast.StrLiteral, *ast.NullLiteral, *ast.IdentPath:
		return ast.Clone(x)
	case *ast.RecordExpr:
		return e.record(x)
	case *ast.ListExpr:
		drop := -1
		for i := range x.Elements {
			if e.site() {
				drop = i
			}
		}
		l := &ast.ListExpr{Span: x.Span}
		for i, el := range x.Elements {
			if i != drop {
				l.Elements = append(l.Elements, e.expr(el))
			}
		}
		return l
	case *ast.CallExpr:
		return &ast.CallExpr{Span: x.Span, Tool: ast.Clone(x.Tool), Args: e.record(x.Args)}
	case *ast.DoExpr:
		return &ast.DoExpr{Span: x.Span, Tool: ast.Clone(x.Tool), Args: e.record(x.Args)}
	case *ast.AssertExpr:
		return &ast.AssertExpr{Span: x.Span, Args: e.record(x.Args)}
	case *ast.CheckExpr:
		return &ast.CheckExpr{Span: x.Span, Args: e.record(x.Args)}
	case *ast.FnCallExpr:
		return &ast.FnCallExpr{Span: x.Span, Name: ast.Clone(x.Name), Args: e.record(x.Args)}
	case *ast.IfExpr:
		return &ast.IfExpr{Span: x.Span, Cond: e.expr(x.Cond), Then: e.expr(x.Then), Else: e.expr(x.Else)}
	case *ast.IfBlockExpr:
		return &ast.IfBlockExpr{Span: x.Span, Cond: e.expr(x.Cond), ThenBody: e.stmts(x.ThenBody), ElseBody: e.stmts(x.ElseBody)}
	case *ast.ForExpr:
		return &ast.ForExpr{Span: x.Span, List: e.expr(x.List), Binding: x.Binding, Body: e.stmts(x.Body)}
	case *ast.FilterBlockExpr:
		return &ast.FilterBlockExpr{Span: x.Span, List: e.expr(x.List), Binding: x.Binding, Body: e.stmts(x.Body)}
	case *ast.LoopExpr:
		return &ast.LoopExpr{Span: x.Span, Init: e.expr(x.Init), Times: e.expr(x.Times), Binding: x.Binding, Body: e.stmts(x.Body)}
	case *ast.MatchExpr:
		return &ast.MatchExpr{Span: x.Span, Subject: e.expr(x.Subject), OkArm: e.arm(x.OkArm), ErrArm: e.arm(x.ErrArm)}
	case *ast.TryExpr:
		return &ast.TryExpr{Span: x.Span, TryBody: e.stmts(x.TryBody), CatchBinding: x.CatchBinding, CatchBody: e.stmts(x.CatchBody)}
	case *ast.BinaryExpr:
		return &ast.BinaryExpr{Span: x.Span, Op: x.Op, Left: e.expr(x.Left), Right: e.expr(x.Right)}
	case *ast.UnaryExpr:
		return &ast.UnaryExpr{Span: x.Span, Op: x.Op, Operand: e.expr(x.Operand)}
	}
	return x
}

func (e *editor) arm(a *ast.MatchArm) *ast.MatchArm {
	if a == nil {
		return nil
	}
	return &ast.MatchArm{Span: a.Span, Tag: a.Tag, Binding: a.Binding, Body: e.stmts(a.Body)}
}

// record copies r, offering to drop each entry.
func (e *editor) record(r *ast.RecordExpr) *ast.RecordExpr {
	if r == nil {
		return nil
	}
	drop := -1
	for i := range r.Pairs {
		if e.site() {
			drop = i
		}
	}
	out := &ast.RecordExpr{Span: r.Span}
	for i, en := range r.Pairs {
		if i == drop {
			continue
		}
		switch en := en.(type) {
		case *ast.RecordPair:
			out.Pairs = append(out.Pairs, &ast.RecordPair{Span: en.Span, Key: en.Key, Value: e.expr(en.Value)})
		case *ast.SpreadPair:
			out.Pairs = append(out.Pairs, &ast.SpreadPair{Span: en.Span, Expr: e.expr(en.Expr)})
		}
	}
	return out
}
