package reduce

import (
	"context"
	"testing"
	"fmt"
	"time"
)

func TestExplore(t *testing.T) {
	for _, fn := range []string{"concat3", "maxneg", "keysrev", "csvupper", "loopcount"} {
		src, cfg, _ := divergingProgram(t, fn, 100, 110)
		rs := faultyRunners(faults[fn])
		counts := map[string]int{}
		var order []string
		opts := Options{Progress: func(p Progress) {
			if counts[p.Phase] == 0 { order = append(order, p.Phase) }
			counts[p.Phase]++
		}}
		st := time.Now()
		res, err := Reduce(context.Background(), src, cfg, rs, opts)
		if err != nil { t.Fatal(err) }
		fmt.Printf("%s %v %d cand %.1fx ", fn, time.Since(st).Round(time.Millisecond), res.Candidates, res.Factor())
		for _, ph := range order { fmt.Print(ph, "=", counts[ph], " ") }
		fmt.Println()
	}
}
