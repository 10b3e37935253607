package eval

import "github.com/a0diff/a0diff/runtime/value"

// scope maps names to values and has an optional parent (spec §5.3). Most scopes hold a
// handful of names (a loop binder, a few parameters), so they are kept as parallel slices
// searched linearly; a scope that grows large (a long top level) switches to a map.
type scope struct {
	parent *scope
	names  []string
	vals   []value.Value
	index  map[string]int // built once the scope holds more than smallScope names
}

const smallScope = 12

func newScope(parent *scope) *scope { return &scope{parent: parent} }

// bind writes name into this scope, shadowing any outer binding.
func (s *scope) bind(name string, v value.Value) {
	if i, ok := s.find(name); ok {
		s.vals[i] = v
		return
	}
	s.names = append(s.names, name)
	s.vals = append(s.vals, v)
	switch {
	case s.index != nil:
		s.index[name] = len(s.names) - 1
	case len(s.names) > smallScope:
		s.index = make(map[string]int, 2*len(s.names))
		for i, n := range s.names {
			s.index[n] = i
		}
	}
}

func (s *scope) find(name string) (int, bool) {
	if s.index != nil {
		i, ok := s.index[name]
		return i, ok
	}
	for i, n := range s.names {
		if n == name {
			return i, true
		}
	}
	return 0, false
}

// lookup searches this scope, then its ancestors.
func (s *scope) lookup(name string) (value.Value, bool) {
	for c := s; c != nil; c = c.parent {
		if i, ok := c.find(name); ok {
			return c.vals[i], true
		}
	}
	return nil, false
}
