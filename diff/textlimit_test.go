package diff_test

import (
	"context"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/a0diff/a0diff/diff"
	tsbundle "github.com/a0diff/a0diff/reference/ts-bundle"
	"github.com/a0diff/a0diff/runtime/outcome"
	"github.com/a0diff/a0diff/runtime/run"
	"github.com/a0diff/a0diff/runtime/syntax/testfile"
)

// textLimitCase is one program of testdata/text-limit.txt.
type textLimitCase struct {
	name   string
	at     int // the longest TAIL within the bound; -1: over it at both lengths tried
	source string
}

// readTextLimitCases reads testdata/text-limit.txt (testfile.Read): the case PRELUDE
// and the others, each program with the prelude before it and its AT after "---".
func readTextLimitCases(t *testing.T) []textLimitCase {
	t.Helper()
	const file = "testdata/text-limit.txt"
	read, err := testfile.Read(file)
	if err != nil {
		t.Fatal(err)
	}
	var prelude string
	var cases []textLimitCase
	for _, c := range read {
		if c.Name == "PRELUDE" {
			if len(c.Expect) != 0 {
				t.Fatalf("%s:%d: the prelude has no AT", file, c.Line)
			}
			prelude = c.Source + "\n"
			continue
		}
		if len(c.Expect) != 1 {
			t.Fatalf("%s:%d: case %q wants one line AT after ---", file, c.Line, c.Name)
		}
		at, err := strconv.Atoi(c.Expect[0])
		if err != nil {
			t.Fatalf("%s:%d: case %q: AT %q is not a number", file, c.Line, c.Name, c.Expect[0])
		}
		cases = append(cases, textLimitCase{name: c.Name, at: at, source: c.Source + "\n"})
	}
	if prelude == "" || len(cases) == 0 {
		t.Fatalf("%s: no prelude or no cases", file)
	}
	for i := range cases {
		cases[i].source = prelude + cases[i].source
	}
	return cases
}

// TestTextLimitTripsAtTheSamePoint drives the text bound of maxSize to its edge at every
// point that counts it (tool arguments, the Outcome's values, JSON texts, String()): one
// text unit below the bound both implementations go on, one unit over it both stop with
// maxSize, with the same partial outcome. Before the bound was counted in the reference
// too, the Go evaluator alone stopped (at 32 MiB of UTF-8) and the reference completed.
func TestTextLimitTripsAtTheSamePoint(t *testing.T) {
	if testing.Short() {
		t.Skip("writes texts of 32 Mi units")
	}
	goRunner, ref := run.New(), tsbundle.NewRunner(tsbundle.Embedded())
	defer ref.Close()
	for _, c := range readTextLimitCases(t) {
		t.Run(c.name, func(t *testing.T) {
			tails := []int{c.at, c.at + 1}
			if c.at < 0 {
				tails = []int{0, 30}
			}
			for i, n := range tails {
				src := strings.Replace(c.source, "TAIL", strconv.Quote(strings.Repeat("y", n)), 1)
				cfg := outcome.Config{File: "t.a0", Allow: []string{"http.get"}, Limits: outcome.Limits{Timeout: 2 * time.Minute}}
				g := goRunner.Run(context.Background(), src, cfg)
				r := ref.Run(context.Background(), src, cfg)
				if res := diff.Compare(g, r); res.Verdict != diff.Agree {
					t.Errorf("TAIL of %d: %s %v\ngo:  %s\nref: %s", n, res.Verdict, res.Divergences, clip(outcome.Marshal(g)), clip(outcome.Marshal(r)))
				}
				over := i == 1 || c.at < 0
				if limited := g.Limit == outcome.LimitSize; limited != over {
					t.Errorf("TAIL of %d: status %s, limit %q; want the maxSize bound reached: %v", n, g.Status, g.Limit, over)
				}
			}
		})
	}
}
