package main

import (
	"bytes"
	"fmt"
	"os"
	"regexp"
	"runtime"
	"runtime/debug"
	"strings"
	"testing"

	tsbundle "github.com/a0diff/a0diff/reference/ts-bundle"
)

func TestVersionInfoFromBuildInfo(t *testing.T) {
	goja := &debug.Module{Path: gojaPath, Version: "v0.0.0-20260917113740-793a2a65c13b"}
	platform := runtime.GOOS + "/" + runtime.GOARCH
	tests := []struct {
		name string
		info *debug.BuildInfo
		want string
	}{
		{
			name: "installed from a clean clone",
			info: &debug.BuildInfo{
				GoVersion: "go1.26.8",
				Main:      debug.Module{Path: "github.com/a0diff/a0diff", Version: "v0.0.0-20261122020854-0d26bb6fc4fb"},
				Deps:      []*debug.Module{{Path: "github.com/google/go-cmp", Version: "v0.7.0"}, goja},
				Settings: []debug.BuildSetting{
					{Key: "vcs", Value: "git"},
					{Key: "vcs.revision", Value: "0d26bb6fc4fb24c5b76e64a9451cfa060146c53e"},
					{Key: "vcs.time", Value: "2026-11-22T02:08:54Z"},
					{Key: "vcs.modified", Value: "false"},
				},
			},
			want: `a0diff v0.0.0-20261122020854-0d26bb6fc4fb
  module:    github.com/a0diff/a0diff v0.0.0-20261122020854-0d26bb6fc4fb
  revision:  0d26bb6fc4fb24c5b76e64a9451cfa060146c53e 2026-11-22T02:08:54Z (clean)
  reference: a0-ts-reference 9.9.9 (embedded a0-reference.js)
  goja:      github.com/dop251/goja v0.0.0-20260917113740-793a2a65c13b
  go:        go1.26.8 ` + platform + "\n",
		},
		{
			name: "built with uncommitted changes and goja replaced",
			info: &debug.BuildInfo{
				GoVersion: "go1.26.8",
				Main:      debug.Module{Path: "github.com/a0diff/a0diff", Version: "v0.0.0-20261122020854-0d26bb6fc4fb+dirty"},
				Deps: []*debug.Module{{Path: gojaPath, Version: "v0.0.0-20260917113740-793a2a65c13b",
					Replace: &debug.Module{Path: "../goja"}}},
				Settings: []debug.BuildSetting{
					{Key: "vcs.revision", Value: "0d26bb6fc4fb24c5b76e64a9451cfa060146c53e"},
					{Key: "vcs.time", Value: "2026-11-22T02:08:54Z"},
					{Key: "vcs.modified", Value: "true"},
				},
			},
			want: `a0diff v0.0.0-20261122020854-0d26bb6fc4fb+dirty
  module:    github.com/a0diff/a0diff v0.0.0-20261122020854-0d26bb6fc4fb+dirty
  revision:  0d26bb6fc4fb24c5b76e64a9451cfa060146c53e 2026-11-22T02:08:54Z (dirty: built with uncommitted changes)
  reference: a0-ts-reference 9.9.9 (embedded a0-reference.js)
  goja:      github.com/dop251/goja v0.0.0-20260917113740-793a2a65c13b => ../goja
  go:        go1.26.8 ` + platform + "\n",
		},
		{
			name: "built without VCS information",
			info: &debug.BuildInfo{
				GoVersion: "go1.26.8",
				Main:      debug.Module{Path: "github.com/a0diff/a0diff", Version: "(devel)"},
				Deps:      []*debug.Module{goja},
			},
			want: `a0diff (devel)
  module:    github.com/a0diff/a0diff (devel)
  revision:  unknown (built without VCS information: outside a git checkout, or with -buildvcs=false)
  reference: a0-ts-reference 9.9.9 (embedded a0-reference.js)
  goja:      github.com/dop251/goja v0.0.0-20260917113740-793a2a65c13b
  go:        go1.26.8 ` + platform + "\n",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			v := readVersionInfo(tt.info)
			v.refVersion, v.refOrigin = "a0-ts-reference 9.9.9", "embedded a0-reference.js"
			var b bytes.Buffer
			if err := v.write(&b); err != nil {
				t.Fatal(err)
			}
			if b.String() != tt.want {
				t.Errorf("got\n%s\nwant\n%s", b.String(), tt.want)
			}
		})
	}
}

// TestVersionFlag runs `a0diff --version` with the real reference bundle: it names the
// embedded bundle's own version and the goja version go.mod requires.
func TestVersionFlag(t *testing.T) {
	want, err := tsbundle.Embedded().Version()
	if err != nil || want == "" {
		t.Fatalf("embedded bundle version %q, %v", want, err)
	}
	gomod, err := os.ReadFile("../../go.mod")
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`(?m)^\s*` + regexp.QuoteMeta(gojaPath) + ` (\S+)`).FindSubmatch(gomod)
	if m == nil {
		t.Fatal("go.mod does not require goja")
	}
	code, stdout, stderr := cli(t, "--version")
	if code != 0 || stderr != "" {
		t.Fatalf("exit %d, stderr %q", code, stderr)
	}
	if !strings.HasPrefix(stdout, "a0diff ") {
		t.Errorf("first line is not 'a0diff VERSION': %q", stdout)
	}
	for _, line := range []string{
		fmt.Sprintf("  reference: %s (embedded %s)\n", want, tsbundle.EmbeddedName),
		fmt.Sprintf("  goja:      %s %s\n", gojaPath, m[1]),
	} {
		if !strings.Contains(stdout, line) {
			t.Errorf("--version output lacks %q:\n%s", line, stdout)
		}
	}
	// --version honours --ref, and reports an unloadable bundle as an input error.
	code, _, stderr = cli(t, "--ref", "testdata/none.js", "--version")
	if code != 2 || !strings.Contains(stderr, "testdata/none.js") {
		t.Errorf("--ref testdata/none.js --version: exit %d, stderr %q", code, stderr)
	}
	if code, _, stderr = cli(t, "--version", "corpus"); code != 2 || !strings.Contains(stderr, "--version takes no arguments") {
		t.Errorf("--version corpus: exit %d, stderr %q", code, stderr)
	}
}
