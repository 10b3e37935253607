package run_test

import (
	"context"
	"errors"
	"math"
	"strings"
	"testing"
	"time"

	"github.com/a0diff/a0diff/runtime/outcome"
	"github.com/a0diff/a0diff/runtime/run"
	"github.com/a0diff/a0diff/runtime/toolkit"
	"github.com/a0diff/a0diff/runtime/value"
)

// TestHarnessLimits: programs over a harness limit end classified (timeout, resource)
// and promptly, and A0's try cannot catch the limit.
func TestHarnessLimits(t *testing.T) {
	cases := []struct {
		name   string
		src    string
		limits outcome.Limits
		status outcome.Status
		detail string // a fragment of Detail
		within time.Duration
	}{
		{"endless loop hits the deadline",
			`return loop { in: 0, times: 1000000000000, as: "x" } { return x + 1 }`,
			outcome.Limits{MaxSteps: math.MaxInt, Timeout: 200 * time.Millisecond}, outcome.StatusTimeout, "deadline", 2 * time.Second},
		{"endless loop inside try still times out",
			`return try { return loop { in: 0, times: 1000000000000, as: "x" } { return x + 1 } } catch { e } { return e }`,
			outcome.Limits{MaxSteps: math.MaxInt, Timeout: 200 * time.Millisecond}, outcome.StatusTimeout, "deadline", 2 * time.Second},
		{"endless loop hits the default step limit",
			`return loop { in: 0, times: 1000000000000, as: "x" } { return x + 1 }`,
			outcome.Limits{}, outcome.StatusResource, "maxSteps: the run took more than 100000 steps", 5 * time.Second},
		{"the step limit is not catchable",
			`return try { return loop { in: 0, times: 1000000000000, as: "x" } { return x + 1 } } catch { e } { return e }`,
			outcome.Limits{MaxSteps: 50}, outcome.StatusResource, "maxSteps", 5 * time.Second},
		{"endless recursion through map hits the step limit",
			"fn f { n } { return map { in: [n, n], fn: \"f\" } }\nreturn f { n: 0 }",
			outcome.Limits{MaxSteps: 1000}, outcome.StatusResource, "maxSteps", 5 * time.Second},
		{"source nested beyond the parser's bound",
			"return " + strings.Repeat("(", 60000) + "1" + strings.Repeat(")", 60000),
			outcome.Limits{}, outcome.StatusResource, "nested deeper than", 5 * time.Second},
		{"unbounded recursion hits MaxDepth",
			"fn f { n } { return f { n: n + 1 } }\nreturn f { n: 0 }",
			outcome.Limits{}, outcome.StatusResource, "depth limit 10000", 5 * time.Second},
		{"MaxDepth is not catchable",
			"fn f { n } { return f { n: n + 1 } }\nreturn try { return f { n: 0 } } catch { e } { return e }",
			outcome.Limits{MaxDepth: 50}, outcome.StatusResource, "depth limit 50", 5 * time.Second},
		{"callbacks count as nested invocations",
			"fn f { n } { return map { in: [n], fn: \"f\" } }\nreturn f { n: 0 }",
			outcome.Limits{MaxDepth: 30}, outcome.StatusResource, "depth limit 30", 5 * time.Second},
		{"string doubling bomb",
			`return loop { in: "ab", times: 100, as: "s" } { return s + s }`,
			outcome.Limits{}, outcome.StatusResource, "string", 5 * time.Second},
		{"string doubling bomb inside try",
			`return try { return loop { in: "ab", times: 100, as: "s" } { return s + s } } catch { e } { return 0 }`,
			outcome.Limits{}, outcome.StatusResource, "string", 5 * time.Second},
		{"range of 10^9",
			`return range { from: 0, to: 1000000000 }`,
			outcome.Limits{}, outcome.StatusResource, "", 5 * time.Second},
		{"shared-structure bomb in the result",
			`return loop { in: [1], times: 200, as: "x" } { return [x, x] }`,
			outcome.Limits{}, outcome.StatusResource, "result", 5 * time.Second},
		{"shared-structure bomb in evidence details",
			"let big = loop { in: [1], times: 200, as: \"x\" } { return [x, x] }\ncheck { that: true, details: { big: big } }\nreturn 1",
			outcome.Limits{}, outcome.StatusResource, "evidence", 5 * time.Second},
		{"shared-structure bomb in a loop count message",
			"let big = loop { in: [1], times: 200, as: \"x\" } { return [x, x] }\nreturn loop { in: 0, times: big, as: \"x\" } { return x }",
			outcome.Limits{}, outcome.StatusResource, "serialised", 5 * time.Second},
		{"MaxSize applies to literals",
			`return [1, 2, 3, 4]`,
			outcome.Limits{MaxSize: 3}, outcome.StatusResource, "list", 5 * time.Second},
	}
	for _, mode := range runModes {
		for _, tc := range cases {
			t.Run(mode.name+"/"+tc.name, func(t *testing.T) {
				start := time.Now()
				o := run.NewRunner(mode.opts).Run(context.Background(), tc.src, outcome.Config{File: "t.a0", Limits: tc.limits})
				took := time.Since(start)
				if o.Status != tc.status {
					t.Fatalf("status %s (exit %d, errors %v, detail %q), want %s", o.Status, o.ExitCode, o.Errors, o.Detail, tc.status)
				}
				if !strings.Contains(o.Detail, tc.detail) {
					t.Errorf("detail %q lacks %q", o.Detail, tc.detail)
				}
				// within is what a quiet machine needs with room to spare; a loaded CI
				// machine is 3–5× slower, and a hung run would still take far longer.
				if limit := 3 * tc.within; took > limit {
					t.Errorf("took %v, want under %v", took, limit)
				}
			})
		}
	}
}

// runModes are the two ways a Runner runs a program: on a goroutine of its own that it
// can abandon at the deadline (the default), and on the caller's (Options.Inline, batch
// workers). Both stop a run at its deadline and classify it the same.
var runModes = []struct {
	name string
	opts run.Options
}{
	{"goroutine", run.Options{}},
	{"inline", run.Options{Inline: true}},
}

// TestLimitBoundaries: a limit allows exactly its value.
func TestLimitBoundaries(t *testing.T) {
	deep := "fn d { n } { return if { cond: n <= 1, then: 0, else: d { n: n - 1 } } }\nreturn d { n: 40 }"
	if o := run.New().Run(context.Background(), deep, outcome.Config{File: "t.a0", Limits: outcome.Limits{MaxDepth: 40}}); o.Status != outcome.StatusOK || o.ExitCode != 0 {
		t.Errorf("depth 40 under MaxDepth 40: status %s exit %d %s", o.Status, o.ExitCode, o.Detail)
	}
	if o := run.New().Run(context.Background(), deep, outcome.Config{File: "t.a0", Limits: outcome.Limits{MaxDepth: 39}}); o.Status != outcome.StatusResource {
		t.Errorf("depth 40 under MaxDepth 39: status %s, want resource", o.Status)
	}
	// [1, 2, 3] is a list of 3 elements and, serialised, 4 nodes.
	lit := `return [1, 2, 3]`
	if o := run.New().Run(context.Background(), lit, outcome.Config{File: "t.a0", Limits: outcome.Limits{MaxSize: 4}}); o.Status != outcome.StatusOK {
		t.Errorf("[1, 2, 3] under MaxSize 4: status %s %s", o.Status, o.Detail)
	}
	if o := run.New().Run(context.Background(), lit, outcome.Config{File: "t.a0", Limits: outcome.Limits{MaxSize: 3}}); o.Status != outcome.StatusResource || !strings.Contains(o.Detail, "result") {
		t.Errorf("[1, 2, 3] under MaxSize 3: status %s %s, want resource for the result's 4 nodes", o.Status, o.Detail)
	}
	str := `return "abc" + "d"`
	if o := run.New().Run(context.Background(), str, outcome.Config{File: "t.a0", Limits: outcome.Limits{MaxSize: 4}}); o.Status != outcome.StatusOK {
		t.Errorf("4 code units under MaxSize 4: status %s %s", o.Status, o.Detail)
	}
	if o := run.New().Run(context.Background(), str, outcome.Config{File: "t.a0", Limits: outcome.Limits{MaxSize: 3}}); o.Status != outcome.StatusResource {
		t.Errorf("4 code units under MaxSize 3: status %s, want resource", o.Status)
	}
}

// TestDeepRecursionDoesNotCrash: with MaxDepth raised, 100 000 nested A0 calls complete
// (the reference handles them too, spec §10.7), and recursion far beyond what the Go
// stack could hold ends classified instead of killing the process.
func TestDeepRecursionDoesNotCrash(t *testing.T) {
	if testing.Short() {
		t.Skip("deep recursion takes a few seconds")
	}
	src := "fn down { n } { return if { cond: n <= 0, then: 0, else: down { n: n - 1 } } }\nreturn down { n: 100000 }"
	o := run.New().Run(context.Background(), src, outcome.Config{File: "t.a0", Limits: outcome.Limits{MaxSteps: math.MaxInt, MaxDepth: 200000, Timeout: 60 * time.Second}})
	if o.Status != outcome.StatusOK || o.ExitCode != 0 || value.MarshalCanonical(o.Value)[0] != '0' {
		t.Fatalf("depth 100 000: status %s exit %d detail %q", o.Status, o.ExitCode, o.Detail)
	}
	src = "fn f { n } { return f { n: n + 1 } }\nreturn f { n: 0 }"
	o = run.New().Run(context.Background(), src, outcome.Config{File: "t.a0", Limits: outcome.Limits{MaxSteps: math.MaxInt, MaxDepth: 1 << 30, Timeout: 120 * time.Second}})
	if o.Status != outcome.StatusResource {
		t.Fatalf("unbounded recursion with MaxDepth 2^30: status %s, want resource (%s)", o.Status, o.Detail)
	}
}

// blockingTools never returns from a call.
type blockingTools struct{ fakeTools }

func (blockingTools) CallData(string, *value.Record, toolkit.Data) (any, error) {
	time.Sleep(time.Hour)
	return nil, errors.New("unreachable")
}

// TestBlockingToolTimesOut: Run returns by its deadline even when a tool never returns.
func TestBlockingToolTimesOut(t *testing.T) {
	r := run.NewRunner(run.Options{Kit: func(outcome.Fixtures) toolkit.Kit { return blockingTools{} }})
	start := time.Now()
	o := r.Run(context.Background(), "cap { fs.read: true }\nreturn call? fs.read { path: \"x\" }",
		outcome.Config{File: "t.a0", Allow: []string{"fs.read"}, Limits: outcome.Limits{Timeout: 100 * time.Millisecond}})
	if o.Status != outcome.StatusTimeout {
		t.Fatalf("status %s, want timeout", o.Status)
	}
	if took := time.Since(start); took > 5*time.Second { // the tool sleeps for an hour
		t.Errorf("took %v", took)
	}
	if running, total := r.Abandoned(); running != 1 || total != 1 {
		t.Errorf("Abandoned() = %d running, %d total; want the blocked run counted: 1, 1", running, total)
	}
}

// TestNoWorkAfterTheDeadline: the stdlib's long loops (here unique's pairwise comparisons
// of 100 000 lists; sort's comparisons too) look at the run's context, so a run past its
// deadline stops working soon instead of keeping a core busy for minutes.
func TestNoWorkAfterTheDeadline(t *testing.T) {
	prelude := "fn w { i } { return [i % 7, i] }\nlet xs = map { in: range { from: 0, to: 100000 }, fn: \"w\" }\n"
	for _, tc := range []struct{ name, src string }{
		{"unique of 100 000 lists", prelude + "return unique { in: xs }"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := run.New()
			o := r.Run(context.Background(), tc.src, outcome.Config{File: "t.a0", Limits: outcome.Limits{MaxSteps: math.MaxInt, Timeout: 300 * time.Millisecond}})
			if o.Status != outcome.StatusTimeout {
				t.Fatalf("status %s (%s), want timeout", o.Status, o.Detail)
			}
			// Inline, the run returns when it stops working: the same timeout, soon.
			start := time.Now()
			o = run.NewRunner(run.Options{Inline: true}).Run(context.Background(), tc.src, outcome.Config{File: "t.a0", Limits: outcome.Limits{MaxSteps: math.MaxInt, Timeout: 300 * time.Millisecond}})
			if o.Status != outcome.StatusTimeout || time.Since(start) > 10*time.Second {
				t.Fatalf("inline: status %s (%s) after %v, want a timeout soon after 300 ms", o.Status, o.Detail, time.Since(start))
			}
			// The run's goroutine must end soon after the deadline (without the checks it
			// works for minutes).
			deadline := time.Now().Add(10 * time.Second)
			for {
				running, _ := r.Abandoned()
				if running == 0 {
					break
				}
				if time.Now().After(deadline) {
					t.Fatalf("the abandoned run is still working 10 s after its deadline")
				}
				time.Sleep(10 * time.Millisecond)
			}
		})
	}
}

// TestCallerContext: the caller's context deadline applies too.
func TestCallerContext(t *testing.T) {
	for _, mode := range runModes {
		ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
		o := run.NewRunner(mode.opts).Run(ctx, `return loop { in: 0, times: 1000000000000, as: "x" } { return x }`, outcome.Config{File: "t.a0", Limits: outcome.Limits{MaxSteps: math.MaxInt}})
		cancel()
		if o.Status != outcome.StatusTimeout {
			t.Fatalf("%s: status %s, want timeout", mode.name, o.Status)
		}
	}
}

// TestTimeBudget: timeMs is measured against a real millisecond clock; a run that
// outlasts it fails with E_BUDGET (after budget_exceeded), exit 4, and a caught timeMs
// error fires again at the handler's first statement (spec §5.12).
func TestTimeBudget(t *testing.T) {
	src := "budget { timeMs: 20 }\nreturn loop { in: 0, times: 1000000000000, as: \"x\" } { return x + 1 }"
	o := run.New().Run(context.Background(), src, outcome.Config{File: "t.a0", Limits: outcome.Limits{MaxSteps: math.MaxInt}})
	if o.Status != outcome.StatusOK || o.ExitCode != 4 || len(o.Errors) != 1 || o.Errors[0].Code != "E_BUDGET" {
		t.Fatalf("status %s exit %d errors %v", o.Status, o.ExitCode, o.Errors)
	}
	msg := o.Errors[0].Message
	if !strings.HasPrefix(msg, "Budget exceeded: timeMs limit of 20ms exceeded (") || !strings.HasSuffix(msg, "ms elapsed).") {
		t.Errorf("message %q", msg)
	}
	d := o.Errors[0].Details.(*value.Record)
	actual, _ := d.Get("actual")
	if a, ok := actual.(float64); !ok || a <= 20 {
		t.Errorf("actual %v, want > 20", actual)
	}
	ev := o.Trace[len(o.Trace)-2]
	if ev.Event != "budget_exceeded" {
		t.Errorf("event before run_end is %s", ev.Event)
	}

	caught := "budget { timeMs: 20 }\nlet r = try {\n  return loop { in: 0, times: 1000000000000, as: \"x\" } { return x + 1 }\n} catch { e } {\n  return e\n}\nreturn r"
	o = run.New().Run(context.Background(), caught, outcome.Config{File: "t.a0", Limits: outcome.Limits{MaxSteps: math.MaxInt}})
	if o.ExitCode != 4 || len(o.Errors) != 1 || o.Errors[0].Code != "E_BUDGET" {
		t.Fatalf("caught: exit %d errors %v", o.ExitCode, o.Errors)
	}
	if s := spanText(o.Errors[0].Span); s != "5:3-5:11" {
		t.Errorf("re-raised at %s, want the handler's first statement 5:3-5:11", s)
	}

	zero := "budget { timeMs: 0 }\nreturn 1"
	if o := run.New().Run(context.Background(), zero, outcome.Config{File: "t.a0"}); o.ExitCode != 0 && (len(o.Errors) != 1 || o.Errors[0].Code != "E_BUDGET") {
		t.Errorf("timeMs 0: exit %d errors %v", o.ExitCode, o.Errors)
	}
}

// TestStepLimitKeepsThePartialOutcome: a run ended by MaxSteps reports the limit and
// keeps the evidence, the trace and the tool calls made before it, with no value and no
// error.
func TestStepLimitKeepsThePartialOutcome(t *testing.T) {
	src := "cap { fs.read: true }\ncheck { that: false, msg: \"a\" }\nlet e = call? fs.exists { path: \"x\" }\n" +
		"return loop { in: 0, times: 1000000000000, as: \"x\" } { return x }"
	o := run.New().Run(context.Background(), src, outcome.Config{File: "t.a0", Allow: []string{"fs.read"}, Limits: outcome.Limits{MaxSteps: 20}})
	if o.Status != outcome.StatusResource || o.Limit != outcome.LimitSteps {
		t.Fatalf("status %s limit %q (%s), want resource maxSteps", o.Status, o.Limit, o.Detail)
	}
	if o.HasValue || len(o.Errors) != 0 || o.ExitCode != 0 {
		t.Errorf("value %v, errors %v, exit %d: a run ended by a limit has none", o.HasValue, o.Errors, o.ExitCode)
	}
	// 20 steps: 10 events up to loop_start, three passes of (iteration, stmt_start,
	// stmt_end), then the fourth iteration; its stmt_start would be step 21.
	if len(o.Evidence) != 1 || len(o.ToolCalls) != 1 || len(o.Trace) != 16 {
		t.Errorf("evidence %d, tool calls %d, trace %d events; want 1, 1, 16", len(o.Evidence), len(o.ToolCalls), len(o.Trace))
	}
}
