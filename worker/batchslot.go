package worker

import "errors"

// BatchSlot keeps the batch worker of one supervising goroutine: it starts the next
// worker in the background as soon as one is known to be needed (after a death), so that
// the start overlaps what the supervisor does meanwhile (the re-run of the case the death
// pinned); and it replaces a worker for the growth it keeps, never for what it holds at
// rest.

// BatchSlotStats count what a BatchSlot did.
type BatchSlotStats struct {
	// Started counts the workers taken into service and those that ended while they
	// started (DiedStarting, say by a kill from outside); Recycled those replaced for the
	// memory they kept.
	Started, DiedStarting, Recycled int
}

// BatchSlot is one goroutine's batch worker and its successor. It is not safe for
// concurrent use.
type BatchSlot struct {
	cfg   BatchConfig
	b     *Batch
	next  chan startedBatch // a worker starting in the background
	stats BatchSlotStats
	// broken is the error of a start believed (batchStartAttempts failed): the slot
	// starts no more workers, and its caller runs its items another way.
	broken error
}

type startedBatch struct {
	b   *Batch
	err error
}

// NewBatchSlot returns a slot whose workers StartBatch(cfg) starts; none starts yet.
func NewBatchSlot(cfg BatchConfig) *BatchSlot { return &BatchSlot{cfg: cfg} }

// Stats returns the slot's counters.
func (s *BatchSlot) Stats() BatchSlotStats { return s.stats }

// batchStartAttempts is how many times a batch worker's start is tried before its error
// is believed (a worker may be killed while it starts).
const batchStartAttempts = 3

// StartNext starts the next worker in the background, unless one is starting.
func (s *BatchSlot) StartNext() {
	if s.next != nil {
		return
	}
	ch := make(chan startedBatch, 1)
	s.next = ch
	cfg := s.cfg
	go func() {
		b, err := StartBatch(cfg)
		ch <- startedBatch{b, err}
	}()
}

// Worker returns the slot's worker, taking the one started ahead or starting one. Once
// a start has failed batchStartAttempts times in a row, it returns that error at once,
// from then on.
func (s *BatchSlot) Worker() (*Batch, error) {
	if s.b != nil {
		return s.b, nil
	}
	if s.broken != nil {
		return nil, s.broken
	}
	var err error
	for range batchStartAttempts {
		s.StartNext()
		r := <-s.next
		s.next = nil
		if err = r.err; err == nil {
			s.stats.Started++
			s.b = r.b
			return s.b, nil
		}
		if errors.Is(err, ErrEndedBeforeHello) {
			s.stats.Started++
			s.stats.DiedStarting++
		}
	}
	s.broken = err
	return nil, err
}

// Current returns the slot's worker in service, or nil when there is none (none was
// taken yet, or the last one was retired): unlike Worker it starts none.
func (s *BatchSlot) Current() *Batch { return s.b }

// Retire stops the slot's worker (or releases what is left of a dead one) and starts its
// successor in the background.
func (s *BatchSlot) Retire() {
	if s.b != nil {
		s.b.Stop()
	}
	s.b = nil
	s.StartNext()
}

// CheckGrowth, called after a batch, replaces a worker that keeps more than
// 1/recycleFraction of the memory ceiling above what it held after its first batches
// (Batch.Growth). It reports whether the worker was replaced. The successor is not
// started ahead on the way there: with a high GOGC a worker's resident set climbs for a
// while after its first batches and then levels off, and successors started at half or
// three quarters of the growth waited idle for the rest of a 200 000-case campaign, 20
// MiB each, for workers that were never replaced; a replacement for memory kept is rare
// and costs the slot one start.
func (s *BatchSlot) CheckGrowth() bool {
	if s.b == nil || s.cfg.RSSLimitMB <= 0 {
		return false
	}
	if s.b.Growth() > int64(s.cfg.RSSLimitMB)<<20/recycleFraction {
		s.stats.Recycled++
		s.Retire()
		return true
	}
	return false
}

// Close stops the slot's worker and the one starting, if any.
func (s *BatchSlot) Close() {
	if s.b != nil {
		s.b.Stop()
		s.b = nil
	}
	if s.next != nil {
		if r := <-s.next; r.b != nil {
			r.b.Stop()
		}
		s.next = nil
	}
}
