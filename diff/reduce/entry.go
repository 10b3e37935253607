package reduce

import (
	"bytes"
	"context"
	"encoding/json"
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
	"github.com/a0diff/a0diff/runtime/outcome"
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
// note and the host configuration's directives (@name, @allow, @cwd, @file, @dir, @http,
// @sh, @timeout). The block follows the program, so that spans stay those of the
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
	block = append(block, Directives(r.Config)...)

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

// Directives returns the corpus directive lines (corpus/README.md) that give a run the
// host configuration cfg. The limits other than the timeout have no directive (entries
// run with the defaults).
func Directives(cfg outcome.Config) []string {
	var out []string
	if cfg.File != "" {
		out = append(out, "# @name "+cfg.File)
	}
	if cfg.Allow != nil {
		out = append(out, strings.TrimRight("# @allow "+strings.Join(cfg.Allow, ", "), " "))
	}
	fx := cfg.Fixtures
	if fx.Cwd != "" {
		out = append(out, "# @cwd "+fx.Cwd)
	}
	for _, f := range fx.Files {
		if f.Dir {
			out = append(out, "# @dir "+argToken(f.Path))
		} else {
			out = append(out, "# @file "+argToken(f.Path)+" "+jsonText(f.Content))
		}
	}
	for _, h := range fx.HTTP {
		var obj string
		if h.Error != "" {
			obj = `{"error":` + jsonText(h.Error) + `}`
		} else {
			status := h.Status
			if status == 0 {
				status = 200
			}
			obj = fmt.Sprintf(`{"status":%d`, status)
			if len(h.Headers) > 0 {
				obj += `,"headers":` + jsonText(h.Headers)
			}
			obj += `,"body":` + jsonText(h.Body) + `}`
		}
		out = append(out, "# @http "+argToken(h.URL)+" "+obj)
	}
	for _, s := range fx.Shell {
		out = append(out, fmt.Sprintf(`# @sh %s {"exitCode":%d,"stdout":%s,"stderr":%s,"durationMs":%d}`,
			jsonText(s.Cmd), s.ExitCode, jsonText(s.Stdout), jsonText(s.Stderr), s.DurationMs))
	}
	if cfg.Limits.Timeout > 0 {
		out = append(out, "# @timeout "+cfg.Limits.Timeout.String())
	}
	return out
}

// argToken writes a path or URL as a directive argument: bare when it has no blank and
// does not start with a quote, else as a JSON string.
func argToken(s string) string {
	if s == "" || strings.ContainsAny(s, " \t\r\n") || strings.HasPrefix(s, `"`) {
		return jsonText(s)
	}
	return s
}

// jsonText is compact JSON without HTML escaping.
func jsonText(v any) string {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return `""`
	}
	return strings.TrimSuffix(b.String(), "\n")
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
func Check(ctx context.Context, path string, data []byte, rs Runners, opts Options, want []string) error {
	e, err := corpus.Parse(path, data)
	if err != nil {
		return fmt.Errorf("the reduced entry does not parse as a corpus entry: %v", err)
	}
	r := &reducer{ctx: ctx, rs: rs}
	r.limits = e.Config.Limits
	if r.limits.Timeout <= 0 {
		r.limits.Timeout = opts.Timeout
	}
	r.limits = r.limits.WithDefaults()
	g, f := r.runBoth(e.Source, e.Config)
	if err := ctx.Err(); err != nil {
		return err
	}
	got := diff.Compare(g, f)
	if got.Verdict != diff.Diverge || !slices.Equal(got.Signatures(), want) {
		return fmt.Errorf("the written entry does not reproduce the divergence: verdict %s, signatures %v, want %v", got.Verdict, got.Signatures(), want)
	}
	return nil
}

// Save writes r as a new corpus entry at path (never replacing an existing file),
// after checking that the entry's text, replayed through both implementations, shows
// the same signatures. origin names the reduced input in the note; note lines are
// added to the standard prose.
func Save(ctx context.Context, r Result, rs Runners, opts Options, origin, path string, note ...string) error {
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

// WriteNew writes data to path atomically — a reader sees no file or the whole file —
// and fails if path exists: it writes a temporary file in the same directory, syncs it
// and hard-links it to path (which, unlike a rename, refuses to replace a file).
func WriteNew(path string, data []byte) (err error) {
	if _, err := os.Lstat(path); err == nil {
		return fmt.Errorf("%s: already exists (a0diff reduce never replaces a file)", path)
	}
	tmp, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".tmp*")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name())
	if _, err = tmp.Write(data); err != nil {
		tmp.Close()
		return err
	}
	if err = tmp.Chmod(0o644); err != nil {
		tmp.Close()
		return err
	}
	if err = tmp.Sync(); err != nil {
		tmp.Close()
		return err
	}
	if err = tmp.Close(); err != nil {
		return err
	}
	if err = os.Link(tmp.Name(), path); err != nil {
		if errors.Is(err, fs.ErrExist) {
			return fmt.Errorf("%s: already exists (a0diff reduce never replaces a file)", path)
		}
		return err
	}
	if d, derr := os.Open(filepath.Dir(path)); derr == nil {
		d.Sync()
		d.Close()
	}
	return nil
}
