package tsbundle

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/a0diff/a0diff/corpus"
	"github.com/a0diff/a0diff/runtime/outcome"
)

// TestOutcomeTextIsCanonical checks that the Outcome text the reference returns is
// already canonical: exactly what outcome.Marshal writes for the Outcome it parses to,
// apart from the toolCalls member the host adds. A host may then pass the text on
// instead of parsing and writing it again (issue 21). It runs every corpus entry and the
// first 300 generated cases of BenchmarkGenerated.
func TestOutcomeTextIsCanonical(t *testing.T) {
	paths, err := corpus.Discover(filepath.Join("..", "..", "corpus"))
	if err != nil {
		t.Fatal(err)
	}
	type run struct {
		name, source string
		cfg          outcome.Config
	}
	var runs []run
	for _, p := range paths {
		e, err := corpus.ParseFile(p)
		if err != nil {
			t.Fatal(err)
		}
		runs = append(runs, run{p, e.Source, e.Config})
	}
	for i, c := range generatedCases(300) {
		runs = append(runs, run{fmt.Sprintf("generated case %d (a0diff fuzz --seed 3)", i), c.Source, c.Config})
	}
	r := NewRunner(referenceBundle(t))
	defer r.Close()
	e := newEngine(referenceBundle(t), defaultMaxCallStack)
	checked := 0
	for _, c := range runs {
		cfg := c.cfg
		cfg.Limits = cfg.Limits.WithDefaults()
		st := &runState{cfg: cfg, newKit: r.opts.newKit, textOutcome: true} // the text, not host.outcome
		res := executeRun(e, st, c.source, configText(cfg))
		if res.err != nil || res.initErr != nil || res.text == "" {
			e = newEngine(referenceBundle(t), defaultMaxCallStack) // a crash, a stack overflow: not an Outcome text
			continue
		}
		o, err := outcome.Parse([]byte(res.text))
		if err != nil {
			t.Errorf("%s: %v", c.name, err)
			continue
		}
		// Marshal writes toolCalls (none here: o has no calls) after the trace and before
		// limit and detail, whose texts cannot hold the member's unescaped quotes.
		want := string(outcome.Marshal(o))
		const noCalls = `,"toolCalls":[]`
		at := strings.LastIndex(want, noCalls)
		if at < 0 {
			t.Fatalf("%s: no toolCalls member in %s", c.name, clip(want, 300))
		}
		want = want[:at] + want[at+len(noCalls):]
		got := res.text
		if got != want {
			t.Errorf("%s: the reference's Outcome text is not canonical:\n got %s\nwant %s", c.name, clip(got, 600), clip(want, 600))
		}
		checked++
	}
	if checked < len(runs)/2 {
		t.Fatalf("only %d of %d runs gave an Outcome text", checked, len(runs))
	}
}
