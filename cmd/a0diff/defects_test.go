package main

import (
	"context"
	"encoding/json"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A file name with a byte that is not UTF-8: the span file name is the name with that
// byte replaced by U+FFFD on both sides (corpus.SpanFileName), so the implementations
// agree, and exec and --format json write valid JSON.
func TestInvalidUTF8FileName(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "bad\xffname.a0")
	if err := os.WriteFile(path, []byte("let x = 1\nreturn x\n"), 0o644); err != nil {
		t.Skipf("the file system refuses the name: %v", err)
	}
	for _, iso := range []string{"process", "none"} {
		code, stdout, stderr := realCLI(context.Background(), "--isolation", iso, "--format", "json", dir)
		if code != exitOK || !json.Valid([]byte(stdout)) {
			t.Errorf("--isolation %s run: exit %d, valid JSON %v\n%s%s", iso, code, json.Valid([]byte(stdout)), stdout, stderr)
		}
		for _, impl := range []string{"go", "ref"} {
			code, stdout, stderr := realCLI(context.Background(), "--isolation", iso, "exec", "--impl", impl, path)
			if code != exitOK || !json.Valid([]byte(stdout)) || !strings.Contains(stdout, `"file":"bad\ufffdname.a0"`) && !strings.Contains(stdout, "\"file\":\"bad\uFFFDname.a0\"") {
				t.Errorf("--isolation %s exec --impl %s: exit %d\n%s%s", iso, impl, code, stdout, stderr)
			}
		}
	}
}

// --update on an entry reached through a symbolic link rewrites the file the link
// leads to and leaves the link a link.
func TestUpdateThroughASymlink(t *testing.T) {
	target := filepath.Join(t.TempDir(), "real.a0")
	os.WriteFile(target, []byte("return 1\n# @expect exit 0\n# @expect value 2\n"), 0o644)
	link := filepath.Join(t.TempDir(), "link.a0")
	if err := os.Symlink(target, link); err != nil {
		t.Fatal(err)
	}
	code, stdout, stderr := cli(t, "--update", link)
	if code != exitOK {
		t.Fatalf("exit %d\n%s%s", code, stdout, stderr)
	}
	if st, err := os.Lstat(link); err != nil || st.Mode()&fs.ModeSymlink == 0 {
		t.Errorf("the link is no longer a link (%v)", err)
	}
	if data, _ := os.ReadFile(target); !strings.Contains(string(data), "# @expect value 1\n") {
		t.Errorf("the target was not updated:\n%s", data)
	}
}

// `a0diff --update corpus/` on the committed corpus changes no byte (in a copy).
func TestUpdateLeavesTheCorpusAlone(t *testing.T) {
	src := "../../corpus"
	dst := t.TempDir()
	originals := map[string][]byte{}
	err := filepath.WalkDir(src, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(p, ".a0") {
			return err
		}
		rel, _ := filepath.Rel(src, p)
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		originals[rel] = data
		os.MkdirAll(filepath.Join(dst, filepath.Dir(rel)), 0o755)
		return os.WriteFile(filepath.Join(dst, rel), data, 0o644)
	})
	if err != nil || len(originals) < 100 {
		t.Fatalf("copying the corpus: %v (%d entries)", err, len(originals))
	}
	code, stdout, stderr := realCLI(context.Background(), "--isolation", "none", "--update", "-j", "2", dst)
	if code != exitOK || strings.Contains(stdout, "UPDATED") {
		t.Errorf("exit %d\n%s%s", code, stdout, stderr)
	}
	for rel, want := range originals {
		if got, _ := os.ReadFile(filepath.Join(dst, rel)); string(got) != string(want) {
			t.Errorf("%s changed:\n%q\n%q", rel, want, got)
		}
	}
}

// --count 0 runs until --time or Ctrl-C, and --help says so.
func TestFuzzHelpSaysCountZeroIsUnbounded(t *testing.T) {
	_, stdout, _ := cli(t, "fuzz", "--help")
	if !strings.Contains(stdout, "0 runs until --time ends or Ctrl-C") {
		t.Errorf("fuzz --help:\n%s", stdout)
	}
}
