package worker

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"strconv"
	"sync"
	"time"
)

// rssPollInterval is how often a busy worker's resident set is read.
const rssPollInterval = 50 * time.Millisecond

// killReason says why the supervisor killed a worker.
type killReason int

const (
	killNone     killReason = iota // not killed by the supervisor (or killed after it died)
	killTimeout                    // over the deadline + grace
	killMemory                     // over the memory ceiling
	killCancel                     // cancelled and did not stop
	killProtocol                   // broke the protocol
)

// proc is one worker process. It is used by one run at a time, and only by the
// goroutine running it (a cancellation only sets a past read deadline on its stdout).
type proc struct {
	cmd   *exec.Cmd
	in    *bufio.Writer
	stdin *os.File
	out   *lineReader // its stdout
	hello Hello

	stderr *headTail
	// stderrR is the host's end of the worker's stderr, copied into stderr until
	// stderrDone; a descendant may keep the other end open after the worker ended.
	stderrR    *os.File
	stderrDone chan struct{}

	readErr     error // why reading stopped (nil while it goes on)
	reason      killReason
	rssAtKill   int64
	protocolErr string
	abandoned   int64 // the last count the worker reported
	// abandonRunning is how many of those the worker last said were still running.
	abandonRunning int64
	killed         bool
	// busy is the time the worker has spent running since its resident set was last
	// read within a run: the set is read whenever busy reaches rssPollInterval, within a
	// run or across several short ones (and after every run, see Pool.runOn).
	busy time.Duration
	// files are the worker's /proc files (statm, its threads' children), kept open so
	// that a reading is one pread (cheap enough to take after every run), a tree walk
	// a few (tree_linux.go); nil until the first reading.
	files *procFiles
	// runs counts the runs after which the resident set was read; baseline is the
	// least of the first baselineRuns readings (what the worker holds at rest).
	runs     int
	baseline int64
	// tree: the worker had descendants when its tree was last read (every poll
	// interval), so the reading after a run counts them too.
	tree bool

	waitOnce sync.Once
	waitErr  error
}

// parsed is one message from a worker; line is valid until the next read. An outcome
// message in the form built-in workers write has no m, but its members in outcome.
type parsed struct {
	typ     string
	m       message
	line    []byte
	outcome *outcomeMembers
}

// outcomeMembers are the members of an outcome message.
type outcomeMembers struct {
	run                       uint64
	abandoned, abandonRunning int64
	body                      []byte // the Outcome's JSON text
	// quick says the message was read by outcomeLine: body is what follows "outcome":,
	// which is the Outcome only when no other member follows it.
	quick bool
}

// readMessage reads the worker's next message. A line that is too long or not a
// message ends the worker (readErr says why); a timeout is os.ErrDeadlineExceeded.
func (w *proc) readMessage() (parsed, error) {
	line, err := w.out.next(maxMessage)
	if err != nil {
		if !errors.Is(err, os.ErrDeadlineExceeded) {
			w.readErr = err
		}
		return parsed{}, err
	}
	if run, abandoned, running, body, ok := outcomeLine(line); ok {
		return parsed{typ: typeOutcome, line: line, outcome: &outcomeMembers{run, abandoned, running, body, true}}, nil
	}
	return w.parseLine(line)
}

// parseLine reads a message member by member.
func (w *proc) parseLine(line []byte) (parsed, error) {
	m, typ, err := parseMessage(line)
	if err != nil {
		w.readErr = fmt.Errorf("it broke the protocol: unreadable message: %v", err)
		return parsed{}, w.readErr
	}
	if typ == typeOutcome {
		om := &outcomeMembers{body: m["outcome"]}
		om.run, _ = m.uint("run")
		json.Unmarshal(m["abandoned"], &om.abandoned)
		json.Unmarshal(m["abandonedRunning"], &om.abandonRunning)
		return parsed{typ: typ, line: line, outcome: om}, nil
	}
	return parsed{typ: typ, m: m, line: line}, nil
}

// send writes one message.
func (w *proc) send(b []byte) error {
	if _, err := w.in.Write(b); err != nil {
		return err
	}
	return w.in.Flush()
}

// kill kills the process (once; the first reason is kept).
func (w *proc) kill(reason killReason, rss int64) {
	if w.killed {
		return
	}
	w.killed = true
	if w.reason == killNone {
		w.reason, w.rssAtKill = reason, rss
	}
	w.killGroup()
}

// dead reports whether the worker was killed or its output ended.
func (w *proc) dead() bool { return w.killed }

// stderrWait bounds the wait for a worker's stderr to end after the worker has: the
// last words of a dying worker are kept, a descendant holding the pipe is not waited for.
const stderrWait = time.Second

// wait waits for the process after its stdout ended (or it was killed) and returns how
// it ended. What the worker left running (children re-parented to a0diff) is killed;
// nothing a worker started outlives it, and nothing it started can make wait block.
func (w *proc) wait() error {
	w.waitOnce.Do(func() {
		w.waitErr = w.cmd.Wait()
		w.closeStatm()
		startMu.Lock()
		delete(live, w.cmd.Process.Pid)
		startMu.Unlock()
		sweepOrphans()
		if w.stderrR != nil {
			select {
			case <-w.stderrDone:
			case <-time.After(stderrWait):
			}
			w.stderrR.Close()
		}
	})
	return w.waitErr
}

// stop ends an idle worker: closing its stdin asks it to exit; it is killed if it does
// not within a second.
func (w *proc) stop() {
	w.stdin.Close()
	t := time.AfterFunc(time.Second, func() { w.killGroup() })
	w.wait()
	t.Stop()
	w.killed = true
}

// overLimit reads the resident set of the worker's whole process tree and reports
// whether it is over limitMB.
func (w *proc) overLimit(limitMB int) (bool, int64) {
	rss, ok := w.treeResident(true)
	return ok && rss > int64(limitMB)<<20, rss
}

// treeResident is the resident set of the worker and its descendants (a wrapper
// script's interpreter, what the worker started, also outside its process group). With
// walk the tree is read from /proc; without, only when it had descendants at the last
// walk (the reading after each run is then one pread for a worker that starts nothing).
func (w *proc) treeResident(walk bool) (int64, bool) {
	rss, ok := w.resident()
	if !ok || (!walk && !w.tree) {
		return rss, ok
	}
	d := w.files.descendants()
	w.tree = len(d) > 0
	for _, pid := range d {
		rss += residentOf(pid)
	}
	return rss, true
}

// resident is the worker's resident set size as the kernel counts it (/proc/PID/statm,
// second field, in pages); ok is false where there is no /proc or the process is gone.
func (w *proc) resident() (int64, bool) {
	if w.files == nil {
		w.files = newProcFiles(w.cmd.Process.Pid)
	}
	return w.files.resident()
}

// closeStatm releases the kept /proc files of a worker that has ended (its process id
// may name another process from now on: nothing is read for it again).
func (w *proc) closeStatm() {
	if w.files == nil {
		w.files = newProcFiles(w.cmd.Process.Pid)
	}
	w.files.close()
}

var pageSize = int64(os.Getpagesize())

// parseStatm reads the resident set, in bytes, from the text of /proc/PID/statm.
func parseStatm(b []byte) (int64, bool) {
	f := bytes.Fields(b)
	if len(f) < 2 {
		return 0, false
	}
	pages, err := strconv.ParseInt(string(f[1]), 10, 64)
	if err != nil {
		return 0, false
	}
	return pages * pageSize, true
}

// headTail keeps the first and the last n bytes written to it: a Go fatal error puts its
// reason first and a goroutine dump after it.
type headTail struct {
	mu      sync.Mutex
	n       int
	head    []byte
	tail    []byte
	dropped int64
}

func newHeadTail(n int) *headTail { return &headTail{n: n} }

func (h *headTail) Write(p []byte) (int, error) {
	h.mu.Lock()
	defer h.mu.Unlock()
	q := p
	if room := h.n - len(h.head); room > 0 {
		k := min(room, len(q))
		h.head = append(h.head, q[:k]...)
		q = q[k:]
	}
	h.tail = append(h.tail, q...)
	if over := len(h.tail) - h.n; over > 0 {
		h.dropped += int64(over)
		h.tail = append(h.tail[:0], h.tail[over:]...)
	}
	return len(p), nil
}

// String is the head, a note of what was left out, and the tail.
func (h *headTail) String() string {
	h.mu.Lock()
	defer h.mu.Unlock()
	s := string(h.head)
	if h.dropped > 0 {
		s += "\n… (" + strconv.FormatInt(h.dropped, 10) + " bytes left out) …\n"
	}
	return s + string(h.tail)
}
