package cmin

import (
	"errors"
	"fmt"
	"io"
	"strings"
	"time"
)

// ReduceBudget bounds the reduction of each kept entry with a0diff cmin --reduce.
const ReduceBudget = 30 * time.Second

// Validate reports what makes j impossible before anything runs: no Out without DryRun,
// a negative Workers, Reduce with DryRun. Its errors name a0diff cmin's flags.
func (j Job) Validate() error {
	switch {
	case j.Out == "" && !j.DryRun:
		return errors.New("cmin: -o OUT is required (or --dry-run)")
	case j.Workers < 0:
		return fmt.Errorf("-j must not be negative, not %d", j.Workers)
	case j.Reduce && j.DryRun:
		return errors.New("cmin: --reduce writes entries; it cannot go with --dry-run")
	}
	return nil
}

// WriteText prints the report as a0diff cmin does: with verbose (always in a dry run)
// every kept and dropped entry, then the number of entries before and after, the
// features of each kind and the Go statement coverage before and after, what the
// measurement cost, the notes, and what was written.
func (r *Report) WriteText(w io.Writer, verbose bool) error {
	var b strings.Builder
	an, sel := r.Analysis, r.Selection
	before := an.Totals(nil)
	if verbose || r.DryRun {
		for k, i := range sel.Kept {
			e := an.Entries[i]
			dest := ""
			if r.Plan != nil {
				dest = " -> " + r.Plan[k].To
			}
			fmt.Fprintf(&b, "keep %s%s (%d bytes, +%d features)\n", e.Entry.Path, dest, e.Size, sel.Gain[k])
		}
		for _, i := range sel.Dropped {
			fmt.Fprintf(&b, "drop %s\n", an.Entries[i].Entry.Path)
		}
	}
	fmt.Fprintf(&b, "a0diff cmin: %d -> %d entries (%d dropped)\n", len(an.Entries), len(sel.Kept), len(sel.Dropped))
	fmt.Fprintf(&b, "  %-12s %8s %8s\n", "features", "before", "after")
	for _, k := range Kinds {
		if k == Coverage && r.Options.Coverage == nil {
			continue
		}
		fmt.Fprintf(&b, "  %-12s %8d %8d\n", k, before.Features[k], r.After.Features[k])
	}
	if c := r.Options.Coverage; c != nil {
		total := an.TotalStmts
		fmt.Fprintf(&b, "  Go statement coverage of runtime/...: before %d of %d (%.1f%%), after %d (%.1f%%)\n",
			before.Stmts, total, pct(before.Stmts, total), r.After.Stmts, pct(r.After.Stmts, total))
		fmt.Fprintf(&b, "  cost: coverage build %s; instrumented runs %s and profile conversions %s (summed over the workers); comparison %s\n",
			c.Cost.Build.Round(time.Millisecond), c.Cost.Run.Round(time.Millisecond), c.Cost.Convert.Round(time.Millisecond), r.Compared.Round(time.Millisecond))
	} else {
		fmt.Fprintf(&b, "  Go coverage: not measured (--coverage=false); comparison %s\n", r.Compared.Round(time.Millisecond))
	}
	for _, n := range r.Notes {
		fmt.Fprintf(&b, "  note: %s\n", n)
	}
	switch {
	case r.DryRun:
		b.WriteString("dry run: nothing written\n")
	default:
		fmt.Fprintf(&b, "wrote %d entries under %s\n", len(r.Plan), r.Out)
	}
	_, err := io.WriteString(w, b.String())
	return err
}

func pct(n, total int) float64 {
	if total == 0 {
		return 0
	}
	return 100 * float64(n) / float64(total)
}
