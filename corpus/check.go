package corpus

import (
	"fmt"
	"strconv"
	"unicode/utf8"

	"github.com/a0diff/a0diff/runtime/ast"
	"github.com/a0diff/a0diff/runtime/outcome"
	"github.com/a0diff/a0diff/runtime/value"
)

// Mismatch is one expectation an Outcome failed.
type Mismatch struct {
	// What names the expectation: "exit", "value", "error[2]", "errors" or "trace".
	What string
	// Line is the 1-based line of the directive concerned (0 when the expectation is
	// implied, e.g. a missing error line).
	Line     int
	Expected string
	Actual   string
}

func (m Mismatch) String() string {
	return fmt.Sprintf("%s: expected %s, got %s", m.What, m.Expected, m.Actual)
}

// ExitOf is the text `@expect exit` uses for o: its exit code when the implementation
// reached an A0 outcome, else its status (timeout, resource, crash).
func ExitOf(o outcome.Outcome) string {
	if o.Status != outcome.StatusOK {
		return string(o.Status)
	}
	return strconv.Itoa(o.ExitCode)
}

// ErrorLine is the @expect error line (after `# @expect error `) for d.
func ErrorLine(d outcome.Diagnostic) string {
	return string(d.Code) + " " + SpanOf(d.Span) + " " + quoteMessage(d.Message)
}

// SpanOf formats a span as @expect error lines write it (without the file name).
func SpanOf(s *ast.Span) string {
	if s == nil {
		return "-"
	}
	return spanString(s.StartLine, s.StartCol, s.EndLine, s.EndCol)
}

// Check compares o, after outcome.Normalize, with the entry's expectations and returns
// every failed one (nil when all hold). Lines are compared exactly, except that when both
// the expected and the actual message of a diagnostic come from the host (spec Appendix
// D, see outcome.HostMessage), the message is not compared: only the code and span are.
//
// When the run did not reach an A0 outcome (timeout, resource, crash) only the exit is
// compared — except for a run ended by a deterministic harness limit (Partial): its
// trace is checked too (it has no value and no diagnostics). When the exit differs and
// either side of it is not an exit code, nothing else is compared.
func Check(e *Entry, o outcome.Outcome) []Mismatch {
	x := &e.Expect
	o = outcome.Normalize(o)
	var out []Mismatch
	actualExit := ExitOf(o)
	exitDiffers := x.HasExit && x.Exit != actualExit
	if exitDiffers {
		out = append(out, Mismatch{What: "exit", Line: x.ExitLine, Expected: x.Exit, Actual: actualExit})
	}
	if (o.Status != outcome.StatusOK && !Partial(o)) || (exitDiffers && (o.Status != outcome.StatusOK || !isExitCode(x.Exit))) {
		return out
	}
	out = append(out, checkValue(x, o)...)
	out = append(out, checkErrors(x, o)...)
	if x.HasTrace {
		names := make([]string, len(o.Trace))
		for i, ev := range o.Trace {
			names[i] = string(ev.Event)
		}
		if m, ok := compareLists(x.Trace, names); !ok {
			m.What, m.Line = "trace", x.TraceLine
			out = append(out, m)
		}
	}
	return out
}

// Partial reports whether o is the partial outcome of a run ended by a deterministic
// harness limit (outcome.DeterministicLimit): what it produced up to the limit is the
// same on every conforming implementation, so it is pinned and compared.
func Partial(o outcome.Outcome) bool {
	return o.Status == outcome.StatusResource && outcome.DeterministicLimit(o.Limit)
}

func isExitCode(s string) bool {
	_, err := strconv.Atoi(s)
	return err == nil
}

func checkValue(x *Expectation, o outcome.Outcome) []Mismatch {
	switch {
	case x.HasValue && !o.HasValue:
		return []Mismatch{{What: "value", Line: x.ValueLine, Expected: clip(x.Value), Actual: "no value"}}
	case o.HasValue && !x.HasValue && x.HasExit:
		return []Mismatch{{What: "value", Expected: "no value", Actual: clip(string(value.MarshalCanonical(o.Value)))}}
	case x.HasValue && o.HasValue:
		got := string(value.MarshalCanonical(o.Value))
		if got == x.Value {
			return nil
		}
		exp, act := excerpt(x.Value, got)
		if v, err := value.UnmarshalCanonical([]byte(x.Value)); err == nil && string(value.MarshalCanonical(v)) == got {
			act += " (the same value: write the expectation in canonical form)"
		}
		return []Mismatch{{What: "value", Line: x.ValueLine, Expected: exp, Actual: act}}
	}
	return nil
}

func checkErrors(x *Expectation, o outcome.Outcome) []Mismatch {
	if len(x.Errors) == 0 && !x.HasExit {
		return nil
	}
	var out []Mismatch
	for i := 0; i < len(x.Errors) || i < len(o.Errors); i++ {
		what := fmt.Sprintf("error[%d]", i)
		switch {
		case i >= len(o.Errors):
			out = append(out, Mismatch{What: what, Line: x.Errors[i].Line, Expected: strconv.Quote(errorLineOf(x.Errors[i])), Actual: "no such diagnostic"})
		case i >= len(x.Errors):
			out = append(out, Mismatch{What: what, Expected: "no such diagnostic", Actual: strconv.Quote(ErrorLine(o.Errors[i]))})
		default:
			want, got := x.Errors[i], o.Errors[i]
			if want.Code == string(got.Code) && want.Span == SpanOf(got.Span) &&
				(want.Message == got.Message || outcome.HostMessage(got) && outcome.HostText(want.Code, want.Message)) {
				continue
			}
			exp, act := excerpt(errorLineOf(want), ErrorLine(got))
			out = append(out, Mismatch{What: what, Line: x.Errors[i].Line, Expected: exp, Actual: act})
		}
	}
	return out
}

func errorLineOf(e ExpectedError) string {
	return e.Code + " " + e.Span + " " + quoteMessage(e.Message)
}

// compareLists reports the first difference between two lists of names as a Mismatch
// whose texts show where it is.
func compareLists(want, got []string) (Mismatch, bool) {
	n := 0
	for n < len(want) && n < len(got) && want[n] == got[n] {
		n++
	}
	if n == len(want) && n == len(got) {
		return Mismatch{}, true
	}
	at := func(l []string) string {
		if n >= len(l) {
			return fmt.Sprintf("end after %d events", len(l))
		}
		return fmt.Sprintf("event %d %s (of %d)", n, l[n], len(l))
	}
	return Mismatch{Expected: at(want), Actual: at(got)}, false
}

const clipWidth = 160

// clip shortens a long text for a one-line report.
func clip(s string) string {
	if len(s) <= clipWidth {
		return s
	}
	return s[:runeStart(s, clipWidth)] + "…"
}

// excerpt returns both texts clipped around their first difference, so that a long
// value differing near its end still shows where.
func excerpt(a, b string) (string, string) {
	if len(a) <= clipWidth && len(b) <= clipWidth {
		return a, b
	}
	i := 0
	for i < len(a) && i < len(b) && a[i] == b[i] {
		i++
	}
	start := max(i-clipWidth/4, 0)
	cut := func(s string) string {
		if start >= len(s) {
			return "…"
		}
		from := runeStart(s, start)
		prefix := ""
		if from > 0 {
			prefix = "…"
		}
		s = s[from:]
		if len(s) > clipWidth {
			return prefix + s[:runeStart(s, clipWidth)] + "…"
		}
		return prefix + s
	}
	return cut(a), cut(b)
}

// runeStart moves i back to the start of the UTF-8 sequence it falls in.
func runeStart(s string, i int) int {
	for i > 0 && i < len(s) && !utf8.RuneStart(s[i]) {
		i--
	}
	return i
}
