package fuzz

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/a0diff/a0diff/runtime/outcome"
)

func TestReadInput(t *testing.T) {
	dir := t.TempDir()
	tests := []struct {
		name, text string
		want       string
		err        string
	}{
		{"bytes", "go test fuzz v1\n[]byte(\"return 1\\n\")\n", "return 1\n", ""},
		{"string", "go test fuzz v1\nstring(\"a\\x00b\")\n", "a\x00b", ""},
		{"no header", "[]byte(\"x\")\n", "", ":1: not a go fuzzing input"},
		{"two values", "go test fuzz v1\n[]byte(\"x\")\n[]byte(\"y\")\n", "", ":1: not a go fuzzing input with one value"},
		{"other type", "go test fuzz v1\nint(5)\n", "", `:2: want string("…") or []byte("…")`},
		{"bad literal", "go test fuzz v1\n[]byte(\"x)\n", "", ":2: malformed []byte literal"},
	}
	for _, tt := range tests {
		path := filepath.Join(dir, tt.name)
		os.WriteFile(path, []byte(tt.text), 0o644)
		got, err := ReadInput(path)
		switch {
		case tt.err != "" && (err == nil || !strings.Contains(err.Error(), path+tt.err)):
			t.Errorf("%s: error %v, want one containing %q", tt.name, err, path+tt.err)
		case tt.err == "" && (err != nil || string(got) != tt.want):
			t.Errorf("%s: got %q, %v; want %q", tt.name, got, err, tt.want)
		}
	}
}

func TestSourceCaseReadsEntries(t *testing.T) {
	entry := "return 1\n# @name ex.a0\n# @allow fs.read\n# @file a.txt \"hi\"\n"
	src, cfg := SourceCase([]byte(entry))
	if src != entry || cfg.File != "ex.a0" || len(cfg.Allow) != 1 || len(cfg.Fixtures.Files) != 1 || cfg.Limits.Timeout != Timeout {
		t.Errorf("entry: got %q %+v", src, cfg)
	}
	// Not an entry (an unknown directive): the bare text under the standard config,
	// invalid UTF-8 decoded as the CLI decodes it.
	src, cfg = SourceCase([]byte("# @bogus\nreturn \xff\n"))
	if src != "# @bogus\nreturn \uFFFD\n" || cfg.File != "case.a0" || len(cfg.Allow) != 4 {
		t.Errorf("bare text: got %q %+v", src, cfg)
	}
}

func TestCheckParse(t *testing.T) {
	diag := func(codes ...string) []outcome.Diagnostic {
		var ds []outcome.Diagnostic
		for _, c := range codes {
			ds = append(ds, outcome.Diagnostic{Code: outcome.Code(c)})
		}
		return ds
	}
	ok := outcome.StatusOK
	tests := []struct {
		name   string
		g, r   outcome.Outcome
		report bool
	}{
		{"both rejected alike", outcome.Outcome{Status: ok, ExitCode: 2, Errors: diag("E_LEX", "E_LEX")}, outcome.Outcome{Status: ok, ExitCode: 2, Errors: diag("E_LEX", "E_LEX")}, false},
		{"different codes", outcome.Outcome{Status: ok, ExitCode: 2, Errors: diag("E_PARSE")}, outcome.Outcome{Status: ok, ExitCode: 2, Errors: diag("E_LEX")}, true},
		{"one side rejects", outcome.Outcome{Status: ok, ExitCode: 2, Errors: diag("E_UNBOUND")}, outcome.Outcome{Status: ok, ExitCode: 4}, true},
		{"both ran, different results", outcome.Outcome{Status: ok, ExitCode: 0}, outcome.Outcome{Status: ok, ExitCode: 4}, false},
		{"a crash", outcome.Outcome{Status: ok}, outcome.Outcome{Status: outcome.StatusCrash}, true},
		{"a timeout says nothing", outcome.Outcome{Status: outcome.StatusTimeout}, outcome.Outcome{Status: ok, ExitCode: 2}, false},
	}
	for _, tt := range tests {
		if got := CheckParse(tt.g, tt.r) != ""; got != tt.report {
			t.Errorf("%s: reported %v, want %v", tt.name, got, tt.report)
		}
	}
}
