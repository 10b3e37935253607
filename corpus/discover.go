package corpus

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
)

// Discover returns every `.a0` file under paths, sorted and without duplicates. A path
// naming a file is taken as it is, whatever its extension; a directory is walked,
// skipping directories named `testdata` or starting with a dot below it (test inputs
// and tool state are not corpus entries). A missing path, or no entry at all, is an
// error.
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
			add(root)
			continue
		}
		matched := 0
		err = filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if d.IsDir() {
				if p != root && (d.Name() == "testdata" || strings.HasPrefix(d.Name(), ".")) {
					return filepath.SkipDir
				}
				return nil
			}
			if strings.HasSuffix(d.Name(), ".a0") && d.Type().IsRegular() {
				add(p)
				matched++
			}
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
