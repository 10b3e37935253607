package worker

import (
	"reflect"
	"testing"
	"time"
)

// A queue hands out indices a slice did not answer before fed ones, never more than the
// slice size, and ends when the feed is closed and nothing is pending.
func TestSliceQueueTake(t *testing.T) {
	q := NewSliceQueue(100*time.Millisecond, 2, 8)
	fed := make(chan int, 10)
	for i := range 5 {
		fed <- i
	}
	close(fed)
	var got [][]int
	take := func() {
		s, ok := q.Take(fed)
		if ok {
			got = append(got, s)
		} else {
			got = append(got, nil)
		}
	}
	take()                    // [0 1]: the first slice holds minItems
	q.Requeue([]int{1})       // 1 was not answered
	take()                    // [1 2]
	q.Requeue([]int{7, 8, 9}) // pending, in their order
	take()                    // [7 8]
	take()                    // [9 3]
	take()                    // [4]
	take()                    // nil: done
	want := [][]int{{0, 1}, {1, 2}, {7, 8}, {9, 3}, {4}, nil}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("slices %v, want %v", got, want)
	}
}

// Adapt aims a slice at the target from the last slice's pace, grows at most fourfold a
// time, and stays within the bounds.
func TestSliceQueueAdapt(t *testing.T) {
	for _, tc := range []struct {
		name     string
		took     time.Duration
		n, size  int
		wantSize int
	}{
		{"fast items grow fourfold", time.Millisecond, 4, 4, 16},
		{"capped at max", time.Microsecond, 100, 200, 256},
		{"slow items shrink to the target", 50 * time.Millisecond, 1, 100, 2},
		{"never below min", time.Second, 1, 10, 2},
		{"on target", 100 * time.Millisecond, 10, 10, 10},
		{"no answer keeps the size", time.Second, 0, 10, 10},
	} {
		q := NewSliceQueue(100*time.Millisecond, 2, 256)
		q.size = tc.size
		q.Adapt(tc.took, tc.n)
		if q.size != tc.wantSize {
			t.Errorf("%s: size %d, want %d", tc.name, q.size, tc.wantSize)
		}
	}
}

// RequeueItems puts back the items of its groups, in their order, before those pending.
func TestRequeueItems(t *testing.T) {
	type item struct{ index int }
	q := NewSliceQueue(100*time.Millisecond, 8, 8)
	q.Requeue([]int{9})
	slice := []item{{3}, {4}, {5}, {6}}
	RequeueItems(q, func(it item) int { return it.index }, slice[:1], slice[2:]) // 4 was pinned
	if got, _ := q.Take(nil); !reflect.DeepEqual(got, []int{3, 5, 6, 9}) {
		t.Errorf("took %v; want [3 5 6 9]", got)
	}
}

// A death pins the item its progress cell names; one between items (cell 0) or beyond
// the slice pins the first.
func TestBatchDeathItem(t *testing.T) {
	for _, tc := range []struct {
		position uint64
		n, want  int
	}{{1, 4, 0}, {3, 4, 2}, {4, 4, 3}, {0, 4, 0}, {5, 4, 0}} {
		if got := (&BatchDeath{Position: tc.position}).Item(tc.n); got != tc.want {
			t.Errorf("Item(%d) at position %d = %d; want %d", tc.n, tc.position, got, tc.want)
		}
	}
}
