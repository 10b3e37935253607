// Package validate is the static validator of spec §4: it checks a parsed program and
// returns every diagnostic, in the reference's order, before anything runs.
//
// Section numbers (§N) and appendices refer to doc/a0.md, the project's reference of A0.
package validate

import (
	"strings"

	"github.com/a0diff/a0diff/runtime/ast"
	"github.com/a0diff/a0diff/runtime/diag"
)

// Result is the outcome of validating one program.
type Result struct {
	// Diagnostics in the order of the passes of §4.2 and, within a pass, of the walk.
	// A non-empty list means exit 2.
	Diagnostics []diag.Diagnostic
	// UnsupportedSpread is set when the program has a spread entry where the reference
	// validator crashes (§4.5): in the argument record of call?, do, assert, check or a
	// function call reached by the binding walk, or in a cap header. The reference then
	// exits with status 1 and prints nothing, so the caller must report exit 1 with no
	// diagnostics; Diagnostics is meaningless in that case.
	UnsupportedSpread bool
}

// Check validates p (spec §4). It never panics, also on trees built by code, but such
// trees should be well formed (no nil children).
func Check(p *ast.Program) Result {
	v := &validator{vars: newNameSet(), fns: newNameSet()}
	if p == nil {
		return Result{}
	}
	v.budgets(p)
	v.imports(p)
	v.programReturn(p)
	v.caps(p)
	v.budgetFields(p)
	v.topLevel(p.Statements)
	v.toolUsage(p)
	return Result{Diagnostics: v.diags, UnsupportedSpread: v.crash}
}

type validator struct {
	diags []diag.Diagnostic
	crash bool
	// The visible variables and functions of the scope being checked. Blocks start from a
	// copy of the enclosing sets (§4.3); because blocks nest strictly, the copy is modelled
	// by undoing a block's additions when it ends, which keeps deep nesting linear.
	vars, fns *nameSet
}

func (v *validator) add(code diag.Code, msg string, span *ast.Span, hint string) {
	v.diags = append(v.diags, diag.Diagnostic{Code: code, Message: msg, Span: span, Hint: hint})
}

// spanOf is a copy of n's span; a nil node (possible in trees built by code) has the zero
// span.
func spanOf(n ast.Node) *ast.Span {
	if ast.IsNil(n) {
		return &ast.Span{}
	}
	sp := *n.NodeSpan()
	return &sp
}

// ---- passes 1–6 ----

func (v *validator) budgets(p *ast.Program) {
	seen := false
	for _, h := range p.Headers {
		if b, ok := h.(*ast.BudgetDecl); ok && b != nil {
			if seen {
				v.add(diag.DupBudget, "Only one budget header is allowed.", spanOf(b), hintDupBudget)
			}
			seen = true
		}
	}
}

func (v *validator) imports(p *ast.Program) {
	for _, h := range p.Headers {
		if im, ok := h.(*ast.ImportDecl); ok && im != nil {
			v.add(diag.ImportUnsupported, "Import declarations are not supported yet.", spanOf(im), hintImport)
		}
	}
}

func (v *validator) programReturn(p *ast.Program) {
	if !hasReturn(p.Statements) {
		v.add(diag.NoReturn, "Program must end with a return statement.", spanOf(p), hintNoReturnProg)
	}
	v.returnsNotLast(p.Statements, "the program")
}

func hasReturn(body []ast.Stmt) bool {
	for _, s := range body {
		if r, ok := s.(*ast.ReturnStmt); ok && r != nil {
			return true
		}
	}
	return false
}

func (v *validator) returnsNotLast(body []ast.Stmt, context string) {
	for i, s := range body {
		if r, ok := s.(*ast.ReturnStmt); ok && r != nil && i < len(body)-1 {
			v.add(diag.ReturnNotLast, "Return statement must be the last statement in "+context+".", spanOf(r), hintReturnNotLast)
		}
	}
}

func (v *validator) caps(p *ast.Program) {
	for _, h := range p.Headers {
		c, ok := h.(*ast.CapDecl)
		if !ok || c == nil || c.Capabilities == nil {
			continue
		}
		for _, en := range c.Capabilities.Pairs {
			pair, ok := en.(*ast.RecordPair)
			if ast.IsNil(en) {
				continue
			}
			if !ok {
				// The reference reports "Unknown capability 'undefined'." and then crashes
				// reading the spread's value.
				v.crash = true
				continue
			}
			if !capabilitySet[pair.Key] {
				v.add(diag.UnknownCap, "Unknown capability '"+pair.Key+"'.", spanOf(pair), hintUnknownCap)
			}
			if !isTrue(pair.Value) {
				v.add(diag.CapValue, "Capability '"+pair.Key+"' must be set to true.", spanOf(pair.Value), hintCapValue)
			}
		}
	}
}

func isTrue(e ast.Expr) bool {
	b, ok := e.(*ast.BoolLiteral)
	return ok && b != nil && b.Value
}

func (v *validator) budgetFields(p *ast.Program) {
	for _, h := range p.Headers {
		b, ok := h.(*ast.BudgetDecl)
		if !ok || b == nil || b.Budget == nil {
			continue
		}
		for _, en := range b.Budget.Pairs {
			pair, ok := en.(*ast.RecordPair)
			if ast.IsNil(en) {
				continue
			}
			if !ok {
				// A spread has no key: the reference reads it as undefined.
				v.add(diag.UnknownBudget, "Unknown budget field 'undefined'.", spanOf(en), hintUnknownBudget)
				continue
			}
			if !budgetFieldSet[pair.Key] {
				v.add(diag.UnknownBudget, "Unknown budget field '"+pair.Key+"'.", spanOf(pair), hintUnknownBudget)
				continue
			}
			if _, isInt := pair.Value.(*ast.IntLiteral); !isInt {
				v.add(diag.BudgetType, "Budget field '"+pair.Key+"' must be an integer literal.", spanOf(pair.Value), hintBudgetType)
			}
		}
	}
}

// ---- pass 7: bindings, functions and references (§4.3–§4.5) ----

func (v *validator) topLevel(body []ast.Stmt) {
	for _, s := range body {
		if ast.IsNil(s) {
			continue
		}
		switch s := s.(type) {
		case *ast.LetStmt:
			if v.vars.has(s.Name) || v.fns.has(s.Name) {
				v.add(diag.DupBinding, "Duplicate binding '"+s.Name+"'.", spanOf(s), hintDupBinding)
			}
			v.expr(s.Value)
			v.vars.add(s.Name)
		case *ast.ExprStmt:
			v.expr(s.Expr)
			if s.Target != nil && len(s.Target.Parts) > 0 {
				r := s.Target.Parts[0]
				if v.vars.has(r) || v.fns.has(r) {
					v.add(diag.DupBinding, "Duplicate binding '"+r+"'.", spanOf(s.Target), hintDupBinding)
				}
				v.vars.add(r)
			}
		case *ast.FnDecl:
			if v.fns.has(s.Name) || v.vars.has(s.Name) {
				v.add(diag.FnDup, "Duplicate function definition '"+s.Name+"'.", spanOf(s), hintFnDup)
			}
			v.fnDecl(s)
		case *ast.ReturnStmt:
			v.expr(s.Value)
		}
	}
}

// fnDecl does what top level and blocks share for `fn N {P} {B}` after the duplicate
// check: the parameter and stdlib checks, declaring N, and the body.
func (v *validator) fnDecl(s *ast.FnDecl) {
	seen := map[string]bool{}
	for _, prm := range s.Params {
		if seen[prm] {
			v.add(diag.DupBinding, "Duplicate parameter '"+prm+"' in function '"+s.Name+"'.", spanOf(s), hintDupParam)
		}
		seen[prm] = true
	}
	if stdlibSet[s.Name] {
		v.add(diag.FnDup, "Function name '"+s.Name+"' conflicts with a built-in stdlib function.", spanOf(s), hintFnStdlib)
	}
	v.fns.add(s.Name)
	extras := append(append([]string{}, s.Params...), s.Name)
	v.block(s.Body, extras, "function '"+s.Name+"'")
}

// block validates a statement list that starts a new scope with the extra names.
func (v *validator) block(body []ast.Stmt, extras []string, context string) {
	if !hasReturn(body) {
		var sp *ast.Span
		if len(body) > 0 {
			sp = spanOf(body[len(body)-1])
		}
		v.add(diag.NoReturn, context+" must end with a return statement.", sp, hintNoReturnBlock)
	}
	v.returnsNotLast(body, context)

	varMark, fnMark := v.vars.mark(), v.fns.mark()
	defer func() {
		v.vars.undo(varMark)
		v.fns.undo(fnMark)
	}()
	localVars := map[string]bool{}
	localFns := map[string]bool{}
	for _, n := range extras {
		localVars[n] = true
		v.vars.add(n)
	}
	for _, s := range body {
		if ast.IsNil(s) {
			continue
		}
		switch s := s.(type) {
		case *ast.FnDecl:
			if v.fns.has(s.Name) || localVars[s.Name] {
				v.add(diag.FnDup, "Duplicate function definition '"+s.Name+"'.", spanOf(s), hintFnDup)
			}
			localFns[s.Name] = true
			v.fnDecl(s)
		case *ast.LetStmt:
			if localVars[s.Name] || localFns[s.Name] {
				v.add(diag.DupBinding, "Duplicate binding '"+s.Name+"'.", spanOf(s), hintDupBinding)
			}
			v.expr(s.Value)
			localVars[s.Name] = true
			v.vars.add(s.Name)
		case *ast.ExprStmt:
			v.expr(s.Expr)
			if s.Target != nil && len(s.Target.Parts) > 0 {
				r := s.Target.Parts[0]
				if localVars[r] || localFns[r] {
					v.add(diag.DupBinding, "Duplicate binding '"+r+"'.", spanOf(s.Target), hintDupBinding)
				}
				localVars[r] = true
				v.vars.add(r)
			}
		case *ast.ReturnStmt:
			v.expr(s.Value)
		}
	}
}

// expr applies the expression checks of §4.4.
func (v *validator) expr(e ast.Expr) {
	switch e := e.(type) {
	case *ast.IdentPath:
		if e != nil && len(e.Parts) > 0 && !v.vars.has(e.Parts[0]) {
			v.add(diag.Unbound, "Unbound variable '"+e.Parts[0]+"'.", spanOf(e), hintUnbound)
		}
	case *ast.RecordExpr:
		v.record(e)
	case *ast.ListExpr:
		if e != nil {
			for _, el := range e.Elements {
				v.expr(el)
			}
		}
	case *ast.CallExpr:
		if e != nil {
			v.args(e.Args)
		}
	case *ast.DoExpr:
		if e != nil {
			v.args(e.Args)
		}
	case *ast.AssertExpr:
		if e != nil {
			v.args(e.Args)
		}
	case *ast.CheckExpr:
		if e != nil {
			v.args(e.Args)
		}
	case *ast.FnCallExpr:
		if e != nil {
			v.fnCall(e)
			v.args(e.Args)
		}
	case *ast.IfExpr:
		if e != nil {
			v.expr(e.Cond)
			v.expr(e.Then)
			v.expr(e.Else)
		}
	case *ast.IfBlockExpr:
		if e != nil {
			v.expr(e.Cond)
			v.block(e.ThenBody, nil, "if body")
			v.block(e.ElseBody, nil, "else body")
		}
	case *ast.TryExpr:
		if e != nil {
			v.block(e.TryBody, nil, "try body")
			v.block(e.CatchBody, []string{e.CatchBinding}, "catch body")
		}
	case *ast.ForExpr:
		if e != nil {
			v.expr(e.List)
			v.block(e.Body, []string{e.Binding}, "for body")
		}
	case *ast.FilterBlockExpr:
		if e != nil {
			v.expr(e.List)
			v.block(e.Body, []string{e.Binding}, "filter body")
		}
	case *ast.LoopExpr:
		if e != nil {
			v.expr(e.Init)
			v.expr(e.Times)
			v.block(e.Body, []string{e.Binding}, "loop body")
		}
	case *ast.MatchExpr:
		if e != nil {
			v.expr(e.Subject)
			if e.OkArm != nil {
				v.block(e.OkArm.Body, []string{e.OkArm.Binding}, "match ok arm")
			}
			if e.ErrArm != nil {
				v.block(e.ErrArm.Body, []string{e.ErrArm.Binding}, "match err arm")
			}
		}
	case *ast.BinaryExpr:
		if e != nil {
			v.expr(e.Left)
			v.expr(e.Right)
		}
	case *ast.UnaryExpr:
		if e != nil {
			v.expr(e.Operand)
		}
	}
}

// record checks an ordinary record value, where spreads are fully supported.
func (v *validator) record(r *ast.RecordExpr) {
	if r == nil {
		return
	}
	for _, en := range r.Pairs {
		switch en := en.(type) {
		case *ast.RecordPair:
			if en != nil {
				v.expr(en.Value)
			}
		case *ast.SpreadPair:
			if en != nil {
				v.expr(en.Expr)
			}
		}
	}
}

// args checks an argument record, where the reference assumes every entry is a pair.
func (v *validator) args(r *ast.RecordExpr) {
	if r == nil {
		return
	}
	for _, en := range r.Pairs {
		pair, ok := en.(*ast.RecordPair)
		if ast.IsNil(en) {
			continue
		}
		if !ok {
			v.crash = true
			continue
		}
		v.expr(pair.Value)
	}
}

// fnCall checks the called name and, for map, reduce and filter, a string-literal fn:.
func (v *validator) fnCall(e *ast.FnCallExpr) {
	if e.Name == nil {
		return
	}
	name := strings.Join(e.Name.Parts, ".")
	if !v.fns.has(name) && !stdlibSet[name] {
		v.add(diag.UnknownFn, "Unknown function '"+name+"'.", spanOf(e.Name), hintUnknownFn)
	}
	if name != "map" && name != "reduce" && name != "filter" || e.Args == nil {
		return
	}
	for _, en := range e.Args.Pairs {
		pair, ok := en.(*ast.RecordPair)
		if !ok || pair == nil || pair.Key != "fn" {
			continue
		}
		if s, isStr := pair.Value.(*ast.StrLiteral); isStr && !v.fns.has(s.Value) {
			v.add(diag.UnknownFn, "Unknown function '"+s.Value+"'.", spanOf(s),
				"For "+name+", define the user function with 'fn' before use and pass its name as a string.")
		}
		return
	}
}

// ---- pass 8: tool usage (§4.6) ----

func (v *validator) toolUsage(p *ast.Program) {
	declared := map[string]bool{}
	for _, h := range p.Headers {
		if c, ok := h.(*ast.CapDecl); ok && c != nil && c.Capabilities != nil {
			for _, en := range c.Capabilities.Pairs {
				if pair, ok := en.(*ast.RecordPair); ok && pair != nil && isTrue(pair.Value) {
					declared[pair.Key] = true
				}
			}
		}
	}
	// The tool checks report in pre-order, which is the order of ast.Inspect.
	for _, st := range p.Statements {
		ast.Inspect(st, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.CallExpr:
				v.tool(n, n.Tool, declared, true)
			case *ast.DoExpr:
				v.tool(n, n.Tool, declared, false)
			}
			return true
		})
	}
}

func (v *validator) tool(call ast.Expr, toolPath *ast.IdentPath, declared map[string]bool, isCallQ bool) {
	if toolPath == nil {
		return
	}
	name := strings.Join(toolPath.Parts, ".")
	t, known := toolsByName[name]
	switch {
	case !known:
		v.add(diag.UnknownTool, "Unknown tool '"+name+"'.", spanOf(toolPath), hintUnknownTool)
	case !declared[t.Capability]:
		v.add(diag.UndeclaredCap, "Tool '"+name+"' is used but its capability is not declared in a 'cap { ... }' header.",
			spanOf(toolPath), "Add '"+t.Capability+": true' to your cap { ... } declaration.")
	}
	if isCallQ && known && t.Effect {
		v.add(diag.CallEffect, "Cannot use 'call?' with effectful tool '"+name+"'. Use 'do' instead.",
			spanOf(call), "Replace 'call? "+name+"' with 'do "+name+"'.")
	}
}
