package corpus

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/a0diff/a0diff/internal/filekind"
)

// Discover returns every `.a0` file under paths, sorted and without duplicates. A path
// naming a file is taken as it is, whatever its extension; a directory is walked,
// skipping directories named `testdata` or starting with a dot below it (test inputs
// and tool state are not corpus entries). A path that is a symbolic link to a directory
// is walked as the directory; inside a walk, a symbolic link named `*.a0` to a regular
// file is an entry, and one to anything else (nothing, a directory) is an error naming
// it, never skipped in silence (symbolic links to directories inside a walk are not
// followed: a link may loop). A missing path, or no entry at all, is an error.
func Discover(paths ...string) ([]string, error) {
	if len(paths) == 0 {
		return nil, fmt.Errorf("no corpus path given")
	}
	seen := map[string]bool{}
	var out []string
	add := func(p string) {
		p = filepath.Clean(p)
		if !seen[p] {
			seen[p] = true
			out = append(out, p)
		}
	}
	for _, root := range paths {
		st, err := os.Stat(root)
		if err != nil {
			return nil, err
		}
		if !st.IsDir() {
			if !st.Mode().IsRegular() {
				// A named pipe would block the read for ever; a device may never end.
				return nil, fmt.Errorf("%s: %s, not a corpus entry file", root, filekind.Of(st.Mode()))
			}
			add(root)
			continue
		}
		walkRoot := root
		if lst, err := os.Lstat(root); err == nil && lst.Mode()&fs.ModeSymlink != 0 {
			// WalkDir does not follow a root that is a link; the link with a separator
			// after it names the directory itself.
			walkRoot = root + string(filepath.Separator)
		}
		matched := 0
		err = filepath.WalkDir(walkRoot, func(p string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if d.IsDir() {
				if p != walkRoot && (d.Name() == "testdata" || strings.HasPrefix(d.Name(), ".")) {
					return filepath.SkipDir
				}
				return nil
			}
			if !strings.HasSuffix(d.Name(), ".a0") {
				return nil
			}
			if d.Type()&fs.ModeSymlink != 0 {
				target, err := os.Stat(p)
				if err != nil {
					return fmt.Errorf("%s: a symbolic link to a file that cannot be read: %w", p, err)
				}
				if !target.Mode().IsRegular() {
					return fmt.Errorf("%s: a symbolic link to %s, not to an entry file", p, filekind.Of(target.Mode()))
				}
			} else if !d.Type().IsRegular() {
				return fmt.Errorf("%s: not a regular file", p)
			}
			add(p)
			matched++
			return nil
		})
		if err != nil {
			return nil, err
		}
		if matched == 0 {
			return nil, fmt.Errorf("%s: no .a0 files found", root)
		}
	}
	sort.Strings(out)
	return out, nil
}
