package reduce

import (
	"context"
	"testing"
	"fmt"
	"time"
)

func TestExplore3(t *testing.T) {
	for _, fn := range []string{"maxneg", "concat3"} {
	src, cfg := bigProgram(1, fn, 110)
	rs := faultyRunners(faults[fn])
	counts := map[string]int{}
	times := map[string]time.Duration{}
	var last time.Duration
	var order []string
	opts := Options{Progress: func(p Progress) {
		if counts[p.Phase] == 0 { order = append(order, p.Phase) }
		counts[p.Phase]++; times[p.Phase] += p.Elapsed - last; last = p.Elapsed
	}}
	res, err := Reduce(context.Background(), src, cfg, rs, opts)
	if err != nil { t.Fatal(err) }
	fmt.Println(fn, res.Elapsed, res.Candidates)
	for _, ph := range order { fmt.Println("  ", ph, counts[ph], times[ph]) }
	}
}
