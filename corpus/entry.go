// Package corpus reads, checks and rewrites corpus entries: `.a0` programs that carry
// their host configuration and their agreed outcome in `# @NAME ARGS` comment lines (the
// format is described in README.md beside this file).
//
// An entry's file is at the same time an ordinary A0 program (A0 ignores `#` comments),
// so ParseFile hands the whole text to the implementations, Check compares an Outcome
// with the entry's pinned expectations, and Update rewrites only the `@expect` lines.
// Tools that write new entries (the fuzzer, the reducer) get the directive lines of a
// host configuration from Directives.
//
// Section numbers (§N) and appendices refer to doc/a0.md, the project's reference of A0.
package corpus

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/a0diff/a0diff/internal/filekind"
	"github.com/a0diff/a0diff/runtime/outcome"
	"github.com/a0diff/a0diff/trial"
)

// Entry is one parsed corpus entry.
type Entry struct {
	// Path is the file the entry was read from (as given to Parse).
	Path string
	// Raw is the file's bytes; Update edits them line by line so that every line other
	// than an @expect line stays byte-identical.
	Raw []byte
	// Source is the program text handed to the implementations: the whole file decoded
	// as the A0 CLI decodes it (invalid UTF-8 → U+FFFD, spec §1.1).
	Source string
	// Config is the host configuration built from the directives.
	Config outcome.Config
	// Expect holds the @expect lines.
	Expect Expectation
	// Sections are the doc/a0.md sections the entry tests (its @spec lines, without
	// the §), in file order.
	Sections []string
	// Directives lists every directive line in file order.
	Directives []Directive
	// FirstCodeLine and LastCodeLine are the 1-based lines of the first and last line of
	// code (0 when the file holds no code). Lines before FirstCodeLine form the leading
	// comment block, lines after LastCodeLine the trailing one.
	FirstCodeLine, LastCodeLine int
}

// Directive is one `# @NAME ARGS` line.
type Directive struct {
	Line int    // 1-based
	Name string // without the @
	Args string // the rest of the line after NAME and one separating blank
}

// Expectation is the pinned outcome of an entry. A kind is checked only when present,
// with one rule tying them together: an entry that pins its exit pins the whole result,
// so when HasExit a missing value line means "no value" and missing error lines mean
// "no diagnostics".
type Expectation struct {
	// Exit is "0".."5", "timeout", "resource" or "crash"; meaningful when HasExit.
	Exit     string
	HasExit  bool
	ExitLine int
	// Value is the canonical JSON text of the result; meaningful when HasValue.
	Value     string
	HasValue  bool
	ValueLine int
	// Errors are the expected diagnostics in order.
	Errors []ExpectedError
	// Trace is the expected sequence of event names; meaningful when HasTrace (an empty
	// trace is a valid expectation). TraceLine is the first trace line.
	Trace     []string
	HasTrace  bool
	TraceLine int
	// Lines are the 1-based lines of every @expect directive, in file order.
	Lines []int
}

// ExpectedError is one `# @expect error CODE SPAN MESSAGE` line.
type ExpectedError struct {
	Code string
	// Span is "startLine:startCol-endLine:endCol", or "-" when the diagnostic has none.
	Span    string
	Message string
	Line    int
}

// Any reports whether the entry pins anything at all.
func (x *Expectation) Any() bool { return len(x.Lines) > 0 }

// MaxEntryBytes bounds the size of a corpus entry file. A program far smaller already
// takes seconds to run; the bound keeps what one entry costs a0diff (its text, twice
// decoded, the run messages to the workers, a reduction's candidates) well within the
// memory a0diff allows itself, whatever file a path names.
const MaxEntryBytes = 8 << 20

// ParseFile reads and parses the entry at path. A file over MaxEntryBytes is an error,
// read no further.
func ParseFile(path string) (*Entry, error) {
	// Only a regular file is read: opening a named pipe would wait for a writer for ever
	// (and a device may never end), with no error to show.
	if st, err := os.Stat(path); err != nil {
		return nil, err
	} else if !st.Mode().IsRegular() {
		return nil, fmt.Errorf("%s: %s, not a corpus entry file", path, filekind.Of(st.Mode()))
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, MaxEntryBytes+1))
	if err != nil {
		return nil, err
	}
	if len(data) > MaxEntryBytes {
		return nil, fmt.Errorf("%s: the file is over %d MiB, the bound of a corpus entry", path, MaxEntryBytes>>20)
	}
	return Parse(path, data)
}

// ParseFiles parses the entries at paths, in their order. Every malformed entry is
// reported: the error joins them all, one per line.
func ParseFiles(paths []string) ([]*Entry, error) {
	entries := make([]*Entry, 0, len(paths))
	var errs []error
	for _, p := range paths {
		e, err := ParseFile(p)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		entries = append(entries, e)
	}
	if len(errs) > 0 {
		return nil, errors.Join(errs...)
	}
	return entries, nil
}

// Parse parses an entry's bytes; path names the entry in error messages and provides the
// default span file name.
func Parse(path string, data []byte) (*Entry, error) {
	if err := checkText(data); err != nil {
		return nil, fmt.Errorf("%s:%v", path, err)
	}
	e := &Entry{Path: path, Raw: data, Source: decodeSource(data)}
	e.Config.File = SpanFileName(filepath.Base(path))
	// Lines end after every LF and keep their terminators. CR LF ends a line as LF does
	// (the CR stays on the line); a lone CR does not end a line between tokens (spec
	// §1.1), and a comment or a directive cannot contain one meaningfully, so it is left
	// inside the line.
	lines := slices.Collect(bytes.Lines(data))
	e.FirstCodeLine, e.LastCodeLine = codeRange(lines)
	p := &directiveParser{entry: e, seen: map[string]int{}, fixtureLines: map[string][]int{}}
	for i, ln := range lines {
		n := i + 1
		text := string(trimEOL(ln))
		if i := loneCRDirective(text); i >= 0 {
			return nil, fmt.Errorf("%s:%d: a directive after a lone CR (byte %d of the line): corpus lines end at LF or CR LF, so it would be part of this line and ignored; end the line with LF", path, n, i+1)
		}
		if !IsDirectiveLine(text) {
			continue
		}
		if e.FirstCodeLine != 0 && n > e.FirstCodeLine && n < e.LastCodeLine {
			return nil, fmt.Errorf("%s:%d: directive inside the program: directives belong in the comment block before the first or after the last line of code", path, n)
		}
		d, err := splitDirective(text)
		if err != nil {
			return nil, fmt.Errorf("%s:%d: %v", path, n, err)
		}
		d.Line = n
		if err := p.apply(d); err != nil {
			return nil, fmt.Errorf("%s:%d: @%s: %v", path, n, d.Name, err)
		}
		e.Directives = append(e.Directives, d)
	}
	if line, err := p.validateFixtures(); err != nil {
		if line == 0 {
			return nil, fmt.Errorf("%s: fixtures: %v", path, err)
		}
		return nil, fmt.Errorf("%s:%d: fixtures: %v", path, line, err)
	}
	return e, nil
}

// loneCRDirective returns the index of a lone CR in text (a line without its
// terminator) that is followed by what would be a directive line, or -1. A file written
// with CR line ends is one line to the corpus reader, and its directives would be
// dropped without a word.
func loneCRDirective(text string) int {
	for i := strings.IndexByte(text, '\r'); i >= 0; {
		if IsDirectiveLine(text[i+1:]) {
			return i
		}
		j := strings.IndexByte(text[i+1:], '\r')
		if j < 0 {
			break
		}
		i += 1 + j
	}
	return -1
}

// trimEOL drops a line's LF or CR LF terminator.
func trimEOL(line []byte) []byte {
	line = bytes.TrimSuffix(line, []byte("\n"))
	return bytes.TrimSuffix(line, []byte("\r"))
}

// isCodeLine reports whether a line (without its terminator) holds code: anything but
// blanks and a comment.
func isCodeLine(text string) bool {
	t := trimBlanks(text)
	return t != "" && t[0] != '#'
}

func trimBlanks(s string) string {
	for s != "" && (s[0] == ' ' || s[0] == '\t') {
		s = s[1:]
	}
	for s != "" && (s[len(s)-1] == ' ' || s[len(s)-1] == '\t') {
		s = s[:len(s)-1]
	}
	return s
}

// IsDirectiveLine reports whether a line (with or without its terminator) is a
// directive line: optional blanks, `#`, optional blanks, then `@`. Prose comments must
// therefore not start with `@`.
func IsDirectiveLine(text string) bool {
	t := trimBlanks(text)
	if t == "" || t[0] != '#' {
		return false
	}
	t = trimBlanks(t[1:])
	return t != "" && t[0] == '@'
}

func codeRange(lines [][]byte) (first, last int) {
	for i, ln := range lines {
		if isCodeLine(string(trimEOL(ln))) {
			if first == 0 {
				first = i + 1
			}
			last = i + 1
		}
	}
	return first, last
}

// SpanFileName is name as a span file name (spec §3.1): A0 strings are text, so each
// byte of name that is not part of valid UTF-8 becomes U+FFFD, the same for both
// implementations (a file name is bytes on Linux; JavaScript would decode it so).
func SpanFileName(name string) string {
	if utf8.ValidString(name) {
		return name
	}
	var b strings.Builder
	for _, r := range name {
		b.WriteRune(r) // ranging over a string yields U+FFFD for each invalid byte
	}
	return b.String()
}

// RunConfig is e's configuration resolved for a run (trial.Config): the span file name
// made text, the deadline the entry's @timeout, else timeout, else the default, and every
// other limit its default.
func (e *Entry) RunConfig(timeout time.Duration) outcome.Config {
	cfg := e.Config
	cfg.File = SpanFileName(cfg.File)
	return trial.Config(cfg, timeout)
}
