package main

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/a0diff/a0diff/harness"
)

// selfImpl is --impl NAME=COMMAND for this (test) binary in worker mode: TestMain makes
// it behave as a0diff, so it is an external command speaking the protocol.
func selfImpl(t *testing.T, name string, args ...string) string {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	return name + "=" + shellWord(exe) + " worker " + strings.Join(args, " ")
}

func shellWord(s string) string { return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'" }

// An external implementation that is the Go evaluator agrees with the reference on the
// corpus, in run, exec and fuzz.
func TestExternalImplementationAgrees(t *testing.T) {
	self := selfImpl(t, "self", "--impl", "go")
	code, stdout, stderr := realCLI(context.Background(), "--impl", self, "-j", "2", "../../corpus/lexical", "../../corpus/tools")
	if code != exitOK || !strings.Contains(stdout, "; implementation self against the reference: 88 agree, 0 diverged") {
		t.Errorf("run: exit %d\n%s%s", code, stdout, stderr)
	}
	noWorkersLeft(t)
	code, stdout, stderr = realCLI(context.Background(), "fuzz", "--seed", "5", "--count", "40", "-j", "2", "--out", t.TempDir(), "--impl", self)
	if code != exitOK || !strings.Contains(stdout, "implementation self against the reference: 40 agree, 0 diverged, 0 not compared") ||
		!strings.Contains(stdout, "self workers: ") {
		t.Errorf("fuzz: exit %d\n%s%s", code, stdout, stderr)
	}
	entry := "../../corpus/spec/appendix-b/" + firstEntry(t, "../../corpus/spec/appendix-b")
	_, want, _ := realCLI(context.Background(), "exec", "--impl", "go", entry)
	code, got, stderr := realCLI(context.Background(), "exec", "--impl", self, entry)
	strip := regexp.MustCompile(`"durationMs":[0-9.]+`)
	if code != exitOK || strip.ReplaceAllString(got, "") != strip.ReplaceAllString(want, "") {
		t.Errorf("exec --impl self: exit %d\n got %s\nwant %s%s", code, got, want, stderr)
	}
}

func firstEntry(t *testing.T, dir string) string {
	t.Helper()
	m, err := filepath.Glob(filepath.Join(dir, "*.a0"))
	if err != nil || len(m) == 0 {
		t.Fatalf("no entries in %s", dir)
	}
	return filepath.Base(m[0])
}

// An external implementation that disagrees is reported per implementation: the entry
// fails, the text, JSON and JUnit reports name it.
func TestExternalImplementationDiverges(t *testing.T) {
	fake, err := filepath.Abs("../../reference/ts-bundle/testdata/fake.js")
	if err != nil {
		t.Fatal(err)
	}
	// The fake bundle does not know A0: it throws, which its worker reports as a crash.
	bad := selfImpl(t, "fake", "--impl", "ref", "--ref", shellWord(fake))
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "one.a0"), []byte("return 1\n"), 0o644)
	code, stdout, stderr := realCLI(context.Background(), "--impl", bad, dir)
	if code != exitFailure || !strings.Contains(stdout, "implementation fake diverges from the reference (crash@status:go)") ||
		!strings.Contains(stdout, "[fake: crash] status") || !strings.Contains(stdout, "implementation fake against the reference: 0 agree, 1 diverged") {
		t.Errorf("text: exit %d\n%s%s", code, stdout, stderr)
	}
	_, stdout, _ = realCLI(context.Background(), "--impl", bad, "--format", "json", dir)
	var rep harness.JSONReport
	if err := json.Unmarshal([]byte(stdout), &rep); err != nil {
		t.Fatal(err)
	}
	if len(rep.Entries) != 1 || len(rep.Entries[0].Implementations) != 1 || rep.Entries[0].Implementations[0].Name != "fake" ||
		rep.Entries[0].Implementations[0].Verdict != "diverge" || rep.Entries[0].Passed || rep.Summary.Implementations["fake"] != (harness.ImplCounts{Diverged: 1}) {
		t.Errorf("json: %s", stdout)
	}
	_, stdout, _ = realCLI(context.Background(), "--impl", bad, "--format", "junit", dir)
	if !strings.Contains(stdout, `type="implementation"`) || !strings.Contains(stdout, "implementation fake diverges") {
		t.Errorf("junit: %s", stdout)
	}
}

func TestExternalImplementationThatCannotStart(t *testing.T) {
	code, _, stderr := realCLI(context.Background(), "--impl", "gone=/nonexistent/a0-impl --serve", "../../corpus/lexical")
	if code != exitUsage || !strings.Contains(stderr, "--impl gone=/nonexistent/a0-impl --serve: starting /nonexistent/a0-impl") {
		t.Errorf("exit %d, stderr %s", code, stderr)
	}
	code, _, stderr = realCLI(context.Background(), "--impl", "a=x", "--impl", "a=y", "../../corpus/lexical")
	if code != exitUsage || !strings.Contains(stderr, "the name a is given twice") {
		t.Errorf("exit %d, stderr %s", code, stderr)
	}
}

func needNode(t *testing.T) {
	t.Helper()
	if _, err := exec.LookPath("node"); err != nil {
		t.Skip("node is not on the PATH")
	}
}

// --cross-check runs the reference under node too; on the corpus the three agree.
func TestCrossCheck(t *testing.T) {
	needNode(t)
	code, stdout, stderr := realCLI(context.Background(), "--cross-check", "-j", "2", "../../corpus/lexical", "../../corpus/tools")
	if code != exitOK || !strings.Contains(stdout, "cross-checked under node: 0 engine (Go right, goja wrong), 0 engine shared") {
		t.Errorf("run: exit %d\n%s%s", code, stdout, stderr)
	}
	noWorkersLeft(t)
	code, stdout, stderr = realCLI(context.Background(), "fuzz", "--seed", "5", "--count", "40", "-j", "2", "--out", t.TempDir(), "--cross-check")
	if code != exitOK || !strings.Contains(stdout, "cross-checked under node: 0 engine") || !strings.Contains(stdout, "node workers: ") {
		t.Errorf("fuzz: exit %d\n%s%s", code, stdout, stderr)
	}
	_, stdout, _ = realCLI(context.Background(), "fuzz", "--seed", "5", "--count", "10", "-j", "2", "--out", t.TempDir(), "--cross-check", "--format", "json")
	if !strings.Contains(stdout, `"attribution": {`) || !strings.Contains(stdout, `"engineShared": 0`) {
		t.Errorf("fuzz --format json: %s", stdout)
	}
	noWorkersLeft(t)
}

// The known engine differences the Go evaluator copies from goja
// (reference/ts-bundle/testdata/engine-shared, listed in its README) are attributed in
// words in every report.
func TestCrossCheckAttributesAnEngineDifference(t *testing.T) {
	needNode(t)
	code, stdout, stderr := realCLI(context.Background(), "--cross-check", "../../reference/ts-bundle/testdata/engine-shared")
	if code != exitFailure || !strings.Contains(stdout, "1 entries: 0 agree, 1 diverged") ||
		!strings.Contains(stdout, "0 engine (Go right, goja wrong), 1 engine shared (goja wrong, Go follows it), 0 implementation (Go wrong), 0 unattributed") {
		t.Errorf("engine-shared/: exit %d\n%s%s", code, stdout, stderr)
	}
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "newer.a0"), []byte("return sort { in: [\"a\", \"\U0001FA70\"] }\n"), 0o644)
	code, stdout, stderr = realCLI(context.Background(), "--cross-check", dir)
	if code != exitFailure || !strings.Contains(stdout, "diverges (value@value:string:engine-shared): engine: goja differs from V8, and the Go evaluator follows goja") ||
		!strings.Contains(stdout, "    node: ") || !strings.Contains(stdout, "a0diff exec --impl node ") ||
		!strings.Contains(stdout, "1 engine shared (goja wrong, Go follows it)") {
		t.Errorf("text: exit %d\n%s%s", code, stdout, stderr)
	}
	_, stdout, _ = realCLI(context.Background(), "--cross-check", "--format", "json", dir)
	var rep harness.JSONReport
	if err := json.Unmarshal([]byte(stdout), &rep); err != nil {
		t.Fatal(err)
	}
	if len(rep.Entries) != 1 || rep.Entries[0].Attribution != "engine-shared" || rep.Entries[0].Node == nil ||
		rep.Summary.Attribution == nil || rep.Summary.Attribution.EngineShared != 1 {
		t.Errorf("json: %s", stdout)
	}
	_, stdout, _ = realCLI(context.Background(), "--cross-check", "--format", "junit", dir)
	if !strings.Contains(stdout, `type="divergence: engine-shared"`) {
		t.Errorf("junit: %s", stdout)
	}
}

func TestCrossCheckWithoutNode(t *testing.T) {
	t.Setenv("PATH", t.TempDir())
	code, _, stderr := realCLI(context.Background(), "--cross-check", "../../corpus/lexical")
	if code != exitUsage || !strings.Contains(stderr, "--cross-check needs node (V8) on the PATH") {
		t.Errorf("exit %d, stderr %s", code, stderr)
	}
}

// reduce --cross-check keeps the attribution in the signature set it preserves.
func TestReduceCrossCheckKeepsTheAttribution(t *testing.T) {
	needNode(t)
	dir := t.TempDir()
	in := filepath.Join(dir, "astral.a0")
	os.WriteFile(in, []byte("let pad = [1, 2, 3]\nlet xs = sort { in: [\"a\", \"\U0001FA70\"] }\nreturn { xs: xs, pad: pad }\n"), 0o644)
	code, stdout, stderr := realCLI(context.Background(), "reduce", "--cross-check", "-j", "1", in)
	if code != exitOK || !regexp.MustCompile(`signatures: \S+:engine-shared\n`).MatchString(stdout) || strings.Contains(stdout, "pad") {
		t.Errorf("exit %d\n%s%s", code, stdout, stderr)
	}
}

// reduce --impl reduces an external implementation's divergence from the reference.
func TestReduceExternalImplementation(t *testing.T) {
	fake, err := filepath.Abs("../../reference/ts-bundle/testdata/fake.js")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	in := filepath.Join(dir, "crash.a0")
	os.WriteFile(in, []byte("let a = 1\nlet b = [a, 2]\nreturn b\n"), 0o644)
	code, stdout, stderr := realCLI(context.Background(), "reduce", "-j", "1", "--impl", selfImpl(t, "fake", "--impl", "ref", "--ref", shellWord(fake)), in)
	if code != exitOK || !strings.Contains(stdout, "signatures: crash@status:go\n") {
		t.Errorf("exit %d\n%s%s", code, stdout, stderr)
	}
}

// fuzz --impl buckets, reduces and writes an external implementation's divergences.
func TestFuzzExternalImplementationDivergence(t *testing.T) {
	fake, err := filepath.Abs("../../reference/ts-bundle/testdata/fake.js")
	if err != nil {
		t.Fatal(err)
	}
	out := t.TempDir()
	spec := selfImpl(t, "fake", "--impl", "ref", "--ref", shellWord(fake))
	code, stdout, stderr := realCLI(context.Background(), "fuzz", "--seed", "3", "--count", "5", "-j", "1", "--out", out,
		"--impl", spec)
	// Every case the fake runs diverges (it crashes); a case the reference ends at a
	// limit the fake does not honour (the generator draws small limits) is not compared.
	m := regexp.MustCompile(`impl fake: crash@status:go: (\d) cases, first case \d → (\S+)`).FindStringSubmatch(stdout)
	counts := regexp.MustCompile(`implementation fake against the reference: 0 agree, (\d) diverged, (\d) not compared`).FindStringSubmatch(stdout)
	if code != exitFailure || m == nil || counts == nil || m[1] != counts[1] || atoi(t, counts[1])+atoi(t, counts[2]) != 5 || counts[1] == "0" {
		t.Fatalf("exit %d\n%s%s", code, stdout, stderr)
	}
	data, err := os.ReadFile(m[2])
	if err != nil || !strings.Contains(string(data), "the external implementation fake diverges from the reference") {
		t.Errorf("entry %s: %v\n%s", m[2], err, data)
	}
	// The JSON and JUnit reports name the implementation.
	junitFile := filepath.Join(t.TempDir(), "fuzz.xml")
	_, stdout, _ = realCLI(context.Background(), "fuzz", "--seed", "3", "--count", "5", "-j", "1", "--out", out, "--format", "json", "--junit", junitFile,
		"--impl", selfImpl(t, "fake", "--impl", "ref", "--ref", shellWord(fake)))
	var rep struct {
		Summary struct {
			Implementations map[string]harness.ImplCounts `json:"implementations"`
		} `json:"summary"`
		Signatures []struct {
			Implementation string `json:"implementation"`
			Replay         string `json:"replay"`
		} `json:"signatures"`
	}
	if err := json.Unmarshal([]byte(stdout), &rep); err != nil {
		t.Fatalf("%v\n%s", err, stdout)
	}
	// The replay command names the implementation's real command.
	diverged := atoi(t, counts[1])
	if rep.Summary.Implementations["fake"] != (harness.ImplCounts{Diverged: diverged, NotCompared: 5 - diverged}) || len(rep.Signatures) != 1 || rep.Signatures[0].Implementation != "fake" ||
		!strings.HasSuffix(rep.Signatures[0].Replay, " --impl "+harness.ShellQuote(spec)) {
		t.Errorf("json: %s", stdout)
	}
	if x, err := os.ReadFile(junitFile); err != nil || !strings.Contains(string(x), `type="implementation"`) ||
		!strings.Contains(string(x), fmt.Sprintf("external implementations diverged from the reference on %d cases", diverged)) {
		t.Errorf("junit: %v\n%s", err, x)
	}
}

// noWorkersLeft fails when a worker process outlived the command that started it.
func noWorkersLeft(t *testing.T) {
	t.Helper()
	if pids := children(t); len(pids) > 0 {
		t.Errorf("worker processes left running after the command: %v", pids)
	}
}

func atoi(t *testing.T, s string) int {
	t.Helper()
	n, err := strconv.Atoi(s)
	if err != nil {
		t.Fatal(err)
	}
	return n
}
