package gen

import "slices"

// scope mirrors the validator's view of one statement list (spec §4.3): the names it
// declared, and through its parent chain everything visible at the point being
// generated. Function bodies are generated at their declaration point, so the chain is
// exactly what the body may see.
type scope struct {
	parent *scope
	vars   []*varInfo
	fns    []*fnInfo
	// locals are the names a let, a -> target or a nested fn may not reuse in this list.
	locals nameList
	// fn is set on the scope of a function body: its own declaration (for the guarded
	// self-call of a recursive function).
	fn *fnInfo
	// limit is the call limit of the code in this scope: user functions whose name rank
	// is below it may be called (see fnInfo). Top-level code has no limit.
	limit int
	// top is set on the program's scope.
	top bool
}

type varInfo struct {
	name string
	t    *typ
}

// fnInfo is a declared user function. Calls between functions must not form cycles:
// every name gets a rank when first declared, and a function body may only call names of
// a lower rank than its limit, or functions declared inside itself. A new function's limit
// is the lower of its own rank and the limit of the code it is declared in; a
// redeclaration of an existing name (the global registry of §5.10) may not call user
// functions at all. With every call lowering the limit or going deeper into
// the declaration tree, no call chain can come back, and recursion happens only through
// the guarded self-call.
type fnInfo struct {
	name   string
	params []string
	ptypes []*typ
	ret    *typ
	rank   int // the name's rank
	limit  int
	// guard is the recursion counter parameter of a recursive function ("" otherwise).
	guard string
	// replacement: this declaration reuses a name declared elsewhere.
	replacement bool
	// depth is the nesting depth of the declaration (0 at top level).
	depth int
}

const noLimit = 1 << 30

func newScope(parent *scope) *scope {
	s := &scope{parent: parent, limit: noLimit}
	if parent != nil {
		s.limit = parent.limit
	}
	return s
}

func (s *scope) addVar(name string, t *typ) *varInfo {
	v := &varInfo{name: name, t: t}
	s.vars = append(s.vars, v)
	s.locals.add(name)
	return v
}

// nameList is a small set of names (a statement list declares a few): a list searched
// in order (a map per scope was about 3 % of the bytes generating a case allocated).
type nameList []string

func (l nameList) has(name string) bool { return slices.Contains(l, name) }

func (l *nameList) add(name string) {
	if !l.has(name) {
		*l = append(*l, name)
	}
}

// visibleVars lists the variables visible in s, innermost first, without the ones an
// inner declaration shadows.
func (s *scope) visibleVars() []*varInfo {
	var out []*varInfo
	seen := map[string]bool{}
	for sc := s; sc != nil; sc = sc.parent {
		for i := len(sc.vars) - 1; i >= 0; i-- {
			v := sc.vars[i]
			if seen[v.name] {
				continue
			}
			seen[v.name] = true
			out = append(out, v)
		}
	}
	return out
}

// visibleFns lists the functions visible in s.
func (s *scope) visibleFns() []*fnInfo {
	var out []*fnInfo
	for sc := s; sc != nil; sc = sc.parent {
		out = append(out, sc.fns...)
	}
	return out
}

// isVisibleFn reports whether a function called name is visible in s.
func (s *scope) isVisibleFn(name string) bool {
	for sc := s; sc != nil; sc = sc.parent {
		for _, f := range sc.fns {
			if f.name == name {
				return true
			}
		}
	}
	return false
}

// enclosingFn is the innermost function whose body s is part of.
func (s *scope) enclosingFn() *fnInfo {
	for sc := s; sc != nil; sc = sc.parent {
		if sc.fn != nil {
			return sc.fn
		}
	}
	return nil
}

// callable lists the visible functions code in s may call without risking a cycle:
// those whose rank is below the limit, and those declared inside the enclosing function
// (deeper in the declaration tree) unless they are redeclarations.
func (s *scope) callable() []*fnInfo {
	var out []*fnInfo
	self := s.enclosingFn()
	for _, f := range s.visibleFns() {
		if f == self {
			continue
		}
		if f.rank < s.limit || (self != nil && f.depth > self.depth && !f.replacement && f.rank > self.rank) {
			out = append(out, f)
		}
	}
	return out
}
