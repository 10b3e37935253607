package gen

import (
	"fmt"
	"testing"

	"github.com/a0diff/a0diff/runtime/syntax"
	"github.com/a0diff/a0diff/runtime/validate"
)

func TestScratch(t *testing.T) {
	bad := 0
	codes := map[string]int{}
	for i := 0; i < 2000; i++ {
		c := Generate(RandChooser{CaseRand(1, i)}, Options{})
		p, diags := syntax.Parse("case.a0", c.Source)
		if len(diags) > 0 {
			bad++
			codes["parse:"+diags[0].Code]++
			if codes["parse:"+diags[0].Code] < 3 {
				fmt.Println(diags[0].Message, "\n", c.Source)
			}
			continue
		}
		r := validate.Check(p)
		if len(r.Diagnostics) > 0 || r.UnsupportedSpread {
			bad++
			if len(r.Diagnostics) > 0 {
				codes[r.Diagnostics[0].Code]++
				if codes[r.Diagnostics[0].Code] < 3 {
					fmt.Println(r.Diagnostics[0].Message, "\n", c.Source)
				}
			}
		}
		if i < 3 {
			fmt.Println(c.Source)
		}
	}
	fmt.Println("bad", bad, codes)
}
