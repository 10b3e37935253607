// Package baseline records the known failures of A0 implementations in a text file a
// person reviews in a pull request, and checks a run against it: a known failure is
// expected, a new failure (an entry that passed, a fuzz signature never seen) fails the
// run, and a known failure that now passes is reported so the file can be tightened.
//
// The file, one known failure a line (blank lines and lines starting with # are
// comments; a0diff writes a comment after an entry with its signatures):
//
//	# a0diff baseline
//	port entry corpus/eval/arith.a0   # value@value:number
//	port signature value@value:number
//
// The first word is the implementation's name (go for the Go evaluator against the
// reference; a name follows outcome.ImplNameRule, as a0diff's --impl NAME does), then "entry" and a corpus entry's path, or "signature" and a divergence
// signature found by fuzzing.
package baseline

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"

	"github.com/a0diff/a0diff/internal/atomicfile"
	"github.com/a0diff/a0diff/runtime/outcome"
)

// Kind says what a known failure names.
type Kind string

const (
	Entry     Kind = "entry"     // a corpus entry that fails
	Signature Kind = "signature" // a divergence signature fuzzing finds
)

// Failure is one failure of one implementation.
type Failure struct {
	Impl string
	Kind Kind
	// Name is the entry's path or the signature.
	Name string
	// Note is what the file says after the failure (the signatures of an entry); it is
	// not compared.
	Note string
}

func (f Failure) key() string { return f.Impl + " " + string(f.Kind) + " " + f.Name }

func (f Failure) String() string { return f.Impl + " " + string(f.Kind) + " " + f.Name }

// Baseline is a set of known failures.
type Baseline struct {
	failures map[string]Failure
	// Path is the file it was read from ("" when built).
	Path string
}

// Read reads a baseline file. Every malformed line is reported as PATH:LINE: why.
func Read(path string) (*Baseline, error) {
	// Only a regular file is read: a named pipe would block the read until a writer
	// came, and a device may never end.
	if st, err := os.Stat(path); err != nil {
		return nil, fmt.Errorf("--baseline: %v", err)
	} else if !st.Mode().IsRegular() {
		return nil, fmt.Errorf("--baseline %s: not a regular file", path)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("--baseline: %v", err)
	}
	b, err := Parse(path, data)
	if err != nil {
		return nil, err
	}
	return b, nil
}

// Parse reads a baseline from data, naming path in errors.
func Parse(path string, data []byte) (*Baseline, error) {
	b := &Baseline{failures: map[string]Failure{}, Path: path}
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(nil, 1<<20)
	var errs []string
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		text, note, _ := strings.Cut(line, "#")
		fields := strings.Fields(text)
		if len(fields) == 0 {
			continue
		}
		if len(fields) != 3 || (fields[1] != string(Entry) && fields[1] != string(Signature)) {
			errs = append(errs, fmt.Sprintf("%s:%d: want IMPL entry PATH or IMPL signature SIGNATURE, got %q", path, n, strings.TrimSpace(line)))
			continue
		}
		if !outcome.IsImplName(fields[0]) {
			errs = append(errs, fmt.Sprintf("%s:%d: the implementation %q: a name must be %s", path, n, fields[0], outcome.ImplNameRule))
			continue
		}
		f := Failure{Impl: fields[0], Kind: Kind(fields[1]), Name: fields[2], Note: strings.TrimSpace(note)}
		if _, dup := b.failures[f.key()]; dup {
			errs = append(errs, fmt.Sprintf("%s:%d: %s repeated", path, n, f))
			continue
		}
		b.failures[f.key()] = f
	}
	if err := sc.Err(); err != nil {
		errs = append(errs, fmt.Sprintf("%s: %v", path, err))
	}
	if len(errs) > 0 {
		return nil, fmt.Errorf("%s", strings.Join(errs, "\n"))
	}
	return b, nil
}

// New is a baseline of the failures given.
func New(failures []Failure) *Baseline {
	b := &Baseline{failures: map[string]Failure{}}
	for _, f := range failures {
		b.failures[f.key()] = f
	}
	return b
}

// Failures lists the known failures, sorted.
func (b *Baseline) Failures() []Failure {
	out := make([]Failure, 0, len(b.failures))
	for _, f := range b.failures {
		out = append(out, f)
	}
	slices.SortFunc(out, func(x, y Failure) int { return strings.Compare(x.key(), y.key()) })
	return out
}

// Write writes b in the file format, sorted, each failure's Note as a comment.
func (b *Baseline) Write(w io.Writer, header string) error {
	var s strings.Builder
	s.WriteString(fileHead + " the known failures, one a line: IMPL entry PATH or IMPL signature SIGNATURE.\n")
	s.WriteString("# A run with --baseline this file fails on any other failure and reports the ones that pass.\n")
	if header != "" {
		s.WriteString("# " + header + "\n")
	}
	for _, f := range b.Failures() {
		s.WriteString(f.String())
		if f.Note != "" {
			s.WriteString("   # " + strings.ReplaceAll(f.Note, "\n", " "))
		}
		s.WriteString("\n")
	}
	_, err := io.WriteString(w, s.String())
	return err
}

// fileHead starts every file Write writes.
const fileHead = "# a0diff baseline:"

// Wrote reports whether a file starting with head is a baseline a0diff wrote (one
// --write-baseline may replace).
func Wrote(head []byte) bool { return bytes.HasPrefix(head, []byte(fileHead)) }

// WriteFile writes b to path (atomicfile.Write: a temporary file of a name of its own,
// renamed over path, so a failed write leaves the old file whole).
func (b *Baseline) WriteFile(path, header string) error {
	var buf bytes.Buffer
	if err := b.Write(&buf, header); err != nil {
		return err
	}
	if err := atomicfile.Write(path, buf.Bytes(), 0o644); err != nil {
		return fmt.Errorf("--write-baseline: %v", err)
	}
	return nil
}

// Check is a run held against a baseline.
type Check struct {
	// Expected are the failures the baseline knows.
	Expected []Failure
	// New are the failures it does not know: they fail the run.
	New []Failure
	// Fixed are known failures of the entries and implementations the run covered that
	// did not fail: the baseline can be tightened (--write-baseline).
	Fixed []Failure
}

// OK reports whether the run has no new failure.
func (c Check) OK() bool { return len(c.New) == 0 }

// Against checks a run's failures against b. covered reports whether the run ran the
// entry (or, for a signature, fuzzed the implementation) a known failure names: a
// known failure of something not run is neither expected nor fixed. A signature not
// found again is not "fixed" either (a campaign finds what its seed finds): only
// entries are.
func (b *Baseline) Against(failures []Failure, covered func(Failure) bool) Check {
	var c Check
	seen := map[string]bool{}
	for _, f := range failures {
		if seen[f.key()] {
			continue
		}
		seen[f.key()] = true
		if _, ok := b.failures[f.key()]; ok {
			c.Expected = append(c.Expected, f)
		} else {
			c.New = append(c.New, f)
		}
	}
	for _, f := range b.Failures() {
		if !seen[f.key()] && f.Kind == Entry && covered(f) {
			c.Fixed = append(c.Fixed, f)
		}
	}
	return c
}
