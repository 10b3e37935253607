package worker

import (
	"context"
	"testing"
	"time"

	"github.com/a0diff/a0diff/runtime/outcome"
)

// benchPrograms are the programs BenchmarkRun times: a trivial one (the protocol's fixed
// cost: the run message, the Outcome both ways), one with tool calls (a round trip per
// call) and one with a long trace (the Outcome's size).
var benchPrograms = []struct {
	name, source string
	allow        []string
	events       int // at least, in the Outcome's trace
	calls        int // tool calls
}{
	{name: "trivial", source: "fn double { x } { return x * 2 }\nlet xs = map { in: [1, 2, 3], fn: \"double\" }\nreturn { xs: xs, n: len { in: xs } }\n", events: 10},
	{name: "tools", allow: []string{"fs.read"}, calls: 4, events: 10, source: "cap { fs.read: true }\n" +
		"let a = call? fs.read { path: \"a.txt\" }\nlet b = call? fs.read { path: \"b.txt\" }\n" +
		"let c = call? fs.read { path: \"a.txt\" }\nlet d = call? fs.read { path: \"b.txt\" }\nreturn { a: a, b: b, c: c, d: d }\n"},
	{name: "trace200", events: 200, source: "let n = loop { in: 0, times: 60, as: \"x\" } {\n  let y = x + 1\n  return y\n}\nreturn { n: n, s: \"done\" }\n"},
}

// BenchmarkRun compares each program run in process with the same run in a worker.
func BenchmarkRun(b *testing.B) {
	fixtures := outcome.Fixtures{Files: []outcome.File{{Path: "a.txt", Content: "alpha"}, {Path: "b.txt", Content: "beta"}}}
	// As a0diff starts its built-in workers (GoWorkerConfig).
	env := []string{testWorkerEnv + "=go", "GOMAXPROCS=1"}
	p := NewPool(Config{Name: "go", Command: []string{testBinary(b)}, Env: env, RSSLimitMB: DefaultRSSLimitMB})
	defer p.Close()
	runners := []struct {
		name string
		r    outcome.Runner
	}{{"in-process", GoForTest.InProcess()}, {"worker", p}}
	for _, prog := range benchPrograms {
		cfg := outcome.Config{File: "b.a0", Allow: prog.allow, Fixtures: fixtures, Limits: outcome.Limits{Timeout: 10 * time.Second}}
		for _, r := range runners {
			b.Run(prog.name+"/"+r.name, func(b *testing.B) {
				b.ReportAllocs()
				for b.Loop() {
					o := r.r.Run(context.Background(), prog.source, cfg)
					if o.Status != outcome.StatusOK || o.ExitCode != 0 || len(o.Trace) < prog.events || len(o.ToolCalls) != prog.calls {
						b.Fatalf("%s %d, %d events, %d calls: %s", o.Status, o.ExitCode, len(o.Trace), len(o.ToolCalls), o.Detail)
					}
				}
			})
		}
	}
}
