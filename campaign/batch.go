package campaign

// Campaign workers (Options.Batch): instead of two worker processes taking turns for
// every case — a pipe round trip per run and per tool call, the Outcome decoded and
// compared here — each of Options.Workers campaign workers (batchworker.go) is given a
// slice of the campaign, about batchTarget of work, and answers with what was not
// agreement. Agreements are tallied here as the per-case path tallies them; every other
// case, and the case a worker was on when it died, overran or went over the memory
// ceiling (its progress cell says which, see worker.Batch), is run again through
// c.rs — the per-case worker pools, one implementation per process, which attribute a
// crash, timeout or resource to a side — and recorded exactly as without campaign
// workers. The cases of a slice the worker did not answer go to the next slice.

import (
	"context"
	"encoding/json"
	"runtime/debug"
	"sync"
	"sync/atomic"
	"time"

	"github.com/a0diff/a0diff/diff"
	"github.com/a0diff/a0diff/gen"
	"github.com/a0diff/a0diff/runtime/outcome"
	"github.com/a0diff/a0diff/worker"
)

const (
	// batchTarget is the work a slice aims at: long enough that the round trip and the
	// supervisor's wake-ups vanish, short enough that the cases of a slice lost with
	// its worker (run again) cost little.
	batchTarget = 100 * time.Millisecond
	// minBatch and maxBatch bound a slice's number of cases.
	minBatch, maxBatch = 4, 512
	// feedAhead is the number of case indices fed ahead of the campaign workers.
	feedAhead = 256
)

// BatchStats count what the campaign workers did.
type BatchStats struct {
	// Started counts campaign worker processes started; Deaths those that died, were
	// killed at a case's overrun or over the memory ceiling; Recycled those replaced
	// for the memory they kept; Redone the cases run again in per-case mode, Pinned
	// those of them a death pinned (the others were not agreement); Quiet those of them
	// that were heavy, run while the campaign workers made room (perCaseQuietly).
	Started, Deaths, Recycled, Redone, Pinned, Quiet int
	// StartError says why a campaign worker could not be started ("" when all could);
	// the slot that met it ran the rest of its cases in per-case mode.
	StartError string
}

// batchState is the campaign workers' shared bookkeeping.
type batchState struct {
	mu    sync.Mutex
	stats BatchStats
	// quiet makes room for a heavy case run again in per-case workers: a slot runs
	// each slice under its read lock, and such a case under its write lock, so that no
	// campaign worker runs a slice meanwhile; a slot that sees one waiting (rooms > 0)
	// first asks its idle worker to hand its free heap back. A heavy case — one that
	// left its campaign worker holding most of its soft memory limit, or over the
	// memory ceiling — holds 100–140 MiB in a per-case ref worker; beside two campaign
	// workers at their working size (one possibly in a heavy case of its own), that was
	// most of a 200 000-case campaign's peak (330–450 MiB for the tree).
	quiet sync.RWMutex
	rooms atomic.Int32
}

// BatchStats returns the campaign workers' counters (zero without them).
func (c *Campaign) BatchStats() BatchStats {
	c.batchStats.mu.Lock()
	defer c.batchStats.mu.Unlock()
	return c.batchStats.stats
}

func (c *Campaign) countBatch(f func(*BatchStats)) {
	c.batchStats.mu.Lock()
	f(&c.batchStats.stats)
	c.batchStats.mu.Unlock()
}

// runBatched is Run with campaign workers.
func (c *Campaign) runBatched(ctx, feedCtx context.Context) {
	indices := make(chan int, feedAhead)
	var wg sync.WaitGroup
	for range c.opts.Workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			s := &batchSlot{c: c, slot: worker.NewBatchSlot(*c.opts.Batch), queue: worker.NewSliceQueue(batchTarget, minBatch, maxBatch)}
			s.run(ctx, feedCtx, indices)
		}()
	}
	c.feed(feedCtx, indices)
	close(indices)
	wg.Wait()
}

// batchSlot is one campaign worker's loop: it takes slices of indices, has its worker
// run them, and records the answers.
type batchSlot struct {
	c    *Campaign
	slot *worker.BatchSlot // the worker, its successor, its replacement for memory kept
	// queue hands out the indices to run, those a slice did not answer first.
	queue *worker.SliceQueue
}

// retire stops the slot's worker (or releases what is left of a dead one) and starts
// its successor.
func (s *batchSlot) retire() { s.slot.Retire() }

func (s *batchSlot) close() {
	st := s.slot.Stats()
	s.c.countBatch(func(b *BatchStats) { b.Started += st.Started; b.Deaths += st.DiedStarting; b.Recycled += st.Recycled })
	s.slot.Close()
}

// done marks guided cases finished (or dropped) for the batch barrier.
func (s *batchSlot) done(n int) {
	if s.c.opts.Guided {
		for range n {
			s.c.batch.Done()
		}
	}
}

// run runs slices until indices is closed; once feedCtx ends (the campaign's --time, or
// ctx) it starts no slice, as the feeder starts no case.
func (s *batchSlot) run(ctx, feedCtx context.Context, indices <-chan int) {
	c := s.c
	defer s.close()
	for {
		slice, ok := s.queue.Take(indices)
		if !ok {
			return
		}
		if feedCtx.Err() != nil {
			s.done(len(slice))
			continue // drain, so that the feeder is never left waiting
		}
		jobs := make([]job, len(slice))
		req := batchRequest{Type: "batch", Seed: c.opts.Seed, Gen: c.opts.Gen, Timeout: int64(c.opts.Timeout)}
		for k, i := range slice {
			jobs[k].index = i
			if c.guide != nil {
				jobs[k].c, jobs[k].derived = c.caseAt(i)
				cfg, err := worker.ConfigJSON(c.config(jobs[k].c))
				if err != nil {
					panic("campaign: a generated configuration does not encode: " + err.Error())
				}
				req.Cases = append(req.Cases, batchCase{Source: jobs[k].c.Source, Config: cfg})
			} else {
				req.Indices = append(req.Indices, i)
			}
		}
		b, err := s.slot.Worker()
		if err != nil {
			// No campaign worker (the slot is broken): the slice runs case by case, and
			// so does the rest.
			c.countBatch(func(st *BatchStats) { st.StartError = err.Error() })
			for _, j := range jobs {
				s.perCase(ctx, j)
			}
			s.done(len(jobs))
			continue
		}
		if c.batchStats.rooms.Load() > 0 && !s.makeRoom(ctx, b) {
			b, err = s.slot.Worker()
			if err != nil {
				s.requeue(nil, jobs)
				continue // the next round finds the slot broken, or a worker
			}
		}
		line, _ := json.Marshal(req)
		started := time.Now()
		c.batchStats.quiet.RLock()
		answer, death := b.Do(ctx, append(line, '\n'), worker.BatchCancelLine, c.stallBound())
		c.batchStats.quiet.RUnlock()
		if death != nil {
			s.retire()
			c.countBatch(func(st *BatchStats) { st.Deaths++ })
			// The case the worker was on runs in per-case mode; the others of the slice
			// (those before it lost their answers with the worker) go to the next slice.
			k := death.Item(len(jobs))
			s.requeue(jobs[:k], jobs[k+1:])
			c.countBatch(func(st *BatchStats) { st.Pinned++ })
			if death.Reason == "memory" {
				s.perCaseQuietly(ctx, jobs[k])
			} else {
				s.perCase(ctx, jobs[k])
			}
			s.done(1)
			continue
		}
		reply, err := parseBatchReply(answer, len(jobs))
		if err != nil {
			s.retire()
			c.countBatch(func(st *BatchStats) { st.Deaths++ })
			s.requeue(nil, jobs[1:])
			c.countBatch(func(st *BatchStats) { st.Pinned++ })
			s.perCase(ctx, jobs[0])
			s.done(1)
			continue
		}
		if reply.Exit {
			s.retire()
		}
		features := map[int][]uint64{}
		for _, f := range reply.Features {
			features[int(f[0])] = f[1:]
		}
		heavy := map[int]bool{}
		for _, k := range reply.Heavy {
			heavy[k] = true
		}
		for k := range len(reply.Kinds) {
			kind := int(reply.Kinds[k] - 'a')
			switch {
			case kind&kindRedo != 0 && heavy[k]:
				s.perCaseQuietly(ctx, jobs[k])
			case kind&kindRedo != 0:
				s.perCase(ctx, jobs[k])
			default:
				c.recordAgreed(ctx, jobs[k], kind, features[k])
			}
		}
		s.done(len(reply.Kinds))
		s.requeue(nil, jobs[len(reply.Kinds):])
		s.queue.Adapt(time.Since(started), len(reply.Kinds))
		// Replaced for the memory it kept since its first slices, not for what it holds
		// at rest (a large --ref bundle).
		s.slot.CheckGrowth()
	}
}

// requeue puts the jobs of a slice back in front of the pending indices.
func (s *batchSlot) requeue(before, after []job) {
	worker.RequeueItems(s.queue, func(j job) int { return j.index }, before, after)
}

// makeRoom asks the slot's idle worker b to hand its free heap back to the kernel, as a
// heavy case is about to be run again in per-case workers. It reports whether b is
// still the slot's worker (false: it died answering, and was retired).
func (s *batchSlot) makeRoom(ctx context.Context, b *worker.Batch) bool {
	answer, death := b.Do(ctx, releaseLine, worker.BatchCancelLine, s.c.stallBound())
	if death == nil {
		if _, err := parseBatchReply(answer, 0); err == nil {
			return true
		}
	}
	s.retire()
	s.c.countBatch(func(st *BatchStats) { st.Deaths++ })
	return false
}

// perCaseQuietly is perCase for a heavy case: it runs while no campaign worker runs a
// slice, each having handed its free heap back first (batchState.quiet), and the
// per-case workers it started are stopped after it, so that they do not keep what it
// left them holding beside the campaign workers.
func (s *batchSlot) perCaseQuietly(ctx context.Context, j job) {
	c := s.c
	c.batchStats.rooms.Add(1)
	if b := s.slot.Current(); b != nil {
		s.makeRoom(ctx, b) // (a worker that dies answering is retired: its successor starts small)
	}
	c.batchStats.quiet.Lock()
	c.countBatch(func(st *BatchStats) { st.Quiet++ })
	s.perCase(ctx, j)
	c.batchStats.rooms.Add(-1)
	c.batchStats.quiet.Unlock()
	for _, r := range c.rs.All() {
		if p, ok := r.(interface{ StopIdle() }); ok {
			p.StopIdle()
		}
	}
	// This process read the case's Outcomes from the per-case workers (a heavy case's
	// can be tens of MB): without a release it kept their heap, 36–54 MiB against 15–18
	// MiB, for the rest of the campaign.
	debug.FreeOSMemory()
}

// perCase runs one case the per-case way (through c.rs) and records it.
func (s *batchSlot) perCase(ctx context.Context, j job) {
	c := s.c
	if ctx.Err() != nil {
		return
	}
	if j.c == nil {
		j.c, j.derived = c.caseAt(j.index)
	}
	c.countBatch(func(st *BatchStats) { st.Redone++ })
	fc := c.runCase(ctx, j)
	if ctx.Err() != nil {
		return // a cancelled run is no verdict
	}
	c.record(ctx, fc)
	if c.seeCase != nil {
		c.seeCase(fc)
	}
	if c.opts.OnCase != nil {
		c.opts.OnCase(fc.index, fc.verdict)
	}
}

// stallBound is how long a campaign worker may stay on one case: both sides' deadlines
// with the engines' own graces, and the supervisor's.
func (c *Campaign) stallBound() time.Duration {
	t := c.opts.Timeout
	if t <= 0 {
		t = outcome.DefaultLimits.Timeout
	}
	return 2*t + 2*worker.DefaultGrace
}

// recordAgreed tallies a case a campaign worker found in agreement, as record does
// for one run here.
func (c *Campaign) recordAgreed(ctx context.Context, j job, kind int, features []uint64) {
	validMode := kind&kindValidMode != 0
	if j.c != nil {
		validMode = j.c.Mode == gen.Valid
	}
	fc := &fuzzCase{index: j.index, c: j.c, verdict: diff.Agree, derived: j.derived,
		obs: Observed{Index: j.index, Case: j.c, Valid: kind&kindValid != 0, Costly: kind&kindCostly != 0, Features: features, Derived: j.derived}}
	c.mu.Lock()
	c.verdicts[diff.Agree]++
	if validMode {
		c.validMode++
		if fc.obs.Valid {
			c.validPass++
		}
	} else {
		c.invalidMode++
	}
	if j.derived != "" {
		c.derived++
	}
	due := c.noteCoverage(fc)
	c.mu.Unlock()
	c.writeClaims(ctx, due) // the entries of the cases above it that waited for this one
	if c.opts.OnCase != nil {
		c.opts.OnCase(j.index, diff.Agree)
	}
}
