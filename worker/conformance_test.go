package worker

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/a0diff/a0diff/runtime/outcome"
	"github.com/a0diff/a0diff/runtime/syntax/testfile"
	"github.com/a0diff/a0diff/runtime/value"
)

// conformanceCase is one scripted exchange of testdata/conformance.txt.
type conformanceCase struct {
	name, line string // line: where the case starts (FILE:LINE)
	script     []string
	cancel     bool
	wantStatus string // an outcome.Status, or "start-error"
	wantText   string
}

// readConformance reads the cases of a conformance file (testfile.Read): the script
// lines of each case become the worker's shell script, the line after "---" its want.
func readConformance(t *testing.T, path string) []conformanceCase {
	t.Helper()
	cases, err := testfile.Read(path)
	if err != nil {
		t.Fatal(err)
	}
	var out []conformanceCase
	for _, c := range cases {
		cur := conformanceCase{name: c.Name, line: fmt.Sprintf("%s:%d", path, c.Line)}
		for i, line := range strings.Split(c.Source, "\n") {
			where := fmt.Sprintf("%s:%d", path, c.Line+1+i)
			switch {
			case line == "" || strings.HasPrefix(line, "#"):
			case strings.HasPrefix(line, "< "):
				text := strings.ReplaceAll(line[2:], "'", `'\''`)
				cur.script = append(cur.script, `printf '%s\n' '`+strings.ReplaceAll(text, "$LAST", `'"$LAST"'`)+`'`)
			case strings.HasPrefix(line, "> "):
				typ := line[2:]
				cur.script = append(cur.script, `IFS= read -r LAST || exit 8`,
					`case "$LAST" in *'"type":"`+typ+`"'*) ;; *) echo "expected a `+typ+` message, got: $LAST" >&2; exit 9;; esac`)
			case strings.HasPrefix(line, "$ "):
				cur.script = append(cur.script, line[2:])
			case line == "cancel":
				// The worker says it got this far by creating the file the test waits
				// for before it cancels: the cancel comes at this point of the script
				// however fast or slow the machine starts the worker.
				cur.cancel = true
				cur.script = append(cur.script, `: > "$A0DIFF_TEST_CANCEL"`)
			default:
				t.Fatalf("%s: unknown script line %q", where, line)
			}
		}
		if len(c.Expect) != 1 {
			t.Fatalf("%s: case %q wants one result line after ---, has %d", cur.line, c.Name, len(c.Expect))
		}
		cur.wantStatus, cur.wantText, _ = strings.Cut(c.Expect[0], " ")
		out = append(out, cur)
	}
	if len(out) == 0 {
		t.Fatalf("%s: no cases", path)
	}
	return out
}

// TestProtocolConformance drives the host (Pool) with the scripted workers of
// testdata/conformance.txt: hello handling, the tool and validate callbacks, cancel,
// deaths and protocol violations.
func TestProtocolConformance(t *testing.T) {
	sh, err := exec.LookPath("sh")
	if err != nil {
		t.Skip("no sh to script the workers")
	}
	for _, c := range readConformance(t, "testdata/conformance.txt") {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			script := filepath.Join(t.TempDir(), "worker.sh")
			if err := os.WriteFile(script, []byte(strings.Join(c.script, "\n")+"\n"), 0o644); err != nil {
				t.Fatal(err)
			}
			marker := filepath.Join(t.TempDir(), "cancel")
			p := NewPool(Config{Name: "scripted", Command: []string{sh, script}, Grace: 300 * time.Millisecond, StartTimeout: 20 * time.Second,
				Env: []string{"A0DIFF_TEST_CANCEL=" + marker}})
			defer p.Close()
			if c.wantStatus == "start-error" {
				_, err := p.Hello()
				if err == nil || !strings.Contains(err.Error(), c.wantText) {
					t.Fatalf("%s: Hello() error %v, want one containing %q", c.line, err, c.wantText)
				}
				return
			}
			ctx := context.Background()
			cfg := outcome.Config{File: "t.a0", Allow: []string{"fs.read"}, Limits: outcome.Limits{Timeout: 2 * time.Second}}
			if c.cancel {
				var cancel context.CancelFunc
				ctx, cancel = context.WithCancel(ctx)
				defer cancel()
				// A deadline far beyond the cancel, which comes once the worker read the run.
				cfg.Limits.Timeout = time.Minute
				ran := make(chan struct{})
				defer close(ran)
				go func() {
					for {
						if _, err := os.Stat(marker); err == nil {
							cancel()
							return
						}
						select {
						case <-ran:
							return
						case <-time.After(5 * time.Millisecond):
						}
					}
				}()
			}
			o := p.Run(ctx, "return 1\n", cfg)
			if string(o.Status) != c.wantStatus {
				t.Fatalf("%s: status %s, want %s (detail: %s)", c.line, o.Status, c.wantStatus, o.Detail)
			}
			if o.Status == outcome.StatusOK {
				if got := string(value.MarshalCanonical(o.Value)); got != c.wantText {
					t.Errorf("%s: value\n got %s\nwant %s", c.line, got, c.wantText)
				}
			} else if !strings.Contains(o.Detail, c.wantText) {
				t.Errorf("%s: detail does not contain %q:\n%s", c.line, c.wantText, o.Detail)
			}
		})
	}
}
