package ast_test

import (
	"path/filepath"
	"testing"

	. "github.com/a0diff/a0diff/runtime/ast"
	"github.com/a0diff/a0diff/runtime/syntax"
	"github.com/a0diff/a0diff/runtime/syntax/testfile"
)

// TestRoundTripTestdata prints every parseable program of the front end's test files and
// parses it back.
func TestRoundTripTestdata(t *testing.T) {
	for _, fp := range frontEndPrograms(t) {
		t.Run(filepath.Base(fp.file)+"/"+fp.c.Name, func(t *testing.T) {
			defer func() {
				if t.Failed() {
					t.Logf("%s:%d: the case's program", fp.file, fp.c.Line)
				}
			}()
			roundTrip(t, fp.p)
		})
	}
}

// frontEndProgram is a program of the front end's test files that parses: file's case c.
type frontEndProgram struct {
	file string
	c    testfile.Case
	p    *Program
}

// frontEndPrograms parses every program of the front end's test files (those of
// runtime/syntax and runtime/validate) and returns the ones that parse: at least 50.
func frontEndPrograms(t *testing.T) []frontEndProgram {
	t.Helper()
	files, _ := filepath.Glob("../syntax/testdata/*.txt")
	more, _ := filepath.Glob("../validate/testdata/*.txt")
	files = append(files, more...)
	var programs []frontEndProgram
	for _, f := range files {
		cases, err := testfile.Read(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range cases {
			if p, diags := syntax.Parse("t.a0", c.Source); len(diags) == 0 && p != nil {
				programs = append(programs, frontEndProgram{f, c, p})
			}
		}
	}
	if len(programs) < 50 {
		t.Fatalf("only %d programs parse in the test files %v", len(programs), files)
	}
	return programs
}
