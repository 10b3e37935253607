package reduce

import (
	"context"
	"testing"
	"fmt"
	"sync/atomic"
	"time"

	"github.com/a0diff/a0diff/runtime/outcome"
)

type timed struct{ outcome.Runner; total *atomic.Int64; n *atomic.Int64 }
func (t timed) Run(ctx context.Context, s string, c outcome.Config) outcome.Outcome {
	st := time.Now(); o := t.Runner.Run(ctx, s, c); t.total.Add(int64(time.Since(st))); t.n.Add(1); return o
}

func TestExplore2(t *testing.T) {
	src, cfg := bigProgram(1, "maxneg", 110)
	var gt, gn, rt, rn atomic.Int64
	rs := faultyRunners(faults["maxneg"])
	rs.Go = timed{rs.Go, &gt, &gn}
	rs.Ref = timed{rs.Ref, &rt, &rn}
	res, err := Reduce(context.Background(), src, cfg, rs, Options{})
	if err != nil { t.Fatal(err) }
	fmt.Println(res.Elapsed, "go", time.Duration(gt.Load()), gn.Load(), "ref", time.Duration(rt.Load()), rn.Load())
}
