package cmin

import (
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

// Placement is where one kept entry is written.
type Placement struct {
	From, To string
}

// Place decides where each kept entry goes under out: at its path relative to the input
// argument it was found under (its base name for an input that names a file), with
// "-2", "-3", … before the extension when two kept entries would share a name. It
// refuses an out that is an input or lies inside one, an input inside out, and any
// destination that exists already: nothing a user wrote is overwritten.
func Place(inputs, kept []string, out string) ([]Placement, error) {
	outAbs, err := filepath.Abs(out)
	if err != nil {
		return nil, err
	}
	type root struct {
		arg, abs string
		dir      bool
	}
	var roots []root
	for _, in := range inputs {
		abs, err := filepath.Abs(in)
		if err != nil {
			return nil, err
		}
		st, err := os.Stat(in)
		if err != nil {
			return nil, err
		}
		if within(outAbs, abs) {
			return nil, fmt.Errorf("-o %s: inside the input %s; cmin never writes into its inputs", out, in)
		}
		if within(abs, outAbs) {
			return nil, fmt.Errorf("-o %s: the input %s is inside it; cmin never writes over its inputs", out, in)
		}
		roots = append(roots, root{in, abs, st.IsDir()})
	}
	taken := map[string]bool{}
	var plan []Placement
	var clashes []string
	for _, p := range kept {
		abs, err := filepath.Abs(p)
		if err != nil {
			return nil, err
		}
		rel := filepath.Base(p)
		for _, r := range roots {
			if r.dir && within(abs, r.abs) {
				if rel, err = filepath.Rel(r.abs, abs); err != nil {
					return nil, err
				}
				break
			}
		}
		to := filepath.Join(out, rel)
		ext := filepath.Ext(to)
		for n := 2; taken[to]; n++ {
			to = strings.TrimSuffix(filepath.Join(out, rel), ext) + "-" + strconv.Itoa(n) + ext
		}
		taken[to] = true
		if _, err := os.Lstat(to); err == nil {
			clashes = append(clashes, to)
		}
		plan = append(plan, Placement{From: p, To: to})
	}
	if len(clashes) > 0 {
		return nil, fmt.Errorf("-o %s: %d files exist already (%s); cmin never replaces a file", out, len(clashes), strings.Join(clashes[:min(3, len(clashes))], ", "))
	}
	return plan, nil
}

// within reports whether path is dir or lies below it (both absolute and clean).
func within(path, dir string) bool {
	rel, err := filepath.Rel(dir, path)
	return err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator)) && !filepath.IsAbs(rel)
}
