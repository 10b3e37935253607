// Package workercheck checks a worker — a program that claims to speak the
// implementation protocol of worker/PROTOCOL.md — the way the host will use it: its
// hello, a plain run, a tool call through the host's kit, a parse error, a runtime
// error, a deadline, and several runs on one worker. `a0diff worker-check COMMAND`
// prints the checks; a team runs it before putting its implementation under a0diff.
//
// The checks are about the protocol, not about A0: the programs are the simplest that
// exercise each part of the conversation, and an outcome is checked only as far as the
// protocol needs (a value came back, the tool call the host served is in toolCalls).
package workercheck

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/a0diff/a0diff/diff"
	"github.com/a0diff/a0diff/runtime/outcome"
	"github.com/a0diff/a0diff/runtime/value"
	"github.com/a0diff/a0diff/worker"
)

// Result is one check's result.
type Result struct {
	Name string
	// OK: the worker passed; Warning: it passed, with a remark (Detail) — something the
	// host copes with but that costs the team (a deadline not honoured, say).
	OK, Warning bool
	Detail      string
}

func (r Result) String() string {
	tag := "ok  "
	switch {
	case !r.OK:
		tag = "FAIL"
	case r.Warning:
		tag = "warn"
	}
	s := tag + " " + r.Name
	if r.Detail != "" {
		s += ": " + r.Detail
	}
	return s
}

// Options configure Check.
type Options struct {
	// Timeout is the deadline of the deadline check's run (1 s when 0); every other run
	// gets 30 s.
	Timeout time.Duration
	// RSSLimitMB is the memory ceiling of the worker (0: none).
	RSSLimitMB int
}

// runCheck is one run: its program and configuration, and what its outcome must show.
type runCheck struct {
	name   string
	source string
	cfg    outcome.Config
	check  func(o outcome.Outcome, h worker.Hello) (detail string, ok, warning bool)
}

var runChecks = []runCheck{
	{
		name: "a run and its outcome (return 1)", source: "return 1\n",
		check: func(o outcome.Outcome, _ worker.Hello) (string, bool, bool) {
			if o.Status != outcome.StatusOK || o.ExitCode != 0 || !o.HasValue || o.Value != 1.0 {
				return "want status ok, exit 0, value 1; got " + describe(o), false, false
			}
			return "", true, false
		},
	},
	{
		name:   "a tool call reported in toolCalls (fs.read of a fixture)",
		source: "cap { fs.read: true }\nreturn call? fs.read { path: \"a.txt\" }\n",
		cfg: outcome.Config{Allow: []string{"fs.read"}, Fixtures: outcome.Fixtures{
			Files: []outcome.File{{Path: "a.txt", Content: "hello"}},
		}},
		check: func(o outcome.Outcome, _ worker.Hello) (string, bool, bool) {
			if o.Status != outcome.StatusOK || o.Value != "hello" {
				return "want the value \"hello\" (the fixture's content); got " + describe(o), false, false
			}
			if len(o.ToolCalls) != 1 || o.ToolCalls[0].Tool != "fs.read" || o.ToolCalls[0].Outcome != "ok" || o.ToolCalls[0].Result != "hello" {
				return fmt.Sprintf(`want one entry in toolCalls, {"tool":"fs.read","args":{"path":"a.txt"},"outcome":"ok","result":"hello"}; got %s`, clip(string(outcome.Marshal(outcome.Outcome{ToolCalls: o.ToolCalls})))), false, false
			}
			return "", true, false
		},
	},
	{
		name: "a parse error (exit 2, E_PARSE)", source: "return (\n",
		check: func(o outcome.Outcome, h worker.Hello) (string, bool, bool) {
			if o.Status != outcome.StatusOK || o.ExitCode != 2 || len(o.Errors) == 0 {
				return "want status ok, exit 2 and a diagnostic; got " + describe(o), false, false
			}
			if o.Errors[0].Code != "E_PARSE" && !slices.Contains(h.Unmodelled, string(diff.AspectErrorsCode)) {
				return "want the code E_PARSE; got " + string(o.Errors[0].Code), false, false
			}
			return "", true, false
		},
	},
	{
		name: "a runtime error (exit 4)", source: "let x = 1 / 0\nreturn x\n",
		check: func(o outcome.Outcome, _ worker.Hello) (string, bool, bool) {
			if o.Status != outcome.StatusOK || o.ExitCode != 4 || len(o.Errors) != 1 {
				return "want status ok, exit 4 and one error; got " + describe(o), false, false
			}
			return "", true, false
		},
	},
}

func describe(o outcome.Outcome) string {
	s := fmt.Sprintf("status %s, exit %d", o.Status, o.ExitCode)
	if o.HasValue {
		s += ", value " + clip(string(value.MarshalCanonical(o.Value)))
	}
	if len(o.Errors) > 0 {
		s += fmt.Sprintf(", %d errors (first %s %q)", len(o.Errors), o.Errors[0].Code, clip(o.Errors[0].Message))
	}
	if o.Detail != "" {
		s += ": " + clip(strings.TrimSpace(o.Detail))
	}
	return s
}

func clip(s string) string {
	if len(s) > 300 {
		return s[:300] + "…"
	}
	return s
}

// Check starts command as a worker and runs the checks; it returns their results in
// order (the first failure to start ends them).
func Check(ctx context.Context, name string, command []string, opts Options) []Result {
	if opts.Timeout <= 0 {
		opts.Timeout = time.Second
	}
	p := worker.NewPool(worker.Config{Name: name, Command: command, Size: 1, RSSLimitMB: opts.RSSLimitMB})
	defer p.Close()
	var out []Result
	h, err := p.Hello()
	if err != nil {
		return append(out, Result{Name: "hello", Detail: err.Error()})
	}
	out = append(out, checkHello(h)...)
	for _, rc := range runChecks {
		cfg := rc.cfg
		cfg.File = "check.a0"
		if cfg.Allow == nil {
			cfg.Allow = []string{}
		}
		cfg.Limits.Timeout = 30 * time.Second
		o := p.Run(ctx, rc.source, cfg)
		detail, ok, warn := rc.check(o, h)
		out = append(out, Result{Name: rc.name, OK: ok, Warning: warn, Detail: detail})
	}
	before := p.Stats().Started
	out = append(out, checkDeadline(ctx, p, opts.Timeout))
	// Several runs on one worker: the host keeps a worker between runs.
	for i := 0; i < 3; i++ {
		p.Run(ctx, "return 1\n", outcome.Config{File: "again.a0", Allow: []string{}, Limits: outcome.Limits{Timeout: 30 * time.Second}})
	}
	st := p.Stats()
	restarted := st.Started - before
	r := Result{Name: "three more runs on one worker", OK: st.Crashes == 0}
	switch {
	case st.Crashes > 0:
		r.Detail = fmt.Sprintf("%d workers crashed during the checks", st.Crashes)
	case restarted > 1:
		r.Warning, r.Detail = true, fmt.Sprintf("%d workers started for them (each start costs the run)", restarted)
	}
	out = append(out, r)
	return out
}

func checkHello(h worker.Hello) []Result {
	var out []Result
	r := Result{Name: fmt.Sprintf("hello (implementation %q, version %q, tools %q)", h.Implementation, h.Version, h.Tools), OK: true}
	var problems []string
	if h.Implementation == "" {
		problems = append(problems, "\"implementation\" is empty")
	}
	if h.Tools != "host" && h.Tools != "local" {
		problems = append(problems, fmt.Sprintf("\"tools\" is %q, want \"host\" or \"local\"", h.Tools))
	}
	all := outcome.LimitNames(nil)
	for _, l := range h.Limits {
		if !slices.Contains(all, l) {
			problems = append(problems, fmt.Sprintf("unknown limit %q in \"limits\" (known: %s)", l, joinLimits(all)))
		}
	}
	if len(h.Unmodelled) > 0 {
		if _, err := diff.ParseAspects(strings.Join(h.Unmodelled, ",")); err != nil {
			problems = append(problems, "\"unmodelled\": "+err.Error())
		}
	}
	if len(problems) > 0 {
		r.OK, r.Detail = false, strings.Join(problems, "; ")
	}
	out = append(out, r)
	var ignored []outcome.LimitName
	for _, l := range all {
		if !slices.Contains(h.Limits, l) {
			ignored = append(ignored, l)
		}
	}
	lim := Result{Name: "harness limits", OK: true, Detail: "enforces all of " + joinLimits(all)}
	if len(ignored) > 0 {
		lim.Warning = true
		lim.Detail = "does not enforce " + joinLimits(ignored) + ": runs the reference ends at one of them are not compared"
	}
	out = append(out, lim)
	if len(h.Unmodelled) > 0 {
		out = append(out, Result{Name: "declared scope", OK: true, Warning: true, Detail: "does not model " + strings.Join(h.Unmodelled, ", ") + ": left out of its comparisons"})
	}
	return out
}

// checkDeadline runs a program that never ends: a worker should end it at the run's
// deadline itself (status timeout); the host kills one that does not, after a grace.
func checkDeadline(ctx context.Context, p *worker.Pool, timeout time.Duration) Result {
	src := "let n = loop { in: 0, times: 1000000000000, as: \"x\" } { return x + 1 }\nreturn n\n"
	cfg := outcome.Config{File: "deadline.a0", Allow: []string{}, Limits: outcome.Limits{Timeout: timeout, MaxSteps: 1 << 30}}
	o := p.Run(ctx, src, cfg)
	r := Result{Name: fmt.Sprintf("a run past its deadline (timeoutMs %d)", timeout.Milliseconds()), OK: true}
	switch {
	case o.Status == outcome.StatusTimeout && strings.Contains(o.Detail, "killed"):
		r.Warning, r.Detail = true, "the worker did not end the run at timeoutMs; the host killed it after the grace and starts a new one: "+clip(o.Detail)
	case o.Status == outcome.StatusTimeout, o.Status == outcome.StatusResource:
		r.Detail = "ended as " + string(o.Status)
	default:
		r.OK, r.Detail = false, "want status timeout; got "+describe(o)
	}
	return r
}

func joinLimits(ls []outcome.LimitName) string {
	s := make([]string, len(ls))
	for i, l := range ls {
		s[i] = string(l)
	}
	return strings.Join(s, ", ")
}

// OK reports whether every check passed (warnings allowed).
func OK(results []Result) bool {
	for _, r := range results {
		if !r.OK {
			return false
		}
	}
	return true
}
