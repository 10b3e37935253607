package reduce

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/a0diff/a0diff/corpus"
	"github.com/a0diff/a0diff/trial"
)

// This file is `a0diff reduce FILE.a0 [-o OUT]` apart from its flags: where the result
// may go, which divergence is kept, the reduction and save of one file, and the report.

// CheckOutput refuses, before any reduction, an output that is the input, an existing
// file (or a symbolic link, even a dangling one), or a path in a directory that does not
// exist or cannot be written. Its errors name -o.
func CheckOutput(input, out string) error {
	if st, err := os.Stat(out); err == nil {
		if in, err := os.Stat(input); err == nil && os.SameFile(in, st) {
			return fmt.Errorf("-o %s: that is the input; a0diff reduce never overwrites its input", out)
		}
		return fmt.Errorf("-o %s: already exists; a0diff reduce never replaces a file", out)
	}
	if filepath.Clean(out) == filepath.Clean(input) {
		return fmt.Errorf("-o %s: that is the input; a0diff reduce never overwrites its input", out)
	}
	if _, err := os.Lstat(out); err == nil {
		return fmt.Errorf("-o %s: already exists (a symbolic link to a missing file); a0diff reduce never replaces a file", out)
	}
	dir := filepath.Dir(out)
	if st, err := os.Stat(dir); err != nil {
		return fmt.Errorf("-o %s: the directory %s does not exist", out, dir)
	} else if !st.IsDir() {
		return fmt.Errorf("-o %s: %s is not a directory", out, dir)
	}
	if err := corpus.CheckWritableDir(dir); err != nil {
		return fmt.Errorf("-o %s: %v", out, err)
	}
	return nil
}

// Target is the pair whose divergence a reduction keeps, from the implementations a
// command started: the Go evaluator against the reference (with the cross-check under
// node when rs has it), or, when rs has one external implementation, that one in the
// Go evaluator's place, its scope narrowed by what it declares it does not model
// (trial.ScopeOf). Two external implementations, or one with the cross-check, are an
// error naming the flags.
func Target(rs trial.Runners) (trial.Runners, error) {
	t := trial.Runners{Impl: rs.Impl, Ref: rs.Ref, Node: rs.Node, Scope: rs.Scope}
	switch len(rs.Extra) {
	case 0:
	case 1:
		if rs.Node != nil {
			return trial.Runners{}, fmt.Errorf("reduce: --impl and --cross-check cannot be combined")
		}
		t.Impl = rs.Extra[0]
		t.Scope = trial.ScopeOf(rs.Scope, rs.Extra[0])
	default:
		return trial.Runners{}, fmt.Errorf("reduce: one --impl at most (the divergence reduced is one implementation's)")
	}
	return t, nil
}

// File reduces the corpus entry e, read from input, through rs (see Target) and saves
// the result as the new entry out (Save). An error names the file it is about: input
// when it does not diverge or its divergence is not believed (NoDivergenceError,
// NotBelievedError, wrapped), out when the result could not be written.
func File(ctx context.Context, e *corpus.Entry, input, out string, rs trial.Runners, opts Options) (Result, error) {
	res, err := ReduceEntry(ctx, e, rs, opts)
	if err != nil {
		return res, fmt.Errorf("%s: %w", input, err)
	}
	if err := Save(ctx, res, rs, opts, input, out); err != nil {
		return res, fmt.Errorf("%s: %w", out, err)
	}
	return res, nil
}

// WriteReport prints what the reduction of input to out did: the sizes before and
// after, the work, the signatures kept and why it stopped early, then the reduced
// program with its host directives.
func (r Result) WriteReport(w io.Writer, input, out string) error {
	var b strings.Builder
	fmt.Fprintf(&b, "reduced %s -> %s\n", input, out)
	if f := r.Factor(); f > 0 {
		fmt.Fprintf(&b, "  size:       %d -> %d AST nodes (%.1fx smaller), %d -> %d lines of code\n",
			r.Before.Nodes, r.After.Nodes, f, r.Before.Lines, r.After.Lines)
	} else {
		fmt.Fprintf(&b, "  size:       %d -> %d lines of code, %d -> %d bytes (reduced as text: it does not parse)\n",
			r.Before.Lines, r.After.Lines, r.Before.Bytes, r.After.Bytes)
	}
	fmt.Fprintf(&b, "  work:       %d candidates run, %d answered from the cache, %s\n",
		r.Candidates, r.CacheHits, r.Elapsed.Round(time.Millisecond))
	fmt.Fprintf(&b, "  signatures: %s\n", strings.Join(r.Signatures, " "))
	if r.Stopped != "" {
		fmt.Fprintf(&b, "  note:       the reduction %s; the program may not be minimal\n", r.Stopped)
	}
	b.WriteString("\n")
	b.WriteString(r.Source)
	if !strings.HasSuffix(r.Source, "\n") {
		b.WriteString("\n")
	}
	for _, d := range corpus.Directives(r.Config) {
		b.WriteString(d + "\n")
	}
	_, err := io.WriteString(w, b.String())
	return err
}
