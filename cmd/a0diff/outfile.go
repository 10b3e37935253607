package main

import (
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/a0diff/a0diff/baseline"
	"github.com/a0diff/a0diff/scoreboard"
)

// checkOutputFile checks, before anything runs, that a file flag (--scoreboard,
// --write-baseline) may write path: it does not exist and its directory does, or it is
// empty, or it is a file of that kind a0diff wrote (ours says so from its first bytes),
// which a new one replaces. Any other file is the user's and is never replaced: a typo
// naming a corpus entry would otherwise lose it.
func checkOutputFile(flag, path string, ours func(head []byte) bool) error {
	st, err := os.Stat(path)
	if errors.Is(err, fs.ErrNotExist) {
		dir := filepath.Dir(path)
		if dst, err := os.Stat(dir); err != nil || !dst.IsDir() {
			return usageErrorf("%s %s: %s is not a directory", flag, path, dir)
		}
		return nil
	}
	if err != nil {
		return usageErrorf("%s %s: %v", flag, path, err)
	}
	if !st.Mode().IsRegular() {
		return usageErrorf("%s %s: not a regular file", flag, path)
	}
	f, err := os.Open(path)
	if err != nil {
		return usageErrorf("%s %s: %v", flag, path, err)
	}
	defer f.Close()
	head := make([]byte, 512)
	n, err := io.ReadFull(f, head)
	if err != nil && err != io.EOF && err != io.ErrUnexpectedEOF {
		return usageErrorf("%s %s: %v", flag, path, err)
	}
	if n > 0 && !ours(head[:n]) {
		return usageErrorf("%s %s: already exists and is not a file a0diff wrote for %s; a0diff never replaces a file of yours (remove it, or name another)", flag, path, flag)
	}
	return nil
}

// checkOutputFiles checks the --scoreboard and --write-baseline files ("" and - need no check).
func checkOutputFiles(scoreboardPath, writeBaseline string) error {
	if scoreboardPath != "" && scoreboardPath != "-" {
		if err := checkOutputFile("--scoreboard", scoreboardPath, scoreboard.Wrote); err != nil {
			return err
		}
	}
	if writeBaseline != "" {
		return checkOutputFile("--write-baseline", writeBaseline, baseline.Wrote)
	}
	return nil
}
