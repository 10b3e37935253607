package tsbundle

import (
	"path/filepath"
	"strings"
	"testing"
)

func TestLoadReportsBrokenBundlesByFile(t *testing.T) {
	tests := []struct {
		file string
		want []string // substrings of the error, in any order
	}{
		{"syntax-error.js", []string{"testdata/syntax-error.js:3:", "Unexpected token"}},
		{"no-run.js", []string{"testdata/no-run.js:", "A0Reference.run is not a function"}},
		{"no-reference.js", []string{"testdata/no-reference.js:", "does not define globalThis.A0Reference"}},
		{"throws-at-load.js", []string{"testdata/throws-at-load.js:", "cannot initialise", "at setup (testdata/throws-at-load.js:3:"}},
		{"missing.js", []string{"testdata/missing.js", "no such file"}},
		{"maxsize", []string{"testdata/maxsize: a directory, not a bundle file"}},
		// Made below (git keeps no named pipe): reading it waited for a writer for ever.
		{"pipe.js", []string{"pipe.js: a named pipe, not a bundle file"}},
	}
	pipe := filepath.Join(t.TempDir(), "pipe.js")
	pipeErr := mkfifo(pipe)
	for _, tc := range tests {
		t.Run(tc.file, func(t *testing.T) {
			path := filepath.Join("testdata", tc.file)
			if tc.file == "pipe.js" {
				if pipeErr != nil {
					t.Skip(pipeErr)
				}
				path = pipe
			}
			_, err := Load(path)
			if err == nil {
				t.Fatal("Load succeeded, want an error")
			}
			for _, w := range tc.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error %q does not contain %q", err, w)
				}
			}
		})
	}
}

func TestLoadChecksAndReportsVersion(t *testing.T) {
	b, err := Load("testdata/fake.js")
	if err != nil {
		t.Fatal(err)
	}
	if b.Name() != "testdata/fake.js" {
		t.Errorf("Name() = %q", b.Name())
	}
	v, err := b.Version()
	if err != nil || v != "fake 1" {
		t.Errorf("Version() = %q, %v; want \"fake 1\", nil", v, err)
	}
}

func TestCompileErrorNamesLineAndColumn(t *testing.T) {
	// A compile-time (not parse-time) error: goja reports it with an offset.
	_, err := Compile("dup.js", "let a = 1;\nlet a = 2;\n")
	if err == nil || !strings.HasPrefix(err.Error(), "dup.js:2:") {
		t.Fatalf("err = %v, want it to start with dup.js:2:", err)
	}
}

func TestEmbeddedBundleHonoursTheABI(t *testing.T) {
	b := Embedded()
	if b.Name() != EmbeddedName {
		t.Errorf("Name() = %q", b.Name())
	}
	v, err := b.Version()
	if err != nil {
		t.Fatal(err)
	}
	if v == "" {
		t.Error("the embedded bundle has no A0Reference.version")
	}
	if Embedded() != b {
		t.Error("Embedded() compiled the bundle twice")
	}
}

func TestOpen(t *testing.T) {
	tests := []struct {
		path, name, err string
	}{
		{"", EmbeddedName, ""},
		{"testdata/fake.js", "testdata/fake.js", ""},
		{"testdata/no-run.js", "", "A0Reference.run is not a function"},
		{"testdata/missing.js", "", "testdata/missing.js: no such file"},
	}
	for _, tt := range tests {
		b, err := Open(tt.path)
		switch {
		case tt.err != "":
			if err == nil || !strings.Contains(err.Error(), tt.err) {
				t.Errorf("Open(%q) error %v, want one containing %q", tt.path, err, tt.err)
			}
		case err != nil || b.Name() != tt.name:
			t.Errorf("Open(%q) = %v, %v; want the bundle %s", tt.path, b, err, tt.name)
		}
	}
	if b, _ := Open(""); b != Embedded() {
		t.Error(`Open("") is not the embedded bundle`)
	}
}
