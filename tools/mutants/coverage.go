package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"

	"github.com/a0diff/a0diff/cmin"
)

// statementCoverage builds the probe of the unmutated scratch copy with coverage
// instrumentation of runtime/..., runs the first o.stmtCases cases of mode through it
// (no corpus), and returns the statements of runtime/... they executed, as
// "covered of total (percent)".
func statementCoverage(scratch, mode string, o options) (string, error) {
	dir, err := os.MkdirTemp("", "a0diff-mutants-cover-")
	if err != nil {
		return "", err
	}
	defer os.RemoveAll(dir)
	bin := filepath.Join(dir, "probe")
	// The main package must be instrumented too, or the binary writes no counters.
	flags := coverFlags(o)
	if flags == nil {
		flags = []string{"-cover", "-coverpkg=" + cmin.ModulePath + "/tools/mutants/probe," + cmin.ModulePath + "/runtime/..."}
	}
	build := exec.Command("go", append(append([]string{"build"}, flags...), "-o", bin, "./tools/mutants/probe")...)
	build.Dir = scratch
	if out, err := build.CombinedOutput(); err != nil {
		return "", fmt.Errorf("building the instrumented probe: %v: %s", err, firstLine(string(out)))
	}
	counters := filepath.Join(dir, "counters")
	if err := os.Mkdir(counters, 0o755); err != nil {
		return "", err
	}
	args := []string{"-seed", fmt.Sprint(o.seed), "-count", fmt.Sprint(o.stmtCases), "-reduce-time", "1s"}
	if mode == modeGuided {
		args = append(args, "-guided")
	}
	cmd := exec.Command(bin, args...)
	cmd.Dir = scratch
	cmd.Env = append(os.Environ(), "GOCOVERDIR="+counters)
	if out, err := cmd.CombinedOutput(); err != nil {
		return "", fmt.Errorf("the instrumented probe: %v: %s", err, firstLine(string(out)))
	}
	profile := filepath.Join(dir, "profile.txt")
	conv := exec.Command("go", "tool", "covdata", "textfmt", "-i", counters, "-o", profile)
	conv.Dir = scratch
	if out, err := conv.CombinedOutput(); err != nil {
		return "", fmt.Errorf("go tool covdata textfmt: %v: %s", err, firstLine(string(out)))
	}
	data, err := os.ReadFile(profile)
	if err != nil {
		return "", err
	}
	covered, total, err := countStatements(data)
	if err != nil {
		return "", fmt.Errorf("%s: %v", profile, err)
	}
	return fmt.Sprintf("%d of %d statements (%.1f%%)", covered, total, pct(covered, total)), nil
}

// countStatements is the number of statements of runtime/... a text profile marks as
// executed, and the number it lists.
func countStatements(profile []byte) (covered, total int, err error) {
	executed, stmts, err := cmin.ParseProfile(profile)
	if err != nil {
		return 0, 0, err
	}
	for _, n := range stmts {
		total += n
	}
	seen := map[string]bool{}
	for _, b := range executed {
		if !seen[b] {
			seen[b] = true
			covered += stmts[b]
		}
	}
	return covered, total, nil
}

// coverFlags are the go build flags of a probe under -code-coverage: atomic counters
// (which the guide resets and reads per case) of runtime/... and of the main package,
// whose init registers them.
func coverFlags(o options) []string {
	if !o.codeCover {
		return nil
	}
	return []string{"-cover", "-covermode=atomic", "-coverpkg=" + cmin.ModulePath + "/tools/mutants/probe," + cmin.ModulePath + "/runtime/..."}
}
