package tsbundle

import (
	"context"
	"errors"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/a0diff/a0diff/runtime/outcome"
	"github.com/a0diff/a0diff/runtime/toolkit"
	"github.com/a0diff/a0diff/runtime/value"
)

// fakeRunner runs testdata/fake.js, whose behaviours are listed at its top.
func fakeRunner(t testing.TB, opts ...Option) *Runner {
	t.Helper()
	b, err := Load("testdata/fake.js")
	if err != nil {
		t.Fatal(err)
	}
	r := NewRunner(b, opts...)
	t.Cleanup(func() { r.Close() })
	return r
}

func valueJSON(o outcome.Outcome) string {
	if !o.HasValue {
		return "(no value)"
	}
	return string(value.MarshalCanonical(o.Value))
}

func TestRunClassifiesEveryWayABundleCanEnd(t *testing.T) {
	cfg := outcome.Config{File: "t.a0", Allow: []string{"fs.read"}, Limits: outcome.Limits{Timeout: 30 * time.Second}}
	tests := []bundleEnd{
		// The ABI arguments: the source verbatim, configJSON with the limits' defaults.
		{"echo", outcome.StatusOK,
			`{"source":"echo","config":{"file":"t.a0","allow":["fs.read"],"limits":{"maxSteps":100000,"maxDepth":10000,"maxSize":1048576}},"version":"fake 1"}`, nil},
		{"busy 5", outcome.StatusOK,
			`[{"id":0,"name":"row0","tags":[0,"0"]},{"id":1,"name":"row4","tags":[4,"4"]},{"id":2,"name":"row3","tags":[3,"3"]}]`, nil},
		// Lone surrogates put raw into the Outcome text survive as code units.
		{"lone", outcome.StatusOK, `"a\ud800b\udc00c😀"`, nil},
		{"async-ok", outcome.StatusOK, `{"source":"async-ok"}`, nil},

		{"loop", outcome.StatusTimeout, "", []string{"deadline", "interrupted"}},
		{"recurse", outcome.StatusResource, "", []string{"JavaScript call stack exceeded 50000 frames", "at recurse"}},
		{"throw", outcome.StatusCrash, "", []string{"escaped A0Reference.run", "Error: fake bundle failure", "at thrower (testdata/fake.js:"}},
		{"return-number", outcome.StatusCrash, "", []string{"returned a number (42), not the Outcome JSON string"}},
		{"return-garbage", outcome.StatusCrash, "", []string{"unreadable Outcome JSON", "this is not JSON"}},
		{"return-status", outcome.StatusCrash, "", []string{"unreadable Outcome JSON", `unknown status "fine"`}},
		{"async-reject", outcome.StatusCrash, "", []string{"rejected Promise", "async failure"}},
		{"async-pending", outcome.StatusCrash, "", []string{"still pending"}},
		{"host-misuse", outcome.StatusCrash, "", []string{"TypeError", "host.call(tool, argsJSON) takes two strings"}},
	}
	// A generous grace: on a loaded machine an interrupted runtime can take a while to
	// be scheduled again, and these runs must end at the interrupt, not be abandoned.
	// A small stack limit keeps the endless recursion below quick (goja regrows its value
	// stack in fixed steps, so reaching the default limit takes seconds).
	for _, mode := range runModes {
		t.Run(mode.name, func(t *testing.T) { classifyEveryEnd(t, cfg, tests, mode.opts) })
	}
}

// runModes are the two ways a Runner runs JavaScript: on a goroutine of its own that it
// can abandon (the default), and on the caller's (WithInline, batch workers). Both stop
// a run at its deadline and classify every end the same.
var runModes = []struct {
	name string
	opts []Option
}{
	{"goroutine", nil},
	{"inline", []Option{WithInline()}},
}

// bundleEnd is a way a run of testdata/fake.js ends.
type bundleEnd struct {
	source string
	status outcome.Status
	value  string   // canonical JSON of the value, for ok outcomes
	detail []string // substrings of Detail
}

func classifyEveryEnd(t *testing.T, cfg outcome.Config, tests []bundleEnd, opts []Option) {
	r := fakeRunner(t, append([]Option{WithGrace(5 * time.Second), WithMaxCallStack(50_000)}, opts...)...)
	for _, tc := range tests {
		t.Run(tc.source, func(t *testing.T) {
			c := cfg
			if tc.status == outcome.StatusTimeout {
				c.Limits.Timeout = 100 * time.Millisecond
			}
			o := r.Run(context.Background(), tc.source, c)
			if o.Status != tc.status {
				t.Fatalf("status %q, want %q (detail: %s)", o.Status, tc.status, o.Detail)
			}
			if tc.status == outcome.StatusOK {
				if got := valueJSON(o); got != tc.value {
					t.Errorf("value %s\nwant  %s", got, tc.value)
				}
			}
			for _, d := range tc.detail {
				if !strings.Contains(o.Detail, d) {
					t.Errorf("detail does not contain %q:\n%s", d, o.Detail)
				}
			}
		})
	}
	// Every run above that did not end cleanly discarded its runtime; the runner still
	// serves.
	if o := r.Run(context.Background(), "echo", cfg); o.Status != outcome.StatusOK {
		t.Errorf("after the failures: %s %s", o.Status, o.Detail)
	}
	s := r.Stats()
	if s.Abandoned != 0 {
		t.Errorf("Abandoned = %d, want 0 (every failure above stops at the interrupt)", s.Abandoned)
	}
	if s.RuntimesDiscarded != 6 {
		t.Errorf("RuntimesDiscarded = %d, want 6 (loop, recurse, throw, async-reject, async-pending, host-misuse)", s.RuntimesDiscarded)
	}
}

func TestInfiniteLoopStopsAtTheDeadline(t *testing.T) {
	// The interrupt itself takes µs; the slack is for scheduling on a busy CI machine.
	const slack = 3 * time.Second
	for _, mode := range runModes {
		t.Run(mode.name, func(t *testing.T) {
			loopStopsAtTheDeadline(t, slack, fakeRunner(t, append([]Option{WithGrace(5 * time.Second)}, mode.opts...)...))
		})
	}
}

func loopStopsAtTheDeadline(t *testing.T, slack time.Duration, r *Runner) {
	tests := []struct {
		name     string
		timeout  time.Duration // cfg.Limits.Timeout
		ctxLimit time.Duration // context deadline, 0 for none
		want     time.Duration // the effective deadline
	}{
		{"limits timeout", 200 * time.Millisecond, 0, 200 * time.Millisecond},
		{"earlier context deadline", 5 * time.Second, 150 * time.Millisecond, 150 * time.Millisecond},
		{"earlier limits timeout", 100 * time.Millisecond, 5 * time.Second, 100 * time.Millisecond},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			// start is taken before the context's deadline is set, so that the deadline
			// is never earlier than start + want (it was flaky the other way round).
			start := time.Now()
			ctx := context.Background()
			if tc.ctxLimit > 0 {
				var cancel context.CancelFunc
				ctx, cancel = context.WithTimeout(ctx, tc.ctxLimit)
				defer cancel()
			}
			o := r.Run(ctx, "loop", outcome.Config{Limits: outcome.Limits{Timeout: tc.timeout}})
			elapsed := time.Since(start)
			if o.Status != outcome.StatusTimeout {
				t.Fatalf("status %q, want timeout (%s)", o.Status, o.Detail)
			}
			if elapsed < tc.want || elapsed > tc.want+slack {
				t.Errorf("returned after %v, want within [%v, %v]", elapsed, tc.want, tc.want+slack)
			}
		})
	}
}

func TestCancelledContextStopsTheRun(t *testing.T) {
	for _, mode := range runModes {
		r := fakeRunner(t, append([]Option{WithGrace(5 * time.Second)}, mode.opts...)...)
		ctx, cancel := context.WithCancel(context.Background())
		time.AfterFunc(50*time.Millisecond, cancel)
		o := r.Run(ctx, "loop", outcome.Config{})
		if o.Status != outcome.StatusTimeout || !strings.Contains(o.Detail, "context canceled") {
			t.Fatalf("%s: got %s %q, want a timeout naming the cancellation", mode.name, o.Status, o.Detail)
		}
		if o := r.Run(ctx, "echo", outcome.Config{}); o.Status != outcome.StatusTimeout || !strings.Contains(o.Detail, "not started") {
			t.Errorf("%s: run on a done context: %s %q", mode.name, o.Status, o.Detail)
		}
	}
}

func TestNativeBuiltinThatIgnoresInterruptIsAbandoned(t *testing.T) {
	const (
		timeout = 100 * time.Millisecond
		grace   = 100 * time.Millisecond
	)
	r := fakeRunner(t, WithGrace(grace))
	start := time.Now()
	// indexOf over 5e7 absent elements takes seconds in goja, all of it native.
	o := r.Run(context.Background(), "spin 50000000", outcome.Config{Limits: outcome.Limits{Timeout: timeout}})
	elapsed := time.Since(start)
	if o.Status != outcome.StatusTimeout || !strings.Contains(o.Detail, "abandoned") {
		t.Fatalf("got %s %q, want an abandoned timeout", o.Status, o.Detail)
	}
	if elapsed > timeout+grace+3*time.Second { // slack for a busy machine
		t.Errorf("returned after %v, want about %v", elapsed, timeout+grace)
	}
	s := r.Stats()
	if s.Abandoned != 1 || s.AbandonedRunning != 1 {
		t.Errorf("Stats %+v, want one abandoned goroutine still running", s)
	}

	// The runner keeps serving, on another runtime.
	if o := r.Run(context.Background(), "echo", outcome.Config{}); o.Status != outcome.StatusOK {
		t.Fatalf("after abandoning: %s %s", o.Status, o.Detail)
	}
	// The leaked goroutine is counted until the built-in finally returns.
	for deadline := time.Now().Add(2 * time.Minute); r.Stats().AbandonedRunning != 0; {
		if time.Now().After(deadline) {
			t.Fatal("the abandoned goroutine never finished")
		}
		time.Sleep(20 * time.Millisecond)
	}
	if s := r.Stats(); s.Abandoned != 1 {
		t.Errorf("Abandoned = %d after the goroutine ended, want 1 (a total)", s.Abandoned)
	}
}

// TestInlineRunEndsWithTheNativeBuiltin: inline (WithInline), nothing abandons a run
// stuck in a native built-in; Run returns when the built-in does — a batch worker's
// supervisor bounds such a run by killing the worker — and the interrupt, waiting since
// the deadline, ends the run there as a timeout. Nothing is left running.
func TestInlineRunEndsWithTheNativeBuiltin(t *testing.T) {
	r := fakeRunner(t, WithInline(), WithGrace(10*time.Millisecond))
	start := time.Now()
	// indexOf over 5e6 absent elements: a fraction of a second in goja, all of it native,
	// far past the deadline and the grace.
	o := r.Run(context.Background(), "spin 5000000", outcome.Config{Limits: outcome.Limits{Timeout: time.Millisecond}})
	if o.Status != outcome.StatusTimeout || strings.Contains(o.Detail, "abandoned") {
		t.Fatalf("got %s %q, want a timeout that was not abandoned", o.Status, o.Detail)
	}
	if s := r.Stats(); s.Abandoned != 0 || s.AbandonedRunning != 0 || s.RuntimesDiscarded != 1 {
		t.Errorf("Stats %+v, want nothing abandoned and the interrupted runtime discarded", s)
	}
	if o := r.Run(context.Background(), "echo", outcome.Config{}); o.Status != outcome.StatusOK {
		t.Fatalf("after the timeout: %s %s", o.Status, o.Detail)
	}
	t.Logf("returned after %v", time.Since(start))
}

func TestRuntimeReuseIsDeterministicWithFlatMemory(t *testing.T) {
	const (
		warmup = 500
		runs   = 10_000
	)
	r := fakeRunner(t)
	cfg := outcome.Config{File: "reuse.a0"}
	first := string(outcome.Marshal(r.Run(context.Background(), "busy 40", cfg)))
	if !strings.Contains(first, `"status":"ok"`) {
		t.Fatalf("first run: %s", first)
	}
	var heapWarm uint64
	for i := 1; i < runs; i++ {
		got := string(outcome.Marshal(r.Run(context.Background(), "busy 40", cfg)))
		if got != first {
			t.Fatalf("run %d differs:\n%s\nfirst:\n%s", i, got, first)
		}
		if i == warmup {
			heapWarm = heapInuse()
		}
	}
	heapEnd := heapInuse()
	// Generous: a leak of even 1 KiB per run would add ~10 MiB.
	if heapEnd > 2*heapWarm+8<<20 {
		t.Errorf("HeapInuse grew from %d to %d bytes over %d runs", heapWarm, heapEnd, runs-warmup)
	}
	if s := r.Stats(); s.RuntimesCreated != 1 || s.Runs != runs {
		t.Errorf("Stats %+v, want one runtime serving %d runs", s, runs)
	}
	// The runtime really was the same one: its global state saw every run.
	if o := r.Run(context.Background(), "calls", cfg); valueJSON(o) != "10001" {
		t.Errorf("run count seen by the bundle = %s, want 10001", valueJSON(o))
	}
}

func heapInuse() uint64 {
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return m.HeapInuse
}

func TestConcurrentRunsUseSeparateRuntimes(t *testing.T) {
	const workers, each = 8, 100
	r := fakeRunner(t)
	var wg sync.WaitGroup
	errs := make(chan error, workers*each)
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func(w int) {
			defer wg.Done()
			for i := 0; i < each; i++ {
				src := "echo " + strings.Repeat("x", w) + string(rune('a'+i%26))
				o := r.Run(context.Background(), src, outcome.Config{File: src})
				rec, _ := o.Value.(*value.Record)
				if o.Status != outcome.StatusOK || rec == nil {
					errs <- errors.New(o.Detail)
					continue
				}
				if got, _ := rec.Get("source"); got != src {
					errs <- errors.New("crossed runs: got source " + valueJSON(o))
				}
			}
		}(w)
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
	if s := r.Stats(); s.RuntimesCreated > workers {
		t.Errorf("RuntimesCreated = %d, want at most %d", s.RuntimesCreated, workers)
	}
}

func TestHostFunctionsServeTheToolKit(t *testing.T) {
	r := fakeRunner(t)
	cfg := outcome.Config{Fixtures: outcome.Fixtures{Files: []outcome.File{{Path: "a.txt", Content: "hello"}}}}
	src := "host\n" +
		`fs.read {"path":"a.txt"}` + "\n" +
		`fs.read {"path":1}` + "\n" +
		`fs.exists {"path":"/work/a.txt"}` + "\n" +
		`fs.read {"path":"missing.txt"}`
	o := r.Run(context.Background(), src, cfg)
	if o.Status != outcome.StatusOK {
		t.Fatalf("%s: %s", o.Status, o.Detail)
	}
	want := `{"tools":` + toolkit.CatalogueJSON() + `,"steps":[` +
		`{"tool":"fs.read","issues":"","result":{"ok":"hello"}},` +
		`{"tool":"fs.read","issues":"path: Expected string, received number"},` +
		`{"tool":"fs.exists","issues":"","result":{"ok":true}},` +
		`{"tool":"fs.read","issues":"","result":{"err":"ENOENT: no such file or directory, open '/work/missing.txt'"}}]}`
	if got := valueJSON(o); got != want {
		t.Errorf("host results\n got %s\nwant %s", got, want)
	}
	// The host records the calls (not the invalid one, which was never called).
	var tools []string
	for _, c := range o.ToolCalls {
		tools = append(tools, c.Tool+":"+c.Outcome)
	}
	if got := strings.Join(tools, " "); got != "fs.read:ok fs.exists:ok fs.read:err" {
		t.Errorf("ToolCalls = %s", got)
	}
}

// fs.write writes the text the bundle serialised (host.call's third argument), not a
// serialisation of its own; without a text it fails as Node's writeFileSync does.
func TestHostWritesTheBundlesText(t *testing.T) {
	r := fakeRunner(t)
	cfg := outcome.Config{}
	src := "host\n" +
		`fs.write {"path":"w.txt","data":[{"$number":"-0"}]} | [-0] as this bundle writes it` + "\n" +
		`fs.read {"path":"w.txt"}` + "\n" +
		`fs.write {"path":"x.txt","data":1}`
	o := r.Run(context.Background(), src, cfg)
	if o.Status != outcome.StatusOK {
		t.Fatalf("%s: %s", o.Status, o.Detail)
	}
	got := valueJSON(o)
	for _, want := range []string{
		`{"tool":"fs.read","issues":"","result":{"ok":"[-0] as this bundle writes it"}}`,
		`{"tool":"fs.write","issues":"","result":{"err":"The \"data\" argument must be of type string or an instance of Buffer, TypedArray, or DataView. Received undefined"}}`,
	} {
		if !strings.Contains(got, want) {
			t.Errorf("host results\n got %s\nwant one containing %s", got, want)
		}
	}
}

// A bundle of the older ABI calls host.call with two arguments: the host then writes
// fs.write's text as the Go evaluator serialises it, so such a bundle keeps working.
func TestHostWritesForBundlesOfTheOlderABI(t *testing.T) {
	r := fakeRunner(t)
	src := "host\n" +
		`fs.write {"path":"w.json","data":{"b":[1,{"$number":"-0"}],"a":"x"},"format":"json"} ||` + "\n" +
		`fs.read {"path":"w.json"}` + "\n" +
		`fs.write {"path":"r.txt","data":"as is"} ||` + "\n" +
		`fs.read {"path":"r.txt"}`
	o := r.Run(context.Background(), src, outcome.Config{})
	if o.Status != outcome.StatusOK {
		t.Fatalf("%s: %s", o.Status, o.Detail)
	}
	got := valueJSON(o)
	for _, want := range []string{
		`{"tool":"fs.read","issues":"","result":{"ok":"{\n  \"b\": [\n    1,\n    0\n  ],\n  \"a\": \"x\"\n}"}}`,
		`{"tool":"fs.read","issues":"","result":{"ok":"as is"}}`,
	} {
		if !strings.Contains(got, want) {
			t.Errorf("host results\n got %s\nwant one containing %s", got, want)
		}
	}
}

// faultyKit fails fs.read with an error and panics on fs.exists.
type faultyKit struct{ calls []outcome.Call }

func (k *faultyKit) CallData(tool string, args *value.Record, _ toolkit.Data) (value.Value, error) {
	switch tool {
	case "fs.read":
		k.calls = append(k.calls, outcome.Call{Tool: tool, Args: args, Outcome: "err", Error: "disk on fire"})
		return nil, errors.New("disk on fire")
	case "fs.exists":
		panic("kit bug")
	}
	return true, nil
}

func (k *faultyKit) Calls() []outcome.Call { return k.calls }

func TestToolErrorsAndPanicsReachTheBundleAsFailures(t *testing.T) {
	r := fakeRunner(t, WithKit(func(outcome.Fixtures) toolkit.Kit { return &faultyKit{} }))
	src := "host\n" + `fs.read {"path":"a"}` + "\n" + `fs.exists {"path":"a"}`
	o := r.Run(context.Background(), src, outcome.Config{})
	if o.Status != outcome.StatusOK {
		t.Fatalf("%s: %s", o.Status, o.Detail)
	}
	rec := o.Value.(*value.Record)
	steps, _ := rec.Get("steps")
	got := string(value.MarshalCanonical(steps))
	want := `[{"tool":"fs.read","issues":"","result":{"err":"disk on fire"}},` +
		`{"tool":"fs.exists","issues":"","result":{"err":"internal error: tool panicked: kit bug"}}]`
	if got != want {
		t.Errorf("steps\n got %s\nwant %s", got, want)
	}
	if len(o.ToolCalls) != 1 || o.ToolCalls[0].Error != "disk on fire" {
		t.Errorf("ToolCalls = %+v, want the kit's own record", o.ToolCalls)
	}
}

func TestHostCallbackPanicIsACrash(t *testing.T) {
	r := fakeRunner(t, WithKit(func(outcome.Fixtures) toolkit.Kit { panic("cannot build kit") }))
	o := r.Run(context.Background(), "host\n"+`fs.read {"path":"a"}`, outcome.Config{})
	if o.Status != outcome.StatusCrash {
		t.Fatalf("status %q, want crash (%s)", o.Status, o.Detail)
	}
	for _, want := range []string{"host.call panicked: cannot build kit", "goroutine"} {
		if !strings.Contains(o.Detail, want) {
			t.Errorf("detail does not contain %q:\n%s", want, o.Detail)
		}
	}
	if o := r.Run(context.Background(), "echo", outcome.Config{}); o.Status != outcome.StatusOK {
		t.Errorf("after the panic: %s %s", o.Status, o.Detail)
	}
}

func TestClosedRunnerRefusesRuns(t *testing.T) {
	r := fakeRunner(t)
	r.Close()
	if o := r.Run(context.Background(), "echo", outcome.Config{}); o.Status != outcome.StatusCrash || !strings.Contains(o.Detail, "closed") {
		t.Errorf("got %s %q", o.Status, o.Detail)
	}
}
