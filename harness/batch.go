package harness

// Entry workers (Options.Batch): instead of two worker processes taking turns for every
// entry — a pipe round trip per run and per tool call, both Outcomes decoded and compared
// here — each of Options.Workers entry workers (batchworker.go) is given a batch of
// entries, about batchTarget of work, and answers with what passed. A passing entry is
// kept as the per-case path keeps it; every other entry, and the entry a worker was on
// when it died, made no progress or went over the memory ceiling (its progress cell says
// which, see worker.Batch), is run again through rs — the per-case worker pools, one
// implementation per process, which attribute a crash, timeout or resource to a side —
// and reported exactly as without entry workers. The entries of a batch the worker did
// not answer go to the next batch.

import (
	"context"
	"encoding/json"
	"fmt"
	"sync"
	"time"
	"unicode/utf8"

	"github.com/a0diff/a0diff/corpus"
	"github.com/a0diff/a0diff/diff"
	"github.com/a0diff/a0diff/runtime/outcome"
	"github.com/a0diff/a0diff/trial"
	"github.com/a0diff/a0diff/worker"
)

const (
	// batchTarget is the work a batch aims at: long enough that the round trip and the
	// supervisor's wake-ups vanish, short enough that the entries of a batch lost with
	// its worker (run again) cost little.
	batchTarget = 100 * time.Millisecond
	// minBatch and maxBatch bound a batch's number of entries.
	minBatch, maxBatch = 2, 256
)

// BatchStats count what the entry workers did.
type BatchStats struct {
	// Started counts entry worker processes started; Deaths those that died, were
	// killed at an entry's overrun or over the memory ceiling; Recycled those replaced
	// for the memory they kept; Redone the entries run again in per-case workers, Pinned
	// those of them a death pinned (the others did not pass plainly).
	Started, Deaths, Recycled, Redone, Pinned int
	// StartError says why an entry worker could not be started ("" when all could);
	// the slot that met it ran the rest of its entries in per-case workers.
	StartError string
}

// Batchable reports whether rs can run in entry workers: only the two built-in
// implementations, compared in full (the entry workers run the Go evaluator and the
// embedded or --ref reference themselves).
func Batchable(rs trial.Runners) bool {
	return rs.Node == nil && len(rs.Extra) == 0 && rs.Scope.IsFull() && !rs.Concurrent
}

// batchRun is the state of one run with entry workers.
type batchRun struct {
	ctx     context.Context
	rs      trial.Runners
	opts    Options
	entry   func(i int) (*corpus.Entry, error)
	results []kept
	errs    []error

	mu     sync.Mutex
	stats  BatchStats
	doneMu sync.Mutex // OnDone is never called concurrently
}

func (br *batchRun) count(f func(*BatchStats)) {
	br.mu.Lock()
	f(&br.stats)
	br.mu.Unlock()
}

// run runs the n entries with entry workers, filling results and errs as the
// per-case loop does.
func (br *batchRun) run(n int) {
	indices := make(chan int, maxBatch)
	var wg sync.WaitGroup
	for range min(br.opts.Workers, n) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			s := &batchSlot{br: br, slot: worker.NewBatchSlot(*br.opts.Batch), queue: worker.NewSliceQueue(batchTarget, minBatch, maxBatch)}
			defer s.close()
			s.run(indices)
		}()
	}
feed:
	for i := range n {
		select {
		case indices <- i:
		case <-br.ctx.Done():
			break feed
		}
	}
	close(indices)
	wg.Wait()
}

// batchSlot is one entry worker's loop: it takes batches of indices, has its worker run
// them, and records the answers.
type batchSlot struct {
	br   *batchRun
	slot *worker.BatchSlot
	// queue hands out the indices to run, those a batch did not answer first.
	queue *worker.SliceQueue
}

func (s *batchSlot) close() {
	st := s.slot.Stats()
	s.br.count(func(b *BatchStats) { b.Started += st.Started; b.Deaths += st.DiedStarting; b.Recycled += st.Recycled })
	s.slot.Close()
}

// batchJob is an entry of a batch.
type batchJob struct {
	index int
	e     *corpus.Entry
}

func (s *batchSlot) run(indices <-chan int) {
	br := s.br
	for {
		idx, ok := s.queue.Take(indices)
		if !ok {
			return
		}
		if br.ctx.Err() != nil {
			continue // drain: the entries not started are left out of the report
		}
		req := entryBatch{Type: "entries", Timeout: int64(br.opts.Timeout), Update: br.opts.Update, Beside: br.opts.Workers == 1}
		var jobs []batchJob
		for _, i := range idx {
			e, err := br.entry(i)
			if err != nil {
				br.errs[i] = err
				continue
			}
			if !utf8.Valid(e.Raw) {
				// Not text a JSON string carries unchanged: run here, one by one.
				s.perCase(batchJob{i, e}, false)
				continue
			}
			jobs = append(jobs, batchJob{i, e})
			req.Entries = append(req.Entries, batchEntry{Path: e.Path, Text: string(e.Raw)})
		}
		if len(jobs) == 0 {
			continue
		}
		b, err := s.slot.Worker()
		if err != nil {
			// No entry worker (the slot is broken): the batch runs one by one, and so
			// does the rest.
			br.count(func(st *BatchStats) { st.StartError = err.Error() })
			for _, j := range jobs {
				s.perCase(j, false)
			}
			continue
		}
		line, _ := json.Marshal(req)
		started := time.Now()
		answer, death := b.Do(br.ctx, append(line, '\n'), worker.BatchCancelLine, stallBound(jobs, br.opts.Timeout))
		if death != nil {
			s.slot.Retire()
			br.count(func(st *BatchStats) { st.Deaths++ })
			// The entry the worker was on runs in per-case workers; the others of the
			// batch (those before it lost their answers with the worker) go to the next.
			k := death.Item(len(jobs))
			s.requeue(jobs[:k], jobs[k+1:])
			s.perCase(jobs[k], true)
			continue
		}
		reply, err := parseEntryBatchReply(answer, len(jobs))
		if err == nil && len(reply.Results) == 0 && !reply.Exit && br.ctx.Err() == nil {
			err = fmt.Errorf("it answered none of a batch of %d entries", len(jobs))
		}
		if err != nil {
			// A worker that breaks the protocol (or answers nothing, which would loop
			// for ever) is replaced; the first entry is run one by one, so that the run
			// moves on.
			s.slot.Retire()
			br.count(func(st *BatchStats) { st.Deaths++ })
			s.requeue(nil, jobs[1:])
			s.perCase(jobs[0], true)
			continue
		}
		if reply.Exit {
			s.slot.Retire()
		}
		for k, r := range reply.Results {
			if r.Redo {
				s.perCase(jobs[k], false)
			} else {
				s.passed(jobs[k], r)
			}
		}
		s.requeue(nil, jobs[len(reply.Results):])
		s.queue.Adapt(time.Since(started), len(reply.Results))
		s.slot.CheckGrowth()
	}
}

// requeue puts the jobs of a batch back in front of the pending indices.
func (s *batchSlot) requeue(before, after []batchJob) {
	worker.RequeueItems(s.queue, func(j batchJob) int { return j.index }, before, after)
}

// stallBound is how long an entry worker may stay on one entry of jobs: both sides'
// deadlines (the longest of the batch: an entry's @timeout, else --timeout) with the
// engines' own graces, and the supervisor's.
func stallBound(jobs []batchJob, timeout time.Duration) time.Duration {
	t := time.Duration(0)
	for _, j := range jobs {
		t = max(t, j.e.RunConfig(timeout).Limits.Timeout)
	}
	return 2*t + 2*worker.DefaultGrace
}

// perCase runs one entry the per-case way (through rs) and records it. pinned: a death
// pinned it.
func (s *batchSlot) perCase(j batchJob, pinned bool) {
	br := s.br
	if br.ctx.Err() != nil {
		return
	}
	br.count(func(st *BatchStats) {
		st.Redone++
		if pinned {
			st.Pinned++
		}
	})
	res := runEntry(br.ctx, br.rs, j.e, br.opts)
	if res == nil {
		return // cancelled
	}
	br.record(j.index, res)
}

// passed records an entry an entry worker found passing, as runEntry and keep record it.
func (s *batchSlot) passed(j batchJob, r entryPassed) {
	res := &EntryResult{Entry: j.e,
		Go:      outcome.Outcome{Status: r.Go, ExitCode: r.GoExit},
		Ref:     outcome.Outcome{Status: r.Ref, ExitCode: r.RefExit},
		Diff:    diff.Result{Verdict: diff.Agree},
		Elapsed: time.Duration(r.Nanos)}
	if s.br.opts.Update {
		res.Update = &UpdateResult{} // already up to date (the worker checked)
	}
	s.br.record(j.index, res)
}

func (br *batchRun) record(i int, res *EntryResult) {
	if br.opts.OnDone != nil {
		br.doneMu.Lock()
		br.opts.OnDone(res)
		br.doneMu.Unlock()
	}
	br.results[i] = keep(res)
}

// parseEntryBatchReply reads a worker's answer to a batch of n entries.
func parseEntryBatchReply(line []byte, n int) (entryBatchReply, error) {
	var r entryBatchReply
	if err := json.Unmarshal(line, &r); err != nil {
		return r, fmt.Errorf("unreadable answer: %v", err)
	}
	if r.Type != "done" {
		return r, fmt.Errorf("an answer of type %q", r.Type)
	}
	if len(r.Results) > n {
		return r, fmt.Errorf("%d entries answered of a batch of %d", len(r.Results), n)
	}
	for _, e := range r.Results {
		if !e.Redo && (!knownStatus(e.Go) || !knownStatus(e.Ref)) {
			return r, fmt.Errorf("an entry's statuses %q and %q", e.Go, e.Ref)
		}
	}
	return r, nil
}

func knownStatus(s outcome.Status) bool {
	switch s {
	case outcome.StatusOK, outcome.StatusResource:
		return true
	}
	return false
}
