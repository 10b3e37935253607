package reduce

import (
	"math"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/a0diff/a0diff/runtime/ast"
)

// simplify runs the simplification passes until none of them changes the program. Each
// accepted edit makes the program strictly smaller in the order of programCost, so the
// loop ends.
func (r *reducer) simplify() {
	passes := []func() bool{
		r.hoistOrLiteral,
		r.inlineLets,
		r.inlineCalls,
		r.flattenBlocks,
		r.dropTargets,
		r.dropUnusedParams,
		r.simplifyLiterals,
		r.renameNames,
	}
	for progress := true; progress && !r.stopped(); {
		progress = false
		for _, pass := range passes {
			if pass() {
				progress = true
			}
		}
	}
}

// literals are the replacements tried for an expression, simplest first.
func literals() []ast.Expr {
	return []ast.Expr{
		&ast.NullLiteral{},
		&ast.IntLiteral{Value: 0},
		&ast.StrLiteral{Value: ""},
		&ast.BoolLiteral{Value: false},
		&ast.BoolLiteral{Value: true},
		&ast.ListExpr{},
		&ast.RecordExpr{},
	}
}

func isLiteral(e ast.Expr) bool {
	switch e.(type) {
	case *ast.NullLiteral, *ast.IntLiteral, *ast.FloatLiteral, *ast.StrLiteral, *ast.BoolLiteral:
		return true
	}
	return false
}

// hoistOrLiteral replaces each expression by one of its parts (an operand, a branch, an
// argument value, …), or by a shorter path, or else by a literal.
func (r *reducer) hoistOrLiteral() bool {
	changed := false
	for _, sl := range allSlots(r.prog) {
		e := sl.get()
		if ast.IsNil(e) || isLiteral(e) {
			continue
		}
		var candidates []ast.Expr
		kids := ast.StandIns(e)
		candidates = append(candidates, kids...)
		for _, k := range kids { // then grandchildren: str.concat { parts: [x] } → x
			candidates = append(candidates, ast.StandIns(k)...)
		}
		if p, ok := e.(*ast.IdentPath); ok {
			for n := len(p.Parts) - 1; n >= 1; n-- {
				candidates = append(candidates, &ast.IdentPath{Parts: append([]string(nil), p.Parts[:n]...)})
			}
		}
		candidates = append(candidates, literals()...)
		for _, c := range candidates {
			if r.trySmaller(func() func() { return sl.replace(c) }) {
				changed = true
				break
			}
		}
	}
	return changed
}

// simplifyLiterals shortens strings and lowers numbers.
func (r *reducer) simplifyLiterals() bool {
	changed := false
	for _, sl := range allSlots(r.prog) {
		for _, c := range simplerLiterals(sl.get()) {
			if r.trySmaller(func() func() { return sl.replace(c) }) {
				changed = true
				break
			}
		}
	}
	return changed
}

// simplerLiterals proposes smaller versions of a literal: the empty string, halves and
// single-character deletions of a string; 0, 1 and halves of a number.
func simplerLiterals(e ast.Expr) []ast.Expr {
	var out []ast.Expr
	switch e := e.(type) {
	case *ast.StrLiteral:
		s := e.Value
		if s == "" {
			return nil
		}
		seen := map[string]bool{s: true}
		add := func(v string) {
			if !seen[v] && utf8.ValidString(v) {
				seen[v] = true
				out = append(out, &ast.StrLiteral{Value: v})
			}
		}
		add("")
		runes := []rune(s)
		add(string(runes[:len(runes)/2]))
		add(string(runes[len(runes)/2:]))
		if len(runes) <= 16 {
			for i := range runes {
				add(string(runes[:i]) + string(runes[i+1:]))
			}
		}
	case *ast.IntLiteral:
		v := e.Value
		for _, c := range []float64{0, 1, math.Trunc(v / 2), v - 1} {
			if c >= 0 && c < v && !math.IsInf(c, 0) {
				out = append(out, &ast.IntLiteral{Value: c})
			}
		}
	case *ast.FloatLiteral:
		v := e.Value
		out = append(out, &ast.IntLiteral{Value: 0}, &ast.IntLiteral{Value: 1})
		if t := math.Trunc(v); !math.IsInf(v, 0) && t >= 0 && t < 1e21 {
			out = append(out, &ast.IntLiteral{Value: t})
		}
	}
	return out
}

// inlineLets replaces `let x = E` and the later plain references `x` of the same
// statement list (and of the blocks below it) by E itself.
func (r *reducer) inlineLets() bool {
	changed := false
	for _, list := range stmtLists(r.prog) {
		for i := 0; i < len(*list); i++ {
			let, ok := (*list)[i].(*ast.LetStmt)
			if !ok {
				continue
			}
			if r.trySmaller(func() func() { return inlineLet(list, i, let) }) {
				changed = true
				i--
			}
		}
	}
	return changed
}

// inlineLet makes the edit of inlineLets for the let at index i of *list. A dotted
// reference x.k… is inlined too when the value is a record literal with the key k (the
// field's value, or a path extending it).
func inlineLet(list *[]ast.Stmt, i int, let *ast.LetStmt) func() {
	var undos []func()
	for _, s := range (*list)[i+1:] {
		for _, sl := range allSlots(s) {
			if p, ok := sl.get().(*ast.IdentPath); ok && len(p.Parts) > 0 && p.Parts[0] == let.Name {
				if v := resolvePath(let.Value, p.Parts[1:]); v != nil {
					undos = append(undos, sl.replace(ast.Clone(v)))
				}
			}
		}
	}
	old := *list
	*list = append(append([]ast.Stmt(nil), old[:i]...), old[i+1:]...)
	return func() {
		*list = old
		for _, u := range undos {
			u()
		}
	}
}

// resolvePath is the expression that reading the path keys from the value of e denotes,
// when that can be written without evaluating: e itself, a field of a record literal
// (the last pair with the key, as records keep the last value), or a longer path. It
// returns nil otherwise.
func resolvePath(e ast.Expr, keys []string) ast.Expr {
	for i, k := range keys {
		switch v := e.(type) {
		case *ast.RecordExpr:
			var found ast.Expr
			for _, en := range v.Pairs {
				switch en := en.(type) {
				case *ast.RecordPair:
					if en.Key == k {
						found = en.Value
					}
				case *ast.SpreadPair:
					return nil // the spread may hold the key
				}
			}
			if found == nil {
				return nil
			}
			e = found
		case *ast.IdentPath:
			return &ast.IdentPath{Parts: append(append([]string(nil), v.Parts...), keys[i:]...)}
		default:
			return nil
		}
	}
	return e
}

// inlineCalls replaces a call of a user function whose body is just `return E` by E,
// with the function's parameters replaced by the call's arguments (null when absent).
// The declaration goes in the same edit when no other call (or callback name) is left.
func (r *reducer) inlineCalls() bool {
	changed := false
	for _, sl := range allSlots(r.prog) {
		call, ok := sl.get().(*ast.FnCallExpr)
		if !ok || call.Name == nil || len(call.Name.Parts) != 1 || call.Args == nil {
			continue
		}
		list, fn := findFn(r.prog, call.Name.Parts[0])
		if fn == nil || len(fn.Body) != 1 {
			continue
		}
		ret, ok := fn.Body[0].(*ast.ReturnStmt)
		if !ok {
			continue
		}
		body := substitute(ret.Value, fn.Params, call.Args)
		if body == nil {
			continue
		}
		if r.trySmaller(func() func() {
			undoCall := sl.replace(body)
			if calls(r.prog, fn.Name) > 0 || hasString(r.prog, fn.Name) {
				return undoCall
			}
			old := *list
			*list = slices.DeleteFunc(slices.Clone(old), func(s ast.Stmt) bool { return s == ast.Stmt(fn) })
			return func() {
				*list = old
				undoCall()
			}
		}) {
			changed = true
		}
	}
	return changed
}

// findFn returns the one declaration of the function name and the statement list
// holding it (nil when there is none or more than one: the registry then depends on
// which ran last).
func findFn(p *ast.Program, name string) (*[]ast.Stmt, *ast.FnDecl) {
	var list *[]ast.Stmt
	var fn *ast.FnDecl
	count := 0
	for _, l := range stmtLists(p) {
		for _, s := range *l {
			if f, ok := s.(*ast.FnDecl); ok && f.Name == name {
				list, fn = l, f
				count++
			}
		}
	}
	if count != 1 {
		return nil, nil
	}
	return list, fn
}

// calls counts the direct calls of the user function name.
func calls(p *ast.Program, name string) int {
	n := 0
	walk(p, func(nd ast.Node) {
		if c, ok := nd.(*ast.FnCallExpr); ok && c.Name != nil && len(c.Name.Parts) == 1 && c.Name.Parts[0] == name {
			n++
		}
	})
	return n
}

// substitute returns a copy of e with the parameters replaced by the values args
// gives them (null when absent), or nil when an argument cannot be told statically (a
// spread) or a path reads into an absent one.
func substitute(e ast.Expr, params []string, args *ast.RecordExpr) ast.Expr {
	values := map[string]ast.Expr{}
	for _, en := range args.Pairs {
		switch en := en.(type) {
		case *ast.RecordPair:
			values[en.Key] = en.Value
		default:
			return nil
		}
	}
	holder := &ast.ReturnStmt{Value: ast.Clone(e)}
	for _, sl := range allSlots(holder) {
		p, ok := sl.get().(*ast.IdentPath)
		if !ok || len(p.Parts) == 0 || !slices.Contains(params, p.Parts[0]) {
			continue
		}
		v, ok := values[p.Parts[0]]
		if !ok {
			if len(p.Parts) > 1 {
				return nil
			}
			sl.set(&ast.NullLiteral{})
			continue
		}
		resolved := resolvePath(v, p.Parts[1:])
		if resolved == nil {
			return nil
		}
		sl.set(ast.Clone(resolved))
	}
	return holder.Value
}

// flattenBlocks replaces a statement whose expression is a block form (if, for, try,
// match, …) by the statements of one of its blocks, followed by the statement itself
// with the block's returned value in place of the block form:
//
//	let x = if (c) { let y = 1 return y } else { … }   →   let y = 1  let x = y
func (r *reducer) flattenBlocks() bool {
	changed := false
	for _, list := range stmtLists(r.prog) {
		for i := 0; i < len(*list); i++ {
			sl := stmtExpr((*list)[i])
			if sl == nil {
				continue
			}
			for _, body := range blocks(sl.get()) {
				if len(body) == 0 {
					continue
				}
				ret, ok := body[len(body)-1].(*ast.ReturnStmt)
				if !ok {
					continue
				}
				if r.trySmaller(func() func() { return flatten(list, i, *sl, body[:len(body)-1], ret.Value) }) {
					changed = true
					break
				}
			}
		}
	}
	return changed
}

func flatten(list *[]ast.Stmt, i int, sl slot, lead []ast.Stmt, value ast.Expr) func() {
	old := *list
	undoValue := sl.replace(value)
	var out []ast.Stmt
	out = append(out, old[:i]...)
	out = append(out, lead...)
	out = append(out, old[i:]...)
	*list = out
	return func() {
		*list = old
		undoValue()
	}
}

// dropTargets removes `-> target` from expression statements, and turns a `let` whose
// name nothing mentions (kept for its effect: a tool call, a trace event) into an
// expression statement.
func (r *reducer) dropTargets() bool {
	changed := false
	walk(r.prog, func(n ast.Node) {
		if s, ok := n.(*ast.ExprStmt); ok && s.Target != nil {
			if r.trySmaller(func() func() {
				old := s.Target
				s.Target = nil
				return func() { s.Target = old }
			}) {
				changed = true
			}
		}
	})
	for _, list := range stmtLists(r.prog) {
		for i, s := range *list {
			let, ok := s.(*ast.LetStmt)
			if !ok || mentions(r.prog.Statements, let.Name) {
				continue
			}
			if r.trySmaller(func() func() {
				(*list)[i] = &ast.ExprStmt{Expr: let.Value}
				return func() { (*list)[i] = let }
			}) {
				changed = true
			}
		}
	}
	return changed
}

// dropUnusedParams removes a parameter its function's body never mentions, together
// with the matching argument of every call of the function.
func (r *reducer) dropUnusedParams() bool {
	changed := false
	var fns []*ast.FnDecl
	walk(r.prog, func(n ast.Node) {
		if f, ok := n.(*ast.FnDecl); ok {
			fns = append(fns, f)
		}
	})
	for _, f := range fns {
		for i := 0; i < len(f.Params); i++ {
			if mentions(f.Body, f.Params[i]) {
				continue
			}
			if r.trySmaller(func() func() { return dropParam(r.prog, f, i) }) {
				changed = true
				i--
			}
		}
	}
	return changed
}

// mentions reports whether a variable path in body starts with name.
func mentions(body []ast.Stmt, name string) bool {
	found := false
	for _, s := range body {
		walk(s, func(n ast.Node) {
			if p, ok := n.(*ast.IdentPath); ok && len(p.Parts) > 0 && p.Parts[0] == name {
				found = true
			}
		})
	}
	return found
}

func dropParam(p *ast.Program, f *ast.FnDecl, i int) func() {
	name := f.Params[i]
	oldParams := f.Params
	f.Params = append(append([]string(nil), oldParams[:i]...), oldParams[i+1:]...)
	var undos []func()
	walk(p, func(n ast.Node) {
		call, ok := n.(*ast.FnCallExpr)
		if !ok || call.Name == nil || len(call.Name.Parts) != 1 || call.Name.Parts[0] != f.Name || call.Args == nil {
			return
		}
		args := call.Args
		old := args.Pairs
		var kept []ast.RecordEntry
		for _, e := range old {
			if pair, ok := e.(*ast.RecordPair); ok && pair.Key == name {
				continue
			}
			kept = append(kept, e)
		}
		args.Pairs = kept
		undos = append(undos, func() { args.Pairs = old })
	})
	return func() {
		f.Params = oldParams
		for _, u := range undos {
			u()
		}
	}
}

// renameNames renames each user name — variable, function, parameter, binder, record
// key — to the shortest name the program does not use yet, everywhere at once: in
// declarations, paths, record keys (except those of headers and of the argument records
// of stdlib, tool and evidence calls, whose keys are fixed) and, when that keeps the
// divergence, string literals naming it (callback names such as fn: "f").
func (r *reducer) renameNames() bool {
	changed := false
	for _, old := range userNames(r.prog) {
		used := allNames(r.prog)
		if !used[old] {
			continue // renamed away with an earlier name
		}
		short := shortestUnused(used)
		if len(short) >= len(old) {
			continue
		}
		fixed := fixedKeys(r.prog)
		if r.trySmaller(func() func() { return rename(r.prog, fixed, old, short, true) }) ||
			hasString(r.prog, old) && r.trySmaller(func() func() { return rename(r.prog, fixed, old, short, false) }) {
			changed = true
		}
	}
	return changed
}

// hasString reports whether a string literal of p is exactly s.
func hasString(p *ast.Program, s string) bool {
	found := false
	walk(p, func(n ast.Node) {
		if lit, ok := n.(*ast.StrLiteral); ok && lit.Value == s {
			found = true
		}
	})
	return found
}

// userNames lists the names a program declares or uses as free record keys, longest
// first.
func userNames(p *ast.Program) []string {
	fixed := fixedKeys(p)
	seen := map[string]bool{}
	var out []string
	add := func(s string) {
		if s != "" && ast.IsIdent(s) && !seen[s] {
			seen[s] = true
			out = append(out, s)
		}
	}
	walk(p, func(n ast.Node) {
		for _, name := range ast.DeclaredNames(n) {
			add(*name)
		}
		switch n := n.(type) {
		case *ast.ExprStmt:
			if n.Target != nil {
				for _, s := range n.Target.Parts {
					add(s)
				}
			}
		case *ast.RecordPair:
			if !fixed[n] {
				for _, s := range strings.Split(n.Key, ".") {
					add(s)
				}
			}
		}
	})
	// Longest first: renaming them saves the most.
	for i := 1; i < len(out); i++ {
		for j := i; j > 0 && len(out[j]) > len(out[j-1]); j-- {
			out[j], out[j-1] = out[j-1], out[j]
		}
	}
	return out
}

// fixedKeys are the record pairs whose keys have a meaning of their own: header
// entries and the arguments of stdlib functions, tools, assert and check.
func fixedKeys(p *ast.Program) map[*ast.RecordPair]bool {
	userFns := map[string]bool{}
	walk(p, func(n ast.Node) {
		if f, ok := n.(*ast.FnDecl); ok {
			userFns[f.Name] = true
		}
	})
	fixed := map[*ast.RecordPair]bool{}
	mark := func(rec *ast.RecordExpr) {
		if rec == nil {
			return
		}
		for _, e := range rec.Pairs {
			if pair, ok := e.(*ast.RecordPair); ok {
				fixed[pair] = true
			}
		}
	}
	for rec := range headerRecords(p) {
		mark(rec)
	}
	walk(p, func(n ast.Node) {
		args := ast.Args(n)
		if args == nil {
			return
		}
		if f, ok := n.(*ast.FnCallExpr); ok && f.Name != nil && len(f.Name.Parts) == 1 && userFns[f.Name.Parts[0]] {
			return // a user function's parameters are names of the program
		}
		mark(args)
	})
	return fixed
}

// headerRecords are the records of p's headers (a cap or budget header's entries).
func headerRecords(p *ast.Program) map[*ast.RecordExpr]bool {
	out := map[*ast.RecordExpr]bool{}
	for _, h := range p.Headers {
		for _, c := range ast.Children(h) {
			if rec, ok := c.(*ast.RecordExpr); ok {
				out[rec] = true
			}
		}
	}
	return out
}

// allNames is every name-like word of the program: declared names, path segments, keys,
// and string literal values, so that a new name collides with none of them.
func allNames(p *ast.Program) map[string]bool {
	used := map[string]bool{}
	renameWalk(p, nil, func(s *string) {
		for _, part := range strings.Split(*s, ".") {
			used[part] = true
		}
	}, func(s *string) { used[*s] = true })
	return used
}

// shortestUnused returns the first of a, b, …, z, aa, ab, … that is an identifier and
// not in used.
func shortestUnused(used map[string]bool) string {
	for length := 1; ; length++ {
		name := make([]byte, length)
		var gen func(i int) string
		gen = func(i int) string {
			if i == length {
				s := string(name)
				if ast.IsIdent(s) && !used[s] {
					return s
				}
				return ""
			}
			for c := byte('a'); c <= 'z'; c++ {
				name[i] = c
				if s := gen(i + 1); s != "" {
					return s
				}
			}
			return ""
		}
		if s := gen(0); s != "" {
			return s
		}
	}
}

// rename replaces the name old by name everywhere renameWalk reaches outside the fixed
// record pairs (dotted keys and paths segment by segment), in string literals too when
// strs is set, and returns the undo function.
func rename(p *ast.Program, fixed map[*ast.RecordPair]bool, old, name string, strs bool) func() {
	var undos []func()
	set := func(s *string, v string) {
		prev := *s
		*s = v
		undos = append(undos, func() { *s = prev })
	}
	var str func(*string)
	if strs {
		str = func(s *string) {
			if *s == old {
				set(s, name)
			}
		}
	}
	renameWalk(p, fixed, func(s *string) {
		parts := strings.Split(*s, ".")
		hit := false
		for i, part := range parts {
			if part == old {
				parts[i], hit = name, true
			}
		}
		if hit {
			set(s, strings.Join(parts, "."))
		}
	}, str)
	return func() {
		for i := len(undos) - 1; i >= 0; i-- {
			undos[i]()
		}
	}
}

// renameWalk calls name on every name field of the tree that renaming may change
// (declared names, binders, user function names, path segments, record keys outside
// headers and skip; dotted ones whole) and str, when not nil, on every string literal.
// Tool paths, stdlib function names and header keys are left alone.
func renameWalk(p *ast.Program, skip map[*ast.RecordPair]bool, name func(*string), str func(*string)) {
	paths := func(ip *ast.IdentPath) {
		if ip == nil {
			return
		}
		for i := range ip.Parts {
			name(&ip.Parts[i])
		}
	}
	header := headerRecords(p)
	walk(p, func(n ast.Node) {
		for _, s := range ast.DeclaredNames(n) {
			name(s)
		}
		// Variable paths are renamed below; tool and function names are reached through
		// their parents.
		switch n := n.(type) {
		case *ast.ExprStmt:
			paths(n.Target)
		case *ast.FnCallExpr:
			if n.Name != nil && len(n.Name.Parts) == 1 {
				name(&n.Name.Parts[0])
			}
		case *ast.RecordExpr:
			if header[n] {
				return
			}
			for _, e := range n.Pairs {
				if pair, ok := e.(*ast.RecordPair); ok && !skip[pair] {
					name(&pair.Key)
				}
			}
		case *ast.StrLiteral:
			if str != nil {
				str(&n.Value)
			}
		}
	})
	// Variable paths are the IdentPaths in expression slots (not tool or function
	// names, not arrow targets).
	for _, sl := range allSlots(p) {
		if ip, ok := sl.get().(*ast.IdentPath); ok {
			paths(ip)
		}
	}
}
