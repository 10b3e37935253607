package reduce

import (
	"context"
	"testing"
	"fmt"

	"github.com/a0diff/a0diff/corpus"
	"github.com/a0diff/a0diff/diff"
	"github.com/a0diff/a0diff/runtime/syntax"
)

func TestExplore5(t *testing.T) {
	e, _ := corpus.ParseFile("testdata/fixtures.a0")
	rs := faultyRunners(faults["csvupper"])
	r := &reducer{ctx: context.Background(), rs: rs, cache: map[[32]byte]bool{}}
	r.limits = e.Config.Limits.WithDefaults()
	r.cfg = copyConfig(e.Config)
	r.want = []string{"value@value.first[*]"}
	r.prog, _ = syntax.Parse(e.Config.File, e.Source)
	r.reduceAST()
	fmt.Println(r.current(), Directives(r.cfg))
	for i := 0; i < 3; i++ {
		g, f := r.runBoth(r.current(), r.cfg)
		d := diff.Compare(g, f)
		fmt.Println(d.Verdict, d.Signatures(), g.Status, g.Errors, f.Status, f.Errors, r.interesting(r.current(), r.cfg))
	}
}
