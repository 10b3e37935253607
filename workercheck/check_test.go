package workercheck

import (
	"context"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// buildPartial builds the deliberately partial worker of package scoreboard's testdata.
func buildPartial(t *testing.T) string {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "partial")
	if out, err := exec.Command("go", "build", "-o", bin, "../scoreboard/testdata/partialworker").CombinedOutput(); err != nil {
		t.Fatalf("building the partial worker: %v\n%s", err, out)
	}
	return bin
}

func TestCheck(t *testing.T) {
	partial := buildPartial(t)
	tests := []struct {
		name    string
		command []string
		ok      bool
		want    []string // lines (prefixes) the results must include
	}{
		{"partial, declaring its scope", []string{partial, "-declare"}, true, []string{
			`ok   hello (implementation "partial"`,
			"warn harness limits: does not enforce maxSteps, maxDepth, maxSize, maxNesting",
			"warn declared scope: does not model trace.data, errors.message, errors.hint, errors.details",
			"ok   a run and its outcome",
			"ok   a tool call reported in toolCalls",
			"ok   a parse error",
			"ok   a runtime error",
			"ok   a run past its deadline",
			"ok   three more runs on one worker",
		}},
		{"garbage after the hello", []string{"testdata/garbage.sh"}, false, []string{
			`FAIL hello (implementation "garbage", version "1", tools "host"): unknown limit "maxFuel"`,
			"FAIL a run and its outcome (return 1): want status ok, exit 0, value 1; got status crash",
		}},
	}
	for _, tt := range tests {
		results := Check(context.Background(), "checked", tt.command, Options{Timeout: 500 * time.Millisecond})
		var lines []string
		for _, r := range results {
			lines = append(lines, r.String())
		}
		text := strings.Join(lines, "\n")
		if OK(results) != tt.ok {
			t.Errorf("%s: OK = %v, want %v:\n%s", tt.name, OK(results), tt.ok, text)
		}
		for _, w := range tt.want {
			found := false
			for _, l := range lines {
				found = found || strings.HasPrefix(l, w)
			}
			if !found {
				t.Errorf("%s: no result starts with %q:\n%s", tt.name, w, text)
			}
		}
	}
}
