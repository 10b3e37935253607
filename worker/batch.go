package worker

// Batch workers: a process that is given a slice of work per request (a0diff's campaign
// workers generate, run and compare a few hundred cases per request), under the same
// supervision as a Pool's workers — a memory ceiling read from the kernel, a kill when
// it stops making progress, its death turned into a report — without a pipe round trip
// per case. What the work is, the worker package does not know: a request and its reply
// are one line each, written and read by the caller; on the worker's side ServeBatch
// (batchserve.go) holds the conversation and the mode's handler does the work.
//
// The supervisor knows at every moment which item of a batch the worker is on: the
// worker writes the item's position to a progress cell, eight bytes of a file both
// processes map into memory (the worker's fd 3, see OpenProgressCell). Writing it costs
// a store; the supervisor reads it when it wakes to check the worker (every
// rssPollInterval) and after the worker died, so a crash, an overrun or the memory
// ceiling is pinned to one item, which the caller can run again in a Pool, one
// implementation per worker, to attribute it.

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"strings"
	"time"

	"github.com/a0diff/a0diff/runtime/outcome"
)

// BatchConfig configures the batch workers of StartBatch.
type BatchConfig struct {
	// Name names the workers in reports.
	Name string
	// Command is the worker's argv; Env is added to the supervisor's environment.
	Command []string
	Env     []string
	// RSSLimitMB is the memory ceiling of the worker (resident set); 0 means none.
	RSSLimitMB int
	// Grace is how long a cancelled batch may take to answer (DefaultGrace when 0).
	Grace time.Duration
	// StartTimeout bounds the wait for the worker's hello (30 s when 0).
	StartTimeout time.Duration
}

// Batch is one batch worker process, used by one goroutine at a time.
type Batch struct {
	cfg  BatchConfig
	w    *proc
	cell *progressCell
	// baseline is the resident set after the worker's first batches: what it holds at
	// rest (its engines, a --ref bundle, its collector's slack), against which growth is
	// measured.
	baseline int64
	batches  int
}

// BatchDeath says how a batch ended without an answer: the worker died by itself
// ("crash"), was killed for making no progress for longer than the caller's stall bound
// ("timeout"), over the memory ceiling ("memory"), or after a cancellation it did not
// answer within the grace ("cancel"). Position is the progress cell's value when it
// ended: the item the worker was on.
type BatchDeath struct {
	Reason   string
	Position uint64
	Detail   string
}

// Item is the item of a slice of n that the worker was on when it ended (Position less
// one); when it ended between items, the first, which the caller then runs on its own
// so that its work moves on.
func (d *BatchDeath) Item(n int) int {
	k := int(d.Position) - 1
	if k < 0 || k >= n {
		return 0
	}
	return k
}

// batchHello is the first line a batch worker writes.
type batchHello struct {
	Type     string `json:"type"`
	Protocol int    `json:"protocol"`
	Worker   string `json:"worker"`
}

// BatchProtocol is the version of the batch hello.
const BatchProtocol = 1

// BatchHelloLine is the hello a batch worker writes first (with its newline).
func BatchHelloLine(worker string) []byte {
	b, _ := json.Marshal(batchHello{Type: typeHello, Protocol: BatchProtocol, Worker: worker})
	return append(b, '\n')
}

// ErrEndedBeforeHello is wrapped by StartBatch's error when the worker process started
// and ended (died, or was killed) before its hello: a start that cost a process.
var ErrEndedBeforeHello = errors.New("ended before its hello")

// StartBatch starts a batch worker and reads its hello.
func StartBatch(cfg BatchConfig) (*Batch, error) {
	if len(cfg.Command) == 0 {
		return nil, errors.New("no batch worker command")
	}
	if cfg.Grace <= 0 {
		cfg.Grace = DefaultGrace
	}
	if cfg.StartTimeout <= 0 {
		cfg.StartTimeout = 30 * time.Second
	}
	cell, cellFile, err := newProgressCell()
	if err != nil {
		return nil, fmt.Errorf("the progress cell of a batch worker: %w", err)
	}
	defer cellFile.Close()                                       // the mapping and the child's copy stay
	w, err := launch(cfg.Command, cfg.Env, []*os.File{cellFile}) // the cell is fd 3
	if err != nil {
		cell.close()
		return nil, err
	}
	w.in = bufio.NewWriterSize(w.stdin, 64<<10)
	b := &Batch{cfg: cfg, w: w, cell: cell}
	w.out.setDeadline(time.Now().Add(cfg.StartTimeout))
	line, err := w.out.next(maxMessage)
	var h batchHello
	switch {
	case errors.Is(err, os.ErrDeadlineExceeded):
		b.Stop()
		return nil, fmt.Errorf("the batch worker sent no hello within %v%s", cfg.StartTimeout, stderrSuffix(w))
	case err != nil:
		w.kill(killNone, 0)
		w.wait()
		cell.close()
		return nil, fmt.Errorf("the batch worker %s %w (%v)%s", strings.Join(cfg.Command, " "), ErrEndedBeforeHello, err, stderrSuffix(w))
	case json.Unmarshal(line, &h) != nil || h.Type != typeHello:
		b.Stop()
		return nil, fmt.Errorf("the batch worker's first line is not a hello: %.200q", line)
	case h.Protocol != BatchProtocol:
		b.Stop()
		return nil, fmt.Errorf("the batch worker speaks protocol %d, not %d", h.Protocol, BatchProtocol)
	}
	return b, nil
}

// Do sends one request line (with its newline) and returns the worker's answer, one
// line (valid until the next call). While it waits it reads the worker's resident set
// and its progress cell every rssPollInterval: a worker over the memory ceiling, or
// whose cell has not changed for longer than stall, is killed, and a death is
// returned instead of an answer. When ctx is cancelled, cancel (a line) is sent, and
// the worker is expected to answer within the grace (with what it completed).
func (b *Batch) Do(ctx context.Context, request, cancel []byte, stall time.Duration) ([]byte, *BatchDeath) {
	w := b.w
	b.cell.store(0)
	if err := w.send(request); err != nil {
		return nil, b.died("crash", "writing the request: "+err.Error())
	}
	cancelled, stopWatch := w.wakeOnCancel(ctx)
	defer stopWatch()
	lastPos, lastChange := uint64(0), time.Now()
	var cancelAt time.Time
	for {
		deadline := time.Now().Add(rssPollInterval)
		if !cancelAt.IsZero() && cancelAt.Before(deadline) {
			deadline = cancelAt
		}
		w.out.setDeadline(deadline)
		if cancelled != nil && cancelAt.IsZero() && cancelled.Load() {
			w.send(cancel)
			cancelAt = time.Now().Add(b.cfg.Grace)
			continue
		}
		line, err := w.out.next(maxMessage)
		if err == nil {
			b.batches++
			return line, nil
		}
		if !errors.Is(err, os.ErrDeadlineExceeded) {
			w.readErr = err
			if errors.Is(err, errTooLong) {
				w.kill(killMemory, 0)
				return nil, b.died("memory", fmt.Sprintf("its answer is over %d MiB", maxMessage>>20))
			}
			return nil, b.died("crash", "")
		}
		now := time.Now()
		if !cancelAt.IsZero() && !now.Before(cancelAt) {
			w.kill(killCancel, 0)
			return nil, b.died("cancel", fmt.Sprintf("it did not answer a cancellation within %v", b.cfg.Grace))
		}
		if pos := b.cell.load(); pos != lastPos {
			lastPos, lastChange = pos, now
		} else if now.Sub(lastChange) > stall {
			w.kill(killTimeout, 0)
			return nil, b.died("timeout", fmt.Sprintf("it made no progress for %v", stall.Round(time.Millisecond)))
		}
		if b.cfg.RSSLimitMB > 0 {
			if over, rss := w.overLimit(b.cfg.RSSLimitMB); over {
				w.kill(killMemory, rss)
				return nil, b.died("memory", fmt.Sprintf("its resident set reached %d MiB, over --rss-limit-mb %d", rss>>20, b.cfg.RSSLimitMB))
			}
		}
	}
}

// died waits for the killed or dead worker and describes its end.
func (b *Batch) died(reason, detail string) *BatchDeath {
	w := b.w
	w.kill(killNone, 0)
	waitErr := w.wait()
	d := &BatchDeath{Reason: reason, Position: b.cell.load()}
	var s strings.Builder
	fmt.Fprintf(&s, "the %s batch worker", b.cfg.Name)
	switch reason {
	case "crash":
		s.WriteString(" died")
		if waitErr != nil {
			fmt.Fprintf(&s, " (%v)", waitErr)
		}
	default:
		s.WriteString(" was killed")
	}
	if detail != "" {
		s.WriteString(": " + detail)
	}
	if tail := w.stderr.String(); tail != "" {
		s.WriteString("\nits stderr:\n" + tail)
	}
	d.Detail = s.String()
	b.cell.close()
	return d
}

// Growth is how far the worker's resident set is above its baseline: the most it held
// after one of its first batchWarmUp batches, by when its collector has settled on the
// heap it keeps between collections (with a high GOGC a worker's resident set climbs
// for a while without keeping anything). 0 until then, or where the kernel does not
// tell.
func (b *Batch) Growth() int64 {
	rss, ok := b.w.resident()
	if !ok || b.batches == 0 {
		return 0
	}
	if b.batches <= batchWarmUp {
		b.baseline = max(b.baseline, rss)
		return 0
	}
	return max(rss-b.baseline, 0)
}

// batchWarmUp is the number of batches whose resident set makes a batch worker's
// baseline.
const batchWarmUp = 8

// Stop ends the worker (closing its stdin; it is killed if it does not exit within a
// second).
func (b *Batch) Stop() {
	b.w.stop()
	b.cell.close()
}

// ConfigJSON is cfg, its limits resolved (trial.Config), in the protocol's form with its
// fixtures (what a worker that runs its own tool kit receives), for callers that hand
// whole cases to batch workers.
func ConfigJSON(cfg outcome.Config) ([]byte, error) { return json.Marshal(toWire(cfg, true)) }

// ParseConfigJSON reads a configuration ConfigJSON wrote.
func ParseConfigJSON(b []byte) (outcome.Config, error) {
	var w wireConfig
	if err := json.Unmarshal(b, &w); err != nil {
		return outcome.Config{}, err
	}
	return w.config(), nil
}
