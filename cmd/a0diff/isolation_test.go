package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/a0diff/a0diff/diff"
	"github.com/a0diff/a0diff/lineup"
	"github.com/a0diff/a0diff/runtime/outcome"
)

// The worker-mode tests re-execute the test binary as a0diff itself (the pattern of
// os/exec's own tests): with asBinaryEnv set, TestMain runs main instead of the tests.
// The supervisor starts its workers from os.Executable(), so they are this binary too.
const asBinaryEnv = "A0DIFF_TEST_AS_BINARY"

func TestMain(m *testing.M) {
	if os.Getenv(asBinaryEnv) == "1" {
		main()
		return
	}
	os.Setenv(asBinaryEnv, "1") // inherited by the workers the tests' supervisors start
	os.Exit(m.Run())
}

// realCLI runs a0diff in this process with the shipped implementations.
func realCLI(ctx context.Context, args ...string) (code int, stdout, stderr string) {
	var out, errOut bytes.Buffer
	code = execute(ctx, args, newApp(&out, &errOut))
	return code, out.String(), errOut.String()
}

// The corpus gives the same report in worker processes as in process.
func TestWorkerIsolationRunsTheCorpus(t *testing.T) {
	dirs := []string{"../../corpus/lexical", "../../corpus/tools"}
	for _, iso := range []string{"process", "none"} {
		code, stdout, stderr := realCLI(context.Background(), append([]string{"--isolation", iso, "-j", "2"}, dirs...)...)
		if code != exitOK || !regexp.MustCompile(`^\d+ entries: \d+ agree, 0 diverged, 0 inconclusive, 0 expectation failures`).MatchString(stdout) {
			t.Errorf("--isolation %s: exit %d\n%s%s", iso, code, stdout, stderr)
		}
	}
}

// children returns the processes whose parent is this process.
func children(t *testing.T) []int {
	t.Helper()
	ds, err := os.ReadDir("/proc")
	if err != nil {
		t.Skip("no /proc: cannot find the worker processes")
	}
	var pids []int
	for _, d := range ds {
		pid, err := strconv.Atoi(d.Name())
		if err != nil {
			continue
		}
		b, err := os.ReadFile("/proc/" + d.Name() + "/stat")
		if err != nil {
			continue
		}
		// pid (comm) state ppid …: comm may contain spaces, so split after its ')'.
		f := strings.Fields(string(b[bytes.LastIndexByte(b, ')')+1:]))
		if len(f) > 1 && f[1] == strconv.Itoa(os.Getpid()) {
			pids = append(pids, pid)
		}
	}
	return pids
}

// kill -9 of a worker in the middle of a campaign costs at most the case it was running:
// with per-case workers that case is its implementation's crash; with campaign workers
// (the default) the case the worker was on is run again one implementation per worker,
// and the cases of its slice go to the next slice. Either way the campaign goes on with
// a fresh worker and the summary counts every case.
func TestKilledWorkerLosesNoCase(t *testing.T) {
	for _, iso := range []string{"process", "case"} {
		t.Run(iso, func(t *testing.T) {
			// The kill comes when the 100th of the 1 500 cases is recorded, from the
			// campaign's own OnCase: its workers are at work then, and the campaign cannot
			// end before the kill, however fast the machine runs the cases (a kill 100 ms
			// after the workers started could come after the last case on a fast one).
			var out, errOut bytes.Buffer
			a := newApp(&out, &errOut)
			killed := make(chan int, 1)
			var recorded atomic.Int64
			a.onCase = func(int, diff.Verdict) {
				if recorded.Add(1) != 100 {
					return
				}
				defer close(killed)
				for _, pid := range children(t) {
					// The workers of this campaign: campaign workers, or per-case ones.
					cmdline, _ := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/cmdline")
					if bytes.Contains(cmdline, []byte(map[string]string{"process": "campaign-worker", "case": "worker"}[iso])) {
						if err := syscall.Kill(pid, syscall.SIGKILL); err == nil {
							killed <- pid
						}
						return
					}
				}
			}
			code := execute(context.Background(), []string{"fuzz", "--isolation", iso, "--seed", "11", "--count", "1500", "-j", "2", "--minimize=false", "--out", t.TempDir()}, a)
			stdout, stderr := out.String(), errOut.String()
			var pid int
			select {
			case pid = <-killed: // 0 when the channel was closed without a kill
			default: // the campaign recorded fewer than 100 cases
			}
			if pid == 0 {
				t.Fatalf("no worker was killed (exit %d)\n%s%s", code, stdout, stderr)
			}
			if !strings.Contains(stdout, "\ncases: 1500 in ") {
				t.Errorf("after kill -9 of worker %d the summary does not count 1500 cases:\n%s%s", pid, stdout, stderr)
			}
			m := regexp.MustCompile(`verdicts: (\d+) agree, (\d+) diverge`).FindStringSubmatch(stdout)
			if m == nil || m[2] != "0" && (iso == "process" || m[2] != "1") {
				t.Errorf("want at most the killed case diverging (none with campaign workers):\n%s", stdout)
			}
			if iso == "process" {
				m := regexp.MustCompile(`campaign workers: (\d+) started, (\d+) died or killed, \d+ replaced for memory kept, (\d+) cases run again`).FindStringSubmatch(stdout)
				if m == nil {
					t.Fatalf("no campaign workers line:\n%s", stdout)
				}
				// The kill lands on a worker in the middle of a slice (its case run again) or
				// between two (no case to run again); either way it is one death and a start.
				if started, _ := strconv.Atoi(m[1]); started < 3 || m[2] != "1" || m[3] != "0" && m[3] != "1" {
					t.Errorf("want the 2 campaign workers of -j 2, a replacement, one death and at most its case run again:\n%s", stdout)
				}
				return
			}
			started := 0
			for _, m := range regexp.MustCompile(`(go|ref) workers: (\d+) started`).FindAllStringSubmatch(stdout, -1) {
				n, _ := strconv.Atoi(m[2])
				started += n
			}
			if started < 5 {
				t.Errorf("%d workers started, want the 4 of -j 2 and a replacement:\n%s", started, stdout)
			}
		})
	}
}

// Cancelling the command's context (what the first Ctrl-C does) stops the campaign:
// exit 130, the summary of the cases that completed, none of them a cancelled run. The
// cancel comes once 20 cases completed, however long the workers took to start.
func TestInterruptedFuzzPrintsTheSummary(t *testing.T) {
	for _, iso := range []string{"process", "case", "none"} {
		ctx, cancel := context.WithCancel(context.Background())
		var out, errOut bytes.Buffer
		a := newApp(&out, &errOut)
		var completed atomic.Int64
		a.onCase = func(int, diff.Verdict) {
			if completed.Add(1) == 20 {
				cancel()
			}
		}
		code := execute(ctx, []string{"fuzz", "--isolation", iso, "--seed", "3", "--count", "0", "-j", "2", "--out", t.TempDir()}, a)
		cancel()
		stdout, stderr := out.String(), errOut.String()
		if code != exitInterrupted || !strings.Contains(stderr, "interrupted: the summary counts the") {
			t.Errorf("--isolation %s: exit %d, stderr %s", iso, code, stderr)
		}
		m := regexp.MustCompile(`cases: (\d+) in .*\n.*\nverdicts: (\d+) agree, 0 diverge, 0 inconclusive, 0 timeout\n`).FindStringSubmatch(stdout)
		if m == nil || m[1] != m[2] || atoi(t, m[1]) < 20 {
			t.Errorf("--isolation %s: want the 20 cases or more that completed, all agreeing:\n%s", iso, stdout)
		}
	}
}

// SIGINT, SIGTERM and SIGHUP on the real process: the campaign ends with its summary
// and its JUnit report, and exit status 128 + the signal's number.
func TestStopSignals(t *testing.T) {
	tests := []struct {
		iso  string
		sig  syscall.Signal
		code int
	}{
		{"process", syscall.SIGINT, 130},
		{"case", syscall.SIGINT, 130},
		{"none", syscall.SIGINT, 130},
		{"process", syscall.SIGTERM, 143},
		{"process", syscall.SIGHUP, 129},
	}
	// exec too: the cancelled run's Outcome, and the signal's status.
	t.Run("exec/SIGTERM", func(t *testing.T) {
		// An external worker that hangs on the program "hang" (and leaves a setsid child).
		entry := filepath.Join(t.TempDir(), "hang.a0")
		os.WriteFile(entry, []byte("hang"), 0o644)
		cmd := exec.Command(os.Args[0], "exec", "--impl", "hang=sh ../../worker/testdata/hostile/setsid-grandchild.sh", "--timeout", "5m", entry)
		var out syncBuffer
		cmd.Stdout = &out
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		if !signalAndWait(cmd, &out, syscall.SIGTERM) {
			t.Fatal("a0diff exec did not exit after SIGTERM")
		}
		if code := cmd.ProcessState.ExitCode(); code != 143 || !strings.Contains(out.String(), `"status":"timeout"`) {
			t.Errorf("exit %d, want 143 and the cancelled run's Outcome: %.300s", code, out.String())
		}
	})
	for _, tt := range tests {
		t.Run(tt.iso+"/"+tt.sig.String(), func(t *testing.T) {
			junit := filepath.Join(t.TempDir(), "junit.xml")
			cmd := exec.Command(os.Args[0], "fuzz", "--isolation", tt.iso, "--seed", "4", "--count", "0", "-j", "2", "--out", t.TempDir(), "--junit", junit)
			var out, errOut syncBuffer
			cmd.Stdout, cmd.Stderr = &out, &errOut
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			if !signalAndWait(cmd, &out, tt.sig) {
				t.Fatalf("a0diff did not exit after %v\n%s%s", tt.sig, out.String(), errOut.String())
			}
			if code := cmd.ProcessState.ExitCode(); code != tt.code || !strings.Contains(out.String(), "\ncases: ") {
				t.Errorf("exit %d, want %d and the summary\n%s%s", code, tt.code, out.String(), errOut.String())
			}
			if b, err := os.ReadFile(junit); err != nil || !bytes.Contains(b, []byte("<testsuite")) {
				t.Errorf("no JUnit report after %v: %v %.200s", tt.sig, err, b)
			}
		})
	}
}

// The first interrupt cancels, the second exits at once (whatever the command is doing).
func TestHandleInterrupts(t *testing.T) {
	sigs := make(chan os.Signal, 2)
	cancelled := make(chan struct{})
	exited := make(chan int, 1)
	var stderr bytes.Buffer
	go handleInterrupts(sigs, &stderr, func(error) { close(cancelled) }, func(code int) { exited <- code })
	sigs <- os.Interrupt
	<-cancelled
	select {
	case code := <-exited:
		t.Fatalf("the first interrupt exited (%d)", code)
	case <-time.After(50 * time.Millisecond):
	}
	sigs <- os.Interrupt
	if code := <-exited; code != exitInterrupted {
		t.Errorf("exit %d after the second interrupt", code)
	}
	if !strings.Contains(stderr.String(), "Ctrl-C again to quit at once") {
		t.Errorf("stderr %q", stderr.String())
	}
}

// A worker that cannot serve is that implementation's crash, with the cause; the other
// implementation is unaffected. (The --ref bundle loads in the parent, then disappears:
// the ref worker exits before its hello.)
func TestBrokenWorkerIsACrash(t *testing.T) {
	dir := t.TempDir()
	bundle := filepath.Join(dir, "ref.js")
	os.WriteFile(bundle, []byte(`globalThis.A0Reference = {version: "x", run() { return "{}" }}`), 0o644)
	entry := filepath.Join(dir, "e.a0")
	os.WriteFile(entry, []byte("return 1\n"), 0o644)
	a := newApp(new(bytes.Buffer), new(bytes.Buffer))
	a.refPath = bundle
	rs, err := a.lineup().Builtin(1)
	if err != nil {
		t.Fatal(err)
	}
	defer lineup.Close(rs)
	os.Remove(bundle)
	o := rs.Ref.Run(context.Background(), "return 1\n", outcome.Config{File: "e.a0"})
	if o.Status != outcome.StatusCrash || !strings.Contains(o.Detail, "ref.js") {
		t.Errorf("ref outcome %s", outcome.Marshal(o))
	}
	if o := rs.Impl.Run(context.Background(), "return 1\n", outcome.Config{File: "e.a0"}); o.Status != outcome.StatusOK || o.Value != 1.0 {
		t.Errorf("go outcome %s", outcome.Marshal(o))
	}
}

// jsonReport runs a0diff with --format json and returns the report.
func jsonReport(t *testing.T, args ...string) (code int, rep struct {
	Entries []struct {
		Path, Verdict string
		Go, Ref       struct{ Status string }
		Divergences   []struct{ Category, Ref string }
	}
	Summary struct{ Entries, Timeouts, Diverged int }
}) {
	t.Helper()
	code, stdout, stderr := realCLI(context.Background(), append([]string{"--format", "json"}, args...)...)
	if err := json.Unmarshal([]byte(stdout), &rep); err != nil {
		t.Fatalf("a0diff %v: exit %d, no JSON report (%v)\n%s%s", args, code, err, stdout, stderr)
	}
	return code, rep
}

// Hostile programs (runaway loops, deep records, memory bombs, 100 000-deep nesting)
// end as classified outcomes in bounded time: no side crashes, the harness survives.
func TestHostileProgramsAreBounded(t *testing.T) {
	start := time.Now()
	_, rep := jsonReport(t, "--timeout", "2s", "-j", "2", "testdata/hostile")
	if rep.Summary.Entries < 6 {
		t.Fatalf("%d entries reported", rep.Summary.Entries)
	}
	for _, e := range rep.Entries {
		for side, st := range map[string]string{"go": e.Go.Status, "ref": e.Ref.Status} {
			if st != "ok" && st != "timeout" && st != "resource" {
				t.Errorf("%s: %s side %s", e.Path, side, st)
			}
		}
	}
	// Each of 6 entries: two sides of at most 2 s + 2 s grace, re-run at 6 s + 2 s.
	if el := time.Since(start); el > 3*time.Minute {
		t.Errorf("took %v", el)
	}
}

// Hostile reference bundles in workers: one whose exception text never ends is
// interrupted at the deadline by the goja host, which reads the text under the deadline
// (a one-sided timeout, retried, in its own category); one
// that allocates without bound is killed over the memory ceiling (a resource outcome);
// one stuck in a native built-in is a one-sided timeout too, whichever worker runs it.
func TestHostileBundles(t *testing.T) {
	dir := t.TempDir()
	entry := filepath.Join(dir, "one.a0")
	os.WriteFile(entry, []byte("return 1\n"), 0o644)
	tests := []struct {
		bundle, timeout, rss string
		verdict, status      string
		details              []string // one of them
	}{
		// The goja host interrupts the loop at the deadline; on a loaded machine the
		// interruption may come after the grace, and the supervisor kills the worker.
		{"looping-tostring.js", "500ms", "512", "timeout", "timeout", []string{"deadline exceeded at toString", "still running 2s after the run's deadline and was killed"}},
		{"memory-bomb.js", "60s", "200", "diverge", "resource", []string{"memory: the ref worker's resident set reached"}},
		// Stuck where goja cannot interrupt it: the entry worker, which runs it on its
		// own goroutine, is killed past the stall bound, and the per-case ref worker
		// abandons the run (or, late on a loaded machine, is killed).
		{"stuck-indexof.js", "500ms", "512", "timeout", "timeout", []string{"did not stop within 500ms of its deadline", "still running 2s after the run's deadline and was killed"}},
	}
	for _, tt := range tests {
		t.Run(tt.bundle, func(t *testing.T) {
			code, rep := jsonReport(t, "--timeout", tt.timeout, "--rss-limit-mb", tt.rss, "--ref", filepath.Join("testdata/hostile", tt.bundle), entry)
			if code != exitFailure || len(rep.Entries) != 1 {
				t.Fatalf("exit %d, %+v", code, rep)
			}
			e := rep.Entries[0]
			if e.Verdict != tt.verdict || e.Ref.Status != tt.status || e.Go.Status != "ok" || len(e.Divergences) == 0 ||
				!slices.ContainsFunc(tt.details, func(d string) bool { return strings.Contains(e.Divergences[0].Ref, d) }) {
				t.Errorf("entry %+v", e)
			}
		})
	}
}

// signalAndWait sends sig to the started a0diff once it is under way — it has started a
// worker, or written to out (the seed line comes after the signal handlers are in place)
// — and waits for it to exit; it kills it and reports false when it has not exited within
// a minute. Waiting for a fixed time instead would, on a loaded machine, deliver the
// signal before a0diff handles it.
func signalAndWait(cmd *exec.Cmd, out *syncBuffer, sig os.Signal) bool {
	for start := time.Now(); !hasChildren(cmd.Process.Pid) && out.Len() == 0; time.Sleep(20 * time.Millisecond) {
		if time.Since(start) > time.Minute {
			cmd.Process.Kill()
			return false
		}
	}
	time.Sleep(200 * time.Millisecond) // well under way: cases or entries in flight
	cmd.Process.Signal(sig)
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case <-done:
		return true
	case <-time.After(60 * time.Second):
		cmd.Process.Kill()
		return false
	}
}

// hasChildren reports whether the process pid has started a process that is still
// running (Linux: /proc/PID/task/TID/children lists the children each thread started, and
// Go starts processes from any of its threads).
func hasChildren(pid int) bool {
	tasks, _ := filepath.Glob(fmt.Sprintf("/proc/%d/task/*/children", pid))
	for _, f := range tasks {
		if b, _ := os.ReadFile(f); len(bytes.TrimSpace(b)) > 0 {
			return true
		}
	}
	return false
}

// syncBuffer is a bytes.Buffer a command writes while a test reads it.
type syncBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *syncBuffer) Len() int {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Len()
}

func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

func (b *syncBuffer) Bytes() []byte { return []byte(b.String()) }
