package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// --scoreboard and --write-baseline replace a file only when a0diff wrote it (an earlier
// scoreboard or baseline, or an empty file); any other file of the user's (notes, a
// corpus entry named by a slip) is refused before anything runs and stays as it was.
// Before, both wrote over whatever the path named, and --write-baseline also replaced
// PATH.tmp.
func TestOutputFilesNeverReplaceTheUsersFiles(t *testing.T) {
	tests := []struct {
		flag, file string // file: in testdata/outfiles, copied to the path the flag names
		name       string // the name of that copy (its extension picks the board's format)
		refused    bool
	}{
		{"--scoreboard", "notes.txt", "notes.txt", true},
		{"--scoreboard", "entry.a0", "entry.a0", true},
		{"--scoreboard", "page.html", "board.html", true},
		{"--scoreboard", "mine.json", "board.json", true},
		{"--scoreboard", "baseline.txt", "board.txt", true},
		{"--scoreboard", "board.txt", "board.txt", false},
		{"--scoreboard", "board.html", "board.html", false},
		{"--scoreboard", "board.json", "board.json", false},
		{"--scoreboard", "empty.txt", "board.txt", false},
		{"--write-baseline", "notes.txt", "baseline.txt", true},
		{"--write-baseline", "entry.a0", "entry.a0", true},
		{"--write-baseline", "board.txt", "baseline.txt", true},
		{"--write-baseline", "baseline.txt", "baseline.txt", false},
		{"--write-baseline", "empty.txt", "baseline.txt", false},
	}
	for _, tt := range tests {
		t.Run(tt.flag+" "+tt.file, func(t *testing.T) {
			dir := workdir(t, nil)
			out := t.TempDir()
			was, err := os.ReadFile(filepath.Join("testdata/outfiles", tt.file))
			if err != nil {
				t.Fatal(err)
			}
			target := filepath.Join(out, tt.name)
			if err := os.WriteFile(target, was, 0o644); err != nil {
				t.Fatal(err)
			}
			// A file beside it with the name a fixed temporary name would have had.
			if err := os.WriteFile(target+".tmp", []byte("mine\n"), 0o644); err != nil {
				t.Fatal(err)
			}
			code, stdout, stderr := cli(t, tt.flag, target, dir)
			now, _ := os.ReadFile(target)
			if tt.refused {
				want := tt.flag + " " + target + ": already exists and is not a file a0diff wrote"
				if code != exitUsage || stdout != "" || !strings.Contains(stderr, want) || string(now) != string(was) {
					t.Errorf("exit %d, stdout %q, stderr %q, file now %q; want exit 2, no report, %q, the file as it was", code, stdout, stderr, now, want)
				}
			} else if code == exitUsage || string(now) == string(was) {
				t.Errorf("exit %d, stderr %q: the file was not replaced", code, stderr)
			}
			if tmp, _ := os.ReadFile(target + ".tmp"); string(tmp) != "mine\n" {
				t.Errorf("%s.tmp now holds %q", tt.name, tmp)
			}
			if left, _ := os.ReadDir(out); len(left) != 2 {
				t.Errorf("files left: %v", left)
			}
		})
	}
}
