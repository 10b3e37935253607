package worker

import "time"

// SliceQueue hands a batch worker's supervising loop its next slice of item indices —
// those a slice did not answer first, then fed ones — and sizes slices so that each is
// about Target of work: long enough that the round trip and the supervisor's wake-ups
// vanish, short enough that the items lost with a worker (run again) cost little.
type SliceQueue struct {
	target   time.Duration
	min, max int
	size     int
	pending  []int // indices to hand out before new ones
}

// NewSliceQueue returns a queue whose slices aim at target and hold minItems to
// maxItems indices; the first holds minItems.
func NewSliceQueue(target time.Duration, minItems, maxItems int) *SliceQueue {
	return &SliceQueue{target: target, min: minItems, max: maxItems, size: minItems}
}

// Take returns the next slice: pending indices first, then fed ones (waiting for the
// first only). ok is false when there are none left.
func (q *SliceQueue) Take(indices <-chan int) ([]int, bool) {
	n := min(len(q.pending), q.size)
	slice := append([]int(nil), q.pending[:n]...)
	q.pending = q.pending[n:]
	if len(slice) == 0 {
		i, ok := <-indices
		if !ok {
			return nil, false
		}
		slice = append(slice, i)
	}
	for len(slice) < q.size {
		select {
		case i, ok := <-indices:
			if !ok {
				return slice, true
			}
			slice = append(slice, i)
		default:
			return slice, true
		}
	}
	return slice, true
}

// Requeue puts indices back in front of the pending ones, in their order.
func (q *SliceQueue) Requeue(indices []int) {
	q.pending = append(indices, q.pending...)
}

// RequeueItems puts the items of groups (a slice's items not answered) back in front of
// q's pending indices, in their order; index is an item's index.
func RequeueItems[T any](q *SliceQueue, index func(T) int, groups ...[]T) {
	n := 0
	for _, g := range groups {
		n += len(g)
	}
	idx := make([]int, 0, n)
	for _, g := range groups {
		for _, it := range g {
			idx = append(idx, index(it))
		}
	}
	q.Requeue(idx)
}

// Adapt sizes the next slice for the target from the pace of the last one, which
// answered n items in took.
func (q *SliceQueue) Adapt(took time.Duration, n int) {
	if n == 0 {
		return
	}
	per := took / time.Duration(n)
	want := q.max
	if per > 0 {
		want = int(q.target / per)
	}
	// Grow at most fourfold a time: the first slices include a worker's warm-up.
	q.size = max(q.min, min(want, q.size*4, q.max))
}
