package main

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// copyDir copies the files of testdata/NAME into a fresh directory.
func copyDir(t *testing.T, name string) string {
	t.Helper()
	dir := filepath.Join(t.TempDir(), name)
	if err := os.CopyFS(dir, os.DirFS(filepath.Join("testdata", name))); err != nil {
		t.Fatal(err)
	}
	return dir
}

// snapshot maps each file under dir to its contents.
func snapshot(t *testing.T, dir string) map[string]string {
	t.Helper()
	files := map[string]string{}
	err := filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := os.ReadFile(p)
		rel, _ := filepath.Rel(dir, p)
		files[rel] = string(data)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return files
}

// TestCmin distils testdata/cmin with the fake implementations (the reference adds one
// to programs mentioning DIVERGE; both give every program the same trace): a.a0 and its
// byte copy b-copy.a0 pin the same classes, so only a.a0 (the earlier path) is kept.
func TestCmin(t *testing.T) {
	in := copyDir(t, "cmin")
	before := snapshot(t, in)
	out := filepath.Join(t.TempDir(), "min")

	code, stdout, stderr := cli(t, "cmin", "--coverage=false", in, "-o", out)
	if code != 0 {
		t.Fatalf("exit %d\nstdout:\n%s\nstderr:\n%s", code, stdout, stderr)
	}
	got := snapshot(t, out)
	var names []string
	for n, data := range got {
		names = append(names, n)
		if data != before[n] {
			t.Errorf("%s was not copied byte for byte", n)
		}
	}
	slices.Sort(names)
	if want := []string{"a.a0", "c-fail.a0", "d-diverge.a0"}; !slices.Equal(names, want) {
		t.Errorf("wrote %v, want %v", names, want)
	}
	for _, s := range []string{
		"a0diff cmin: 4 -> 3 entries (1 dropped)",
		"signature           1        1",
		"Go coverage: not measured",
		"wrote 3 entries under " + out,
	} {
		if !strings.Contains(stdout, s) {
			t.Errorf("report lacks %q:\n%s", s, stdout)
		}
	}

	// A second run into the same OUT replaces nothing.
	code, _, stderr = cli(t, "cmin", "--coverage=false", in, "-o", out)
	if code != 2 || !strings.Contains(stderr, "3 files exist already") {
		t.Errorf("second run: exit %d, stderr %q", code, stderr)
	}

	// --dry-run lists the plan and writes nothing.
	dry := filepath.Join(t.TempDir(), "dry")
	code, stdout, _ = cli(t, "cmin", "--coverage=false", "--dry-run", in, "-o", dry)
	if code != 0 || !strings.Contains(stdout, "keep "+filepath.Join(in, "a.a0")+" -> "+filepath.Join(dry, "a.a0")) ||
		!strings.Contains(stdout, "drop "+filepath.Join(in, "b-copy.a0")) || !strings.Contains(stdout, "dry run: nothing written") {
		t.Errorf("--dry-run: exit %d\n%s", code, stdout)
	}
	if _, err := os.Stat(dry); err == nil {
		t.Error("--dry-run created OUT")
	}

	for _, tt := range []struct {
		name string
		args []string
		err  string
	}{
		{"no output", []string{"cmin", "--coverage=false", in}, "-o OUT is required"},
		{"output inside the input", []string{"cmin", "--coverage=false", in, "-o", filepath.Join(in, "min")}, "cmin never writes into its inputs"},
		{"no input", []string{"cmin", "-o", out}, "name the corpus directories"},
		// Found before the work, not by the write after it (exit 1).
		{"output is a file", []string{"cmin", "--coverage=false", in, "-o", "cmin_test.go"}, "-o cmin_test.go: cmin_test.go is not a directory"},
		{"output under a file", []string{"cmin", "--coverage=false", in, "-o", "cmin_test.go/min"}, "-o cmin_test.go/min: cmin_test.go is not a directory"},
		{"reduce with dry run", []string{"cmin", "--coverage=false", "--reduce", "--dry-run", in}, "cannot go with --dry-run"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			code, _, stderr := cli(t, tt.args...)
			if code != 2 || !strings.Contains(stderr, tt.err) {
				t.Errorf("exit %d, stderr %q, want 2 and %q", code, stderr, tt.err)
			}
		})
	}
	if after := snapshot(t, in); len(after) != len(before) {
		t.Errorf("the input changed: %v", after)
	} else {
		for n, data := range before {
			if after[n] != data {
				t.Errorf("%s changed", n)
			}
		}
	}
}

// TestCminReduce distils one divergent entry with --reduce: the entry written is the
// reduced program, which still diverges, and the input is untouched.
func TestCminReduce(t *testing.T) {
	in := copyDir(t, "cmin-reduce")
	before := snapshot(t, in)
	out := filepath.Join(t.TempDir(), "min")
	code, stdout, stderr := fuzzCLI(t, "str.concat", "--isolation", "none", "cmin", "--coverage=false", "--reduce", in, "-o", out)
	if code != 0 {
		t.Fatalf("exit %d\nstdout:\n%s\nstderr:\n%s", code, stdout, stderr)
	}
	data, err := os.ReadFile(filepath.Join(out, "big.a0"))
	if err != nil {
		t.Fatal(err)
	}
	text := string(data)
	prog := text[:strings.Index(text, "\n#")+1]
	if !strings.Contains(text, "# Reduced by a0diff reduce from ") || !strings.Contains(prog, "str.concat") ||
		strings.Contains(prog, "rest") || len(prog) >= len(before["big.a0"])/3 {
		t.Errorf("the written entry is not the reduced program:\n%s", text)
	}
	if !strings.Contains(stdout, "a0diff cmin: 1 -> 1 entries") || !strings.Contains(stdout, "signature           1        1") {
		t.Errorf("report:\n%s", stdout)
	}
	if after := snapshot(t, in); after["big.a0"] != before["big.a0"] || len(after) != 1 {
		t.Errorf("the input changed")
	}
}
