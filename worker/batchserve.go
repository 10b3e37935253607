package worker

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"slices"
)

// BatchServer is the worker's side of a batch worker (see Batch): the conversation —
// the hello, one request line in and one answer line out, a "cancel" line that stops the
// request in progress — is ServeBatch's; what a request asks for and what its answer
// holds is the mode's (a0diff's campaign and entry workers).
type BatchServer[R BatchRequest] struct {
	// Worker is the name the hello gives ("campaign"); Noun names the worker in its
	// errors ("campaign worker").
	Worker, Noun string
	// Types are the request types Serve is given; any other but "cancel" is an error.
	Types []string
	// Serve answers one request: its answer (written as one JSON line), and whether the
	// worker must exit after it (an engine kept computing a run it gave up on). An error
	// ends the worker. ctx is cancelled by a "cancel" line.
	Serve func(ctx context.Context, req R) (answer any, exit bool, err error)
}

// BatchRequest is a batch worker's request, read from its line as JSON.
type BatchRequest interface {
	// RequestType is the request's "type" member.
	RequestType() string
}

// batchCancel is the type of the line that cancels the request in progress.
const batchCancel = "cancel"

// BatchCancelLine is the line a supervisor sends (Batch.Do's cancel) to cancel the
// request in progress of a worker that ServeBatch serves.
var BatchCancelLine = []byte(`{"type":"` + batchCancel + `"}` + "\n")

// ServeBatch is a batch worker: it writes the hello, then reads requests from in and
// answers each on out until in ends or Serve asks to exit. in and out are used as
// ServedPipes makes them. It returns nil when in ends between requests.
func ServeBatch[R BatchRequest](in io.Reader, out io.Writer, s BatchServer[R]) error {
	in, out = ServedPipes(in, out)
	w := bufio.NewWriter(out)
	w.Write(BatchHelloLine(s.Worker))
	if err := w.Flush(); err != nil {
		return err
	}
	// Requests are read on a goroutine of their own, so that a cancel line is seen
	// while the request before it is served. That goroutine makes each request's
	// context before it hands the request over, so that a cancel read at once after its
	// request cancels it; one read after its request was answered cancels nothing.
	type served struct {
		req  R
		ctx  context.Context
		stop context.CancelFunc
	}
	requests := make(chan served)
	readErr := make(chan error, 1)
	go func() {
		defer close(requests)
		var cancel context.CancelFunc // that of the last request handed over
		r := bufio.NewReaderSize(in, 64<<10)
		for {
			line, err := r.ReadBytes('\n')
			if err != nil {
				if err != io.EOF || len(line) > 0 {
					readErr <- err
				}
				return
			}
			var req R
			if err := json.Unmarshal(line, &req); err != nil {
				readErr <- fmt.Errorf("%s: unreadable request: %v", s.Noun, err)
				return
			}
			switch t := req.RequestType(); {
			case t == batchCancel:
				if cancel != nil {
					cancel()
				}
			case slices.Contains(s.Types, t):
				ctx, stop := context.WithCancel(context.Background())
				cancel = stop
				requests <- served{req, ctx, stop}
			default:
				readErr <- fmt.Errorf("%s: unknown request type %q", s.Noun, t)
				return
			}
		}
	}()
	for r := range requests {
		answer, exit, err := s.Serve(r.ctx, r.req)
		r.stop()
		if err != nil {
			return err
		}
		b, err := json.Marshal(answer)
		if err != nil {
			return fmt.Errorf("%s: its answer does not encode: %v", s.Noun, err)
		}
		w.Write(append(b, '\n'))
		if err := w.Flush(); err != nil {
			return err
		}
		if exit {
			return nil
		}
	}
	select {
	case err := <-readErr:
		return err
	default:
		return nil
	}
}
