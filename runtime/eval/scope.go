package eval

import (
	"sync"

	"github.com/a0diff/a0diff/runtime/value"
)

// scope maps names to values and has an optional parent (spec §5.3). Most scopes hold a
// handful of names (a loop binder, a few parameters), so bindings live in a slice backed
// by room inside the scope itself (one allocation per scope) and are searched linearly;
// a scope that grows large (a long top level) adds a map index.
//
// A scope lives as long as its block unless a function declared in it, or in a block
// inside it, closes over it. Finished scopes that no function captured go back to the
// evaluator's free list (newScope, release), so a loop or a call sequence reuses a few
// scopes instead of allocating one per iteration or call.
type scope struct {
	parent   *scope
	vars     []binding
	inline   [2]binding
	index    map[string]int // built once the scope holds more than smallScope names
	captured bool           // a function closes over this scope: it is never reused
}

type binding struct {
	name string
	val  value.Value
}

const smallScope = 12

func newScope(parent *scope) *scope {
	s := &scope{parent: parent}
	s.vars = s.inline[:0]
	return s
}

// capture marks s and every enclosing scope as closed over by a function declaration.
func (s *scope) capture() {
	for c := s; c != nil && !c.captured; c = c.parent {
		c.captured = true
	}
}

// newScope returns an empty child scope of parent, reusing a released one if it can.
func (ev *evaluator) newScope(parent *scope) *scope {
	n := len(ev.freeScopes)
	if n == 0 && ev.scopeList == nil {
		ev.scopeList = freeScopeLists.Get().(*[]*scope)
		ev.freeScopes = *ev.scopeList
		n = len(ev.freeScopes)
	}
	if n == 0 {
		return newScope(parent)
	}
	s := ev.freeScopes[n-1]
	ev.freeScopes = ev.freeScopes[:n-1]
	s.parent = parent
	return s
}

// release hands back a scope whose block has finished; nothing may use s afterwards.
// A captured scope stays with the functions that closed over it.
func (ev *evaluator) release(s *scope) {
	if s.captured {
		return
	}
	clear(s.vars)
	s.vars = s.vars[:0]
	s.index = nil
	s.parent = nil
	ev.freeScopes = append(ev.freeScopes, s)
}

// freeScopeLists passes the free scopes of finished runs on to later runs
// (*[]*scope): a released scope is referenced by nothing, so a recursion 200 calls deep
// builds its 200 scopes once, not at every run.
var freeScopeLists = sync.Pool{New: func() any { return new([]*scope) }}

// maxRecycledScopes bounds the free scopes a finished run passes on.
const maxRecycledScopes = 4096

// recycleScopes hands the run's free scopes to freeScopeLists; the evaluator must not
// make or release scopes afterwards.
func (ev *evaluator) recycleScopes() {
	if ev.scopeList == nil {
		if len(ev.freeScopes) == 0 {
			return
		}
		ev.scopeList = new([]*scope)
	}
	free := ev.freeScopes
	if len(free) > maxRecycledScopes {
		clear(free[maxRecycledScopes:])
		free = free[:maxRecycledScopes]
	}
	*ev.scopeList = free
	freeScopeLists.Put(ev.scopeList)
	ev.scopeList, ev.freeScopes = nil, nil
}

// bind writes name into this scope, shadowing any outer binding.
func (s *scope) bind(name string, v value.Value) {
	if i, ok := s.find(name); ok {
		s.vars[i].val = v
		return
	}
	s.vars = append(s.vars, binding{name, v})
	switch {
	case s.index != nil:
		s.index[name] = len(s.vars) - 1
	case len(s.vars) > smallScope:
		s.index = make(map[string]int, 2*len(s.vars))
		for i, b := range s.vars {
			s.index[b.name] = i
		}
	}
}

func (s *scope) find(name string) (int, bool) {
	if s.index != nil {
		i, ok := s.index[name]
		return i, ok
	}
	for i := range s.vars {
		if s.vars[i].name == name {
			return i, true
		}
	}
	return 0, false
}

// lookup searches this scope, then its ancestors.
func (s *scope) lookup(name string) (value.Value, bool) {
	for c := s; c != nil; c = c.parent {
		if i, ok := c.find(name); ok {
			return c.vars[i].val, true
		}
	}
	return nil, false
}
