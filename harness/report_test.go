package harness

import (
	"fmt"
	"reflect"
	"testing"

	"github.com/a0diff/a0diff/corpus"
)

// mm is a failed expectation at line, with what differs.
func mm(line int, actual string) corpus.Mismatch {
	return corpus.Mismatch{What: "error[0]", Line: line, Expected: "E_X - m", Actual: actual}
}

// Each go mismatch pairs with the first equal ref mismatch not paired yet ("both"); the
// rest are each side's, go's in their order, then ref's.
func TestMergedMismatches(t *testing.T) {
	tests := []struct {
		name    string
		goSide  []corpus.Mismatch
		refSide []corpus.Mismatch
		want    []sidedMismatch
	}{
		{"none", nil, nil, nil},
		{"go only", []corpus.Mismatch{mm(2, "a")}, nil, []sidedMismatch{{mm(2, "a"), "go"}}},
		{"ref only", nil, []corpus.Mismatch{mm(2, "a")}, []sidedMismatch{{mm(2, "a"), "ref"}}},
		{"both", []corpus.Mismatch{mm(2, "a")}, []corpus.Mismatch{mm(2, "a")}, []sidedMismatch{{mm(2, "a"), "both"}}},
		{"same line, different actual", []corpus.Mismatch{mm(2, "a")}, []corpus.Mismatch{mm(2, "b")},
			[]sidedMismatch{{mm(2, "a"), "go"}, {mm(2, "b"), "ref"}}},
		{"repeated mismatches pair one to one",
			[]corpus.Mismatch{mm(3, "a"), mm(3, "a"), mm(3, "a")},
			[]corpus.Mismatch{mm(3, "a"), mm(4, "c"), mm(3, "a")},
			[]sidedMismatch{{mm(3, "a"), "both"}, {mm(3, "a"), "both"}, {mm(3, "a"), "go"}, {mm(4, "c"), "ref"}}},
		{"ref order kept for the unpaired",
			[]corpus.Mismatch{mm(5, "x")},
			[]corpus.Mismatch{mm(9, "z"), mm(5, "x"), mm(7, "y")},
			[]sidedMismatch{{mm(5, "x"), "both"}, {mm(9, "z"), "ref"}, {mm(7, "y"), "ref"}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := mergedMismatches(&EntryResult{GoMismatches: tt.goSide, RefMismatches: tt.refSide})
			if (len(got) != 0 || len(tt.want) != 0) && !reflect.DeepEqual(got, tt.want) {
				t.Errorf("got %v, want %v", got, tt.want)
			}
		})
	}
}

// An entry pinning many lines that both sides fail (200 000 @expect error lines took
// 95 s to report when the pairing was quadratic).
func BenchmarkMergedMismatches(b *testing.B) {
	for _, n := range []int{1000, 100000} {
		r := &EntryResult{}
		for i := range n {
			m := corpus.Mismatch{What: fmt.Sprintf("error[%d]", i), Line: i + 2, Expected: "E_X - m", Actual: "no such diagnostic"}
			r.GoMismatches = append(r.GoMismatches, m)
			r.RefMismatches = append(r.RefMismatches, m)
		}
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			for b.Loop() {
				mergedMismatches(r)
			}
		})
	}
}
