package main

import (
	"os"
	"path/filepath"
	"testing"
	"time"
)

// TestHangingMutantIsFound runs the probe against the catalogue's fn-no-capture, a
// mutant that makes the Go evaluator spin without polling its context on one corpus
// entry: the probe's Go worker is killed at the deadline plus grace, the re-run times out
// too, and the one-sided Go timeout finds the mutant. The unmutated module passes the
// same entry, so the timeout is the mutant's.
func TestHangingMutantIsFound(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the probe twice and waits out two deadlines")
	}
	ms, err := parseCatalogue("testdata/catalogue.txt")
	if err != nil {
		t.Fatal(err)
	}
	var hang *Mutant
	for i := range ms {
		if ms[i].ID == "fn-no-capture" {
			hang = &ms[i]
		}
	}
	if hang == nil {
		t.Fatal("no fn-no-capture in the catalogue")
	}
	scratch := t.TempDir()
	if err := copyModule("../..", scratch); err != nil {
		t.Fatal(err)
	}
	entry := filepath.Join("corpus", "eval", "redeclaration-in-loop-replaces-closure.a0")
	if _, err := os.Stat(filepath.Join(scratch, entry)); err != nil {
		t.Fatal(err)
	}
	// A short deadline keeps the test quick: the mutant hangs whatever the deadline,
	// and the reference runs this entry in milliseconds (a wide margin for a slow CI).
	o := options{modes: []string{modeUnguided}, corpus: true, corpusPath: entry,
		timeout: 2 * time.Second, reduceTime: time.Second}

	base := probe(scratch, Mutant{ID: "baseline"}, o)
	if base.Status != "survived" || base.CorpusFailed != 0 || base.CorpusTimedOut != 0 {
		t.Fatalf("unmutated: status %s, corpus failed %d (%d timeouts), error %q; want it to pass",
			base.Status, base.CorpusFailed, base.CorpusTimedOut, base.Error)
	}
	r := probe(scratch, *hang, o)
	if r.Status != "killed" || r.CorpusFailed != 1 || r.CorpusTimedOut != 1 || !r.hangs() {
		t.Errorf("fn-no-capture: status %s, corpus failed %d (%d timeouts), error %q; want killed by one Go timeout",
			r.Status, r.CorpusFailed, r.CorpusTimedOut, r.Error)
	}
	if r.Seconds > probeTimeout.Seconds()/2 {
		t.Errorf("the probe took %.0fs: the hang was not cut at the deadline", r.Seconds)
	}
}
