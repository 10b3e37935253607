package run_test

import (
	"context"
	"testing"

	"github.com/a0diff/a0diff/runtime/outcome"
	"github.com/a0diff/a0diff/runtime/run"
	"github.com/a0diff/a0diff/runtime/syntax"
)

// The B-18 program of spec Appendix B: recursion through the inline if, under map.
const benchB18 = `fn fact { n } {
  return if { cond: n <= 1, then: 1, else: n * fact { n: n - 1 } }
}
return map { in: [0, 5, 10], fn: "fact" }`

var benchPrograms = []struct{ name, src string }{
	{"B18", benchB18},
	{"Loop10k", `return loop { in: 0, times: 10000, as: "x" } { return x + 1 }`},
	{"For10k", `let xs = range { from: 0, to: 10000 }
return for { in: xs, as: "x" } { return x * 2 }`},
	{"Recursion200", `fn down { n } { return if { cond: n <= 0, then: 0, else: down { n: n - 1 } } }
return down { n: 200 }`},
	{"Sort5000Records", `fn mk { i } { return { k: (i * 7919) % 5000, name: "r", i: i } }
let rows = map { in: range { from: 0, to: 5000 }, fn: "mk" }
return len { in: sort { in: rows, by: ["k", "i"] } }`},
}

func BenchmarkParse(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		if _, diags := syntax.Parse("b.a0", benchB18); len(diags) > 0 {
			b.Fatal(diags)
		}
	}
}

func BenchmarkRun(b *testing.B) {
	r := run.New()
	cfg := outcome.Config{File: "b.a0"}
	for _, p := range benchPrograms {
		b.Run(p.name, func(b *testing.B) {
			if o := r.Run(context.Background(), p.src, cfg); o.Status != outcome.StatusOK || o.ExitCode != 0 {
				b.Fatalf("status %s exit %d errors %v %s", o.Status, o.ExitCode, o.Errors, o.Detail)
			}
			b.ReportAllocs()
			for b.Loop() {
				r.Run(context.Background(), p.src, cfg)
			}
		})
	}
}
