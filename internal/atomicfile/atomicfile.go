// Package atomicfile writes files so that a reader sees the old file or the new one,
// never a partial one: the data goes to a synced temporary file beside the target, which
// is then renamed over it or hard-linked to it. Corpus entries, baselines and the node
// host's script are written this way; a temporary file has a name of its own, so no
// file of the user's (PATH.tmp, say) is ever replaced by one.
package atomicfile

import (
	"io/fs"
	"os"
	"path/filepath"
)

// Write replaces path (or creates it) with data and mode, renaming a temporary file over
// it. A symbolic link at path is itself replaced.
func Write(path string, data []byte, mode fs.FileMode) error {
	return place(path, data, mode, os.Rename)
}

// Create writes data to the new file path and never replaces a file: the temporary file
// is hard-linked to path (which, unlike a rename, refuses to replace one). When path
// exists the error satisfies errors.Is(err, fs.ErrExist).
func Create(path string, data []byte, mode fs.FileMode) error {
	return place(path, data, mode, os.Link)
}

// place writes data with mode to a synced temporary file beside path and puts it at
// path with put (a rename or a hard link). The temporary name is removed in the end:
// after a link it is a second name of the file, after a rename it is gone already.
func place(path string, data []byte, mode fs.FileMode, put func(tmp, path string) error) error {
	tmp, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".tmp*")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name())
	_, err = tmp.Write(data)
	if err == nil {
		err = tmp.Chmod(mode)
	}
	if err == nil {
		err = tmp.Sync()
	}
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return err
	}
	if err := put(tmp.Name(), path); err != nil {
		return err
	}
	// Make the new name itself durable; a directory that cannot be synced is not an
	// error worth failing the write for.
	if d, err := os.Open(filepath.Dir(path)); err == nil {
		d.Sync()
		d.Close()
	}
	return nil
}
