// Package harnesstest provides a fake A0 implementation for testing the harness and the
// CLI without the real evaluators: it understands a handful of one-line programs, and a
// Runner can be told to disagree, crash or hang on purpose. CorpusDir sets up a
// scratch directory of entries for such a test.
//
// Programs (the first line of code decides; `#` comments and blank lines are skipped):
//
//	return N      → exit 0, value N (a number)
//	fail          → exit 4, E_TYPE "Division by zero." spanning the line's first 4 columns
//	hang          → runs until the deadline (StatusTimeout)
//	crash         → the Runner panics (a contract violation the harness must survive)
//	tool          → exit 4, E_TOOL with a message that names the implementation ([HOST])
//	allow         → exit 0, value: the allowed capabilities (a list of strings)
//
// Every outcome has the trace run_start, stmt_start, run_end (the statement's span on the
// line of code) and the config's file name in its spans.
package harnesstest

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/a0diff/a0diff/runtime/ast"
	"github.com/a0diff/a0diff/runtime/outcome"
	"github.com/a0diff/a0diff/runtime/value"
)

// Runner is the fake implementation.
type Runner struct {
	// ImplName is what Name returns ("go" or "ref").
	ImplName string
	// Skew is added to every returned number, so two Runners with different Skews
	// diverge on `return` programs.
	Skew float64
	// DivergeOn makes the Runner add 1 to the result of programs containing this text.
	DivergeOn string
	// SlowOn makes programs containing this text need Slow: they time out (at once)
	// when their deadline is not longer, and run normally otherwise.
	SlowOn string
	Slow   time.Duration
}

// Name is the configured name.
func (r *Runner) Name() string { return r.ImplName }

// Run runs the fake program.
func (r *Runner) Run(ctx context.Context, source string, cfg outcome.Config) outcome.Outcome {
	ctx, cancel, cfg := outcome.Bound(ctx, cfg)
	defer cancel()
	if r.SlowOn != "" && strings.Contains(source, r.SlowOn) {
		deadline, _ := ctx.Deadline()
		if left := time.Until(deadline); r.Slow >= left {
			return outcome.Outcome{Status: outcome.StatusTimeout, Detail: fmt.Sprintf("slow: %s left before the deadline", left)}
		}
	}
	line, text := firstCode(source)
	span := &ast.Span{File: cfg.File, StartLine: line, StartCol: 1, EndLine: line, EndCol: len(text) + 1}
	o := outcome.Outcome{Status: outcome.StatusOK}
	o.Trace = []outcome.Event{
		{Event: outcome.EventRunStart, Span: span, Data: record("file", cfg.File, "capabilities", value.NewList())},
		{Event: outcome.EventStmtStart, Span: span},
	}
	end := record("durationMs", float64(time.Now().UnixNano()%7))
	switch {
	case strings.HasPrefix(text, "return "):
		n, err := strconv.ParseFloat(strings.TrimSpace(strings.TrimPrefix(text, "return ")), 64)
		if err != nil {
			n = 0
		}
		n += r.Skew
		if r.DivergeOn != "" && strings.Contains(source, r.DivergeOn) {
			n++
		}
		o.Value, o.HasValue = n, true
		o.Trace = append(o.Trace, outcome.Event{Event: outcome.EventStmtEnd, Span: span})
	case text == "allow":
		caps := value.NewList()
		for _, c := range cfg.Allow {
			caps.Items = append(caps.Items, c)
		}
		o.Value, o.HasValue = caps, true
		o.Trace = append(o.Trace, outcome.Event{Event: outcome.EventStmtEnd, Span: span})
	case text == "fail", text == "tool":
		code, msg := "E_TYPE", "Division by zero."
		if text == "tool" {
			code, msg = "E_TOOL", "Tool 'fs.read' failed: "+r.ImplName+" host text"
		}
		errSpan := &ast.Span{File: cfg.File, StartLine: line, StartCol: 1, EndLine: line, EndCol: 5}
		o.ExitCode = 4
		o.Errors = []outcome.Diagnostic{{Code: outcome.Code(code), Message: msg, Span: errSpan}}
		end = record("durationMs", 0.0, "error", code, "message", msg)
	case text == "hang":
		<-ctx.Done()
		return outcome.Outcome{Status: outcome.StatusTimeout, Detail: context.Cause(ctx).Error()}
	case text == "crash":
		panic("fake implementation crashed on purpose")
	default:
		o.ExitCode = 2
		o.Errors = []outcome.Diagnostic{{Code: "E_PARSE", Message: "Syntax error near '" + text + "'.", Span: span}}
		o.Trace = nil
		return o
	}
	o.Trace = append(o.Trace, outcome.Event{Event: outcome.EventRunEnd, Span: span, Data: end})
	return o
}

// firstCode returns the 1-based line number and text of the first line of code.
func firstCode(source string) (int, string) {
	for i, l := range strings.Split(source, "\n") {
		code, _, _ := strings.Cut(l, "#")
		t := strings.TrimSpace(code)
		if t != "" {
			return i + 1, t
		}
	}
	return 1, ""
}

func record(kv ...any) *value.Record {
	r := value.NewRecord()
	for i := 0; i < len(kv); i += 2 {
		r.Set(kv[i].(string), kv[i+1])
	}
	return r
}
