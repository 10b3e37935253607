package gen

import (
	"context"
	"fmt"
	"sort"
	"strings"
	"testing"

	"github.com/a0diff/a0diff/runtime/run"
)

func TestScratch3(t *testing.T) {
	goR := run.New()
	codes := map[string]int{}
	for i := 0; i < 3000; i++ {
		c := Generate(RandChooser{CaseRand(9, i)}, Options{})
		g := goR.Run(context.Background(), c.Source, c.Config)
		if g.ExitCode == 4 || g.ExitCode == 3 || g.ExitCode == 5 && len(g.Errors) > 0 {
			m := g.Errors[0].Message
			if len(m) > 60 {
				m = m[:60]
			}
			codes[g.Errors[0].Code+" "+m]++
		}
		if string(g.Status) != "ok" {
			codes["status "+string(g.Status)+strings.SplitN(g.Detail, "\n", 2)[0]]++
		}
	}
	var ks []string
	for k := range codes {
		ks = append(ks, k)
	}
	sort.Slice(ks, func(i, j int) bool { return codes[ks[i]] > codes[ks[j]] })
	for _, k := range ks[:min(40, len(ks))] {
		fmt.Println(codes[k], k)
	}
}
