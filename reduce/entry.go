package reduce

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/a0diff/a0diff/corpus"
	"github.com/a0diff/a0diff/diff"
	"github.com/a0diff/a0diff/trial"
)

// Note is the prose of the comment block written with a reduced entry.
func (r Result) Note(origin string) []string {
	lines := []string{fmt.Sprintf("Reduced by a0diff reduce from %s.", origin)}
	if r.Before.Nodes > 0 && r.After.Nodes > 0 {
		lines = append(lines, fmt.Sprintf("Size: %d -> %d AST nodes (%.1fx smaller), %d -> %d lines of code.",
			r.Before.Nodes, r.After.Nodes, r.Factor(), r.Before.Lines, r.After.Lines))
	} else {
		lines = append(lines, fmt.Sprintf("Size: %d -> %d lines of code, %d -> %d bytes.",
			r.Before.Lines, r.After.Lines, r.Before.Bytes, r.After.Bytes))
	}
	lines = append(lines, fmt.Sprintf("Work: %d candidates run (%d more answered from the cache) in %s.",
		r.Candidates, r.CacheHits, r.Elapsed.Round(time.Millisecond)))
	if r.Stopped != "" {
		lines = append(lines, "The reduction "+r.Stopped+": the program may not be minimal.")
	}
	if !r.Canonical {
		lines = append(lines, "The program was reduced as text: it does not parse, or its canonical print loses the divergence.")
	}
	lines = append(lines, "The implementations diverge with the signature(s):")
	for _, s := range r.Signatures {
		lines = append(lines, "  "+s)
	}
	lines = append(lines, "No @expect lines: the implementations disagree; pin the agreed outcome with --update once fixed.")
	return lines
}

// Draft is r as a corpus entry to write (corpus.WriteNew): the reduced program and host
// configuration, with the note as the prose of its comment block.
func (r Result) Draft(note []string) corpus.Draft {
	return corpus.Draft{Source: r.Source, Config: r.Config, Prose: note}
}

// DefaultPath is where a reduction of input goes when no output is named: NAME.reduced.a0
// beside it, or NAME.reduced-2.a0, -3, … when that exists.
func DefaultPath(input string) string {
	base := strings.TrimSuffix(input, filepath.Ext(input))
	for i := 1; ; i++ {
		p := base + ".reduced.a0"
		if i > 1 {
			p = fmt.Sprintf("%s.reduced-%d.a0", base, i)
		}
		if _, err := os.Lstat(p); errors.Is(err, fs.ErrNotExist) {
			return p
		}
	}
}

// Save writes r as a new corpus entry at path (never replacing an existing file) with
// corpus.WriteNew, which runs the entry's text once more through rs and writes it only
// when it shows the same signatures. origin names the reduced input in the note; note
// lines are added to the standard prose.
func Save(ctx context.Context, r Result, rs trial.Runners, opts Options, origin, path string, note ...string) error {
	lines := append(r.Note(origin), note...)
	_, err := corpus.WriteNew(ctx, path, r.Draft(lines), reduceRunners(rs), opts.Timeout, func(c trial.Comparison) error {
		if c.Diff.Verdict != diff.Diverge || !slices.Equal(c.Diff.Signatures(), r.Signatures) {
			return fmt.Errorf("the written entry does not reproduce the divergence: verdict %s, signatures %v, want %v", c.Diff.Verdict, c.Diff.Signatures(), r.Signatures)
		}
		return nil
	})
	return err
}
