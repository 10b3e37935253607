package run_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/a0diff/a0diff/runtime/ast"
	"github.com/a0diff/a0diff/runtime/outcome"
	"github.com/a0diff/a0diff/runtime/run"
	"github.com/a0diff/a0diff/runtime/value"
)

// traceCase pins a whole Outcome: every trace event with its span and data (spec §6.2,
// keys in the order the spec fixes; durationMs removed by outcome.Normalize), the errors
// with details, the evidence and the number of tool calls. Spans are written
// L:C-L:C; the span file name is always t.a0.
type traceCase struct {
	name      string
	src       string
	allow     []string
	files     []outcome.File
	exit      int
	value     string   // canonical JSON, "" when the run has no value
	errors    []string // "CODE L:C-L:C MESSAGE DETAILS-JSON"
	evidence  int
	toolCalls int
	trace     string // one event per line: NAME SPAN [DATA]
}

var traceCases = []traceCase{
	{
		name: "spec 6.3 first example",
		src: `fn half { n } {
  return n / 0
}
let r = half { n: 4 }
return r`,
		exit:   4,
		errors: []string{`E_TYPE 2:10-2:15 Division by zero.`},
		trace: `
run_start 1:1-5:9 {"file":"t.a0","capabilities":[]}
stmt_start 1:1-3:2
stmt_end 1:1-3:2
stmt_start 4:1-4:22
fn_call_start 4:9-4:22 {"fn":"half"}
stmt_start 2:3-2:15
run_end 1:1-5:9 {"error":"E_TYPE","message":"Division by zero."}`,
	},
	{
		name: "loops, callbacks and match",
		src: `budget { maxIterations: 10, timeMs: 60000 }
fn dbl { x } { return x * 2 }
fn add { a, b } { return a + b }
let f = filter { in: [0, 1], as: "v" } { return v }
let l = loop { in: 1, times: 2, as: "v" } { return v + 1 }
let m = map { in: [1], fn: "dbl" }
let r = reduce { in: [1], fn: "add", init: 0 }
let s = { ok: 1 }
let k = match s { ok { v } { return v } err { e } { return e } }
return for { in: [f], as: "x" } { return x }`,
		exit:  0,
		value: `[[1]]`,
		trace: `
run_start 1:1-10:45 {"file":"t.a0","capabilities":[],"budget":{"maxIterations":10,"timeMs":60000}}
stmt_start 2:1-2:30
stmt_end 2:1-2:30
stmt_start 3:1-3:33
stmt_end 3:1-3:33
stmt_start 4:1-4:52
filter_start 4:9-4:52 {"listLength":2,"as":"v"}
stmt_start 4:42-4:50
stmt_end 4:42-4:50
stmt_start 4:42-4:50
stmt_end 4:42-4:50
filter_end 4:9-4:52 {"iterations":2}
stmt_end 4:1-4:52
stmt_start 5:1-5:59
loop_start 5:9-5:59 {"times":2,"as":"v"}
stmt_start 5:45-5:57
stmt_end 5:45-5:57
stmt_start 5:45-5:57
stmt_end 5:45-5:57
loop_end 5:9-5:59 {"iterations":2}
stmt_end 5:1-5:59
stmt_start 6:1-6:35
map_start 6:9-6:35 {"fn":"dbl","listLength":1}
fn_call_start 6:9-6:35 {"fn":"dbl"}
stmt_start 2:16-2:28
stmt_end 2:16-2:28
fn_call_end 6:9-6:35 {"fn":"dbl"}
map_end 6:9-6:35 {"fn":"dbl","iterations":1}
stmt_end 6:1-6:35
stmt_start 7:1-7:47
reduce_start 7:9-7:47 {"fn":"add","listLength":1}
fn_call_start 7:9-7:47 {"fn":"add"}
stmt_start 3:19-3:31
stmt_end 3:19-3:31
fn_call_end 7:9-7:47 {"fn":"add"}
reduce_end 7:9-7:47 {"fn":"add","iterations":1}
stmt_end 7:1-7:47
stmt_start 8:1-8:18
stmt_end 8:1-8:18
stmt_start 9:1-9:65
match_start 9:9-9:65 {"arm":"ok"}
stmt_start 9:30-9:38
stmt_end 9:30-9:38
match_end 9:9-9:65 {"arm":"ok"}
stmt_end 9:1-9:65
stmt_start 10:1-10:45
for_start 10:8-10:45 {"listLength":1,"as":"x"}
stmt_start 10:35-10:43
stmt_end 10:35-10:43
for_end 10:8-10:45 {"iterations":1}
stmt_end 10:1-10:45
run_end 1:1-10:45 {}`,
	},
	{
		name: "evidence, then a budget overrun",
		src: `budget { maxIterations: 1 }
check { that: false, msg: "no", details: { a: 1 } }
return for { in: [1, 2], as: "i" } { return i }`,
		exit:     4,
		evidence: 1,
		errors:   []string{`E_BUDGET 3:8-3:48 Budget exceeded: maxIterations limit of 1 reached. {"budget":"maxIterations","limit":1,"actual":2}`},
		trace: `
run_start 1:1-3:48 {"file":"t.a0","capabilities":[],"budget":{"maxIterations":1}}
stmt_start 2:1-2:52
evidence 2:1-2:52 {"kind":"check","ok":false,"msg":"no","span":{"file":"t.a0","startLine":2,"startCol":1,"endLine":2,"endCol":52},"details":{"a":1}}
stmt_end 2:1-2:52
stmt_start 3:1-3:48
for_start 3:8-3:48 {"listLength":2,"as":"i"}
stmt_start 3:38-3:46
stmt_end 3:38-3:46
budget_exceeded 3:8-3:48 {"budget":"maxIterations","limit":1,"actual":2}
run_end 1:1-3:48 {"error":"E_BUDGET","message":"Budget exceeded: maxIterations limit of 1 reached."}`,
	},
	{
		name: "tools over fixtures: ok, effect, caught failure",
		src: `cap { fs.read: true, fs.write: true }
budget { maxToolCalls: 5, maxBytesWritten: 100 }
let a = call? fs.read { path: "data/a.txt" }
let w = do fs.write { path: "out.txt", data: a }
let m = try { return call? fs.read { path: "nope.txt" } } catch { e } { return e.code }
return [a, w.bytes, m]`,
		allow:     []string{"fs.read", "fs.write"},
		files:     []outcome.File{{Path: "data/a.txt", Content: "hi"}},
		exit:      0,
		value:     `["hi",2,"E_TOOL"]`,
		toolCalls: 3,
		trace: `
run_start 1:1-6:23 {"file":"t.a0","capabilities":["fs.read","fs.write"],"budget":{"maxToolCalls":5,"maxBytesWritten":100}}
stmt_start 3:1-3:45
tool_start 3:9-3:45 {"tool":"fs.read","args":{"path":"data/a.txt"},"mode":"read"}
tool_end 3:9-3:45 {"tool":"fs.read","outcome":"ok"}
stmt_end 3:1-3:45
stmt_start 4:1-4:49
tool_start 4:9-4:49 {"tool":"fs.write","args":{"path":"out.txt","data":"hi"},"mode":"effect"}
tool_end 4:9-4:49 {"tool":"fs.write","outcome":"ok"}
stmt_end 4:1-4:49
stmt_start 5:1-5:88
stmt_start 5:15-5:56
tool_start 5:22-5:56 {"tool":"fs.read","args":{"path":"nope.txt"},"mode":"read"}
tool_end 5:22-5:56 {"tool":"fs.read","outcome":"err","error":"ENOENT: no such file or directory, open '/work/nope.txt'"}
stmt_start 5:73-5:86
stmt_end 5:73-5:86
stmt_end 5:1-5:88
stmt_start 6:1-6:23
stmt_end 6:1-6:23
run_end 1:1-6:23 {}`,
	},
	{
		name: "spec 6.3: maxToolCalls overrun refuses the call before tool_start",
		src: `cap { fs.read: true }
budget { maxToolCalls: 1 }
let a = call? fs.exists { path: "." }
return call? fs.exists { path: "." }`,
		allow:     []string{"fs.read"},
		exit:      4,
		toolCalls: 1,
		errors:    []string{`E_BUDGET 4:8-4:37 Budget exceeded: maxToolCalls limit of 1 reached. {"budget":"maxToolCalls","limit":1,"actual":2}`},
		trace: `
run_start 1:1-4:37 {"file":"t.a0","capabilities":["fs.read"],"budget":{"maxToolCalls":1}}
stmt_start 3:1-3:38
tool_start 3:9-3:38 {"tool":"fs.exists","args":{"path":"."},"mode":"read"}
tool_end 3:9-3:38 {"tool":"fs.exists","outcome":"ok"}
stmt_end 3:1-3:38
stmt_start 4:1-4:37
budget_exceeded 4:8-4:37 {"budget":"maxToolCalls","limit":1,"actual":2}
run_end 1:1-4:37 {"error":"E_BUDGET","message":"Budget exceeded: maxToolCalls limit of 1 reached."}`,
	},
	{
		name: "maxBytesWritten is checked after the write",
		src: `cap { fs.write: true }
budget { maxBytesWritten: 4 }
return do fs.write { path: "o.txt", data: "hello" }`,
		allow:     []string{"fs.write"},
		exit:      4,
		toolCalls: 1,
		errors:    []string{`E_BUDGET 3:8-3:52 Budget exceeded: maxBytesWritten limit of 4 bytes exceeded (5 bytes written). {"budget":"maxBytesWritten","limit":4,"actual":5}`},
		trace: `
run_start 1:1-3:52 {"file":"t.a0","capabilities":["fs.write"],"budget":{"maxBytesWritten":4}}
stmt_start 3:1-3:52
tool_start 3:8-3:52 {"tool":"fs.write","args":{"path":"o.txt","data":"hello"},"mode":"effect"}
tool_end 3:8-3:52 {"tool":"fs.write","outcome":"ok"}
budget_exceeded 3:8-3:52 {"budget":"maxBytesWritten","limit":4,"actual":5}
run_end 1:1-3:52 {"error":"E_BUDGET","message":"Budget exceeded: maxBytesWritten limit of 4 bytes exceeded (5 bytes written)."}`,
	},
	{
		name: "maxBytesWritten allows exactly its limit",
		src: `cap { fs.write: true }
budget { maxBytesWritten: 5 }
let w = do fs.write { path: "o.txt", data: "hello" }
return w.bytes`,
		allow:     []string{"fs.write"},
		exit:      0,
		value:     `5`,
		toolCalls: 1,
		trace: `
run_start 1:1-4:15 {"file":"t.a0","capabilities":["fs.write"],"budget":{"maxBytesWritten":5}}
stmt_start 3:1-3:53
tool_start 3:9-3:53 {"tool":"fs.write","args":{"path":"o.txt","data":"hello"},"mode":"effect"}
tool_end 3:9-3:53 {"tool":"fs.write","outcome":"ok"}
stmt_end 3:1-3:53
stmt_start 4:1-4:15
stmt_end 4:1-4:15
run_end 1:1-4:15 {}`,
	},
	{
		name: "E_TOOL_ARGS: no call, no tool events, span of the argument record",
		src: `cap { fs.read: true }
return call? fs.read { path: 42, encoding: null }`,
		allow:  []string{"fs.read"},
		exit:   4,
		errors: []string{`E_TOOL_ARGS 2:22-2:50 Invalid arguments for tool 'fs.read': path: Expected string, received number; encoding: Expected string, received null {"tool":"fs.read"}`},
		trace: `
run_start 1:1-2:50 {"file":"t.a0","capabilities":["fs.read"]}
stmt_start 2:1-2:50
run_end 1:1-2:50 {"error":"E_TOOL_ARGS","message":"Invalid arguments for tool 'fs.read': path: Expected string, received number; encoding: Expected string, received null"}`,
	},
	{
		name: "E_TOOL carries the tool in details",
		src: `cap { fs.read: true }
return call? fs.read { path: "missing.txt" }`,
		allow:     []string{"fs.read"},
		exit:      4,
		toolCalls: 1,
		errors:    []string{`E_TOOL 2:8-2:45 Tool 'fs.read' failed: ENOENT: no such file or directory, open '/work/missing.txt' {"tool":"fs.read"}`},
		trace: `
run_start 1:1-2:45 {"file":"t.a0","capabilities":["fs.read"]}
stmt_start 2:1-2:45
tool_start 2:8-2:45 {"tool":"fs.read","args":{"path":"missing.txt"},"mode":"read"}
tool_end 2:8-2:45 {"tool":"fs.read","outcome":"err","error":"ENOENT: no such file or directory, open '/work/missing.txt'"}
run_end 1:1-2:45 {"error":"E_TOOL","message":"Tool 'fs.read' failed: ENOENT: no such file or directory, open '/work/missing.txt'"}`,
	},
	{
		name: "capability gate: first cap header's span, no trace at all",
		src: `cap { fs.read: true }
cap { sh.exec: true }
return 1`,
		allow:  []string{"fs.read"},
		exit:   3,
		errors: []string{`E_CAP_DENIED 1:1-1:22 Capability 'sh.exec' is not allowed by policy. {"capability":"sh.exec"}`},
		trace:  ``,
	},
	{
		name: "a failed assert halts with its evidence in details",
		src: `let a = 1
assert { that: a == 2, msg: "a must be 2" }
return "never"`,
		exit:     5,
		evidence: 1,
		errors:   []string{`E_ASSERT 2:1-2:44 Assertion failed: a must be 2 {"evidence":{"kind":"assert","ok":false,"msg":"a must be 2","span":{"file":"t.a0","startLine":2,"startCol":1,"endLine":2,"endCol":44}}}`},
		trace: `
run_start 1:1-3:15 {"file":"t.a0","capabilities":[]}
stmt_start 1:1-1:10
stmt_end 1:1-1:10
stmt_start 2:1-2:44
evidence 2:1-2:44 {"kind":"assert","ok":false,"msg":"a must be 2","span":{"file":"t.a0","startLine":2,"startCol":1,"endLine":2,"endCol":44}}
run_end 1:1-3:15 {"error":"E_ASSERT","message":"Assertion failed: a must be 2"}`,
	},
}

func TestTraceAndOutcome(t *testing.T) {
	for _, tc := range traceCases {
		t.Run(tc.name, func(t *testing.T) {
			cfg := outcome.Config{File: "t.a0", Allow: tc.allow, Fixtures: outcome.Fixtures{Files: tc.files}}
			o := outcome.Normalize(run.New().Run(context.Background(), tc.src, cfg))
			if o.Status != outcome.StatusOK {
				t.Fatalf("status %s: %s", o.Status, o.Detail)
			}
			if o.ExitCode != tc.exit {
				t.Errorf("exit %d, want %d", o.ExitCode, tc.exit)
			}
			gotValue := ""
			if o.HasValue {
				gotValue = string(value.MarshalCanonical(o.Value))
			}
			if gotValue != tc.value {
				t.Errorf("value %s, want %s", gotValue, tc.value)
			}
			var errs []string
			for _, d := range o.Errors {
				errs = append(errs, errorText(d))
			}
			if strings.Join(errs, "\n") != strings.Join(tc.errors, "\n") {
				t.Errorf("errors:\n%s\nwant:\n%s", strings.Join(errs, "\n"), strings.Join(tc.errors, "\n"))
			}
			if len(o.Evidence) != tc.evidence {
				t.Errorf("%d evidence records, want %d", len(o.Evidence), tc.evidence)
			}
			if len(o.ToolCalls) != tc.toolCalls {
				t.Errorf("%d tool calls, want %d", len(o.ToolCalls), tc.toolCalls)
			}
			got := traceText(o.Trace)
			want := strings.TrimSpace(tc.trace)
			if got != want {
				t.Errorf("trace differs\n%s", lineDiff(got, want))
			}
		})
	}
}

func spanText(s *ast.Span) string {
	if s == nil {
		return "-"
	}
	return fmt.Sprintf("%d:%d-%d:%d", s.StartLine, s.StartCol, s.EndLine, s.EndCol)
}

func errorText(d outcome.Diagnostic) string {
	s := string(d.Code) + " " + spanText(d.Span) + " " + d.Message
	if d.Details != nil {
		s += " " + string(value.MarshalCanonical(d.Details))
	}
	return s
}

func traceText(events []outcome.Event) string {
	lines := make([]string, len(events))
	for i, e := range events {
		lines[i] = string(e.Event) + " " + spanText(e.Span)
		if e.Data != nil {
			lines[i] += " " + string(value.MarshalCanonical(e.Data))
		}
	}
	return strings.Join(lines, "\n")
}

// lineDiff shows two texts line by line, marking the lines that differ.
func lineDiff(got, want string) string {
	g, w := strings.Split(got, "\n"), strings.Split(want, "\n")
	var b strings.Builder
	for i := 0; i < len(g) || i < len(w); i++ {
		var gl, wl string
		if i < len(g) {
			gl = g[i]
		}
		if i < len(w) {
			wl = w[i]
		}
		mark := "  "
		if gl != wl {
			mark = "! "
		}
		fmt.Fprintf(&b, "%s got:  %s\n%s want: %s\n", mark, gl, mark, wl)
	}
	return b.String()
}
