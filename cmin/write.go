package cmin

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/a0diff/a0diff/corpus"
	"github.com/a0diff/a0diff/diff"
	"github.com/a0diff/a0diff/reduce"
	"github.com/a0diff/a0diff/trial"
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

// WriteOptions configure Write.
type WriteOptions struct {
	// Reduce minimises each kept entry on which the implementations diverge (reduce,
	// keeping its signatures) before writing it.
	Reduce bool
	// ReduceBudget bounds each reduction (0: no bound).
	ReduceBudget time.Duration
	// Timeout is the per-run deadline of entries without their own @timeout; Workers the
	// candidates a reduction runs at the same time.
	Timeout time.Duration
	Workers int
}

// Write writes each kept entry to its placement (plan[k] for sel.Kept[k]) as a new file,
// creating directories as needed: a byte copy, or with opts.Reduce the reduced program
// of a divergent entry (copied as it is when the reduction fails; the returned notes say
// so). It never replaces a file.
func Write(ctx context.Context, an *Analysis, sel Selection, plan []Placement, rs trial.Runners, opts WriteOptions) (notes []string, err error) {
	if len(plan) != len(sel.Kept) {
		return nil, fmt.Errorf("%d placements for %d kept entries", len(plan), len(sel.Kept))
	}
	for k, i := range sel.Kept {
		info, p := an.Entries[i], plan[k]
		if err := os.MkdirAll(filepath.Dir(p.To), 0o755); err != nil {
			return notes, err
		}
		if opts.Reduce && info.Verdict == diff.Diverge {
			rr := trial.Runners{Impl: rs.Impl, Ref: rs.Ref, Scope: rs.Scope}
			ro := reduce.Options{Timeout: opts.Timeout, Workers: opts.Workers, MaxTime: opts.ReduceBudget}
			res, err := reduce.ReduceEntry(ctx, info.Entry, rr, ro)
			if err == nil {
				if err = reduce.Save(ctx, res, rr, ro, p.From, p.To); err == nil {
					continue
				}
			}
			if ctx.Err() != nil {
				return notes, ctx.Err()
			}
			notes = append(notes, fmt.Sprintf("%s: not reduced (%v); copied as it is", p.From, err))
		}
		if err := corpus.CreateFileAtomic(p.To, info.Entry.Raw); err != nil {
			return notes, fmt.Errorf("%s: %v", p.To, err)
		}
	}
	return notes, nil
}
