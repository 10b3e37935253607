package reduce

import (
	"bytes"
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

// Render returns r as a corpus entry: the program, then a comment block with the prose
// note and the host configuration's directives (corpus.Directives). The block follows the program, so that spans stay those of the
// reduced program; with leading set it precedes it instead (for a text that ends inside
// a string literal, where a trailing comment would join the program).
func (r Result) Render(note []string, leading bool) []byte {
	var block []string
	for _, l := range note {
		if l == "" {
			block = append(block, "#")
			continue
		}
		block = append(block, "# "+l)
	}
	block = append(block, corpus.Directives(r.Config)...)

	var b bytes.Buffer
	src := r.Source
	if leading {
		for _, l := range block {
			b.WriteString(l + "\n")
		}
		b.WriteString(src)
		return b.Bytes()
	}
	b.WriteString(src)
	if src != "" && !strings.HasSuffix(src, "\n") {
		b.WriteByte('\n')
	}
	for _, l := range block {
		b.WriteString(l + "\n")
	}
	return b.Bytes()
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

// Check parses data as the corpus entry path and runs it through both implementations:
// it fails unless they diverge with exactly the signatures want.
func Check(ctx context.Context, path string, data []byte, rs trial.Runners, opts Options, want []string) error {
	e, err := corpus.Parse(path, data)
	if err != nil {
		return fmt.Errorf("the reduced entry does not parse as a corpus entry: %v", err)
	}
	r := &reducer{ctx: ctx, rs: reduceRunners(rs), limits: trial.Config(e.Config, opts.Timeout).Limits}
	_, _, got := r.compare(e.Source, e.Config)
	if err := ctx.Err(); err != nil {
		return err
	}
	if got.Verdict != diff.Diverge || !slices.Equal(got.Signatures(), want) {
		return fmt.Errorf("the written entry does not reproduce the divergence: verdict %s, signatures %v, want %v", got.Verdict, got.Signatures(), want)
	}
	return nil
}

// Save writes r as a new corpus entry at path (never replacing an existing file),
// after checking that the entry's text, replayed through both implementations, shows
// the same signatures. origin names the reduced input in the note; note lines are
// added to the standard prose.
func Save(ctx context.Context, r Result, rs trial.Runners, opts Options, origin, path string, note ...string) error {
	lines := append(r.Note(origin), note...)
	data := r.Render(lines, false)
	err := Check(ctx, path, data, rs, opts, r.Signatures)
	if err != nil && !r.Canonical {
		// A text that ends inside a string literal swallows a trailing comment block.
		data = r.Render(lines, true)
		err = Check(ctx, path, data, rs, opts, r.Signatures)
	}
	if err != nil {
		return err
	}
	return WriteNew(path, data)
}

// WriteNew writes data to the new file path atomically — a reader sees no file or the
// whole file — and fails if path exists (corpus.CreateFileAtomic).
func WriteNew(path string, data []byte) error {
	err := fs.ErrExist
	if _, statErr := os.Lstat(path); statErr != nil {
		err = corpus.CreateFileAtomic(path, data)
	}
	if errors.Is(err, fs.ErrExist) {
		return fmt.Errorf("%s: already exists (a0diff reduce never replaces a file)", path)
	}
	return err
}
