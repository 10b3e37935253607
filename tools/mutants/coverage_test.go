package main

import (
	"os"
	"strings"
	"testing"
)

// TestCountStatements reads testdata/profile.txt, a text coverage profile with blocks of
// runtime/ (some executed, one listed twice) and of another package (left out).
func TestCountStatements(t *testing.T) {
	data, err := os.ReadFile("testdata/profile.txt")
	if err != nil {
		t.Fatal(err)
	}
	covered, total, err := countStatements(data)
	if err != nil {
		t.Fatal(err)
	}
	// runtime blocks: 3 statements (executed), 2 (not), 4 (executed, listed twice); the
	// tools/ block of 5 statements is not counted
	if covered != 7 || total != 9 {
		t.Errorf("countStatements = %d of %d, want 7 of 9", covered, total)
	}
	if _, _, err := countStatements([]byte("mode: set\nnot a profile line\n")); err == nil {
		t.Error("a malformed profile gave no error")
	}
}

func TestParseModes(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want []string
		err  bool
	}{
		{"unguided", []string{"unguided"}, false},
		{"unguided,guided", []string{"unguided", "guided"}, false},
		{"guided, unguided,guided", []string{"guided", "unguided"}, false},
		{"guided,swarm", nil, true},
		{"", nil, true},
	} {
		got, err := parseModes(tc.in)
		if (err != nil) != tc.err || len(got) != len(tc.want) {
			t.Errorf("parseModes(%q) = %v, %v; want %v (error %v)", tc.in, got, err, tc.want, tc.err)
			continue
		}
		for i := range got {
			if got[i] != tc.want[i] {
				t.Errorf("parseModes(%q) = %v, want %v", tc.in, got, tc.want)
			}
		}
	}
}

// TestSummariseModes: the summary gives each mode's kill rate and median over the
// viable mutants, the corpus's, and the mutants a mode did not find.
func TestSummariseModes(t *testing.T) {
	run := func(mode string, found bool, cases int) FuzzRun {
		return FuzzRun{Mode: mode, Found: found, Cases: cases, Seconds: float64(cases) / 100}
	}
	rs := []Result{
		{Mutant: Mutant{ID: "a", Category: "values"}, Status: "killed", CorpusFailed: 0, Fuzz: []FuzzRun{run("unguided", true, 10), run("guided", true, 30)}},
		{Mutant: Mutant{ID: "b", Category: "values"}, Status: "killed", CorpusFailed: 2, Fuzz: []FuzzRun{run("unguided", true, 50), run("guided", false, 100)}},
		{Mutant: Mutant{ID: "c", Category: "scopes"}, Status: "survived", Fuzz: []FuzzRun{run("unguided", false, 100), run("guided", true, 70)}},
		{Mutant: Mutant{ID: "d", Category: "scopes"}, Status: "not-viable"},
		{Mutant: Mutant{ID: "e", Category: "scopes"}, Status: "probe-timeout"},
	}
	var b strings.Builder
	summarise(&b, rs, options{modes: []string{"unguided", "guided"}, count: 100, seed: 7, corpus: true})
	out := b.String()
	for _, want := range []string{
		"catalogue: 5 mutants, 3 viable",
		"no verdict (the probe ran out of time, left out of the rates): e",
		"corpus finds      1/3 (33.3%)",
		"fuzz unguided finds 2/3 (66.7%) within 100 cases (seed 7); median 30 cases to find; 100 cases/s over all mutants; with the corpus 2/3 (66.7%)",
		"fuzz guided   finds 2/3 (66.7%) within 100 cases (seed 7); median 50 cases to find; 100 cases/s over all mutants; with the corpus 3/3 (100.0%)",
		"not found by fuzz guided: b (values)",
		"not found by fuzz unguided: c (scopes)",
		"fuzz unguided by category: scopes 0/1, values 2/2",
		"fuzz guided by category: scopes 1/1, values 1/2",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("summary lacks %q:\n%s", want, out)
		}
	}
}
