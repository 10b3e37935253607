package validate

import "slices"

// nameSet is a set of names with an undo log: add records each addition so that undo can
// restore the set as it was at a mark. It models the "copy of the enclosing set" of a
// block (§4.3) without copying.
type nameSet struct {
	log []string
	// count counts the names of log once it is longer than shortNameSet; before, has
	// reads log itself (most programs declare a few dozen names: a map per set was most
	// of what validating a generated program allocated).
	count map[string]int
}

const shortNameSet = 32

func newNameSet() *nameSet { return &nameSet{} }

func (s *nameSet) has(n string) bool {
	if s.count != nil {
		return s.count[n] > 0
	}
	return slices.Contains(s.log, n)
}

func (s *nameSet) add(n string) {
	s.log = append(s.log, n)
	switch {
	case s.count != nil:
		s.count[n]++
	case len(s.log) > shortNameSet:
		s.count = make(map[string]int, 2*len(s.log))
		for _, m := range s.log {
			s.count[m]++
		}
	}
}

func (s *nameSet) mark() int { return len(s.log) }

func (s *nameSet) undo(m int) {
	if m >= len(s.log) {
		return
	}
	if s.count != nil {
		for _, n := range s.log[m:] {
			if s.count[n]--; s.count[n] == 0 {
				delete(s.count, n)
			}
		}
	}
	s.log = s.log[:m]
}
