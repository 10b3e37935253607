package gen

import (
	"strings"

	"github.com/a0diff/a0diff/runtime/ast"
)

// This file is the mutator of coverage-guided fuzzing (campaign's guided mode): it
// derives a new valid case from a kept one by AST-level edits, in the manner of
// grammar-based guided fuzzers that mutate and splice trees rather than bytes.

// deriveAttempts bounds the tries Derive makes before it gives up.
const deriveAttempts = 8

// Derive returns a case made from parent by one to three AST-level edits, each one of:
// replacing a subexpression by a freshly generated one (which may use the top-level
// variables bound before it), replacing a subexpression by a copy of one taken from
// donor (splicing), inserting a copy of a statement of parent or donor into a statement
// list, or dropping a statement other than a return. The result keeps parent's headers,
// host configuration and features, is a Valid-mode case, and passes validation: edits
// that break validation are discarded and tried again with new decisions, up to a fixed
// number of attempts, and so are edits that may make a function call itself where the
// parent could not (a call copied out of the guard of a recursive function, an edited
// guard, or a function body given a call back to its caller): an unbounded recursion costs the
// reference seconds before it ends at the depth limit. ok is false when none passed (the caller generates a fresh case
// instead), or when parent has no tree or does not validate. what describes the edits.
// donor may be nil or parent itself.
func Derive(ch Chooser, parent, donor *Case, opts Options) (c *Case, what string, ok bool) {
	if parent == nil || parent.Program == nil || parent.Mode != Valid {
		return nil, "", false
	}
	if donor == nil || donor.Program == nil {
		donor = parent
	}
	opts = opts.withDefaults()
	for range deriveAttempts {
		p := ast.Clone(parent.Program)
		var done []string
		for n := 1 + ch.Intn(3); n > 0; n-- {
			if w := editOnce(ch, p, donor.Program, parent.Features, opts); w != "" {
				done = append(done, w)
			}
		}
		if len(done) == 0 || ast.Printable(p) != nil {
			continue
		}
		d := parent.withProgram(p)
		if d.Source == parent.Source || !Validates(d.Source) || newRecursion(parent.Program, p) {
			continue
		}
		d.Mutation = ""
		return d, strings.Join(done, ", "), true
	}
	return nil, "", false
}

// exprSite is a place in a tree that holds an expression, and the index of the
// top-level statement it lies in.
type exprSite struct {
	slot *ast.Expr
	top  int
}

// stmtSite is a statement list of a tree.
type stmtSite struct {
	list *[]ast.Stmt
}

// sitesOf lists the expression places and statement lists of p, in pre-order.
func sitesOf(p *ast.Program) (exprs []exprSite, lists []stmtSite) {
	lists = append(lists, stmtSite{&p.Statements})
	for i, s := range p.Statements {
		ast.Inspect(s, func(n ast.Node) bool {
			for _, slot := range ast.ExprSlots(n) {
				exprs = append(exprs, exprSite{slot, i})
			}
			for _, b := range ast.Bodies(n) {
				lists = append(lists, stmtSite{b})
			}
			return true
		})
	}
	return exprs, lists
}

// editOnce applies one random edit to p in place and describes it ("" when the chosen
// edit had no site).
func editOnce(ch Chooser, p, donor *ast.Program, feat Features, opts Options) string {
	exprs, lists := sitesOf(p)
	switch ch.Intn(4) {
	case 0: // a fresh subexpression
		if len(exprs) == 0 {
			return ""
		}
		site := exprs[ch.Intn(len(exprs))]
		*site.slot = freshExpr(ch, feat, opts, topNames(p, site.top))
		return "fresh expression"
	case 1: // a subexpression of the donor
		if len(exprs) == 0 {
			return ""
		}
		dexprs, _ := sitesOf(donor)
		if len(dexprs) == 0 {
			return ""
		}
		site := exprs[ch.Intn(len(exprs))]
		*site.slot = ast.Clone(*dexprs[ch.Intn(len(dexprs))].slot)
		return "spliced expression"
	case 2: // a copy of a statement of p or the donor
		from := p
		if ch.Intn(2) == 1 {
			from = donor
		}
		_, flists := sitesOf(from)
		var stmts []ast.Stmt
		for _, l := range flists {
			for _, s := range *l.list {
				if _, ret := s.(*ast.ReturnStmt); !ret {
					stmts = append(stmts, s)
				}
			}
		}
		if len(stmts) == 0 {
			return ""
		}
		s := ast.Clone(stmts[ch.Intn(len(stmts))])
		l := lists[ch.Intn(len(lists))].list
		at := ch.Intn(len(*l) + 1)
		if at == len(*l) && at > 0 {
			at-- // before the final statement, which is usually a return
		}
		*l = append((*l)[:at], append([]ast.Stmt{s}, (*l)[at:]...)...)
		return "inserted statement"
	default: // drop a statement
		type pos struct {
			list *[]ast.Stmt
			i    int
		}
		var cands []pos
		for _, l := range lists {
			for i, s := range *l.list {
				if _, ret := s.(*ast.ReturnStmt); !ret {
					cands = append(cands, pos{l.list, i})
				}
			}
		}
		if len(cands) == 0 {
			return ""
		}
		c := cands[ch.Intn(len(cands))]
		*c.list = append((*c.list)[:c.i], (*c.list)[c.i+1:]...)
		return "dropped statement"
	}
}

// topNames lists the names the top-level statements before statement top bind.
func topNames(p *ast.Program, top int) []string {
	var names []string
	for _, s := range p.Statements[:top] {
		switch s := s.(type) {
		case *ast.LetStmt:
			names = append(names, s.Name)
		case *ast.ExprStmt:
			if s.Target != nil && len(s.Target.Parts) == 1 {
				names = append(names, s.Target.Parts[0])
			}
		}
	}
	return names
}

// freshExpr generates an expression of any type in a scope that sees vars (of unknown
// types). Tools are left out: their capability headers and fixtures belong to the
// parent program.
func freshExpr(ch Chooser, feat Features, opts Options, vars []string) ast.Expr {
	g := &generator{ch: ch, opts: opts, feat: feat &^ (FeatTools | FeatLayout), size: 12, usedTools: map[string]bool{}}
	g.world = g.newWorld()
	sc := newScope(nil)
	sc.top = true
	for _, v := range vars {
		sc.addVar(v, tyAny)
		sc.locals.add(v)
	}
	g.names = 1000 // fresh names (callback parameters, …) well apart from the parent's
	e, _ := g.expr(sc, tyAny, 2)
	return e
}

// callSites counts, per (caller, callee) pair of function names, the call sites in the
// bodies of p's functions: direct calls, and string literals or concatenations of string
// literals ("k" + "7", see splitName) that name a declared function (callbacks). Code
// outside functions is the caller "".
func callSites(p *ast.Program) map[[2]string]int {
	declared := map[string]bool{}
	ast.Inspect(p, func(n ast.Node) bool {
		if f, ok := n.(*ast.FnDecl); ok {
			declared[f.Name] = true
		}
		return true
	})
	sites := map[[2]string]int{}
	ast.PreorderStack(p, nil, func(n ast.Node, stack []ast.Node) bool {
		callee := ""
		switch n := n.(type) {
		case *ast.FnCallExpr:
			if n.Name != nil {
				callee = strings.Join(n.Name.Parts, ".")
			}
		case *ast.StrLiteral:
			callee = n.Value
		case *ast.BinaryExpr:
			callee, _ = constantString(n)
		}
		if !declared[callee] {
			return true
		}
		caller := ""
		for i := len(stack) - 1; i >= 0; i-- {
			if f, ok := stack[i].(*ast.FnDecl); ok {
				caller = f.Name
				break
			}
		}
		sites[[2]string{caller, callee}]++
		return true
	})
	return sites
}

// constantString is the value of e when it is a string literal or a concatenation of
// them.
func constantString(e ast.Expr) (string, bool) {
	switch e := e.(type) {
	case *ast.StrLiteral:
		return e.Value, true
	case *ast.BinaryExpr:
		if e.Op != ast.Plus {
			return "", false
		}
		l, ok1 := constantString(e.Left)
		r, ok2 := constantString(e.Right)
		return l + r, ok1 && ok2
	}
	return "", false
}

// newRecursion reports whether q has more call sites than p on some call edge that
// lies on a cycle of q's call graph, or a function on such a cycle that is not one of
// p's declarations unchanged.
func newRecursion(p, q *ast.Program) bool {
	before, after := callSites(p), callSites(q)
	next := map[string][]string{}
	for e := range after {
		next[e[0]] = append(next[e[0]], e[1])
	}
	reaches := func(from, to string) bool {
		seen := map[string]bool{}
		work := []string{from}
		for len(work) > 0 {
			n := work[len(work)-1]
			work = work[:len(work)-1]
			if n == to {
				return true
			}
			if !seen[n] {
				seen[n] = true
				work = append(work, next[n]...)
			}
		}
		return false
	}
	onCycle := func(name string) bool {
		for _, s := range next[name] {
			if reaches(s, name) {
				return true
			}
		}
		return false
	}
	for e, k := range after {
		if k > before[e] && e[0] != "" && reaches(e[1], e[0]) {
			return true
		}
	}
	// a function on a cycle must be one of p's declarations unchanged: an edit of its
	// guard (the condition that ends the recursion) is as dangerous as a new call
	decls := map[string]bool{}
	ast.Inspect(p, func(n ast.Node) bool {
		if f, ok := n.(*ast.FnDecl); ok {
			decls[ast.PrintStmt(f)] = true
		}
		return true
	})
	changed := false
	ast.Inspect(q, func(n ast.Node) bool {
		if f, ok := n.(*ast.FnDecl); ok && !changed && onCycle(f.Name) {
			changed = !decls[ast.PrintStmt(f)]
		}
		return !changed
	})
	return changed
}
