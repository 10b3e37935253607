package main

import (
	"archive/zip"
	"encoding/binary"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestSeedsAreFramedEntries checks that each member of the zip is its entry's exact bytes
// behind a 4-byte big-endian length equal to their number, which is how the rewritten
// target takes a []byte argument that spans the whole input.
func TestSeedsAreFramedEntries(t *testing.T) {
	out := filepath.Join(t.TempDir(), "seeds.zip")
	n, err := writeSeeds(out, []string{"testdata"})
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{
		"testdata__nested__allow.a0": "testdata/nested/allow.a0",
		"testdata__three.a0":         "testdata/three.a0",
	}
	if n != len(want) {
		t.Errorf("wrote %d seeds, want %d", n, len(want))
	}
	z, err := zip.OpenReader(out)
	if err != nil {
		t.Fatal(err)
	}
	defer z.Close()
	if len(z.File) != len(want) {
		t.Fatalf("zip has %d members, want %d", len(z.File), len(want))
	}
	for _, m := range z.File {
		src, ok := want[m.Name]
		if !ok {
			t.Errorf("unexpected member %s", m.Name)
			continue
		}
		r, err := m.Open()
		if err != nil {
			t.Fatal(err)
		}
		got, err := io.ReadAll(r)
		r.Close()
		if err != nil {
			t.Fatal(err)
		}
		entry, err := os.ReadFile(src)
		if err != nil {
			t.Fatal(err)
		}
		if len(got) < 4 || binary.BigEndian.Uint32(got) != uint32(len(got)-4) || string(got[4:]) != string(entry) {
			t.Errorf("%s: got %q, want the length %d and then %q", m.Name, got, len(entry), entry)
		}
	}
}

func TestSeedsRefuse(t *testing.T) {
	dir := t.TempDir()
	existing := filepath.Join(dir, "exists.zip")
	if err := os.WriteFile(existing, []byte("keep me"), 0o644); err != nil {
		t.Fatal(err)
	}
	empty := filepath.Join(dir, "empty")
	if err := os.MkdirAll(empty, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(empty, "e.a0"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name, out, path, err string
	}{
		{"existing output", existing, "testdata", "exists"},
		{"empty entry", filepath.Join(dir, "x.zip"), empty, "e.a0: an empty entry cannot be framed"},
		{"missing path", filepath.Join(dir, "y.zip"), filepath.Join(dir, "nope"), "nope"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := writeSeeds(tt.out, []string{tt.path})
			if err == nil || !strings.Contains(err.Error(), tt.err) {
				t.Fatalf("err %v, want one containing %q", err, tt.err)
			}
			if tt.out != existing {
				if _, err := os.Stat(tt.out); err == nil {
					t.Errorf("%s was left behind", tt.out)
				}
			}
		})
	}
	if b, _ := os.ReadFile(existing); string(b) != "keep me" {
		t.Errorf("the existing output was changed: %q", b)
	}
}
