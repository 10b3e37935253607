//go:build linux

package worker

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/a0diff/a0diff/runtime/outcome"
)

// The hostile workers of testdata/hostile (see its README) against the host. Each test
// bounds the host's answer by a time far beyond what it needs on a loaded machine (the
// attacks, unanswered, take an hour or for ever).

const hostileBound = 30 * time.Second

func hostilePool(t *testing.T, script string, cfg Config) *Pool {
	t.Helper()
	sh, err := exec.LookPath("sh")
	if err != nil {
		t.Skip("no sh to run the hostile workers")
	}
	cfg.Name = strings.TrimSuffix(script, ".sh")
	cfg.Command = []string{sh, filepath.Join("testdata", "hostile", script)}
	cfg.Env = append(cfg.Env, "A0DIFF_TEST_DIR="+t.TempDir())
	p := NewPool(cfg)
	t.Cleanup(func() { p.Close() })
	return p
}

// within runs f and fails the test when it does not return within hostileBound.
func within(t *testing.T, what string, f func()) {
	t.Helper()
	done := make(chan struct{})
	go func() {
		defer close(done)
		f()
	}()
	select {
	case <-done:
	case <-time.After(hostileBound):
		t.Fatalf("%s did not return within %v", what, hostileBound)
	}
}

// processGone reports whether process pid no longer exists (nor waits to be reaped).
func processGone(pid int) bool {
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return true
	}
	return strings.Contains(string(b), ") Z ")
}

// A worker's setsid grandchild holding its pipes neither keeps a run, a kill or the
// pool's Close waiting, nor outlives the pool.
func TestSetsidGrandchild(t *testing.T) {
	if _, err := os.Stat("/proc/self/stat"); err != nil {
		t.Skip("no /proc")
	}
	for _, source := range []string{"fine", "hang"} {
		t.Run(source, func(t *testing.T) {
			p := hostilePool(t, "setsid-grandchild.sh", Config{Grace: 200 * time.Millisecond})
			// The grandchild's pid, from a first run.
			var o outcome.Outcome
			within(t, "a run", func() { o = p.Run(context.Background(), "pid", config(time.Minute)) })
			pid, ok := o.Value.(float64)
			if o.Status != outcome.StatusOK || !ok {
				t.Fatalf("first run: %s", outcome.Marshal(o))
			}
			if source == "hang" {
				within(t, "a run past its deadline", func() { o = p.Run(context.Background(), "hang", config(300*time.Millisecond)) })
				if o.Status != outcome.StatusTimeout {
					t.Errorf("hanging run: %s", outcome.Marshal(o))
				}
			}
			within(t, "Close", func() { p.Close() })
			if !processGone(int(pid)) {
				t.Errorf("the grandchild %d outlived the pool", int(pid))
			}
		})
	}
}

// A wrapper that does not exec: the memory its child allocates counts against the
// ceiling.
func TestCeilingCountsTheTree(t *testing.T) {
	if _, err := os.Stat("/proc/self/statm"); err != nil {
		t.Skip("no /proc")
	}
	p := hostilePool(t, "wrapper.sh", Config{RSSLimitMB: 200,
		Env: []string{"A0DIFF_TEST_BINARY=" + testBinary(t), testWorkerEnv + "=hostile"}})
	var o outcome.Outcome
	within(t, "the run", func() { o = p.Run(context.Background(), "alloc600", config(time.Minute)) })
	if o.Status != outcome.StatusResource || !strings.Contains(o.Detail, "over --rss-limit-mb 200") {
		t.Errorf("outcome %s", outcome.Marshal(o))
	}
}

// A message over maxMessage ends the run as resource: an endless line, and a valid
// outcome of 200 MB.
func TestMessageBound(t *testing.T) {
	for _, script := range []string{"endless-line.sh", "big-outcome.sh"} {
		t.Run(script, func(t *testing.T) {
			p := hostilePool(t, script, Config{})
			var o outcome.Outcome
			within(t, "the run", func() { o = p.Run(context.Background(), "x", config(time.Minute)) })
			if o.Status != outcome.StatusResource || !strings.Contains(o.Detail, "over 32 MiB") {
				t.Errorf("outcome %.300s", outcome.Marshal(o))
			}
		})
	}
}

// The line reader's buffer stops growing at the bound of a line: an endless line costs
// the host maxMessage, not what the worker writes.
func TestLineReaderBound(t *testing.T) {
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	go func() {
		chunk := []byte(strings.Repeat("a", 1<<20))
		for range 64 {
			if _, err := w.Write(chunk); err != nil {
				break
			}
		}
		w.Close()
	}()
	l := newLineReader(r)
	const max = 4 << 20
	if _, err := l.next(max); err != errTooLong {
		t.Fatalf("error %v, want errTooLong", err)
	}
	if len(l.buf) > max+lineBuffer {
		t.Errorf("the buffer grew to %d bytes for a bound of %d", len(l.buf), max)
	}
}

// A worker that said hello once and sends none when started again costs the run its
// deadline, not the 30 s a first start may take; a cancellation ends the wait at once.
func TestNoHelloOnRestart(t *testing.T) {
	p := hostilePool(t, "no-hello-on-restart.sh", Config{Grace: 200 * time.Millisecond})
	o := p.Run(context.Background(), "x", config(time.Minute))
	if o.Status != outcome.StatusCrash {
		t.Fatalf("first run: %s", outcome.Marshal(o))
	}
	start := time.Now()
	within(t, "the run after the restart", func() { o = p.Run(context.Background(), "x", config(300*time.Millisecond)) })
	if o.Status != outcome.StatusTimeout || !strings.Contains(o.Detail, "no hello") {
		t.Errorf("run after the restart: %s", outcome.Marshal(o))
	}
	if el := time.Since(start); el >= 20*time.Second {
		t.Errorf("the run after the restart took %v", el)
	}
	ctx, cancel := context.WithCancel(context.Background())
	time.AfterFunc(100*time.Millisecond, cancel)
	start = time.Now()
	within(t, "a cancelled run", func() { o = p.Run(ctx, "x", config(time.Hour)) })
	if o.Status != outcome.StatusTimeout || time.Since(start) >= 20*time.Second {
		t.Errorf("cancelled run after %v: %s", time.Since(start), outcome.Marshal(o))
	}
}

// A worker killed by a signal the supervisor did not send (kill -9 from a shell, the
// OOM killer) is a crash the pool calls Transient, so the harness runs it again before
// believing it; a death the program caused is not.
func TestKilledFromOutside(t *testing.T) {
	p := testPool(t, "hostile", Config{})
	if _, err := p.Hello(); err != nil {
		t.Fatal(err)
	}
	// The kill must land on the worker running the program: a worker killed before it
	// takes the run is only a failed start, and the run goes to its successor.
	marker := filepath.Join(t.TempDir(), "running")
	done := make(chan outcome.Outcome, 1)
	go func() { done <- p.Run(context.Background(), "hang, touching "+marker, config(time.Minute)) }()
	var pid int
	within(t, "the start of the run", func() {
		for {
			if b, err := os.ReadFile(marker); err == nil {
				pid, _ = strconv.Atoi(string(b))
				return
			}
			time.Sleep(10 * time.Millisecond)
		}
	})
	if err := syscall.Kill(pid, syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	var o outcome.Outcome
	within(t, "the run", func() { o = <-done })
	if o.Status != outcome.StatusCrash || !strings.Contains(o.Detail, "by a signal a0diff did not send") || !p.Transient(o) {
		t.Errorf("outcome %s (transient %v)", outcome.Marshal(o), p.Transient(o))
	}
	if o := p.Run(context.Background(), "exit", config(time.Minute)); o.Status != outcome.StatusCrash || p.Transient(o) {
		t.Errorf("a worker that exits: %s is transient", outcome.Marshal(o))
	}
}

// A worker that closes its stdout and runs on is killed by a0diff: its run is a crash
// that says so, not a death by a signal from outside (which would be transient, run
// again, and blamed on the machine).
func TestWorkerThatClosesItsOutput(t *testing.T) {
	p := testPool(t, "closer", Config{})
	var o outcome.Outcome
	within(t, "the run", func() { o = p.Run(context.Background(), "return 1", config(time.Minute)) })
	if o.Status != outcome.StatusCrash || !strings.Contains(o.Detail, "the closer worker died (signal: killed): its output ended while it went on running, and a0diff killed it") ||
		strings.Contains(o.Detail, "did not send") || p.Transient(o) {
		t.Errorf("outcome %s (transient %v)", outcome.Marshal(o), p.Transient(o))
	}
}
