package worker

import (
	"bufio"
	"context"
	"fmt"
	"math"
	"os"
	"runtime/debug"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/a0diff/a0diff/corpus"
	"github.com/a0diff/a0diff/runtime/outcome"
	"github.com/a0diff/a0diff/runtime/toolkit"
	"github.com/a0diff/a0diff/runtime/value"
	"github.com/a0diff/a0diff/worker/workertest"
)

// The tests re-execute the test binary as a worker (the standard pattern of os/exec's
// own tests): with testWorkerEnv set, TestMain serves a test implementation instead of
// running the tests.
const testWorkerEnv = "A0DIFF_WORKER_TEST"

func TestMain(m *testing.M) {
	switch os.Getenv(testWorkerEnv) {
	case "":
		os.Exit(m.Run())
	case "go":
		err := Serve(os.Stdin, os.Stdout, GoForTest.Worker())
		exitOn(err)
	case "hostile":
		err := Serve(os.Stdin, os.Stdout, Implementation{
			Name: "hostile", Version: "test",
			NewRunner: func(kits func(outcome.Fixtures) toolkit.Kit) outcome.Runner {
				return hostile{kits}
			},
		})
		exitOn(err)
	case "abandoning":
		// Says after a run of "abandon" that it gave up on it and it still runs.
		var total, running int64
		err := Serve(os.Stdin, os.Stdout, Implementation{
			Name: "abandoning", Version: "test",
			NewRunner: func(func(outcome.Fixtures) toolkit.Kit) outcome.Runner {
				return runnerFunc(func(source string) outcome.Outcome {
					running = 0
					if source == "abandon" {
						total, running = total+1, 1
					}
					return outcome.Outcome{Status: outcome.StatusOK, Value: 1.0, HasValue: true}
				})
			},
			LocalTools: true,
			Abandoned:  func() (int64, int64) { return running, total },
		})
		exitOn(err)
	case "mute":
		time.Sleep(time.Hour) // never says hello
	case "batch":
		// A batch worker whose request is the MiB it keeps resident from then on.
		os.Stdout.Write(BatchHelloLine("test"))
		r := bufio.NewReader(os.Stdin)
		for {
			line, err := r.ReadString('\n')
			if err != nil {
				os.Exit(0)
			}
			mib, _ := strconv.Atoi(strings.TrimSpace(line))
			sink = append(sink, workertest.Resident(mib)...)
			os.Stdout.Write([]byte("done\n"))
		}
	}
}

func exitOn(err error) {
	if err != nil {
		fmt.Fprintln(os.Stderr, "worker:", err)
		os.Exit(2)
	}
	os.Exit(0)
}

// hostile is a test implementation whose source text names what it does.
type hostile struct {
	kits func(outcome.Fixtures) toolkit.Kit
}

func (hostile) Name() string { return "hostile" }

var sink [][]byte

func (h hostile) Run(ctx context.Context, source string, cfg outcome.Config) outcome.Outcome {
	switch source {
	case "exit":
		fmt.Fprintln(os.Stderr, "boom: the worker gives up")
		os.Exit(3)
	case "fatal":
		debug.SetMaxStack(1 << 20)
		var recurse func(int) int
		recurse = func(n int) int { return recurse(n+1) + 1 }
		recurse(0)
	case "hang":
		time.Sleep(time.Hour)
	}
	if marker, ok := strings.CutPrefix(source, "hang, touching "); ok {
		// A test that must know the run has begun, and in which process, waits for the
		// file with the worker's process id.
		os.WriteFile(marker+".tmp", []byte(strconv.Itoa(os.Getpid())), 0o644)
		os.Rename(marker+".tmp", marker)
		time.Sleep(time.Hour)
	}
	switch source {
	case "alloc":
		workertest.Misbehave("alloc")
	case "alloc600":
		// 600 MiB, then nothing: over a ceiling of 200 MiB, but bounded when no ceiling
		// sees it.
		sink = append(sink, workertest.Resident(600)...)
		time.Sleep(time.Hour)
	case "grow":
		// A short run that keeps 8 MiB more resident after each run.
		sink = append(sink, workertest.Resident(8)...)
	case "ballast":
		// 64 MiB kept resident, in a run long enough for the recycling check.
		sink = append(sink, workertest.Resident(64)...)
		time.Sleep(2 * rssPollInterval)
	case "garbage":
		fmt.Fprintln(os.Stdout, "this is not JSON")
		time.Sleep(time.Hour)
	case "tool":
		kit := h.kits(cfg.Fixtures)
		args := value.NewRecord()
		args.Set("path", "a.txt")
		v, err := kit.CallData("fs.read", args, toolkit.Data{})
		if err != nil {
			return outcome.Outcome{Status: outcome.StatusOK, ExitCode: 4, Detail: err.Error(), ToolCalls: kit.Calls()}
		}
		return outcome.Outcome{Status: outcome.StatusOK, Value: v, HasValue: true, ToolCalls: kit.Calls()}
	}
	return outcome.Outcome{Status: outcome.StatusOK, Value: source, HasValue: true}
}

// testBinary is this test binary, which TestMain turns into a worker.
func testBinary(testing.TB) string { return os.Args[0] }

func testPool(t *testing.T, mode string, cfg Config) *Pool {
	t.Helper()
	cfg.Name = mode
	cfg.Command = []string{testBinary(t)}
	cfg.Env = append(cfg.Env, testWorkerEnv+"="+mode)
	p := NewPool(cfg)
	t.Cleanup(func() { p.Close() })
	return p
}

func config(timeout time.Duration) outcome.Config {
	return outcome.Config{File: "t.a0", Limits: outcome.Limits{Timeout: timeout}}
}

// Every corpus entry gives the same Outcome in a worker as in process: configuration,
// tool calls (served by the host through the protocol) and Outcome survive the trip.
func TestGoWorkerMatchesInProcess(t *testing.T) {
	files, err := corpus.Discover("../corpus")
	if err != nil {
		t.Fatal(err)
	}
	p := testPool(t, "go", Config{Size: 2})
	inProcess := GoForTest.InProcess()
	tools := 0
	for _, f := range files {
		e, err := corpus.ParseFile(f)
		if err != nil {
			t.Fatal(err)
		}
		cfg := e.Config
		if cfg.Limits.Timeout == 0 {
			cfg.Limits.Timeout = 10 * time.Second
		}
		want := outcome.Normalize(inProcess.Run(context.Background(), e.Source, cfg))
		got := outcome.Normalize(p.Run(context.Background(), e.Source, cfg))
		if want.Status != outcome.StatusOK {
			continue // a timeout's detail and timing may differ
		}
		tools += len(got.ToolCalls)
		if w, g := string(outcome.Marshal(want)), string(outcome.Marshal(got)); w != g {
			t.Errorf("%s:\nin process %s\nin worker  %s", f, w, g)
		}
	}
	if tools == 0 {
		t.Error("no corpus entry called a tool: the callbacks went untested")
	}
	if s := p.Stats(); s.Started > 2 || s.Crashes > 0 {
		t.Errorf("stats %+v: want at most 2 workers started and no crash", s)
	}
}

// A worker's death is that run's outcome, and the next run gets a fresh worker.
func TestWorkerDeaths(t *testing.T) {
	// Only "hang" reaches its deadline; the others get a long one, so that a slow
	// machine never turns their ending into a timeout.
	tests := []struct {
		source  string
		cfg     Config
		timeout time.Duration
		status  outcome.Status
		detail  []string
	}{
		{"exit", Config{}, time.Minute, outcome.StatusCrash, []string{"the hostile worker died (exit status 3)", "boom: the worker gives up"}},
		{"fatal", Config{}, time.Minute, outcome.StatusCrash, []string{"the hostile worker died (exit status 2)", "goroutine stack exceeds 1048576-byte limit"}},
		{"hang", Config{Grace: 300 * time.Millisecond}, 500 * time.Millisecond, outcome.StatusTimeout, []string{"still running 300ms after the run's deadline and was killed"}},
		{"alloc", Config{RSSLimitMB: 200}, time.Minute, outcome.StatusResource, []string{"memory: the hostile worker's resident set reached", "over --rss-limit-mb 200"}},
		{"garbage", Config{}, time.Minute, outcome.StatusCrash, []string{"broke the protocol: unreadable message"}},
	}
	for _, tt := range tests {
		t.Run(tt.source, func(t *testing.T) {
			p := testPool(t, "hostile", tt.cfg)
			o := p.Run(context.Background(), tt.source, config(tt.timeout))
			if o.Status != tt.status {
				t.Errorf("status %s, want %s; detail %s", o.Status, tt.status, o.Detail)
			}
			for _, d := range tt.detail {
				if !strings.Contains(o.Detail, d) {
					t.Errorf("detail lacks %q:\n%s", d, o.Detail)
				}
			}
			// A long deadline: the run after a death waits for its worker's hello no
			// longer than the run's time (Pool.start), and a loaded machine may take
			// more than a second to start the test binary again.
			o = p.Run(context.Background(), "fine", config(time.Minute))
			if o.Status != outcome.StatusOK || o.Value != "fine" {
				t.Errorf("the run after the death: %s", outcome.Marshal(o))
			}
			if s := p.Stats(); s.Started != 2 {
				t.Errorf("%d workers started, want 2 (one replaced)", s.Started)
			}
		})
	}
}

// A batch worker is replaced for the memory it keeps above what it held after its
// first batches, and not before.
func TestBatchSlotReplacesForGrowth(t *testing.T) {
	slot := NewBatchSlot(BatchConfig{Name: "batch", Command: []string{testBinary(t)}, Env: []string{testWorkerEnv + "=batch"}, RSSLimitMB: 200})
	defer slot.Close()
	do := func(mib int) *Batch {
		t.Helper()
		b, err := slot.Worker()
		if err != nil {
			t.Fatal(err)
		}
		if answer, death := b.Do(context.Background(), []byte(strconv.Itoa(mib)+"\n"), nil, time.Minute); death != nil || string(answer) != "done" {
			t.Fatalf("answer %q, death %+v", answer, death)
		}
		return b
	}
	first := do(0)
	for range batchWarmUp {
		do(0)
		if slot.CheckGrowth() {
			t.Fatal("replaced while warming up")
		}
	}
	// 200 MiB / recycleFraction = 50 MiB of growth replaces it; 20 MiB does not.
	do(20)
	if slot.CheckGrowth() || slot.next != nil {
		t.Fatalf("replaced, or a successor started, at 20 MiB kept (growth %d MiB)", first.Growth()>>20)
	}
	for range 3 {
		do(20)
		if slot.CheckGrowth() {
			break
		}
	}
	if st := slot.Stats(); st.Recycled != 1 {
		t.Fatalf("not replaced after 80 MiB kept: %+v", st)
	}
	if b := do(0); b == first || slot.Stats().Started != 2 {
		t.Errorf("the successor did not take over: %+v", slot.Stats())
	}
}

// A worker that died is succeeded by one started ahead of the next run: the pool starts
// it while the supervisor reports the death, and the next run takes it.
func TestSuccessorStartsAhead(t *testing.T) {
	p := testPool(t, "hostile", Config{})
	if o := p.Run(context.Background(), "fine", config(time.Minute)); o.Status != outcome.StatusOK {
		t.Fatalf("first run: %s", outcome.Marshal(o))
	}
	if o := p.Run(context.Background(), "exit", config(time.Minute)); o.Status != outcome.StatusCrash {
		t.Fatalf("the worker did not die: %s", outcome.Marshal(o))
	}
	for end := time.Now().Add(time.Minute); p.Stats().Started < 2 && time.Now().Before(end); {
		time.Sleep(10 * time.Millisecond)
	}
	if s := p.Stats(); s.Started != 2 {
		t.Fatalf("%d workers started with no run asking, want 2 (the successor)", s.Started)
	}
	if o := p.Run(context.Background(), "fine", config(time.Minute)); o.Status != outcome.StatusOK || p.Stats().Started != 2 {
		t.Errorf("the run after the death: %s, %d workers started (want the successor's 2)", outcome.Marshal(o), p.Stats().Started)
	}
}

// The resident set is read after every run, however short: a worker that keeps memory
// after each run is killed over the ceiling, long before the every-32nd-run recycling
// check would see it. (On a loaded machine a run may last a poll interval, after which
// a worker over a quarter of the ceiling is replaced instead: the memory was seen too.)
func TestShortRunsAreWatched(t *testing.T) {
	const limitMB, runs = 96, recycleCheckEvery - 2 // the ceiling is reached within 12 runs
	p := testPool(t, "hostile", Config{RSSLimitMB: limitMB})
	for run := 1; run <= runs; run++ {
		o := p.Run(context.Background(), "grow", config(time.Minute))
		if o.Status == outcome.StatusResource {
			if !strings.Contains(o.Detail, "over --rss-limit-mb 96") {
				t.Errorf("run %d: %s", run, o.Detail)
			}
			return
		}
		if p.Stats().Recycled > 0 {
			return
		}
		if o.Status != outcome.StatusOK {
			t.Fatalf("run %d: %s", run, outcome.Marshal(o))
		}
	}
	t.Errorf("%d runs each keeping 8 MiB, and none ended over the ceiling of %d MiB", runs, limitMB)
}

// A cancelled run ends within the grace even when the worker ignores the cancel message.
func TestCancelKillsAStuckWorker(t *testing.T) {
	p := testPool(t, "hostile", Config{Grace: 200 * time.Millisecond})
	if _, err := p.Hello(); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	time.AfterFunc(100*time.Millisecond, cancel)
	start := time.Now()
	o := p.Run(ctx, "hang", config(time.Minute))
	if o.Status != outcome.StatusTimeout || !strings.Contains(o.Detail, "cancelled") {
		t.Errorf("outcome %s", outcome.Marshal(o))
	}
	if el := time.Since(start); el > 20*time.Second {
		t.Errorf("the cancelled run took %v", el)
	}
}

// A cancelled run of a worker that honours cancellation ends without killing it.
func TestCancelEndsARun(t *testing.T) {
	p := testPool(t, "go", Config{})
	if _, err := p.Hello(); err != nil { // started before the clock runs: a cancellation ends a start too
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	time.AfterFunc(100*time.Millisecond, cancel)
	cfg := config(time.Minute)
	cfg.Limits.MaxSteps = math.MaxInt // not ended by the step limit before the cancellation
	o := p.Run(ctx, "let n = loop { in: 0, times: 1000000000000, as: \"x\" } { return x + 1 }\nreturn n\n", cfg)
	if o.Status != outcome.StatusTimeout || !strings.Contains(o.Detail, "cancelled") {
		t.Errorf("outcome %s", outcome.Marshal(o))
	}
}

// The host serves tool calls from its kit over the run's fixtures.
func TestToolCallsGoThroughTheHost(t *testing.T) {
	p := testPool(t, "hostile", Config{})
	cfg := config(5 * time.Second)
	cfg.Fixtures = outcome.Fixtures{Files: []outcome.File{{Path: "a.txt", Content: "from the host"}}}
	o := p.Run(context.Background(), "tool", cfg)
	if o.Value != "from the host" || len(o.ToolCalls) != 1 || o.ToolCalls[0].Tool != "fs.read" {
		t.Errorf("outcome %s", outcome.Marshal(o))
	}
	o = p.Run(context.Background(), "tool", config(5*time.Second))
	if o.ExitCode != 4 || !strings.Contains(o.Detail, "a.txt") {
		t.Errorf("without the fixture: %s", outcome.Marshal(o))
	}
}

func TestStartFailures(t *testing.T) {
	p := NewPool(Config{Name: "x", Command: []string{"/nonexistent/worker"}})
	if o := p.Run(context.Background(), "x", config(time.Second)); o.Status != outcome.StatusCrash || !strings.Contains(o.Detail, "/nonexistent/worker") {
		t.Errorf("missing command: %s", outcome.Marshal(o))
	}
	p = testPool(t, "mute", Config{StartTimeout: 300 * time.Millisecond})
	if o := p.Run(context.Background(), "x", config(time.Second)); o.Status != outcome.StatusCrash || !strings.Contains(o.Detail, "no hello within 300ms") {
		t.Errorf("mute worker: %s", outcome.Marshal(o))
	}
}

func TestHeadTail(t *testing.T) {
	h := newHeadTail(4)
	fmt.Fprint(h, "abcdefgh")
	fmt.Fprint(h, "ijklmn")
	if got, want := h.String(), "abcd\n… (6 bytes left out) …\nklmn"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}

// The hello says which limits a worker honours; the pool reports the others.
func TestIgnoredLimits(t *testing.T) {
	tests := []struct {
		mode string
		want []outcome.LimitName
	}{
		{"go", nil},
		{"hostile", outcome.LimitNames(nil)}, // its hello lists no limit
	}
	for _, tt := range tests {
		p := testPool(t, tt.mode, Config{})
		if got := p.IgnoredLimits(); got != nil {
			t.Errorf("%s: %v before any worker started", tt.mode, got)
		}
		if _, err := p.Hello(); err != nil {
			t.Fatal(err)
		}
		if got := p.IgnoredLimits(); !slices.Equal(got, tt.want) {
			t.Errorf("%s: ignored limits %v, want %v", tt.mode, got, tt.want)
		}
	}
}

// Only a pool of one worker lets the other side of a case run beside its run (so that
// at most two workers run at a time at -j 1, as at -j 2).
func TestRunsBeside(t *testing.T) {
	for size, want := range map[int]bool{1: true, 2: false} {
		if got := NewPool(Config{Name: "x", Command: []string{"x"}, Size: size}).RunsBeside(); got != want {
			t.Errorf("size %d: RunsBeside %v, want %v", size, got, want)
		}
	}
}

// A worker is replaced for the memory it keeps beyond what it held after its first
// runs, not for what it holds at rest: a worker that idles above a quarter of the
// ceiling (as one with a large --ref bundle does) serves run after run, and is replaced
// once it keeps a quarter of the ceiling more.
func TestRecycledForGrowthNotForItsSizeAtRest(t *testing.T) {
	p := testPool(t, "hostile", Config{RSSLimitMB: 200})
	for run := range 2 * recycleCheckEvery {
		source := "fine"
		if run == 0 {
			source = "ballast" // 64 MiB held from the first run on, over a quarter of 200
		}
		if o := p.Run(context.Background(), source, config(time.Minute)); o.Status != outcome.StatusOK {
			t.Fatalf("run %d: %s", run, outcome.Marshal(o))
		}
	}
	if s := p.Stats(); s.Started != 1 || s.Recycled != 0 {
		t.Errorf("a worker at rest over a quarter of the ceiling: %+v, want 1 started and none replaced", s)
	}
	if o := p.Run(context.Background(), "ballast", config(time.Minute)); o.Status != outcome.StatusOK {
		t.Fatalf("growth: %s", outcome.Marshal(o))
	}
	if s := p.Stats(); s.Recycled != 1 {
		t.Errorf("a worker that kept 64 MiB more than at rest: %+v, want it replaced", s)
	}
}

// runnerFunc is a Runner made of a function of the source.
type runnerFunc func(source string) outcome.Outcome

func (f runnerFunc) Name() string { return "func" }
func (f runnerFunc) Run(_ context.Context, source string, _ outcome.Config) outcome.Outcome {
	return f(source)
}

// A worker that says it abandoned a run still running is replaced before Run returns:
// the pool counts the run in its total, and none as still running, in the order
// (running, total) of every Abandoned.
func TestAbandonedRunsAreCounted(t *testing.T) {
	p := testPool(t, "abandoning", Config{})
	for i, tt := range []struct {
		source                string
		running, total, start int64
	}{
		{"fine", 0, 0, 1},
		{"abandon", 0, 1, 2}, // the worker is replaced, its successor started ahead
		{"fine", 0, 1, 2},
		{"fine", 0, 1, 2},
	} {
		if o := p.Run(context.Background(), tt.source, config(time.Minute)); o.Status != outcome.StatusOK {
			t.Fatalf("run %d: %s", i, outcome.Marshal(o))
		}
		p.waitStartsAhead()
		running, total := p.Abandoned()
		if running != tt.running || total != tt.total || p.Stats().Started != tt.start {
			t.Errorf("after run %d (%s): abandoned (%d running, %d in total), %d started; want (%d, %d), %d",
				i, tt.source, running, total, p.Stats().Started, tt.running, tt.total, tt.start)
		}
	}
}
