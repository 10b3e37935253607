package corpus

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"strings"
	"time"

	"github.com/a0diff/a0diff/runtime/outcome"
	"github.com/a0diff/a0diff/trial"
)

// Draft is a corpus entry to be written: a program, its host configuration and the
// prose of its comment block. It is what every writer of new entries hands over (fuzz,
// reduce, cmin, fuzz/tocorpus); Text renders it and WriteNew writes it.
type Draft struct {
	Source string
	Config outcome.Config
	// Prose are the lines of the comment block, before the directives; a line holding
	// line breaks becomes several comment lines, an empty one a lone "#".
	Prose []string
}

// Text renders d: the program, then a comment block with the prose lines and the
// directives that recreate d.Config (Directives). The block follows the program, so
// that spans stay the program's; with leading set it precedes it instead (for a text
// that ends inside a string literal, where a trailing comment would join the program).
func (d Draft) Text(leading bool) []byte {
	var block bytes.Buffer
	for _, line := range d.Prose {
		for _, l := range strings.Split(line, "\n") {
			block.WriteString(strings.TrimRight("# "+l, " "))
			block.WriteByte('\n')
		}
	}
	for _, dir := range Directives(d.Config) {
		block.WriteString(dir + "\n")
	}
	var b bytes.Buffer
	if leading {
		b.Write(block.Bytes())
		b.WriteString(d.Source)
		return b.Bytes()
	}
	b.WriteString(d.Source)
	if d.Source != "" && !strings.HasSuffix(d.Source, "\n") {
		b.WriteByte('\n')
	}
	b.Write(block.Bytes())
	return b.Bytes()
}

// Judge decides whether the comparison of a rendered entry's run may be written: nil
// to write it, or why not.
type Judge func(trial.Comparison) error

// WriteNew writes d as the new entry path: it renders d, parses the text back as an
// entry, runs it once through rs (trial.Compare under the entry's RunConfig(timeout))
// and, when judge accepts that run, writes the text atomically, never replacing a file
// (CreateFileAtomic). A program whose trailing comment block would change it (an open
// string literal swallows it) is written with the block leading instead. It returns the
// comparison of the written text's run.
func WriteNew(ctx context.Context, path string, d Draft, rs trial.Runners, timeout time.Duration, judge Judge) (trial.Comparison, error) {
	if _, err := os.Lstat(path); err == nil {
		return trial.Comparison{}, existsError(path)
	}
	var firstErr error
	for _, leading := range []bool{false, true} {
		data := d.Text(leading)
		c, err := tryDraft(ctx, path, data, rs, timeout, judge)
		if err == nil {
			if err := CreateFileAtomic(path, data); err != nil {
				if errors.Is(err, fs.ErrExist) {
					return c, existsError(path)
				}
				return c, err
			}
			return c, nil
		}
		if ctx.Err() != nil {
			return c, err
		}
		if firstErr == nil {
			firstErr = err
		}
	}
	return trial.Comparison{}, firstErr
}

// tryDraft parses data back as the entry path, runs it and judges the run.
func tryDraft(ctx context.Context, path string, data []byte, rs trial.Runners, timeout time.Duration, judge Judge) (trial.Comparison, error) {
	e, err := Parse(path, data)
	if err != nil {
		return trial.Comparison{}, fmt.Errorf("the entry does not parse back: %v", err)
	}
	c := trial.Compare(ctx, rs, e.Source, e.RunConfig(timeout))
	if err := ctx.Err(); err != nil {
		return c, err
	}
	if judge != nil {
		err = judge(c)
	}
	return c, err
}

func existsError(path string) error {
	return fmt.Errorf("%s: already exists (a new entry never replaces a file)", path)
}
