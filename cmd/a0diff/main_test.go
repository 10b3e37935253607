package main

import (
	"bytes"
	"context"
	"encoding/json"
	"encoding/xml"
	"errors"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/a0diff/a0diff/harness/harnesstest"
	"github.com/a0diff/a0diff/runtime/outcome"
)

// runCLI runs a0diff with the implementations newGo and newRef build and returns the
// exit status and both streams.
func runCLI(newGo func() outcome.Runner, newRef func(refPath string) (outcome.Runner, error), args ...string) (code int, stdout, stderr string) {
	var out, errOut bytes.Buffer
	a := newApp(&out, &errOut)
	a.newGo, a.newRef = newGo, newRef
	a.defaultIsolation = "none" // fakes run in process
	code = execute(context.Background(), args, a)
	return code, out.String(), errOut.String()
}

// cli runs a0diff with the fake implementations (the reference fake adds one to the
// result of programs mentioning DIVERGE) and returns the exit status and both streams.
func cli(t *testing.T, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	newGo := func() outcome.Runner { return &harnesstest.Runner{ImplName: "go"} }
	newRef := func(refPath string) (outcome.Runner, error) {
		if refPath != "" {
			if _, err := os.Stat(refPath); err != nil {
				return nil, err
			}
		}
		return &harnesstest.Runner{ImplName: "ref", DivergeOn: "DIVERGE"}, nil
	}
	return runCLI(newGo, newRef, args...)
}

// workdir copies testdata/ok into a temporary directory and adds files.
func workdir(t *testing.T, extra map[string]string) string {
	t.Helper()
	return harnesstest.CorpusDir(t, "testdata/ok/*.a0", extra)
}

const divergingEntry = "# DIVERGE\nreturn 1\n# @expect exit 0\n# @expect value 1\n"

func TestExitStatus(t *testing.T) {
	dir := workdir(t, nil)
	bad := workdir(t, map[string]string{"diverge.a0": divergingEntry})
	tests := []struct {
		name   string
		args   []string
		code   int
		stderr string // a regular expression the standard error must match
	}{
		{"all agree", []string{dir}, 0, `^$`},
		{"run subcommand", []string{"run", "-j", "1", dir}, 0, `^$`},
		{"one file", []string{filepath.Join(dir, "answer.a0")}, 0, `^$`},
		{"divergence", []string{bad}, 1, `^$`},
		{"filter excludes the divergence", []string{"--filter", `answer|fail`, bad}, 0, `^$`},
		{"no path", nil, 2, `no PATH given`},
		{"missing path", []string{filepath.Join(dir, "nope")}, 2, `nope: no such file or directory`},
		{"no entries", []string{t.TempDir()}, 2, `no \.a0 files found`},
		{"malformed entry", []string{"testdata/bad"}, 2, `testdata/bad/malformed\.a0:3: @expect: value: not valid JSON: "\{oops\}"`},
		{"unreadable ref bundle", []string{"--ref", filepath.Join(dir, "nope.js"), dir}, 2, `nope\.js: no such file or directory`},
		{"bad format", []string{"--format", "xml", dir}, 2, `--format must be text, json or junit, not "xml"`},
		{"bad jobs", []string{"-j", "0", dir}, 2, `-j must be at least 1`},
		{"bad filter", []string{"--filter", "(", dir}, 2, `--filter: error parsing regexp`},
		{"bad timeout", []string{"--timeout", "-1s", dir}, 2, `--timeout must be positive`},
		{"unknown flag", []string{"--frobnicate", dir}, 2, `unknown flag: --frobnicate`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, _, stderr := cli(t, tt.args...)
			if code != tt.code {
				t.Errorf("exit %d, want %d; stderr:\n%s", code, tt.code, stderr)
			}
			if !regexp.MustCompile(tt.stderr).MatchString(stderr) {
				t.Errorf("stderr %q does not match %q", stderr, tt.stderr)
			}
		})
	}
}

func TestTextReport(t *testing.T) {
	dir := workdir(t, map[string]string{"diverge.a0": divergingEntry})
	code, out, _ := cli(t, dir)
	if code != 1 {
		t.Fatalf("exit %d", code)
	}
	p := filepath.Join(dir, "diverge.a0")
	want := "FAIL " + p + ": diverges (value@value:number); expectations failed (ref)\n" +
		"  [value] value (changed)\n" +
		"      go:  1\n" +
		"      ref: 2\n" +
		"  " + p + ":4: ref: value: expected 1, got 2\n" +
		"  replay: a0diff exec --impl go " + p + "\n" +
		"          a0diff exec --impl ref " + p + "\n"
	if !strings.HasPrefix(out, want) {
		t.Errorf("report:\n%s\nwant it to start with:\n%s", out, want)
	}
	if !regexp.MustCompile(`\n4 entries: 3 agree, 1 diverged, 0 inconclusive, 1 expectation failures \(\S+\)\n$`).MatchString(out) {
		t.Errorf("summary line missing:\n%s", out)
	}
}

func TestUpdate(t *testing.T) {
	stale := "# The program text must survive the update byte for byte.\r\nreturn 5\t# tab and CRLF kept\r\n# @expect exit 0\r\n# @expect value 4\r\n# trailing prose\r\n"
	dir := workdir(t, map[string]string{"stale.a0": stale, "diverge.a0": divergingEntry})
	code, out, stderr := cli(t, "--update", dir)
	if code != 1 { // the divergence still fails the run
		t.Fatalf("exit %d\n%s%s", code, out, stderr)
	}
	got, _ := os.ReadFile(filepath.Join(dir, "stale.a0"))
	if want := strings.Replace(stale, "# @expect value 4", "# @expect value 5", 1); string(got) != want {
		t.Errorf("stale.a0 =\n%q\nwant\n%q", got, want)
	}
	if d, _ := os.ReadFile(filepath.Join(dir, "diverge.a0")); string(d) != divergingEntry {
		t.Errorf("a diverging entry was rewritten:\n%s", d)
	}
	for _, want := range []string{
		"UPDATED " + filepath.Join(dir, "stale.a0") + "\n  - # @expect value 4\n  + # @expect value 5\n",
		"not updated: the implementations diverge; expectations left unchanged",
		", 1 updated (",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("report lacks %q:\n%s", want, out)
		}
	}
	ents, _ := os.ReadDir(dir)
	if len(ents) != 5 {
		t.Errorf("%d files after the update, want 5 (no temporary files)", len(ents))
	}
	// Without the divergence everything now passes.
	os.Remove(filepath.Join(dir, "diverge.a0"))
	if code, out, _ := cli(t, dir); code != 0 {
		t.Errorf("after update: exit %d\n%s", code, out)
	}
}

func TestJSONAndJUnitFormats(t *testing.T) {
	dir := workdir(t, map[string]string{"diverge.a0": divergingEntry})
	code, out, _ := cli(t, "--format", "json", dir)
	if code != 1 {
		t.Errorf("json: exit %d", code)
	}
	var doc struct {
		Entries []struct {
			Path    string
			Verdict string
		}
		Summary struct{ Entries, Diverged int }
	}
	if err := json.Unmarshal([]byte(out), &doc); err != nil {
		t.Fatalf("json report: %v\n%s", err, out)
	}
	if len(doc.Entries) != 4 || doc.Summary.Entries != 4 || doc.Summary.Diverged != 1 {
		t.Errorf("json report %+v", doc)
	}

	code, out, _ = cli(t, "--format", "junit", dir)
	if code != 1 {
		t.Errorf("junit: exit %d", code)
	}
	var suites struct {
		Suites []struct {
			Cases []struct {
				Name    string    `xml:"name,attr"`
				Failure *struct{} `xml:"failure"`
			} `xml:"testcase"`
		} `xml:"testsuite"`
	}
	if err := xml.Unmarshal([]byte(out), &suites); err != nil {
		t.Fatalf("junit report: %v\n%s", err, out)
	}
	if len(suites.Suites) != 1 || len(suites.Suites[0].Cases) != 4 {
		t.Fatalf("junit: %+v", suites)
	}
	for _, c := range suites.Suites[0].Cases {
		if (c.Failure != nil) != strings.HasSuffix(c.Name, "diverge.a0") {
			t.Errorf("junit case %s failure=%v", c.Name, c.Failure != nil)
		}
	}
}

func TestExec(t *testing.T) {
	dir := workdir(t, nil)
	tests := []struct {
		name   string
		args   []string
		code   int
		stdout string // a regular expression
		stderr string
	}{
		{"go", []string{"exec", "--impl", "go", filepath.Join(dir, "answer.a0")}, 0, `^\{"status":"ok","exitCode":0,"value":42,.*\}\n$`, `^$`},
		{"ref", []string{"exec", "--impl", "ref", filepath.Join(dir, "answer.a0")}, 0, `"value":42`, `^$`},
		{"directives apply", []string{"exec", "--impl", "go", filepath.Join(dir, "allow.a0")}, 0, `"value":\["fs.read"\]`, `^$`},
		{"--allow replaces", []string{"exec", "--impl", "go", "--allow", "http.get, sh.exec", filepath.Join(dir, "allow.a0")}, 0, `"value":\["http.get","sh.exec"\]`, `^$`},
		{"--allow empty", []string{"exec", "--impl", "go", "--allow", "", filepath.Join(dir, "allow.a0")}, 0, `"value":\[\]`, `^$`},
		{"@name", []string{"exec", "--impl", "ref", filepath.Join(dir, "fail.a0")}, 0, `"span":\{"file":"ex07.a0"`, `^$`},
		{"no impl", []string{"exec", filepath.Join(dir, "answer.a0")}, 2, `^$`, `--impl go, ref, node or NAME=COMMAND is required`},
		{"bad impl", []string{"exec", "--impl", "js", filepath.Join(dir, "answer.a0")}, 2, `^$`, `--impl must be go, ref, node or NAME=COMMAND, not "js"`},
		{"bad allow", []string{"exec", "--impl", "go", "--allow", "fs read", filepath.Join(dir, "allow.a0")}, 2, `^$`, `--allow: malformed capability "fs read"`},
		{"no file", []string{"exec", "--impl", "go"}, 2, `^$`, `exec: want one FILE.a0, got 0 arguments`},
		{"missing file", []string{"exec", "--impl", "go", filepath.Join(dir, "nope.a0")}, 2, `^$`, `nope\.a0: no such file or directory`},
		{"malformed", []string{"exec", "--impl", "go", "testdata/bad/malformed.a0"}, 2, `^$`, `testdata/bad/malformed\.a0:3: @expect: value`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, stdout, stderr := cli(t, tt.args...)
			if code != tt.code {
				t.Errorf("exit %d, want %d; stderr %s", code, tt.code, stderr)
			}
			if !regexp.MustCompile(tt.stdout).MatchString(stdout) {
				t.Errorf("stdout %q does not match %q", stdout, tt.stdout)
			}
			if !regexp.MustCompile(tt.stderr).MatchString(stderr) {
				t.Errorf("stderr %q does not match %q", stderr, tt.stderr)
			}
		})
	}
	// The printed Outcome is canonical JSON that outcome.Parse reads back.
	_, stdout, _ := cli(t, "exec", "--impl", "go", filepath.Join(dir, "fail.a0"))
	o, err := outcome.Parse([]byte(stdout))
	if err != nil || o.ExitCode != 4 || len(o.Errors) != 1 || o.Errors[0].Code != "E_TYPE" {
		t.Errorf("exec output %s: %+v, %v", stdout, o, err)
	}
}

func TestSubcommandsRegistered(t *testing.T) {
	root := newRootCmd(newApp(&bytes.Buffer{}, &bytes.Buffer{}))
	for _, name := range []string{"run", "exec"} {
		if c, _, err := root.Find([]string{name}); err != nil || c.Name() != name {
			t.Errorf("subcommand %s: %v", name, err)
		}
	}
}

func TestExitErrorUnwraps(t *testing.T) {
	err := usageErrorf("x %d", 1)
	var ee *exitError
	if !errors.As(err, &ee) || ee.code != exitUsage || err.Error() != "x 1" {
		t.Errorf("usageErrorf: %#v", err)
	}
}
