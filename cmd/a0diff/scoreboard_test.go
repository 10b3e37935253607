package main

import (
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/a0diff/a0diff/harness"
	"github.com/a0diff/a0diff/scoreboard"
)

// partialWorker builds the deliberately partial worker (scoreboard/testdata/partialworker:
// no trace data, its own messages, no limits, non-integer results rounded) and returns
// its path.
func partialWorker(t *testing.T) string {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "partial")
	if out, err := exec.Command("go", "build", "-o", bin, "../../scoreboard/testdata/partialworker").CombinedOutput(); err != nil {
		t.Fatalf("building the partial worker: %v\n%s", err, out)
	}
	return bin
}

const partialCorpus = "testdata/partial"

// With --compare value,exit,errors.code the partial worker's messages and traces are
// left out: only the planted mistake fails, as one signature, and the scoreboard has
// non-zero pass rates.
func TestScoreboardOfAPartialImplementation(t *testing.T) {
	bin := partialWorker(t)
	board := filepath.Join(t.TempDir(), "board.json")
	code, stdout, stderr := realCLI(context.Background(), "run", "--impl", "port="+bin, "--compare", "value,exit,errors.code", "--scoreboard", board, partialCorpus)
	if code != exitFailure {
		t.Fatalf("exit %d, want 1 (the planted mistake)\n%s%s", code, stdout, stderr)
	}
	for _, want := range []string{
		"implementation port against the reference: 4 agree, 2 diverged",
		"implementation port: left out: errors.message, errors.span, errors.hint, errors.details, evidence, trace.event, trace.span, trace.data, toolCalls (chosen with --compare); limit maxDepth, limit maxNesting, limit maxSize, limit maxSteps (declared by port)",
		"a0diff exec --impl port=" + bin + " testdata/partial/numbers/fraction.a0",
	} {
		if !strings.Contains(stdout, want) {
			t.Errorf("the report lacks %q:\n%s", want, stdout)
		}
	}
	data, err := os.ReadFile(board)
	if err != nil {
		t.Fatal(err)
	}
	var b scoreboard.Board
	if err := json.Unmarshal(data, &b); err != nil {
		t.Fatalf("%v\n%s", err, data)
	}
	if b.Implementation != "port" || b.Total.Passed != 4 || b.Total.Failed != 2 {
		t.Errorf("board %+v", b.Total)
	}
	for _, s := range b.Sections {
		if s.Passed == 0 && s.Name != "2.5" {
			t.Errorf("section %s: no entry passes: %+v", s.Name, s)
		}
	}
	if len(b.Signatures) != 1 || b.Signatures[0].Signature != "value@value:number" || b.Signatures[0].Cases != 2 ||
		b.Signatures[0].Example != "testdata/partial/numbers/fraction.a0" {
		t.Errorf("signatures %+v, want the planted mistake as one bucket of 2 entries", b.Signatures)
	}
	// Without --compare every entry that runs diverges (trace data, messages).
	code, stdout, _ = realCLI(context.Background(), "run", "--impl", "port="+bin, partialCorpus)
	if code != exitFailure || !strings.Contains(stdout, "implementation port against the reference: 0 agree, 6 diverged") {
		t.Errorf("without --compare: exit %d\n%s", code, stdout)
	}
	// A worker that declares what it does not model gets the same verdicts by itself,
	// and the summary says who left what out.
	code, stdout, _ = realCLI(context.Background(), "run", "--impl", "port="+bin+" -declare", partialCorpus)
	if code != exitFailure || !strings.Contains(stdout, "implementation port against the reference: 4 agree, 2 diverged") ||
		!strings.Contains(stdout, "implementation port: left out: errors.message, errors.hint, errors.details, trace.data, limit maxDepth, limit maxNesting, limit maxSize, limit maxSteps (declared by port)") {
		t.Errorf("declared: exit %d\n%s", code, stdout)
	}
}

// The JSON report counts per implementation and carries its whole outcome.
func TestJSONReportNamesEveryImplementation(t *testing.T) {
	bin := partialWorker(t)
	_, stdout, _ := realCLI(context.Background(), "run", "--format", "json", "--impl", "port="+bin, "--compare", "value,exit,errors.code", partialCorpus)
	var rep harness.JSONReport
	if err := json.Unmarshal([]byte(stdout), &rep); err != nil {
		t.Fatalf("%v\n%s", err, stdout)
	}
	if rep.Summary.Implementations["port"] != (harness.ImplCounts{Agree: 4, Diverged: 2}) || len(rep.Summary.LeftOut["port"]) == 0 {
		t.Errorf("summary %+v", rep.Summary)
	}
	for _, e := range rep.Entries {
		for _, x := range e.Implementations {
			if x.Verdict == "diverge" && (len(x.Outcome) == 0 || !strings.Contains(x.Replay, "--impl port="+bin)) {
				t.Errorf("%s: outcome %s, replay %q", e.Path, x.Outcome, x.Replay)
			}
		}
	}
}

// A baseline round trip: write, pass, a regression fails, fixed it passes, a fixed
// known failure is reported so the baseline can be tightened.
func TestBaselineRoundTrip(t *testing.T) {
	bin := partialWorker(t)
	base := filepath.Join(t.TempDir(), "baseline.txt")
	run := func(flags string, extra ...string) (int, string) {
		args := append([]string{"run", "--impl", "port=" + bin + flags, "--compare", "value,exit,errors.code"}, extra...)
		code, stdout, stderr := realCLI(context.Background(), append(args, partialCorpus)...)
		return code, stdout + stderr
	}
	if code, out := run("", "--write-baseline", base); code != exitFailure || !strings.Contains(out, "wrote 2 known failures") {
		t.Fatalf("write: exit %d\n%s", code, out)
	}
	text, _ := os.ReadFile(base)
	if !strings.Contains(string(text), "port entry testdata/partial/numbers/fraction.a0   # value@value:number\n") {
		t.Errorf("baseline:\n%s", text)
	}
	tests := []struct {
		name  string
		flags string
		code  int
		want  string
	}{
		{"as known", "", exitOK, "2 known failures as expected, 0 new, 0 known failures now pass"},
		{"a regression", " -regress", exitFailure, "NEW FAILURE port entry testdata/partial/strings/greeting.a0"},
		{"a fix", " -fixed", exitOK, "now passes: port entry testdata/partial/numbers/fraction.a0"},
	}
	for _, tt := range tests {
		code, out := run(tt.flags, "--baseline", base)
		if code != tt.code || !strings.Contains(out, tt.want) {
			t.Errorf("%s: exit %d, want %d and %q:\n%s", tt.name, code, tt.code, tt.want, out)
		}
	}
	// Tightened: the fixed implementation's baseline has no known failure left.
	if code, out := run(" -fixed", "--write-baseline", base); code != exitOK || !strings.Contains(out, "wrote 0 known failures") {
		t.Errorf("tighten: exit %d\n%s", code, out)
	}
}

// A worker whose outcome nests 10⁷ levels deep is that implementation's crash; a0diff
// carries on and reports it.
func TestDeepOutcomeIsACrashOfTheImplementation(t *testing.T) {
	bin := partialWorker(t)
	code, stdout, stderr := realCLI(context.Background(), "exec", "--impl", "deep="+bin+" -deep 10000000", "testdata/partial/numbers/integer.a0")
	if code != exitOK || !strings.Contains(stdout, `"status":"crash"`) || !strings.Contains(stdout, "nests deeper than 200000 levels") {
		t.Errorf("exec: exit %d\n%s%s", code, stdout, stderr)
	}
	code, stdout, stderr = realCLI(context.Background(), "run", "--impl", "deep="+bin+" -deep 10000000", partialCorpus)
	if code != exitFailure || !strings.Contains(stdout, "implementation deep against the reference: 0 agree, 6 diverged") ||
		!strings.Contains(stdout, "(crash@status:go)") {
		t.Errorf("run: exit %d\n%s%s", code, stdout, stderr)
	}
}
