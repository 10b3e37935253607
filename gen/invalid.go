package gen

import (
	"strings"

	"github.com/a0diff/a0diff/runtime/ast"
)

// mutate turns the valid case c into an invalid one: half the time by a change of its
// tree aimed at one validator diagnostic (or a desugaring error of §2.8), else by a
// token-level change of its text (lexer and parser errors, E_AST).
func mutate(g *generator, c *Case) {
	if g.chance(50) {
		// one to three tree mutations: several diagnostics test their order (§4.2)
		var names []string
		for n := 1 + g.weighted(6, 3, 1); n > 0; n-- {
			if mutateTree(g, c) {
				names = append(names, c.Mutation)
			}
		}
		if len(names) > 0 {
			c.Mutation = strings.Join(names, "+")
			return
		}
	}
	mutateText(g, c)
}

// treeMutations name the tree mutations; each aims at the diagnostics in its name.
var treeMutations = []string{
	"unbound-variable", "duplicate-let", "duplicate-target", "duplicate-param",
	"duplicate-fn", "stdlib-fn-name", "no-return", "block-no-return", "empty-block",
	"return-not-last", "block-return-not-last", "unknown-fn", "unknown-callback",
	"later-fn", "unknown-tool", "undeclared-cap", "call-effect", "unknown-cap",
	"cap-not-true", "unknown-budget", "budget-not-int", "duplicate-budget", "import",
	"let-shadows-binding", "let-x-equals-x", "fn-as-value",
}

// mutateTree applies one tree mutation to a copy of c's program; false when the chosen
// mutation has nothing to work on.
func mutateTree(g *generator, c *Case) bool {
	p := ast.Clone(c.Program)
	name := treeMutations[g.n(len(treeMutations))]
	last := len(p.Statements) - 1
	insertBeforeReturn := func(s ...ast.Stmt) {
		if last < 0 {
			p.Statements = append(p.Statements, s...)
			return
		}
		p.Statements = append(p.Statements[:last:last], append(s, p.Statements[last])...)
	}
	lets := func() []*ast.LetStmt { return stmtsOf[*ast.LetStmt](p.Statements) }
	fns := func() []*ast.FnDecl { return stmtsOf[*ast.FnDecl](p.Statements) }
	blocks := collectBlocks(p)
	switch name {
	case "unbound-variable":
		insertBeforeReturn(&ast.LetStmt{Name: g.fresh("u"), Value: &ast.IdentPath{Parts: []string{"undefinedVar", "field"}}})
	case "duplicate-let":
		ls := lets()
		if len(ls) == 0 {
			return false
		}
		insertBeforeReturn(&ast.LetStmt{Name: ls[g.n(len(ls))].Name, Value: intLit(1)})
	case "duplicate-target":
		ls := lets()
		if len(ls) == 0 {
			return false
		}
		insertBeforeReturn(&ast.ExprStmt{Expr: intLit(2), Target: &ast.IdentPath{Parts: []string{ls[g.n(len(ls))].Name, "x"}}})
	case "duplicate-param":
		insertBeforeReturn(&ast.FnDecl{Name: g.fresh("dup"), Params: []string{"a", "b", "a", "a"}, Body: []ast.Stmt{&ast.ReturnStmt{Value: intLit(1)}}})
	case "duplicate-fn":
		fs := fns()
		if len(fs) == 0 {
			return false
		}
		insertBeforeReturn(&ast.FnDecl{Name: fs[g.n(len(fs))].Name, Body: []ast.Stmt{&ast.ReturnStmt{Value: intLit(1)}}})
	case "stdlib-fn-name":
		insertBeforeReturn(&ast.FnDecl{Name: []string{"len", "map", "reduce", "keys", "typeof"}[g.n(5)], Params: []string{"in"}, Body: []ast.Stmt{&ast.ReturnStmt{Value: intLit(1)}}})
	case "no-return":
		if last < 0 {
			return false
		}
		p.Statements = p.Statements[:last]
	case "block-no-return", "empty-block", "block-return-not-last":
		if len(blocks) == 0 {
			return false
		}
		b := blocks[g.n(len(blocks))]
		switch name {
		case "block-no-return":
			if len(*b) == 0 {
				return false
			}
			*b = (*b)[:len(*b)-1]
			if len(*b) == 0 {
				*b = append(*b, &ast.ExprStmt{Expr: intLit(0)})
			}
		case "empty-block":
			*b = nil
		default:
			*b = append(*b, &ast.LetStmt{Name: g.fresh("after"), Value: intLit(1)})
		}
	case "return-not-last":
		p.Statements = append(p.Statements, &ast.ExprStmt{Expr: intLit(0)})
	case "unknown-fn":
		insertBeforeReturn(&ast.LetStmt{Name: g.fresh("u"), Value: call([]string{"nosuch", "str.upper", "math.abs", "Len"}[g.n(4)], "in", intLit(1))})
	case "unknown-callback":
		insertBeforeReturn(&ast.LetStmt{Name: g.fresh("u"), Value: call([]string{"map", "reduce", "filter"}[g.n(3)], "in", &ast.ListExpr{}, "fn", strLit([]string{"nosuch", "len"}[g.n(2)]))})
	case "later-fn":
		later := g.fresh("later")
		insertBeforeReturn(
			&ast.LetStmt{Name: g.fresh("u"), Value: call(later)},
			&ast.FnDecl{Name: later, Body: []ast.Stmt{&ast.ReturnStmt{Value: intLit(1)}}},
		)
	case "unknown-tool":
		insertBeforeReturn(&ast.ExprStmt{Expr: &ast.CallExpr{Tool: &ast.IdentPath{Parts: []string{"fs", []string{"delete", "readAll", "exec"}[g.n(3)]}}, Args: record("path", strLit("x"))}})
	case "undeclared-cap":
		var keep []ast.Header
		for _, h := range p.Headers {
			if _, ok := h.(*ast.CapDecl); !ok {
				keep = append(keep, h)
			}
		}
		p.Headers = keep
		insertBeforeReturn(&ast.ExprStmt{Expr: &ast.CallExpr{Tool: &ast.IdentPath{Parts: []string{"fs", "exists"}}, Args: record("path", strLit("data.txt"))}})
	case "call-effect":
		tool := []string{"fs.write", "sh.exec"}[g.n(2)]
		p.Headers = append(p.Headers, &ast.CapDecl{Capabilities: record(toolCap[tool], &ast.BoolLiteral{Value: true})})
		insertBeforeReturn(&ast.ExprStmt{Expr: &ast.CallExpr{Tool: &ast.IdentPath{Parts: strings.Split(tool, ".")}, Args: record("path", strLit("x"), "cmd", strLit("ls"))}})
	case "unknown-cap":
		p.Headers = append([]ast.Header{&ast.CapDecl{Capabilities: record([]string{"net.raw", "fs", "fs.delete", "http.post"}[g.n(4)], &ast.BoolLiteral{Value: true})}}, p.Headers...)
	case "cap-not-true":
		vals := []ast.Expr{intLit(1), &ast.BoolLiteral{Value: false}, strLit("true"), &ast.NullLiteral{}}
		p.Headers = append(p.Headers, &ast.CapDecl{Capabilities: record(allCaps[g.n(4)], vals[g.n(len(vals))], "foo", intLit(1))})
	case "unknown-budget":
		p.Headers = append(p.Headers, &ast.BudgetDecl{Budget: record([]string{"maxFoo", "timeout", "maxiterations"}[g.n(3)], intLit(1))})
	case "budget-not-int":
		vals := []ast.Expr{numberNode("1.5", true), &ast.UnaryExpr{Op: "-", Operand: intLit(5)}, numberNode("5.0", true), strLit("5"), &ast.NullLiteral{}}
		p.Headers = append(p.Headers, &ast.BudgetDecl{Budget: record([]string{"maxIterations", "maxToolCalls", "maxBytesWritten", "timeMs"}[g.n(4)], vals[g.n(len(vals))])})
	case "duplicate-budget":
		p.Headers = append(p.Headers, &ast.BudgetDecl{Budget: record("maxIterations", intLit(100))}, &ast.BudgetDecl{Budget: record("maxToolCalls", intLit(100))})
	case "import":
		p.Headers = append(p.Headers, &ast.ImportDecl{Path: "lib.a0", Alias: "lib"})
	case "let-shadows-binding":
		// let of a parameter or binder in its own block: E_DUP_BINDING
		fs := fns()
		for _, f := range fs {
			if len(f.Params) > 0 {
				f.Body = append([]ast.Stmt{&ast.LetStmt{Name: f.Params[0], Value: intLit(5)}}, f.Body...)
				break
			}
		}
		if len(fs) == 0 {
			insertBeforeReturn(&ast.LetStmt{Name: g.fresh("u"), Value: &ast.ForExpr{List: &ast.ListExpr{}, Binding: "i", Body: []ast.Stmt{&ast.LetStmt{Name: "i", Value: intLit(5)}, &ast.ReturnStmt{Value: intLit(1)}}}})
		}
	case "let-x-equals-x":
		x := g.fresh("x")
		insertBeforeReturn(&ast.LetStmt{Name: x, Value: bin("+", &ast.IdentPath{Parts: []string{x}}, intLit(1))})
	case "fn-as-value":
		fs := fns()
		if len(fs) == 0 {
			return false
		}
		insertBeforeReturn(&ast.LetStmt{Name: g.fresh("u"), Value: &ast.IdentPath{Parts: []string{fs[0].Name}}})
	}
	c.Program = p
	c.Source = ast.Print(p)
	c.Mode = InvalidTree
	c.Mutation = name
	return true
}

// stmtsOf returns the statements of list of type T, in order.
func stmtsOf[T ast.Stmt](list []ast.Stmt) []T {
	var out []T
	for _, s := range list {
		if t, ok := s.(T); ok {
			out = append(out, t)
		}
	}
	return out
}

// collectBlocks lists pointers to every nested statement list of p (not the top level).
func collectBlocks(p *ast.Program) []*[]ast.Stmt {
	var out []*[]ast.Stmt
	walkProgram(p, func(n ast.Node) { out = append(out, ast.Bodies(n)...) })
	return out
}

// textSnippets are statements that parse but fail §2.8 desugaring, or lex badly.
var textSnippets = []string{
	"let zz = if { cond: true, then: 1 }",
	"let zz = for { in: [1] } { return 1 }",
	`let zz = for { in: [1], as: "" } { return 1 }`,
	"let zz = loop { in: 0, times: 1, as: x } { return x }",
	`let zz = filter { in: [1], as: "a" + "b" } { return true }`,
	"let zz = match ({ ok: 1 }) { ok { v } { return v } ok { e } { return e } }",
	"let zz = match ({ ok: 1 }) { yes { v } { return v } err { e } { return e } }",
	"let zz = match ({ ok: 1 }) { ok { v } { return v } }",
	"let zz = match { ok: 1 } { ok { v } { return v } err { e } { return e } }",
	"let zz = 1 < 2 < 3",
	"let zz = 01",
	"let zz = 1e5",
	"let zz = 1.",
	`let zz = "a\x"`,
	"let zz = \"tab\there\"",
	"let zz = x.",
	"let zz = if (true) { return 1 }",
	"let zz = if (true) { return 1 } else if (false) { return 2 } else { return 3 }",
	"let zz = 5 -> y",
	"let zz = { a: 1 b: 2 }",
	"let zz = [1, , 2]",
	"let zz = { \"a\": 1 }",
	"let zz = { true: 1 }",
	"let as = 1",
	"fn f { a b } { return a }",
	"let zz = 1 + if (true) { return 1 } else { return 2 }",
	"cap { fs.read: true }",
	"let zz = call? fs.read { ...{ path: \"x\" } }",
	"let zz = \"unterminated",
	"let zz = 'single'",
	"let zz = a && b",
	"let zz = !true",
	"let zz = \u00a0 1",
	"let zz = 1 ;",
}

// badInserts are characters and fragments the lexer rejects or that break the grammar.
var badInserts = []string{
	"!", ";", "@", "$", "^", "|", "&", "~", "\\", "'", "`", "?", "\f", "\v", "\r", "\u00a0",
	"\uFEFF", "\u2028", "é", "😀", "01", "1e5", "1.", ".5", "\"", "\"\\x\"", "{", "}", "(", ")",
	"[", "]", ",", ":", "->", "...", "=", "call?", "else", "return", "let", "fn", "cap",
	"match", "#", "\x00", "\t\"a\tb\"",
}

// mutateText applies one token-level mutation to c's source.
func mutateText(g *generator, c *Case) {
	scratch := textScratches.Get().(*textScratch)
	scratch.toks = appendTokens(scratch.toks, c.Source)
	scratch.idx = appendSolid(scratch.idx, scratch.toks)
	defer scratch.release()
	toks, idx := scratch.toks, scratch.idx
	kinds := []string{"delete", "duplicate", "swap", "replace", "insert", "truncate", "snippet", "raw-control", "case"}
	kind := kinds[g.n(len(kinds))]
	if len(idx) == 0 {
		kind = "snippet"
	}
	pick := func() int { return idx[g.n(len(idx))] }
	switch kind {
	case "delete":
		i := pick()
		toks = append(toks[:i:i], toks[i+1:]...)
	case "duplicate":
		i := pick()
		toks = append(toks[:i+1:i+1], toks[i:]...)
	case "swap":
		k := g.n(len(idx))
		if k+1 < len(idx) {
			i, j := idx[k], idx[k+1]
			toks[i], toks[j] = toks[j], toks[i]
		}
	case "replace":
		i := pick()
		toks[i] = token{text: badInserts[g.n(len(badInserts))]}
	case "insert":
		i := pick()
		toks = append(toks[:i:i], append([]token{{text: badInserts[g.n(len(badInserts))]}}, toks[i:]...)...)
	case "truncate":
		toks = toks[:pick()]
	case "raw-control":
		// a raw control character inside a string literal: E_AST (§1.7)
		var strs []int
		for _, i := range idx {
			if strings.HasPrefix(toks[i].text, "\"") && len(toks[i].text) >= 2 {
				strs = append(strs, i)
			}
		}
		if len(strs) > 0 {
			i := strs[g.n(len(strs))]
			t := toks[i].text
			toks[i] = token{text: t[:1] + []string{"\t", "\n", "\x01", "\r\n"}[g.n(4)] + t[1:]}
			break
		}
		fallthrough
	case "snippet":
		src := c.Source
		lines := strings.Split(strings.TrimSuffix(src, "\n"), "\n")
		at := len(lines) - 1
		if at < 0 {
			at = 0
		}
		snippet := textSnippets[g.n(len(textSnippets))]
		lines = append(lines[:at:at], append([]string{snippet}, lines[at:]...)...)
		c.Source = strings.Join(lines, "\n") + "\n"
		c.Program = nil
		c.Mode = InvalidText
		c.Mutation = "snippet " + snippet
		return
	case "case":
		i := pick()
		toks[i].text = strings.ToUpper(toks[i].text)
	}
	c.Source = joinTokens(toks)
	c.Program = nil
	c.Mode = InvalidText
	c.Mutation = kind
}
