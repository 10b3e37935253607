package main

import (
	"bytes"
	"context"
	"encoding/json"
	"encoding/xml"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"syscall"
	"testing"

	"github.com/a0diff/a0diff/campaign"
	"github.com/a0diff/a0diff/corpus"
	"github.com/a0diff/a0diff/runtime/outcome"
	"github.com/a0diff/a0diff/runtime/run"
)

// crashOn is a reference stand-in: the Go implementation, except that it "crashes" on
// every program containing trigger.
type crashOn struct {
	inner   outcome.Runner
	trigger string
}

func (c crashOn) Name() string { return "ref" }

func (c crashOn) Run(ctx context.Context, source string, cfg outcome.Config) outcome.Outcome {
	if c.trigger != "" && strings.Contains(source, c.trigger) {
		return outcome.Outcome{Status: outcome.StatusCrash, Detail: "fake crash on " + c.trigger}
	}
	return c.inner.Run(ctx, source, cfg)
}

// fuzzCLI runs a0diff with the Go implementation on both sides, the reference side
// crashing on programs that contain trigger ("" for never).
func fuzzCLI(t *testing.T, trigger string, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	newRef := func(string) (outcome.Runner, error) { return crashOn{inner: run.New(), trigger: trigger}, nil }
	return runCLI(func() outcome.Runner { return run.New() }, newRef, args...)
}

func TestFuzzUsageErrors(t *testing.T) {
	tests := []struct {
		args   []string
		stderr string
	}{
		{[]string{"fuzz", "-j", "0"}, `-j must be at least 1`},
		{[]string{"fuzz", "--invalid-share", "1.5"}, `--invalid-share must be between 0 and 1`},
		{[]string{"fuzz", "--features", "loops,bogus"}, `--features: unknown feature "bogus"`},
		{[]string{"fuzz", "--features", "none"}, `at least one feature`},
		{[]string{"fuzz", "--count", "-1"}, `--count must not be negative`},
		{[]string{"fuzz", "extra"}, `fuzz: want no arguments, got 1`},
		{[]string{"fuzz", "--guided", "--shard", "0/2"}, `--guided cannot be combined with --shard`},
		{[]string{"fuzz", "--seed", "x"}, `invalid argument "x" for "--seed"`},
		// --out is checked before any case runs.
		{[]string{"fuzz", "--out", "fuzz_test.go"}, `--out fuzz_test.go: fuzz_test.go is not a directory`},
		{[]string{"fuzz", "--out", "fuzz_test.go/sub"}, `--out fuzz_test.go/sub: .*not a directory`},
		{[]string{"fuzz", "--out", "/proc/a0diff-out"}, `--out /proc/a0diff-out: cannot create files in /proc`},
		// So is --junit's directory.
		{[]string{"fuzz", "--out", os.TempDir(), "--junit", "fuzz_test.go/j.xml"}, `--junit fuzz_test.go/j.xml: fuzz_test.go is not a directory`},
		{[]string{"fuzz", "--out", os.TempDir(), "--junit", "/proc/j.xml"}, `--junit /proc/j.xml: cannot create files in /proc`},
	}
	for _, tt := range tests {
		code, stdout, stderr := fuzzCLI(t, "", tt.args...)
		if code != exitUsage || !regexp.MustCompile(tt.stderr).MatchString(stderr) || stdout != "" {
			t.Errorf("%v: exit %d, stderr %q; want exit 2 and %q", tt.args, code, stderr, tt.stderr)
		}
	}
}

func TestFuzzAgreeingRun(t *testing.T) {
	for _, tt := range []struct {
		flags    []string
		coverage string
	}{
		{nil, `\ncoverage: [1-9]\d* features; 100 cases: [1-9]\d* features, 0 signatures\n$`},
		{[]string{"--guided"}, `\ncoverage: [1-9]\d* features \(guided: [1-9]\d* cases derived from a pool of [1-9]\d*\); 100 cases: [1-9]\d* features, 0 signatures\n$`},
	} {
		out := t.TempDir()
		code, stdout, stderr := fuzzCLI(t, "", append([]string{"fuzz", "--seed", "5", "--count", "160", "-j", "2", "--out", out}, tt.flags...)...)
		if code != exitOK {
			t.Fatalf("%v: exit %d, stderr %s\n%s", tt.flags, code, stderr, stdout)
		}
		for _, want := range []string{
			`^a0diff fuzz: seed 5\n`,
			`\ncases: 160 in \S+ \(\d+\.\d cases/s, 2 workers\)\n`,
			`\nvalid share: 100\.0% of \d+ valid-mode cases pass validation; \d+ invalid-mode cases\n`,
			`\nverdicts: 160 agree, 0 diverge, 0 inconclusive, 0 timeout\nabandoned runs: 0\n`,
			tt.coverage,
		} {
			if !regexp.MustCompile(want).MatchString(stdout) {
				t.Errorf("%v: stdout does not match %s:\n%s", tt.flags, want, stdout)
			}
		}
		if entries, _ := os.ReadDir(out); len(entries) != 0 {
			t.Errorf("%v: an agreeing run wrote %d entries", tt.flags, len(entries))
		}
	}
}

func TestFuzzWritesMinimisedDivergences(t *testing.T) {
	out := t.TempDir()
	args := []string{"fuzz", "--seed", "7", "--count", "150", "-j", "2", "--out", out}
	code, stdout, _ := fuzzCLI(t, "str.concat", args...)
	if code != exitFailure {
		t.Fatalf("exit %d, want 1 for a divergence\n%s", code, stdout)
	}
	m := regexp.MustCompile(`\n  crash@status:ref: (\d+) cases, first case (\d+) → (\S+)\n`).FindStringSubmatch(stdout)
	if m == nil {
		t.Fatalf("no signature bucket with its entry in the summary:\n%s", stdout)
	}
	if !strings.Contains(stdout, "signatures: 1\n") {
		t.Errorf("want exactly one signature:\n%s", stdout)
	}
	data, err := os.ReadFile(m[3])
	if err != nil {
		t.Fatal(err)
	}
	e, err := corpus.Parse(m[3], data)
	if err != nil {
		t.Fatalf("the written entry is not a corpus entry: %v\n%s", err, data)
	}
	prog := e.Source[:strings.Index(e.Source, "\n#")+1]
	if !strings.Contains(prog, "str.concat") || len(prog) > 100 {
		t.Errorf("the entry's program is not minimised to the trigger:\n%s", prog)
	}
	for _, want := range []string{
		"# Reduced by a0diff reduce from case ",
		"# Found by a0diff fuzz: seed 7, case ",
		"# Divergence crash@status:ref:",
		"# Replay the generated case: a0diff fuzz --seed 7 --start ",
		" --count 1 --invalid-share 0.1\n",
		"# Replay this entry: a0diff exec --impl go " + m[3],
		"# @name case.a0\n",
	} {
		if !strings.Contains(string(data), want) {
			t.Errorf("the entry lacks %q:\n%s", want, data)
		}
	}
	if filepath.Dir(m[3]) != out {
		t.Errorf("entry written to %s, want it in %s", m[3], out)
	}

	// The same run again: the signature's entry exists, nothing new is written.
	code, stdout, _ = fuzzCLI(t, "str.concat", args...)
	if code != exitFailure || !strings.Contains(stdout, "(already in "+out) {
		t.Errorf("second run: exit %d, want 1 and the entry reported as already present:\n%s", code, stdout)
	}
	if entries, _ := os.ReadDir(out); len(entries) != 1 {
		t.Errorf("%d entries after the second run, want 1", len(entries))
	}
}

// Case I of a seed is the same whatever the number of workers and the range of cases:
// replaying one case alone finds the same divergence.
func TestFuzzCasesReplayAlone(t *testing.T) {
	out := t.TempDir()
	_, stdout, _ := fuzzCLI(t, "str.concat", "fuzz", "--seed", "9", "--count", "80", "-j", "1", "--out", out, "--minimize=false")
	m := regexp.MustCompile(`first case (\d+)`).FindStringSubmatch(stdout)
	if m == nil {
		t.Fatalf("no divergence among the cases:\n%s", stdout)
	}
	code, stdout2, _ := fuzzCLI(t, "str.concat", "fuzz", "--seed", "9", "--start", m[1], "--count", "1", "-j", "3", "--out", t.TempDir())
	if code != exitFailure || !strings.Contains(stdout2, "verdicts: 0 agree, 1 diverge") {
		t.Fatalf("case %s replayed alone: exit %d\n%s", m[1], code, stdout2)
	}
}

// TestFuzzJSONAndJUnit runs shard 0 of 2 of a campaign whose reference crashes on
// str.concat, with the JSON summary and a JUnit report.
func TestFuzzJSONAndJUnit(t *testing.T) {
	out := t.TempDir()
	junitFile := filepath.Join(t.TempDir(), "fuzz.xml")
	code, stdout, stderr := fuzzCLI(t, "str.concat", "fuzz", "--seed", "9", "--count", "160", "--shard", "0/2", "-j", "2",
		"--out", out, "--minimize=false", "--format", "json", "--junit", junitFile)
	if code != exitFailure {
		t.Fatalf("exit %d, want 1\nstderr: %s\nstdout: %s", code, stderr, stdout)
	}
	var rep campaign.Report
	if err := json.Unmarshal([]byte(stdout), &rep); err != nil {
		t.Fatalf("stdout is not one JSON document: %v\n%s", err, stdout)
	}
	if rep.Seed != 9 || rep.Count != 160 || rep.Shard == nil || *rep.Shard != (campaign.ReportShard{K: 0, N: 2}) || rep.Interrupted {
		t.Errorf("header %+v", rep)
	}
	s := rep.Summary
	if s.Cases != 80 || s.Agree+s.Diverged+s.Inconclusive+s.Timeouts != 80 || s.Diverged == 0 || s.Signatures != len(rep.Signatures) {
		t.Errorf("summary %+v", s)
	}
	if len(rep.Signatures) != 1 {
		t.Fatalf("signatures %+v, want one", rep.Signatures)
	}
	sig := rep.Signatures[0]
	wantReplay := fmt.Sprintf("a0diff fuzz --seed 9 --start %d --count 1 --invalid-share 0.1", sig.FirstCase)
	if sig.Signature != "crash@status:ref" || sig.Count != s.Diverged || sig.FirstCase%2 != 0 || sig.Replay != wantReplay {
		t.Errorf("signature %+v, want crash@status:ref with an even first case and replay %q", sig, wantReplay)
	}
	if sig.File == "" || filepath.Dir(sig.File) != out || len(rep.Files) != 1 || rep.Files[0] != sig.File ||
		!strings.Contains(sig.ReplayEntry, "a0diff exec --impl go "+sig.File) {
		t.Errorf("files %v, signature %+v", rep.Files, sig)
	}
	if _, err := os.Stat(sig.File); err != nil {
		t.Error(err)
	}

	data, err := os.ReadFile(junitFile)
	if err != nil {
		t.Fatal(err)
	}
	var suites struct {
		Suites []struct {
			Name  string `xml:"name,attr"`
			Cases []struct {
				Name    string `xml:"name,attr"`
				Failure *struct {
					Data string `xml:",chardata"`
				} `xml:"failure"`
			} `xml:"testcase"`
		} `xml:"testsuite"`
	}
	if err := xml.Unmarshal(data, &suites); err != nil {
		t.Fatalf("the JUnit report is not XML: %v\n%s", err, data)
	}
	if len(suites.Suites) != 1 || suites.Suites[0].Name != "a0diff fuzz --seed 9 --shard 0/2" || len(suites.Suites[0].Cases) != 2 {
		t.Fatalf("JUnit report:\n%s", data)
	}
	for _, c := range suites.Suites[0].Cases {
		if c.Failure == nil {
			t.Errorf("test case %s does not fail", c.Name)
		}
	}
	if c := suites.Suites[0].Cases[1]; c.Name != "crash@status:ref" || !strings.Contains(c.Failure.Data, "replay: "+wantReplay) {
		t.Errorf("signature test case %+v", c)
	}

	// The report is never replaced.
	code, _, stderr = fuzzCLI(t, "", "fuzz", "--count", "1", "--junit", junitFile)
	if code != exitUsage || !strings.Contains(stderr, "already exists") {
		t.Errorf("existing --junit file: exit %d, stderr %q", code, stderr)
	}
}

func TestFuzzShardAndFormatUsageErrors(t *testing.T) {
	for _, tt := range []struct {
		args   []string
		stderr string
	}{
		{[]string{"fuzz", "--shard", "2/2"}, `--shard: want K/N with 0 <= K < N, not "2/2"`},
		{[]string{"fuzz", "--shard", "1"}, `--shard: want K/N`},
		{[]string{"fuzz", "--format", "junit"}, `--format must be text or json, not "junit"`},
	} {
		code, _, stderr := fuzzCLI(t, "", tt.args...)
		if code != exitUsage || !strings.Contains(stderr, tt.stderr) {
			t.Errorf("%v: exit %d, stderr %q; want exit 2 and %q", tt.args, code, stderr, tt.stderr)
		}
	}
}

// fullWriter takes room bytes, then fails as a full disk does.
type fullWriter struct{ room int }

func (f *fullWriter) Write(p []byte) (int, error) {
	if len(p) > f.room {
		n := f.room
		f.room = 0
		return n, syscall.ENOSPC
	}
	f.room -= len(p)
	return len(p), nil
}

// A text summary that cannot be written is exit status 2, whether the first line
// already fails (before any case runs) or the summary at the end.
func TestFuzzSummaryWriteFailure(t *testing.T) {
	for _, room := range []int{0, 40} {
		var errOut bytes.Buffer
		a := newApp(&fullWriter{room: room}, &errOut)
		a.newGo = func() outcome.Runner { return run.New() }
		a.newRef = func(string) (outcome.Runner, error) { return run.New(), nil }
		a.defaultIsolation = "none"
		code := execute(context.Background(), []string{"fuzz", "--count", "5", "--seed", "1", "--out", t.TempDir()}, a)
		if code != exitUsage || !strings.Contains(errOut.String(), "writing the summary: no space left on device") {
			t.Errorf("room %d: exit %d, stderr %q", room, code, errOut.String())
		}
	}
}
