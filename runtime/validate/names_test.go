package validate

import (
	"fmt"
	"testing"
)

// TestNameSet: a nameSet answers as a counted set with an undo log would, below and
// above the length at which it starts counting in a map, names added twice included.
func TestNameSet(t *testing.T) {
	for _, n := range []int{3, shortNameSet, shortNameSet + 1, 3 * shortNameSet} {
		s := newNameSet()
		want := map[string]int{}
		name := func(i int) string { return fmt.Sprintf("v%d", i%(n/2+1)) } // every name twice
		check := func(when string) {
			t.Helper()
			for i := 0; i < n+3; i++ {
				if got := s.has(name(i)); got != (want[name(i)] > 0) {
					t.Fatalf("n=%d, %s: has(%s) = %v", n, when, name(i), got)
				}
			}
		}
		marks := []int{}
		for i := 0; i < n; i++ {
			if i%5 == 0 {
				marks = append(marks, s.mark())
			}
			s.add(name(i))
			want[name(i)]++
			check(fmt.Sprintf("after %d adds", i+1))
		}
		for k := len(marks) - 1; k >= 0; k-- {
			for _, m := range s.log[marks[k]:] {
				want[m]--
			}
			s.undo(marks[k])
			check(fmt.Sprintf("after undo to %d", marks[k]))
		}
	}
}
