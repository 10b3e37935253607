package gen

import (
	"context"
	"fmt"
	"testing"
	"time"

	tsbundle "github.com/a0diff/a0diff/reference/ts-bundle"
	"github.com/a0diff/a0diff/diff"
	"github.com/a0diff/a0diff/runtime/run"
)

func TestScratch2(t *testing.T) {
	goR := run.New()
	ref := tsbundle.NewRunner(tsbundle.Embedded())
	sigs := map[string]int{}
	first := map[string]*Case{}
	verdicts := map[diff.Verdict]int{}
	exits := map[int]int{}
	start := time.Now()
	n := 1000
	for i := 0; i < n; i++ {
		c := Generate(RandChooser{CaseRand(7, i)}, Options{InvalidShare: 0.1})
		g := goR.Run(context.Background(), c.Source, c.Config)
		r := ref.Run(context.Background(), c.Source, c.Config)
		res := diff.Compare(g, r)
		verdicts[res.Verdict]++
		exits[r.ExitCode]++
		if res.Verdict == diff.Diverge {
			s := res.Signature()
			sigs[s]++
			if first[s] == nil {
				first[s] = c
				fmt.Println("=====", s, i, res.Divergences[0])
				fmt.Println(c.Source)
			}
		}
	}
	fmt.Println(time.Since(start)/time.Duration(n), verdicts, exits, sigs)
}
