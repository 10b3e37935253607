package main

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/a0diff/a0diff/corpus"
	tsbundle "github.com/a0diff/a0diff/reference/ts-bundle"
	"github.com/a0diff/a0diff/runtime/outcome"
	"github.com/a0diff/a0diff/runtime/run"
	"github.com/a0diff/a0diff/runtime/stdlib"
	"github.com/a0diff/a0diff/runtime/value"
)

// faultyConcat is the Go implementation with an injected fault (the shipped evaluator
// is untouched): str.concat of three or more parts appends a "!".
func faultyConcat() outcome.Runner {
	return run.NewRunner(run.Options{Stdlib: func(name string) (stdlib.Func, bool) {
		f, ok := stdlib.Lookup(name)
		if !ok || name != "str.concat" {
			return f, ok
		}
		return func(args *value.Record, lim stdlib.Limits) (value.Value, error) {
			res, err := f(args, lim)
			parts, _ := args.Lookup("parts")
			if l, isList := parts.(*value.List); err == nil && isList && len(l.Items) >= 3 {
				return res.(string) + "!", nil
			}
			return res, err
		}, true
	}})
}

// reduceCLI runs a0diff with the faulty Go implementation and the embedded reference.
func reduceCLI(t *testing.T, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	newRef := func(string) (outcome.Runner, error) { return tsbundle.NewRunner(tsbundle.Embedded()), nil }
	return runCLI(faultyConcat, newRef, args...)
}

const divergentProgram = `# greet builds a greeting; str.concat of three parts is where the Go side goes wrong.
let greeting = "hello"
let name = "world"
let unused = [1, 2, 3]
fn shout { s, times } {
  let loud = str.concat { parts: [s, "!", "!"] }
  return loud
}
let msg = shout { s: greeting, times: 2 }
let n = len { in: unused }
return { msg: msg, n: n, name: name }
# @name greet.a0
# @allow fs.read
# @file notes.txt "unused"
`

func TestReduceWritesANewEntry(t *testing.T) {
	dir := t.TempDir()
	in := filepath.Join(dir, "greet.a0")
	os.WriteFile(in, []byte(divergentProgram), 0o644)

	code, stdout, stderr := reduceCLI(t, "reduce", in)
	if code != 0 {
		t.Fatalf("exit %d, stderr:\n%s", code, stderr)
	}
	out := filepath.Join(dir, "greet.reduced.a0")
	for _, want := range []string{"reduced " + in + " -> " + out, "signatures: value@value:string", `return str.concat { parts: [null, "", ""] }`} {
		if !strings.Contains(stdout, want) {
			t.Errorf("report lacks %q:\n%s", want, stdout)
		}
	}
	if data, _ := os.ReadFile(in); string(data) != divergentProgram {
		t.Errorf("the input changed:\n%s", data)
	}
	data, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	e, err := corpus.Parse(out, data)
	if err != nil {
		t.Fatalf("the written entry is malformed: %v\n%s", err, data)
	}
	if e.Config.File != "greet.a0" || len(e.Config.Fixtures.Files) != 0 || len(e.Config.Allow) != 0 {
		t.Errorf("configuration not reduced as expected: %+v\n%s", e.Config, data)
	}
	if !regexp.MustCompile(`(?m)^# Size: \d+ -> \d+ AST nodes`).Match(data) {
		t.Errorf("the entry lacks the note on the reduction:\n%s", data)
	}
	// The written entry replays the divergence.
	if code, stdout, _ := reduceCLI(t, out); code != 1 || !strings.Contains(stdout, "diverges (value@value:string)") {
		t.Errorf("a0diff %s: exit %d, want the divergence:\n%s", out, code, stdout)
	}
	// A second reduction never replaces the first.
	if code, _, stderr := reduceCLI(t, "reduce", in); code != 0 {
		t.Fatalf("second reduce: exit %d: %s", code, stderr)
	}
	if _, err := os.Stat(filepath.Join(dir, "greet.reduced-2.a0")); err != nil {
		t.Errorf("the second reduction did not go to greet.reduced-2.a0: %v", err)
	}
	if again, _ := os.ReadFile(out); !bytes.Equal(again, data) {
		t.Error("the first reduction was replaced")
	}
}

func TestReduceErrors(t *testing.T) {
	dir := t.TempDir()
	in := filepath.Join(dir, "greet.a0")
	os.WriteFile(in, []byte(divergentProgram), 0o644)
	agree := filepath.Join(dir, "agree.a0")
	os.WriteFile(agree, []byte("return 1\n"), 0o644)
	taken := filepath.Join(dir, "taken.a0")
	os.WriteFile(taken, []byte("keep me\n"), 0o644)
	dangling := filepath.Join(dir, "dangling.a0")
	os.Symlink(filepath.Join(dir, "nowhere.a0"), dangling)

	tests := []struct {
		name   string
		args   []string
		code   int
		stderr string
	}{
		{"no file", []string{"reduce"}, 2, `reduce: want one FILE\.a0, got 0 arguments`},
		{"missing file", []string{"reduce", filepath.Join(dir, "nope.a0")}, 2, `nope\.a0: no such file or directory`},
		{"malformed entry", []string{"reduce", "testdata/bad/malformed.a0"}, 2, `testdata/bad/malformed\.a0:3: @expect`},
		{"output is the input", []string{"reduce", in, "-o", in}, 2, `that is the input; a0diff reduce never overwrites its input`},
		{"output exists", []string{"reduce", in, "-o", taken}, 2, `already exists; a0diff reduce never replaces a file`},
		// Checked before reducing (the reduction of greet.a0 would take seconds).
		{"output in a missing directory", []string{"reduce", in, "-o", filepath.Join(dir, "no", "out.a0")}, 2, `the directory \S+/no does not exist`},
		{"output a dangling link", []string{"reduce", in, "-o", dangling}, 2, `already exists \(a symbolic link to a missing file\)`},
		{"output under a file", []string{"reduce", in, "-o", filepath.Join(taken, "out.a0")}, 2, `taken\.a0 is not a directory`},
		{"bad bound", []string{"reduce", "--max-time", "-1s", in}, 2, `must not be negative`},
		{"agreeing program", []string{"reduce", agree}, 1, `agree\.a0: the implementations agree on it, nothing to reduce`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, _, stderr := reduceCLI(t, tt.args...)
			if code != tt.code || !regexp.MustCompile(tt.stderr).MatchString(stderr) {
				t.Errorf("exit %d, stderr %q; want exit %d and stderr matching %s", code, stderr, tt.code, tt.stderr)
			}
		})
	}
	if data, _ := os.ReadFile(taken); string(data) != "keep me\n" {
		t.Errorf("an existing output was replaced: %q", data)
	}
	if left, _ := filepath.Glob(filepath.Join(dir, "*.reduced*")); len(left) > 0 {
		t.Errorf("failed reductions wrote %v", left)
	}
}
