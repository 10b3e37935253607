package main

import (
	"compress/gzip"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestStartProfileWritesAProfileNamedForTheCommand(t *testing.T) {
	dir := t.TempDir()
	t.Setenv(profileEnv, dir)
	stop, err := startProfile([]string{"fuzz", "--count", "1"})
	if err != nil {
		t.Fatal(err)
	}
	stop()
	files, _ := filepath.Glob(filepath.Join(dir, "fuzz-*.cpu.prof"))
	if len(files) != 1 {
		t.Fatalf("profiles in %s: %v, want one fuzz-PID.cpu.prof", dir, files)
	}
	f, err := os.Open(files[0])
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	// A CPU profile is a gzipped protocol buffer.
	zr, err := gzip.NewReader(f)
	if err != nil {
		t.Fatalf("%s is not a profile: %v", files[0], err)
	}
	if b, err := io.ReadAll(zr); err != nil || len(b) == 0 {
		t.Errorf("%s: %d bytes of profile, %v", files[0], len(b), err)
	}
}

func TestStartProfile(t *testing.T) {
	for _, tt := range []struct {
		name, dir, wantErr string
	}{
		{"unset", "", ""},
		{"missing directory", "/nonexistent/a0diff-profiles", profileEnv + ": open /nonexistent/a0diff-profiles/"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			t.Setenv(profileEnv, tt.dir)
			stop, err := startProfile(nil)
			if tt.wantErr == "" {
				if err != nil {
					t.Fatal(err)
				}
				stop()
				return
			}
			if err == nil || !strings.HasPrefix(err.Error(), tt.wantErr) {
				t.Errorf("error %v, want one starting %q", err, tt.wantErr)
			}
		})
	}
}
