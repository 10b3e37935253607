package harness

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/a0diff/a0diff/harness/harnesstest"
	"github.com/a0diff/a0diff/runtime/outcome"
)

// File names reach a terminal and a shell: a text report never prints a control
// character or an invalid byte raw, and a replay command names the file whatever bytes
// its name holds.
func TestNamesAreQuoted(t *testing.T) {
	tests := []struct {
		name, quoted, display string
	}{
		{"corpus/a.a0", "corpus/a.a0", "corpus/a.a0"},
		{"my dir/it's.a0", `'my dir/it'\''s.a0'`, "my dir/it's.a0"},
		{"x\x1b[31mred.a0", `$'x\x1b[31mred.a0'`, `$'x\x1b[31mred.a0'`},
		{"FAIL\nok fake.a0", `$'FAIL\x0aok fake.a0'`, `$'FAIL\x0aok fake.a0'`},
		{"caf\xff'.a0", `$'caf\xff\'.a0'`, `$'caf\xff\'.a0'`},
		{"é.a0", "'é.a0'", "é.a0"},
	}
	for _, tt := range tests {
		if got := shellQuote(tt.name); got != tt.quoted {
			t.Errorf("shellQuote(%q) = %s, want %s", tt.name, got, tt.quoted)
		}
		if got := DisplayPath(tt.name); got != tt.display {
			t.Errorf("DisplayPath(%q) = %s, want %s", tt.name, got, tt.display)
		}
	}
	if got, want := EscapeText("line 1\n\x1b]0;title\x07 \xfe\tend"), "line 1\n\\x1b]0;title\\x07 \\xfe\tend"; got != want {
		t.Errorf("EscapeText = %q, want %q", got, want)
	}
}

// The quoted name, given to bash, names the file.
func TestQuotedNameReachesTheFile(t *testing.T) {
	bash, err := exec.LookPath("bash")
	if err != nil {
		t.Skip("no bash")
	}
	dir := t.TempDir()
	name := filepath.Join(dir, "odd\xff\n'name.a0")
	if err := os.WriteFile(name, []byte("found\n"), 0o644); err != nil {
		t.Skip("the file system refuses the name:", err)
	}
	out, err := exec.Command(bash, "-c", "cat -- "+shellQuote(name)).Output()
	if err != nil || string(out) != "found\n" {
		t.Errorf("bash -c 'cat -- %s': %q, %v", shellQuote(name), out, err)
	}
}

// An external implementation's crash shows its stderr (escaped) in the text report and
// as "detail" in the JSON report.
func TestExternalStderrIsReported(t *testing.T) {
	crash := outcome.Outcome{Status: outcome.StatusCrash, Detail: "the ext worker died (exit status 3)\nits stderr:\nboom\x1b[2J"}
	rs := fakes()
	rs.Extra = []outcome.Runner{fixed{name: "ext", o: crash}}
	dir := harnesstest.CorpusDir(t, "testdata/agree.a0", nil)
	entries, err := Load([]string{dir}, nil)
	if err != nil {
		t.Fatal(err)
	}
	rep := Run(context.Background(), rs, entries, Options{Workers: 1})
	var text, js bytes.Buffer
	WriteText(&text, rep, ReportOptions{})
	WriteJSON(&js, rep, ReportOptions{})
	if !strings.Contains(text.String(), "      boom\\x1b[2J\n") || strings.Contains(text.String(), "\x1b") {
		t.Errorf("text report:\n%s", text.String())
	}
	if !strings.Contains(js.String(), `"detail": "the ext worker died (exit status 3)\nits stderr:\nboom\u001b[2J"`) {
		t.Errorf("JSON report:\n%s", js.String())
	}
}

// WriteJSON, entry by entry, writes the very text of BuildJSON's document.
func TestWriteJSONStreams(t *testing.T) {
	for _, dir := range []string{copyTestdata(t, nil), ""} {
		rep := &Report{}
		if dir != "" {
			rep = runDir(t, dir, Options{Workers: 2})
		}
		var whole, streamed bytes.Buffer
		enc := json.NewEncoder(&whole)
		enc.SetIndent("", "  ")
		enc.SetEscapeHTML(false)
		enc.Encode(BuildJSON(rep, ReportOptions{}))
		if err := WriteJSON(&streamed, rep, ReportOptions{}); err != nil {
			t.Fatal(err)
		}
		if whole.String() != streamed.String() {
			t.Errorf("streamed:\n%s\nwhole:\n%s", streamed.String(), whole.String())
		}
	}
}

// fixed answers every run with the same Outcome.
type fixed struct {
	name string
	o    outcome.Outcome
}

func (f fixed) Name() string { return f.name }
func (f fixed) Run(context.Context, string, outcome.Config) outcome.Outcome {
	return f.o
}
