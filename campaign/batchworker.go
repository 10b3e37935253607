package campaign

// The campaign worker (`a0diff worker --campaign`): it is given slices of a campaign —
// the seed, the generator's options and case indices, or, in guided mode, the cases
// themselves — generates each case, runs it through both built-in implementations in
// its own process, compares, and answers with one line per slice: a letter per case
// (its mode, whether it validates, whether it ran into a harness limit, or that the
// supervisor must run it again) and the coverage features it had not reported before.
// An agreement, the common case, costs no message of its own.
//
// Whatever is not a plain agreement — a divergence, an inconclusive comparison, a
// timeout, a crash, an abandoned run — is marked for the supervisor to run again in the
// per-case mode (one implementation per worker process, harness.Compare with its
// re-run of one-sided timeouts), so that every verdict other than agreement, every
// signature and every entry written comes from the same path as without campaign
// workers.

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"
	"time"

	"github.com/a0diff/a0diff/diff"
	"github.com/a0diff/a0diff/gen"
	"github.com/a0diff/a0diff/runtime/outcome"
	"github.com/a0diff/a0diff/trial"
	"github.com/a0diff/a0diff/worker"
)

// batchRequest is a slice of a campaign given to a worker.
type batchRequest struct {
	Type    string      `json:"type"` // "batch"
	Seed    int64       `json:"seed"`
	Gen     gen.Options `json:"gen"`
	Timeout int64       `json:"timeoutNs"`
	// Indices are the cases to generate (unguided); Cases the cases made by the
	// supervisor (guided mode).
	Indices []int       `json:"indices,omitempty"`
	Cases   []batchCase `json:"cases,omitempty"`
}

// batchCase is a case the supervisor made.
type batchCase struct {
	Source string          `json:"source"`
	Config json.RawMessage `json:"config"`
}

// batchReply is the worker's answer: Kinds has a letter per case handled, from the
// first (see the kind bits); the cases after them were not handled (a cancellation, or
// the worker must be replaced) and go to another slice.
type batchReply struct {
	Type  string `json:"type"` // "done"
	Kinds string `json:"kinds"`
	// Features are [position, feature...] for the cases that reached features this
	// worker had not reported yet.
	Features [][]uint64 `json:"features,omitempty"`
	// Heavy are the positions of the cases after which the worker held more than
	// worker.HeavyItemShare of its soft memory limit (and handed it back): the
	// supervisor runs such a case again only while no other campaign worker runs.
	Heavy []int `json:"heavy,omitempty"`
	// Exit: the worker abandoned a run whose engine keeps computing, and exits.
	Exit bool `json:"exit,omitempty"`
}

// The bits of a case's kind letter ('a' + bits).
const (
	kindValidMode = 1 << iota // generated in valid mode
	kindValid                 // the program passes validation
	kindCostly                // a side ran into a harness limit (never joins a guided pool)
	kindRedo                  // not an agreement: run it again in per-case mode
)

// releaseLine asks an idle worker to hand its free heap back to the kernel (before a
// heavy case is run again in per-case workers); it answers with an empty "done".
var releaseLine = []byte(`{"type":"release"}` + "\n")

// ServeBatches is the campaign worker: it reads requests from in and answers on out
// until in ends (worker.ServeBatch). rs are the built-in implementations, in this
// process.
func ServeBatches(in io.Reader, out io.Writer, cell *worker.ProgressCell, rs trial.Runners) error {
	bw := &batchWorker{rs: rs, cell: cell, reported: map[uint64]bool{}}
	return worker.ServeBatch(in, out, worker.BatchServer[batchRequest]{
		Worker: "campaign", Noun: "campaign worker",
		Types: []string{"batch", "release"},
		Serve: func(ctx context.Context, req batchRequest) (any, bool, error) {
			if req.Type == "release" {
				worker.ReleaseHeap()
				return batchReply{Type: "done"}, false, nil
			}
			reply, err := bw.serve(ctx, req)
			return reply, reply.Exit, err
		},
	})
}

// RequestType is the request's type, for worker.ServeBatch.
func (r batchRequest) RequestType() string { return r.Type }

// batchWorker is the state a campaign worker keeps across slices.
type batchWorker struct {
	rs   trial.Runners
	cell *worker.ProgressCell
	// reported are the features reported already (of cases that ran into no limit: a
	// guided pool learns nothing from the others, so their features are reported again
	// when a plain case reaches them).
	reported map[uint64]bool
	// coverage holds the features of the case in progress (room reused).
	coverage []uint64
}

// genChunk is the number of cases a campaign worker's generator hands over at a time.
const genChunk = 16

// made is a case made for a slice, or why it could not be.
type made struct {
	c   *gen.Case
	err error
}

// serve runs one slice.
func (bw *batchWorker) serve(ctx context.Context, req batchRequest) (batchReply, error) {
	n := len(req.Indices) + len(req.Cases)
	// Cases are generated ahead, on their own goroutine (another core, when there is
	// one), as the supervisor does in per-case mode — a chunk at a time: every hand-over
	// between the two goroutines wakes a thread when the other processor is idle (at -j
	// 2 each campaign worker runs on about one core), and a wake-up per case cost more
	// CPU than generating the case.
	chunks := make(chan []made, 1)
	genCtx, stopGen := context.WithCancel(ctx)
	defer stopGen()
	go func() {
		defer close(chunks)
		size := 2 // the first cases soon, then a chunk at a time
		for from := 0; from < n; from += size {
			if from > 0 {
				size = genChunk
			}
			chunk := make([]made, min(size, n-from))
			for i := range chunk {
				k := from + i
				m := &chunk[i]
				if k < len(req.Indices) {
					m.c = NewCase(req.Seed, req.Indices[k], req.Gen)
				} else {
					bc := req.Cases[k-len(req.Indices)]
					cfg, err := worker.ParseConfigJSON(bc.Config)
					if err != nil {
						m.err = fmt.Errorf("campaign worker: case %d of the slice: config: %v", k, err)
					}
					m.c = &gen.Case{Source: bc.Source, Config: cfg}
				}
			}
			select {
			case chunks <- chunk:
			case <-genCtx.Done():
				return
			}
		}
	}()
	reply := batchReply{Type: "done"}
	kinds := make([]byte, 0, n)
	timeout := time.Duration(req.Timeout)
	var chunk []made
	for k := range n {
		bw.cell.Set(uint64(k + 1))
		if len(chunk) == 0 {
			var ok bool
			if chunk, ok = <-chunks; !ok {
				break // cancelled
			}
		}
		m := chunk[0]
		chunk = chunk[1:]
		if m.err != nil {
			return reply, m.err
		}
		gc := m.c
		cfg := trial.Config(gc.Config, timeout) // as Campaign.config
		goOut := outcome.SafeRun(ctx, bw.rs.Impl, gc.Source, cfg)
		refOut := outcome.SafeRun(ctx, bw.rs.Ref, gc.Source, cfg)
		if ctx.Err() != nil {
			break // a cancelled run is no verdict
		}
		kind := 0
		if gc.Mode == gen.Valid {
			kind |= kindValidMode
		}
		abandoned := trial.StillRunning(bw.rs.Impl) || trial.StillRunning(bw.rs.Ref)
		switch {
		case abandoned, trial.Unsettled(&goOut), trial.Unsettled(&refOut), diff.Compare(goOut, refOut).Verdict != diff.Agree:
			kind |= kindRedo
		default:
			if validates(gc, goOut) {
				kind |= kindValid
			}
			costly := goOut.Status == outcome.StatusResource || refOut.Status == outcome.StatusResource
			if costly {
				kind |= kindCostly
			}
			var fresh []uint64
			bw.coverage = appendCoverage(bw.coverage[:0], goOut)
			for _, f := range bw.coverage {
				if !bw.reported[f] {
					fresh = append(fresh, f)
					if !costly {
						bw.reported[f] = true
					}
				}
			}
			if len(fresh) > 0 {
				reply.Features = append(reply.Features, append([]uint64{uint64(k)}, fresh...))
			}
		}
		kinds = append(kinds, byte('a'+kind))
		if worker.ReleaseAfterHeavyItem() {
			reply.Heavy = append(reply.Heavy, k)
		}
		if abandoned {
			// An engine keeps computing a run it gave up on: this process must go.
			reply.Exit = true
			break
		}
	}
	bw.cell.Set(0)
	reply.Kinds = string(kinds)
	return reply, nil
}

// parseBatchReply reads a worker's answer to a slice of n cases.
func parseBatchReply(line []byte, n int) (batchReply, error) {
	var r batchReply
	if err := json.Unmarshal(line, &r); err != nil {
		return r, fmt.Errorf("unreadable answer: %v", err)
	}
	if r.Type != "done" {
		return r, fmt.Errorf("an answer of type %q", r.Type)
	}
	if len(r.Kinds) > n {
		return r, fmt.Errorf("%d cases answered of a slice of %d", len(r.Kinds), n)
	}
	for i := range len(r.Kinds) {
		if r.Kinds[i] < 'a' || r.Kinds[i] > 'a'+15 {
			return r, errors.New("a case kind " + strconv.Quote(r.Kinds[i:i+1]))
		}
	}
	for _, f := range r.Features {
		if len(f) == 0 || f[0] >= uint64(len(r.Kinds)) {
			return r, errors.New("features of a case not answered")
		}
	}
	for _, k := range r.Heavy {
		if k < 0 || k >= len(r.Kinds) {
			return r, errors.New("a heavy case not answered")
		}
	}
	return r, nil
}
