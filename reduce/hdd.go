package reduce

import (
	"unicode/utf8"

	"github.com/a0diff/a0diff/runtime/ast"
	"github.com/a0diff/a0diff/runtime/outcome"
)

// reduceAST runs delta debugging and the simplification passes until a whole round
// changes nothing: the program is then 1-minimal for every sequence of the tree and of
// the configuration, and no simplification applies.
func (r *reducer) reduceAST() {
	for !r.stopped() {
		r.changed = false
		r.phase = "fixtures"
		r.reduceConfig()
		r.phase = "delta debugging"
		r.hdd()
		r.phase = "simplifying"
		r.simplify()
		if !r.changed {
			return
		}
	}
}

// hdd is hierarchical delta debugging: the sequences of the tree are reduced level by
// level, parents before children, so that removing a statement early saves the work of
// reducing inside it. Two shortcuts come first: the returned value's own fields or
// elements, and all dead declarations at once.
func (r *reducer) hdd() {
	// The value the program returns decides most of its outcome: shrinking it first
	// leaves most statements dead, so the top level then goes in a few large chunks.
	if n := len(r.prog.Statements); n > 0 {
		if ret, ok := r.prog.Statements[n-1].(*ast.ReturnStmt); ok {
			for _, s := range nodeSeqs(ret.Value) {
				r.ddmin(s)
			}
		}
	}
	r.try(r.dropDeadCode)
	level := []ast.Node{r.prog}
	for len(level) > 0 && !r.stopped() {
		var next []ast.Node
		for _, n := range level {
			for _, s := range nodeSeqs(n) {
				r.ddmin(s)
			}
			next = append(next, ast.Children(n)...)
		}
		level = next
	}
}

// dropDeadCode removes, in one edit, every let and function declaration whose name
// nothing else mentions, transitively (a declaration used only by dead ones is dead):
// one run instead of the many ddmin needs to find each. The names are matched without
// regard to scopes, which errs on the side of keeping.
func (r *reducer) dropDeadCode() func() {
	lists := stmtLists(r.prog)
	old := make([][]ast.Stmt, len(lists))
	for i, l := range lists {
		old[i] = *l
	}
	for {
		used := map[string]bool{}
		walk(r.prog, func(n ast.Node) {
			switch n := n.(type) {
			case *ast.FnCallExpr:
				if n.Name != nil && len(n.Name.Parts) > 0 {
					used[n.Name.Parts[0]] = true
				}
			case *ast.StrLiteral:
				used[n.Value] = true // a callback name: map { fn: "f" }
			}
		})
		for _, sl := range allSlots(r.prog) {
			if p, ok := sl.get().(*ast.IdentPath); ok && len(p.Parts) > 0 {
				used[p.Parts[0]] = true
			}
		}
		removed := false
		for _, l := range lists {
			kept := (*l)[:0:0]
			for _, s := range *l {
				// A let's or a function's own name comes first among the names it declares.
				if names := ast.DeclaredNames(s); len(names) > 0 && !used[*names[0]] {
					removed = true
					continue
				}
				kept = append(kept, s)
			}
			*l = kept
		}
		if !removed {
			break
		}
	}
	return func() {
		for i, l := range lists {
			*l = old[i]
		}
	}
}

// reduceConfig reduces the host configuration: allowed capabilities, files, HTTP
// answers, shell results, and the working directory.
func (r *reducer) reduceConfig() {
	fx := &r.cfg.Fixtures
	for _, s := range []seq{
		sliceSeq("allowed capability", &r.cfg.Allow),
		sliceSeq("file", &fx.Files),
		sliceSeq("http answer", &fx.HTTP),
		sliceSeq("shell result", &fx.Shell),
	} {
		r.ddmin(s)
	}
	if r.cfg.Allow != nil && len(r.cfg.Allow) == 0 {
		r.try(func() func() { // no @allow line at all rather than an empty one
			r.cfg.Allow = nil
			return func() { r.cfg.Allow = []string{} }
		})
	}
	if fx.Cwd != "" {
		r.try(func() func() {
			old := fx.Cwd
			fx.Cwd = ""
			return func() { fx.Cwd = old }
		})
	}
	// Shorten what the tools hand back (each try is strictly shorter, so this ends).
	var texts []*string
	for i := range fx.Files {
		texts = append(texts, &fx.Files[i].Content)
	}
	for i := range fx.HTTP {
		texts = append(texts, &fx.HTTP[i].Body)
	}
	for i := range fx.Shell {
		texts = append(texts, &fx.Shell[i].Stdout, &fx.Shell[i].Stderr)
	}
	for _, p := range texts {
		r.shortenText(p)
	}
}

// shortenText tries the empty text and then halves of *p, as long as one keeps the
// divergence.
func (r *reducer) shortenText(p *string) {
	set := func(v string) func() func() {
		return func() func() {
			old := *p
			*p = v
			return func() { *p = old }
		}
	}
	if *p == "" || r.try(set("")) {
		return
	}
	for len(*p) > 1 && !r.stopped() {
		half := len(*p) / 2
		for half > 0 && !utf8.RuneStart((*p)[half]) {
			half-- // cut between characters: the entry writes the text as JSON
		}
		if half == 0 {
			return
		}
		if !r.try(set((*p)[:half])) && !r.try(set((*p)[half:])) {
			return
		}
	}
}

// ddmin removes elements of s while the program keeps diverging: first all of them, then
// complements of ever smaller chunks (Zeller's ddmin, testing complements only), ending
// with every single element. When it returns without having changed s, no single element
// of s can be removed. The complements of one round are run several at a time
// (firstInteresting), the first one in order that keeps the divergence wins, so the
// result is the same as with one at a time.
func (r *reducer) ddmin(s seq) {
	if s.len() == 0 || r.stopped() {
		return
	}
	if r.try(func() func() { return s.keep(nil) }) {
		return
	}
	gran, start := 2, 0
	for n := s.len(); n >= 2 && !r.stopped(); n = s.len() {
		gran = min(gran, n)
		chunks := split(n, gran)
		at := func(k int) chunk { return chunks[(start+k)%len(chunks)] }
		k := r.firstInteresting(len(chunks), func(k int) (string, outcome.Config) {
			// Removing at least one element always changes the printed program (or the
			// configuration), so no candidate here is the current program itself.
			undo := s.keep(complement(n, at(k)))
			defer undo()
			return r.current(), copyConfig(r.cfg) // the seq may be the configuration's
		})
		if k >= 0 {
			s.keep(complement(n, at(k)))
			r.changed = true
			gran = max(gran-1, 2)
			start = (start + k) % len(chunks) // continue where the removed chunk was
			continue
		}
		if gran >= n {
			return
		}
		gran, start = min(2*gran, n), 0
	}
}

// chunk is the half-open index range [lo, hi).
type chunk struct{ lo, hi int }

// split divides n elements into gran chunks of nearly equal size.
func split(n, gran int) []chunk {
	out := make([]chunk, 0, gran)
	lo := 0
	for i := range gran {
		hi := lo + (n-lo)/(gran-i)
		out = append(out, chunk{lo, hi})
		lo = hi
	}
	return out
}

// complement lists the indices of n elements outside c.
func complement(n int, c chunk) []int {
	out := make([]int, 0, n-(c.hi-c.lo))
	for i := range n {
		if i < c.lo || i >= c.hi {
			out = append(out, i)
		}
	}
	return out
}
