package reduce

import (
	"context"
	"testing"
	"fmt"

	"github.com/a0diff/a0diff/diff"
)

func TestExplore(t *testing.T) {
	for _, fname := range []string{"concat3", "maxneg", "keysrev", "csvupper", "loopcount"} {
		src, cfg := bigProgram(1, fname, 110)
		f := faults[fname]
		g, r := shippedRunners().Go.Run(context.Background(), src, cfg), reference().Run(context.Background(), src, cfg)
		d0 := diff.Compare(g, r)
		fg := f.goImpl().Run(context.Background(), src, cfg)
		d1 := diff.Compare(fg, r)
		fmt.Println(fname, "lines", codeLines(src), "shipped:", d0.Verdict, d0.Signatures(), "faulty:", d1.Verdict, d1.Signatures(), "exit", r.ExitCode, r.Errors)
		res, err := Reduce(context.Background(), src, cfg, faultyRunners(f), Options{})
		if err != nil { t.Log(err); continue }
		fmt.Printf("%s: %v -> %v (%.1fx) cand=%d hits=%d %s\n%s%v\n", fname, res.Before, res.After, res.Factor(), res.Candidates, res.CacheHits, res.Elapsed, res.Source, Directives(res.Config))
	}
}
