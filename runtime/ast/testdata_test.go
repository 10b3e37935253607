package ast_test

import (
	"fmt"
	"path/filepath"
	"testing"

	"github.com/a0diff/a0diff/runtime/syntax"
	"github.com/a0diff/a0diff/runtime/syntax/testfile"
)

// TestRoundTripTestdata prints every parseable program of the front end's test files and
// parses it back.
func TestRoundTripTestdata(t *testing.T) {
	files, _ := filepath.Glob("../syntax/testdata/*.txt")
	more, _ := filepath.Glob("../validate/testdata/*.txt")
	files = append(files, more...)
	if len(files) < 3 {
		t.Fatalf("test files not found: %v", files)
	}
	n := 0
	for _, f := range files {
		cases, err := testfile.Read(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range cases {
			p, diags := syntax.Parse("t.a0", c.Source)
			if len(diags) > 0 {
				continue
			}
			n++
			where := fmt.Sprintf("%s:%d:", f, c.Line)
			t.Run(filepath.Base(f)+"/"+c.Name, func(t *testing.T) {
				defer func() {
					if t.Failed() {
						t.Logf("%s the case's program", where)
					}
				}()
				roundTrip(t, p)
			})
		}
	}
	if n < 50 {
		t.Fatalf("only %d programs round-tripped", n)
	}
}
