package tsbundle

import (
	"bytes"
	"context"
	"path/filepath"
	"strconv"
	"testing"

	"github.com/a0diff/a0diff/corpus"
	"github.com/a0diff/a0diff/runtime/outcome"
)

// TestHandedOutcomeIsTheTextOutcome: the Outcome the reference hands to host.outcome
// reads exactly as its text does — over the first 1 500 generated programs of `a0diff
// fuzz --seed 3` and the whole corpus — and the hand-over is taken (most runs return no
// text).
func TestHandedOutcomeIsTheTextOutcome(t *testing.T) {
	type program struct {
		name, source string
		cfg          outcome.Config
	}
	var programs []program
	for i, c := range generatedCases(1500) {
		programs = append(programs, program{"generated case " + strconv.Itoa(i), c.Source, c.Config})
	}
	paths, err := corpus.Discover(filepath.Join("..", "..", "corpus"))
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range paths {
		e, err := corpus.ParseFile(p)
		if err != nil {
			t.Fatal(err)
		}
		programs = append(programs, program{p, e.Source, e.Config})
	}
	handed, text := NewRunner(Embedded()), NewRunner(Embedded(), withTextOutcome())
	defer handed.Close()
	defer text.Close()
	ctx := context.Background()
	for _, p := range programs {
		got, want := handed.Run(ctx, p.source, p.cfg), text.Run(ctx, p.source, p.cfg)
		if got.Status == outcome.StatusTimeout || want.Status == outcome.StatusTimeout {
			continue // the machine's, not the encoding's
		}
		got, want = outcome.Normalize(got), outcome.Normalize(want) // durationMs differs
		got.Detail, want.Detail = "", ""
		if g, w := outcome.Marshal(got), outcome.Marshal(want); !bytes.Equal(g, w) {
			t.Errorf("%s: handed over\n%s\nas text\n%s", p.name, clip(string(g), 2000), clip(string(w), 2000))
		}
	}
	if taken := int(handed.handed.Load()); taken < len(programs)/2 {
		t.Errorf("the Outcome was handed over in %d of %d runs", taken, len(programs))
	}
}
