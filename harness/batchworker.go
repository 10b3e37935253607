package harness

// The entry worker (`a0diff entry-worker`): it is given batches of corpus entries — each
// entry's path and text, which it parses as the supervisor did — runs each through both
// built-in implementations in its own process, compares the Outcomes and checks them
// against the entry's expectations (and, under --update, whether the expectations are
// already what the reference's Outcome pins), and answers with one line per batch: for
// each entry that passed as a plain agreement, the two statuses and exit codes and the
// time its runs took (what a report shows of a passing entry), and for every other entry
// that the supervisor must run it again.
//
// Whatever is not a plain pass — a divergence, an inconclusive comparison, a timeout, a
// crash, an abandoned run, a failed expectation, an entry --update would rewrite — is run
// again by the supervisor in per-case workers (runEntry, one implementation per
// process), so that every report line other than a pass, and every file --update
// writes, comes from the same path as without entry workers. Only passes cross the pipe
// as a summary, and a passing entry is all a report holds of them anyway (kept).

import (
	"bytes"
	"context"
	"io"
	"time"

	"github.com/a0diff/a0diff/corpus"
	"github.com/a0diff/a0diff/diff"
	"github.com/a0diff/a0diff/runtime/outcome"
	"github.com/a0diff/a0diff/trial"
	"github.com/a0diff/a0diff/worker"
)

// entryBatch is a batch of entries given to an entry worker.
type entryBatch struct {
	Type    string `json:"type"` // "entries"
	Timeout int64  `json:"timeoutNs"`
	// Update: the run rewrites expectations; an entry whose rewrite would change its
	// text is run again by the supervisor (which writes it).
	Update bool `json:"update,omitempty"`
	// Beside: run an entry's two sides at the same time (at -j 1, one worker: the
	// other core would idle, as per-case workers then run the sides beside each other).
	Beside  bool         `json:"beside,omitempty"`
	Entries []batchEntry `json:"entries"`
}

// batchEntry is one entry: its path (which names the file in spans) and text (valid
// UTF-8: the supervisor runs an entry that is not one by one).
type batchEntry struct {
	Path string `json:"path"`
	Text string `json:"text"`
}

// entryBatchReply is the worker's answer: a result per entry handled, from the first;
// the entries after them were not handled (a cancellation, or the worker must be
// replaced) and go to another batch.
type entryBatchReply struct {
	Type    string        `json:"type"` // "done"
	Results []entryPassed `json:"results"`
	// Exit: the worker abandoned a run whose engine keeps computing, and exits.
	Exit bool `json:"exit,omitempty"`
}

// entryPassed is an entry that passed as a plain agreement (Redo false): the sides'
// statuses and exit codes and the wall time of its runs; or one the supervisor runs
// again (Redo).
type entryPassed struct {
	Redo    bool           `json:"redo,omitempty"`
	Go      outcome.Status `json:"go,omitempty"`
	GoExit  int            `json:"goExit,omitempty"`
	Ref     outcome.Status `json:"ref,omitempty"`
	RefExit int            `json:"refExit,omitempty"`
	Nanos   int64          `json:"ns,omitempty"`
}

// ServeEntries is the entry worker: it reads batches from in and answers on out until in
// ends (worker.ServeBatch). rs are the built-in implementations, in this process; cell is
// the progress cell the supervisor reads (the position in the batch of the entry in
// progress).
func ServeEntries(in io.Reader, out io.Writer, cell *worker.ProgressCell, rs trial.Runners) error {
	return worker.ServeBatch(in, out, worker.BatchServer[entryBatch]{
		Worker: "entries", Noun: "entry worker",
		Types: []string{"entries"},
		Serve: func(ctx context.Context, req entryBatch) (any, bool, error) {
			reply := serveEntries(ctx, rs, cell, req)
			return reply, reply.Exit, nil
		},
	})
}

// RequestType is the batch's type, for worker.ServeBatch.
func (b entryBatch) RequestType() string { return b.Type }

// serveEntries runs one batch.
func serveEntries(ctx context.Context, rs trial.Runners, cell *worker.ProgressCell, req entryBatch) entryBatchReply {
	reply := entryBatchReply{Type: "done", Results: make([]entryPassed, 0, len(req.Entries))}
	timeout := time.Duration(req.Timeout)
	for k, be := range req.Entries {
		cell.Set(uint64(k + 1))
		start := time.Now()
		e, err := corpus.Parse(be.Path, []byte(be.Text))
		if err != nil {
			// The supervisor parsed it: it runs it again and reports what it finds.
			reply.Results = append(reply.Results, entryPassed{Redo: true})
			continue
		}
		cfg := e.RunConfig(timeout)
		var goOut, refOut outcome.Outcome
		if req.Beside {
			goDone := make(chan outcome.Outcome, 1)
			go func() { goDone <- outcome.SafeRun(ctx, rs.Impl, e.Source, cfg) }()
			refOut = outcome.SafeRun(ctx, rs.Ref, e.Source, cfg)
			goOut = <-goDone
		} else {
			goOut = outcome.SafeRun(ctx, rs.Impl, e.Source, cfg)
			refOut = outcome.SafeRun(ctx, rs.Ref, e.Source, cfg)
		}
		if ctx.Err() != nil {
			break // a cancelled run is no verdict
		}
		abandoned := trial.StillRunning(rs.Impl) || trial.StillRunning(rs.Ref)
		r := entryPassed{Go: goOut.Status, GoExit: goOut.ExitCode, Ref: refOut.Status, RefExit: refOut.ExitCode}
		if abandoned || !plainPass(e, goOut, refOut, req.Update) {
			r = entryPassed{Redo: true}
		} else {
			r.Nanos = int64(time.Since(start))
		}
		reply.Results = append(reply.Results, r)
		worker.ReleaseAfterHeavyItem() // the heap of a heavy entry, before the next
		if abandoned {
			// An engine keeps computing a run it gave up on: this process must go.
			reply.Exit = true
			break
		}
	}
	cell.Set(0)
	return reply
}

// plainPass reports whether an entry passed in a way that needs nothing from the
// supervisor but the statuses: both runs settled (no timeout, no crash, which per-case
// workers attribute to a side), agreed, met the entry's expectations, and, under
// --update, left nothing to rewrite.
func plainPass(e *corpus.Entry, goOut, refOut outcome.Outcome, update bool) bool {
	if trial.Unsettled(&goOut) || trial.Unsettled(&refOut) {
		return false
	}
	if diff.Compare(goOut, refOut).Verdict != diff.Agree {
		return false
	}
	if len(corpus.Check(e, goOut)) > 0 || len(corpus.Check(e, refOut)) > 0 {
		return false
	}
	if update {
		// As update: the reference's Outcome is pinned; an entry it would not change
		// is left alone, and one it would change is rewritten by the supervisor.
		text, err := corpus.Update(e, refOut)
		if err != nil || !bytes.Equal(text, e.Raw) {
			return false
		}
	}
	return true
}
