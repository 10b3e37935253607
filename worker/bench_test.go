package worker

import (
	"context"
	"testing"
	"time"

	"github.com/a0diff/a0diff/runtime/outcome"
	"github.com/a0diff/a0diff/runtime/run"
)

// BenchmarkRun compares one small program run in process with the same run in a worker
// (the protocol's round trip: the run message, the Outcome's JSON both ways).
func BenchmarkRun(b *testing.B) {
	const src = "fn double { x } { return x * 2 }\nlet xs = map { in: [1, 2, 3], fn: \"double\" }\nreturn { xs: xs, n: len { in: xs } }\n"
	cfg := outcome.Config{File: "b.a0", Limits: outcome.Limits{Timeout: 10 * time.Second}}
	runners := map[string]outcome.Runner{"in-process": run.New()}
	p := NewPool(Config{Name: "go", Command: []string{testBinary(b)}, Env: []string{testWorkerEnv + "=go"}})
	defer p.Close()
	runners["worker"] = p
	for _, name := range []string{"in-process", "worker"} {
		r := runners[name]
		b.Run(name, func(b *testing.B) {
			for b.Loop() {
				if o := r.Run(context.Background(), src, cfg); o.Status != outcome.StatusOK {
					b.Fatal(o.Detail)
				}
			}
		})
	}
}
