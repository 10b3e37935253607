package corpus

import (
	"bytes"
	"slices"
	"strings"

	"github.com/a0diff/a0diff/runtime/outcome"
	"github.com/a0diff/a0diff/runtime/value"
)

// ExpectLines returns the @expect lines (without line terminators) that pin o for e:
// the exit; then, when the run reached an A0 outcome or was ended by a deterministic
// harness limit (Partial), the value (if any) and one line per diagnostic; and the trace
// when e already pins one or pins nothing yet (an entry whose author dropped the trace
// line keeps it dropped).
func ExpectLines(e *Entry, o outcome.Outcome) []string {
	o = outcome.Normalize(o)
	lines := []string{"# @expect exit " + ExitOf(o)}
	if o.Status != outcome.StatusOK && !Partial(o) {
		return lines
	}
	if o.HasValue {
		lines = append(lines, "# @expect value "+string(value.MarshalCanonical(o.Value)))
	}
	for _, d := range o.Errors {
		lines = append(lines, "# @expect error "+ErrorLine(d))
	}
	if e.Expect.HasTrace || !e.Expect.Any() {
		names := make([]string, 0, len(o.Trace)+1)
		names = append(names, "# @expect trace")
		for _, ev := range o.Trace {
			names = append(names, string(ev.Event))
		}
		lines = append(lines, strings.Join(names, " "))
	}
	return lines
}

// Update returns the entry's text with its @expect lines replaced by ExpectLines(e, o);
// every other line stays byte-identical. The new lines go where the first old @expect
// line was (the other old ones are dropped; a file that ended without a line terminator
// after its last @expect line still does); an entry without any gets them after the
// last directive of the block holding its directives (the trailing block when both
// blocks hold some), else at the end of the file.
//
// When the new lines change the number of lines before the program's code, spans move:
// the caller re-runs the entry on the new text until Update leaves it unchanged (see
// CodeShifted).
func Update(e *Entry, o outcome.Outcome) ([]byte, error) {
	lines := slices.Collect(bytes.Lines(e.Raw))
	eol := lineEnding(lines)
	var block []byte
	for _, l := range ExpectLines(e, o) {
		block = append(append(block, l...), eol...)
	}

	isExpect := make(map[int]bool, len(e.Expect.Lines))
	for _, n := range e.Expect.Lines {
		isExpect[n] = true
	}
	insertBefore := 0 // 1-based line before which the block goes; len(lines)+1 = at the end
	switch {
	case len(e.Expect.Lines) > 0:
		insertBefore = e.Expect.Lines[0]
	case len(e.Directives) > 0:
		// Directives come in file order, so the last one is in the trailing block when
		// that block holds any.
		insertBefore = e.Directives[len(e.Directives)-1].Line + 1
	default:
		insertBefore = len(lines) + 1
	}

	var out bytes.Buffer
	for i, l := range lines {
		n := i + 1
		if n == insertBefore {
			out.Write(block)
		}
		if isExpect[n] {
			continue
		}
		out.Write(l)
		if n == len(lines) && n+1 == insertBefore && !bytes.HasSuffix(l, []byte("\n")) {
			out.Write(eol) // the file's last line had no terminator; the block follows it
		}
	}
	if insertBefore > len(lines) {
		out.Write(block)
	}
	b := out.Bytes()
	if last := len(lines); last > 0 && isExpect[last] && !bytes.HasSuffix(lines[last-1], []byte("\n")) {
		// The file ended with an @expect line and no terminator: so does the new text,
		// so that an up-to-date entry is left byte-identical.
		b = bytes.TrimSuffix(b, eol)
	}
	return b, nil
}

// CodeShifted reports whether the program's code starts on a different line in b than
// in a: spans then differ, and an entry updated from a must be run again.
func CodeShifted(a, b *Entry) bool { return a.FirstCodeLine != b.FirstCodeLine }

// lineEnding returns the terminator the file uses: CR LF when its first terminated line
// has one, else LF.
func lineEnding(lines [][]byte) []byte {
	for _, l := range lines {
		if bytes.HasSuffix(l, []byte("\r\n")) {
			return []byte("\r\n")
		}
		if bytes.HasSuffix(l, []byte("\n")) {
			break
		}
	}
	return []byte("\n")
}
