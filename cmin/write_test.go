package cmin

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestPlace(t *testing.T) {
	dir := t.TempDir()
	mk := func(rel string) string {
		p := filepath.Join(dir, rel)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte("return 1\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	s0, s1 := filepath.Join(dir, "shard-0"), filepath.Join(dir, "shard-1")
	a0, a1 := mk("shard-0/x.a0"), mk("shard-1/x.a0")
	sub := mk("shard-0/sub/y.a0")
	single := mk("single.a0")
	out := filepath.Join(dir, "out")

	plan, err := Place([]string{s0, s1, single}, []string{a0, a1, sub, single}, out)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"x.a0", "x-2.a0", "sub/y.a0", "single.a0"}
	for i, p := range plan {
		if rel, _ := filepath.Rel(out, p.To); rel != filepath.FromSlash(want[i]) {
			t.Errorf("%s -> %s, want %s", p.From, rel, want[i])
		}
	}

	mk("out/x-2.a0") // a file a user left there
	refusals := []struct {
		name   string
		inputs []string
		out    string
		err    string
	}{
		{"out is an input", []string{s0}, s0, "inside the input"},
		{"out inside an input", []string{s0}, filepath.Join(s0, "min"), "inside the input"},
		{"an input inside out", []string{s0}, dir, "is inside it"},
		{"existing destination", []string{s0, s1}, out, "1 files exist already"},
	}
	for _, tt := range refusals {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Place(tt.inputs, []string{a0, a1}, tt.out)
			if err == nil || !strings.Contains(err.Error(), tt.err) {
				t.Errorf("err %v, want one containing %q", err, tt.err)
			}
		})
	}
}
