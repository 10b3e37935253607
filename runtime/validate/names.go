package validate

// nameSet is a set of names with an undo log: add records each addition so that undo can
// restore the set as it was at a mark. It models the "copy of the enclosing set" of a
// block (§4.3) without copying.
type nameSet struct {
	count map[string]int
	log   []string
}

func newNameSet() *nameSet { return &nameSet{count: map[string]int{}} }

func (s *nameSet) has(n string) bool { return s.count[n] > 0 }

func (s *nameSet) add(n string) {
	s.count[n]++
	s.log = append(s.log, n)
}

func (s *nameSet) mark() int { return len(s.log) }

func (s *nameSet) undo(m int) {
	for len(s.log) > m {
		n := s.log[len(s.log)-1]
		s.log = s.log[:len(s.log)-1]
		if s.count[n]--; s.count[n] == 0 {
			delete(s.count, n)
		}
	}
}
