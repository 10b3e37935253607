package tsbundle

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/a0diff/a0diff/runtime/outcome"
)

// TestHostileExceptionsEndByTheDeadline: reading the text of an exception runs the
// bundle's JavaScript (toString, a message getter); it runs under the run's deadline, so
// a bundle whose exception text never finishes ends as a timeout instead of hanging the
// host.
func TestHostileExceptionsEndByTheDeadline(t *testing.T) {
	for _, mode := range runModes {
		t.Run(mode.name, func(t *testing.T) { hostileExceptionsEnd(t, mode.opts) })
	}
}

func hostileExceptionsEnd(t *testing.T, opts []Option) {
	const timeout = 200 * time.Millisecond
	r := fakeRunner(t, append([]Option{WithGrace(5 * time.Second)}, opts...)...)
	for _, source := range []string{"throw-tostring", "throw-message"} {
		t.Run(source, func(t *testing.T) {
			done := make(chan outcome.Outcome, 1)
			go func() {
				done <- r.Run(context.Background(), source, outcome.Config{File: "t.a0", Limits: outcome.Limits{Timeout: timeout}})
			}()
			select {
			case o := <-done:
				if o.Status != outcome.StatusTimeout {
					t.Fatalf("status %s (%s), want timeout", o.Status, o.Detail)
				}
			case <-time.After(30 * time.Second):
				t.Fatal("the run did not end (the exception's text was read outside the deadline)")
			}
		})
	}
	if running, total := r.Abandoned(); running != 0 || total != 0 {
		t.Errorf("Abandoned() = %d running, %d total: the interrupt should have stopped the JavaScript", running, total)
	}
}

// TestHugeExceptionTextIsClipped: a thrown string of 64 MiB is not kept whole in the
// crash detail.
func TestHugeExceptionTextIsClipped(t *testing.T) {
	r := fakeRunner(t)
	o := r.Run(context.Background(), "throw-huge 67108864", outcome.Config{File: "t.a0", Limits: outcome.Limits{Timeout: 30 * time.Second}})
	if o.Status != outcome.StatusCrash {
		t.Fatalf("status %s, want crash", o.Status)
	}
	if len(o.Detail) > 2*maxDetail || !strings.Contains(o.Detail, "more bytes not shown]") || !strings.Contains(o.Detail, "xxxxxxxx") {
		t.Errorf("detail of %d bytes, want the start of the string and a marker within %d bytes: %.200q", len(o.Detail), 2*maxDetail, o.Detail)
	}
}

// TestTinyTimeoutIsATimeout: a deadline that passes before the bundle is even evaluated
// in a fresh runtime is a timeout, not a crash of the bundle.
func TestTinyTimeoutIsATimeout(t *testing.T) {
	for _, b := range []*Bundle{Embedded(), nil} {
		if b == nil {
			var err error
			if b, err = Load("testdata/fake.js"); err != nil {
				t.Fatal(err)
			}
		}
		for i := 0; i < 20; i++ {
			mode := runModes[i%len(runModes)]
			r := NewRunner(b, mode.opts...) // a fresh runtime: the interrupt lands in the bundle's evaluation or in run
			o := r.Run(context.Background(), "echo", outcome.Config{File: "t.a0", Limits: outcome.Limits{Timeout: time.Nanosecond}})
			r.Close()
			if o.Status != outcome.StatusTimeout {
				t.Fatalf("%s, %s, run %d: status %s (%s), want timeout", b.Name(), mode.name, i, o.Status, o.Detail)
			}
		}
	}
}

// TestIgnoredLimits: a bundle without A0Reference.limits (fake.js) is loadable and
// reported as ignoring every harness limit; the shipped reference enforces them all.
func TestIgnoredLimits(t *testing.T) {
	b, err := Load("testdata/fake.js")
	if err != nil {
		t.Fatal(err)
	}
	if got, err := b.IgnoredLimits(); err != nil || outcome.JoinLimitNames(got, ",") != "maxSteps,maxDepth,maxSize,maxNesting" {
		t.Errorf("fake.js: IgnoredLimits() = %v, %v; want all four", got, err)
	}
	if got, err := Embedded().IgnoredLimits(); err != nil || len(got) != 0 {
		t.Errorf("embedded: IgnoredLimits() = %v, %v; want none", got, err)
	}
	for _, tc := range []struct{ src, err string }{
		{`globalThis.A0Reference = {version: "x", limits: "maxSteps", run: function () {}}`, "A0Reference.limits must be a list of strings"},
		{`globalThis.A0Reference = {version: "x", limits: [1], run: function () {}}`, "A0Reference.limits [0] is not a string"},
	} {
		b, err := Compile("bad.js", tc.src)
		if err != nil {
			t.Fatal(err)
		}
		if err := b.Check(); err == nil || !strings.Contains(err.Error(), tc.err) || !strings.HasPrefix(err.Error(), "bad.js: ") {
			t.Errorf("Check() = %v, want an error naming bad.js and saying %q", err, tc.err)
		}
	}
}
