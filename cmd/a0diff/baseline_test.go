package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/a0diff/a0diff/baseline"
)

func TestJudge(t *testing.T) {
	sig := baseline.Failure{Impl: "go", Kind: baseline.Signature, Name: "value@$:type", Note: "3 cases"}
	other := baseline.Failure{Impl: "go", Kind: baseline.Signature, Name: "exit@$"}
	known := baseline.New([]baseline.Failure{sig})
	known.Path = "known.txt"
	entry := baseline.Failure{Impl: "port", Kind: baseline.Entry, Name: "corpus/a.a0"}
	knownEntry := baseline.New([]baseline.Failure{entry})
	knownEntry.Path = "known.txt"
	tests := []struct {
		name   string
		v      verdict
		known  *baseline.Baseline
		fails  bool
		stderr string
	}{
		{"no baseline, passed", verdict{}, nil, false, ""},
		{"no baseline, failed", verdict{failures: []baseline.Failure{sig}, failed: true}, nil, true, ""},
		{"as known", verdict{failures: []baseline.Failure{sig}, failed: true}, known, false,
			"baseline known.txt: 1 known failures as expected, 0 new, 0 known failures now pass\n"},
		{"a new failure", verdict{failures: []baseline.Failure{sig, other}, failed: true}, known, true,
			"baseline known.txt: 1 known failures as expected, 1 new, 0 known failures now pass\n  NEW FAILURE go signature exit@$   # \n"},
		{"a timeout fails whatever the baseline", verdict{failures: []baseline.Failure{sig}, failsAnyway: true}, known, true,
			"baseline known.txt: 1 known failures as expected, 0 new, 0 known failures now pass\n"},
		{"fixed where it ran", verdict{covered: func(baseline.Failure) bool { return true }}, knownEntry, false,
			"baseline known.txt: 0 known failures as expected, 0 new, 1 known failures now pass\n  now passes: port entry corpus/a.a0 (tighten the baseline: --write-baseline known.txt)\n"},
		{"not run: neither expected nor fixed", verdict{}, knownEntry, false,
			"baseline known.txt: 0 known failures as expected, 0 new, 0 known failures now pass\n"},
	}
	for _, tt := range tests {
		var stderr bytes.Buffer
		a := &app{stderr: &stderr}
		err := a.judge(tt.v, "", tt.known)
		if (err == errFailed) != tt.fails || err != nil && err != errFailed || stderr.String() != tt.stderr {
			t.Errorf("%s: %v, stderr %q; want failing %v, stderr %q", tt.name, err, stderr.String(), tt.fails, tt.stderr)
		}
	}
	// --write-baseline writes the failures under the header and says so.
	path := filepath.Join(t.TempDir(), "b.txt")
	var stderr bytes.Buffer
	a := &app{stderr: &stderr}
	v := verdict{failures: []baseline.Failure{sig}, header: "a0diff fuzz --seed 7: 10 cases, 1 signatures", noun: "known signatures", failed: true}
	if err := a.judge(v, path, nil); err != errFailed || stderr.String() != "a0diff: wrote 1 known signatures to "+path+"\n" {
		t.Errorf("write: %v, stderr %q", err, stderr.String())
	}
	text, _ := os.ReadFile(path)
	if !strings.Contains(string(text), "a0diff fuzz --seed 7: 10 cases, 1 signatures") || !strings.Contains(string(text), "go signature value@$:type") {
		t.Errorf("%s:\n%s", path, text)
	}
}
