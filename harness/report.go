package harness

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/fatih/color"
	"github.com/jstemmer/go-junit-report/v2/junit"

	"github.com/a0diff/a0diff/corpus"
	"github.com/a0diff/a0diff/diff"
	"github.com/a0diff/a0diff/runtime/outcome"
	"github.com/a0diff/a0diff/trial"
)

// ReportOptions configure the reports.
type ReportOptions struct {
	// RefPath is the --ref bundle, repeated in replay commands ("" for the embedded one).
	RefPath string
	// Color enables ANSI colours in the text report.
	Color bool
	// Verbose lists the passing entries too (text report).
	Verbose bool
	// Impls maps each external implementation's name to its --impl NAME=COMMAND, for
	// replay commands.
	Impls map[string]string
}

// ExtraReplayCommand is the command that re-runs one entry in the external
// implementation name (spec its NAME=COMMAND, or NAME=COMMAND spelled out when unknown).
func ExtraReplayCommand(name, spec, path string) string {
	if spec == "" {
		spec = name + "=COMMAND"
	}
	return "a0diff exec --impl " + shellQuote(spec) + " " + shellQuote(path)
}

// ReplayCommand is the command that re-runs one entry in one implementation ("go" or
// "ref") and prints its Outcome.
func ReplayCommand(impl, path, refPath string) string {
	cmd := "a0diff exec --impl " + impl
	if (impl == "ref" || impl == "node") && refPath != "" {
		cmd += " --ref " + shellQuote(refPath)
	}
	return cmd + " " + shellQuote(path)
}

// ShellQuote quotes s for a POSIX shell when it needs it (replay commands).
func ShellQuote(s string) string { return shellQuote(s) }

// shellQuote quotes s for a POSIX shell when it needs it: '…' in general, and $'…' with
// \xHH escapes when s holds bytes that are not printable UTF-8 (control characters,
// invalid UTF-8), so that the command survives a terminal, a JSON report (which would
// turn invalid bytes into U+FFFD) and copy and paste. ($'…' is bash's, zsh's and ksh's,
// and POSIX since 2024.)
func shellQuote(s string) string {
	safe := s != ""
	for _, c := range s {
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || strings.ContainsRune("_./:@%+=,-", c)) {
			safe = false
			break
		}
	}
	if safe {
		return s
	}
	if printable(s) {
		return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
	}
	var b strings.Builder
	b.WriteString("$'")
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == '\'' || r == '\\':
			b.WriteByte('\\')
			b.WriteRune(r)
		case r != utf8.RuneError && unicode.IsPrint(r):
			b.WriteString(s[i : i+size])
		default:
			for _, c := range []byte(s[i : i+size]) {
				fmt.Fprintf(&b, "\\x%02x", c)
			}
		}
		i += size
	}
	b.WriteString("'")
	return b.String()
}

// printable reports whether s is valid UTF-8 of printable characters and spaces only.
func printable(s string) bool {
	for _, r := range s {
		if r == utf8.RuneError || !unicode.IsPrint(r) && r != ' ' {
			return false
		}
	}
	return true
}

// DisplayPath is a file name as a text report shows it: as it is when it is printable,
// else shell-quoted with escapes (shellQuote), so that no name can move the cursor,
// colour the terminal or forge a line of the report.
func DisplayPath(p string) string {
	if printable(p) {
		return p
	}
	return shellQuote(p)
}

// EscapeText makes text from outside (a worker's stderr) safe to print: line feeds and
// tabs stay, every other control character and every invalid byte becomes \xHH.
func EscapeText(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == '\n' || r == '\t' || r != utf8.RuneError && unicode.IsPrint(r) || r == ' ' {
			b.WriteString(s[i : i+size])
		} else {
			for _, c := range []byte(s[i : i+size]) {
				fmt.Fprintf(&b, "\\x%02x", c)
			}
		}
		i += size
	}
	return b.String()
}

// WriteText writes the human-readable report: a block per entry that failed (or was
// updated), then the summary line.
func WriteText(w io.Writer, rep *Report, o ReportOptions) error {
	paint := func(attr color.Attribute) func(...any) string {
		c := color.New(attr)
		if o.Color {
			c.EnableColor()
		} else {
			c.DisableColor()
		}
		return c.SprintFunc()
	}
	red, yellow, cyan, green := paint(color.FgRed), paint(color.FgYellow), paint(color.FgCyan), paint(color.FgGreen)
	var b strings.Builder
	rep.Each(func(r *EntryResult) {
		switch {
		case !r.Passed():
			tag := red("FAIL")
			b.WriteString(tag + " " + DisplayPath(r.Entry.Path) + ": " + failureSummary(r) + "\n")
			b.WriteString(indent(entryDetail(r, o), "  "))
		case r.Update != nil && r.Update.Written:
			b.WriteString(cyan("UPDATED") + " " + DisplayPath(r.Entry.Path) + "\n")
		case o.Verbose && r.Diff.Verdict == diff.Inconclusive:
			b.WriteString(yellow("INCONCLUSIVE") + " " + DisplayPath(r.Entry.Path) + ": " + statusPair(r) + "\n")
		case o.Verbose:
			b.WriteString(green("ok") + " " + DisplayPath(r.Entry.Path) + "\n")
		}
		if u := r.Update; u != nil && u.Written {
			for _, l := range u.Removed {
				b.WriteString("  - " + l + "\n")
			}
			for _, l := range u.Added {
				b.WriteString("  + " + l + "\n")
			}
		}
	})
	s := rep.Summary
	line := fmt.Sprintf("%d entries: %d agree, %d diverged, %d inconclusive, %d expectation failures",
		s.Entries, s.Agree, s.Diverged, s.Inconclusive, s.ExpectFailures)
	if s.Timeouts > 0 {
		line += fmt.Sprintf(", %d one-sided timeouts", s.Timeouts)
	}
	if rep.CrossChecked {
		line += "; cross-checked under node: " + rep.Attribution.String()
	}
	for _, name := range sortedKeys(rep.Implementations) {
		c := rep.Implementations[name]
		line += fmt.Sprintf("; implementation %s against the reference: %d agree, %d diverged", name, c.Agree, c.Diverged)
		if c.NotCompared > 0 {
			line += fmt.Sprintf(", %d not compared", c.NotCompared)
		}
	}
	if s.Abandoned > 0 {
		line += fmt.Sprintf(", %d abandoned runs", s.Abandoned)
	}
	if s.Updated > 0 || s.UpdateErrors > 0 {
		line += fmt.Sprintf(", %d updated", s.Updated)
	}
	if s.UpdateErrors > 0 {
		line += fmt.Sprintf(", %d update errors", s.UpdateErrors)
	}
	line += fmt.Sprintf(" (%s)", s.Elapsed.Round(time.Millisecond))
	if rep.OK() {
		line = green(line)
	} else {
		line = red(line)
	}
	b.WriteString(line + "\n")
	b.WriteString(scopeLines(rep.Scopes))
	_, err := io.WriteString(w, b.String())
	return err
}

// scopeLines says, one line per implementation, what its comparisons left out and why.
func scopeLines(scopes map[string]diff.Scope) string {
	var b strings.Builder
	for _, name := range sortedKeys(scopes) {
		who := "implementation " + name
		if name == "go" {
			who = "go and ref"
		}
		b.WriteString(who + ": " + scopes[name].String() + "\n")
	}
	return b.String()
}

// failureSummary is the one-line reason an entry failed.
func failureSummary(r *EntryResult) string {
	var why []string
	switch {
	case r.Timeout:
		why = append(why, fmt.Sprintf("one side timed out (%s), also with %d times the deadline", statusPair(r), trial.RetryFactor))
	case r.Diff.Verdict == diff.Diverge:
		d := "diverges (" + r.Diff.Signature() + ")"
		if r.Attribution != "" {
			d += ": " + r.Attribution.Explain()
		}
		why = append(why, d)
	}
	for _, x := range r.Extras {
		if x.Diff.Verdict == diff.Diverge {
			why = append(why, "implementation "+x.Name+" diverges from the reference ("+x.Diff.Signature()+")")
		}
	}
	if r.ExpectationFailed() {
		sides := []string{}
		if len(r.GoMismatches) > 0 {
			sides = append(sides, "go")
		}
		if len(r.RefMismatches) > 0 {
			sides = append(sides, "ref")
		}
		why = append(why, "expectations failed ("+strings.Join(sides, ", ")+")")
	}
	if r.Update != nil && r.Update.Err != nil {
		why = append(why, "update failed: "+r.Update.Err.Error())
	}
	return strings.Join(why, "; ")
}

// entryDetail is the text block describing a failed entry: its divergences, its failed
// expectations and the replay commands. The JUnit report reuses it.
func entryDetail(r *EntryResult, o ReportOptions) string {
	refPath := o.RefPath
	var b strings.Builder
	if r.Attribution != "" {
		fmt.Fprintf(&b, "attribution: %s\n", r.Attribution.Explain())
	}
	for _, d := range r.Diff.Divergences {
		fmt.Fprintf(&b, "[%s] %s (%s)\n    go:  %s\n    ref: %s\n", d.Category, d.Path, d.Kind, d.Go, d.Ref)
		if d.Node != "" {
			fmt.Fprintf(&b, "    node: %s\n", d.Node)
		}
	}
	if r.Diff.Omitted > 0 {
		fmt.Fprintf(&b, "(%d more divergences not shown)\n", r.Diff.Omitted)
	}
	if r.Attribution == diff.AttrUnattributed {
		fmt.Fprintf(&b, "node: %s (it agrees with neither side)\n", corpus.ExitOf(r.Node))
	}
	for _, x := range r.Extras {
		if x.Diff.Verdict != diff.Diverge {
			continue
		}
		for _, d := range x.Diff.Divergences {
			fmt.Fprintf(&b, "[%s: %s] %s (%s)\n    %s: %s\n    ref: %s\n", x.Name, d.Category, d.Path, d.Kind, x.Name, d.Go, d.Ref)
		}
		if x.Outcome.Status != outcome.StatusOK && x.Outcome.Detail != "" {
			// A crash's detail carries the head and tail of the worker's stderr.
			fmt.Fprintf(&b, "    %s said:\n%s", x.Name, indent(EscapeText(strings.TrimRight(x.Outcome.Detail, "\n"))+"\n", "      "))
		}
	}
	for _, m := range mergedMismatches(r) {
		fmt.Fprintf(&b, "%s: %s: %s\n", location(r.Entry.Path, m.Line), m.side, m.Mismatch)
	}
	if r.Update != nil && r.Update.Skipped != "" {
		b.WriteString("not updated: " + r.Update.Skipped + "\n")
	}
	fmt.Fprintf(&b, "replay: %s\n        %s\n", ReplayCommand("go", r.Entry.Path, refPath), ReplayCommand("ref", r.Entry.Path, refPath))
	if r.CrossChecked {
		fmt.Fprintf(&b, "        %s\n", ReplayCommand("node", r.Entry.Path, refPath))
	}
	for _, x := range r.Extras {
		if x.Diff.Verdict == diff.Diverge {
			fmt.Fprintf(&b, "        %s\n", ExtraReplayCommand(x.Name, o.Impls[x.Name], r.Entry.Path))
		}
	}
	return b.String()
}

type sidedMismatch struct {
	corpus.Mismatch
	side string // "go", "ref" or "both"
}

// mergedMismatches lists each side's failed expectations, merging those both sides
// failed the same way.
func mergedMismatches(r *EntryResult) []sidedMismatch {
	out := make([]sidedMismatch, 0, len(r.GoMismatches)+len(r.RefMismatches))
	// Each go mismatch pairs with the first unpaired equal ref one, found through an
	// index rather than a scan: an entry may pin a hundred thousand lines that both
	// sides fail, and the scan (with its removal) made the report quadratic in them.
	unpaired := make(map[corpus.Mismatch][]int, len(r.RefMismatches))
	for i, m := range r.RefMismatches {
		unpaired[m] = append(unpaired[m], i)
	}
	paired := make([]bool, len(r.RefMismatches))
	for _, g := range r.GoMismatches {
		side := "go"
		if at := unpaired[g]; len(at) > 0 {
			side = "both"
			paired[at[0]] = true
			unpaired[g] = at[1:]
		}
		out = append(out, sidedMismatch{g, side})
	}
	for i, m := range r.RefMismatches {
		if !paired[i] {
			out = append(out, sidedMismatch{m, "ref"})
		}
	}
	return out
}

func location(path string, line int) string {
	if line == 0 {
		return DisplayPath(path)
	}
	return fmt.Sprintf("%s:%d", DisplayPath(path), line)
}

func statusPair(r *EntryResult) string {
	return "go " + corpus.ExitOf(r.Go) + ", ref " + corpus.ExitOf(r.Ref)
}

func indent(s, prefix string) string {
	lines := strings.SplitAfter(s, "\n")
	var b strings.Builder
	for _, l := range lines {
		if l != "" {
			b.WriteString(prefix + l)
		}
	}
	return b.String()
}

// ---- JSON ----

// JSONReport is the document `--format json` writes.
type JSONReport struct {
	Entries []JSONEntry `json:"entries"`
	Summary JSONSummary `json:"summary"`
}

// JSONEntry is one entry's result.
type JSONEntry struct {
	Path    string       `json:"path"`
	Verdict diff.Verdict `json:"verdict"`
	Passed  bool         `json:"passed"`
	Go      JSONStatus   `json:"go"`
	Ref     JSONStatus   `json:"ref"`
	// Node and Attribution: the cross-check under node, when it ran.
	Node        *JSONStatus       `json:"node,omitempty"`
	Attribution diff.Attribution  `json:"attribution,omitempty"`
	Divergences []diff.Divergence `json:"divergences"`
	Omitted     int               `json:"omitted,omitempty"`
	Signatures  []string          `json:"signatures"`
	// Expectations lists the failed expectations per side.
	Expectations struct {
		Go  []JSONMismatch `json:"go"`
		Ref []JSONMismatch `json:"ref"`
	} `json:"expectations"`
	Update *JSONUpdate `json:"update,omitempty"`
	// Implementations are the external implementations' comparisons with the reference.
	Implementations []JSONImplementation `json:"implementations,omitempty"`
	Replay          JSONReplay           `json:"replay"`
	ElapsedMs       int64                `json:"elapsedMs"`
	// Outcomes are both normalised Outcomes, for failed entries only.
	Outcomes *JSONOutcomes `json:"outcomes,omitempty"`
}

// JSONStatus is how a side's run ended.
type JSONStatus struct {
	Status   outcome.Status `json:"status"`
	ExitCode int            `json:"exitCode"`
}

// JSONMismatch is one failed expectation.
type JSONMismatch struct {
	What     string `json:"what"`
	Line     int    `json:"line,omitempty"`
	Expected string `json:"expected"`
	Actual   string `json:"actual"`
}

// JSONUpdate is what --update did.
type JSONUpdate struct {
	Written bool     `json:"written"`
	Removed []string `json:"removed,omitempty"`
	Added   []string `json:"added,omitempty"`
	Skipped string   `json:"skipped,omitempty"`
	Error   string   `json:"error,omitempty"`
}

// JSONReplay holds the replay commands.
type JSONReplay struct {
	Go   string `json:"go"`
	Ref  string `json:"ref"`
	Node string `json:"node,omitempty"`
}

// JSONImplementation is an external implementation's result on an entry: its
// divergences from the reference ("go" in them is the external implementation).
type JSONImplementation struct {
	Name        string            `json:"name"`
	Verdict     diff.Verdict      `json:"verdict"`
	Status      JSONStatus        `json:"status"`
	Divergences []diff.Divergence `json:"divergences"`
	Signatures  []string          `json:"signatures"`
	Replay      string            `json:"replay"`
	// Outcome is its whole normalised Outcome when it diverged.
	Outcome json.RawMessage `json:"outcome,omitempty"`
	// Detail explains a status other than ok: for a crash, the head and tail of the
	// worker's stderr (diverged implementations only).
	Detail string `json:"detail,omitempty"`
}

// JSONOutcomes are a failed entry's Outcomes in canonical JSON (outcome.Marshal).
type JSONOutcomes struct {
	Go   json.RawMessage `json:"go"`
	Ref  json.RawMessage `json:"ref"`
	Node json.RawMessage `json:"node,omitempty"`
}

// JSONSummary is the summary with the elapsed time in milliseconds.
type JSONSummary struct {
	Summary
	ElapsedMs int64 `json:"elapsedMs"`
	// Attribution counts the diverged entries by attribution (with --cross-check).
	Attribution *AttributionCounts `json:"attribution,omitempty"`
	// Implementations counts each external implementation's comparisons.
	Implementations map[string]ImplCounts `json:"implementations,omitempty"`
	// LeftOut says, per implementation ("go" for the Go evaluator against the
	// reference), what the comparisons left out and why.
	LeftOut map[string][]diff.Left `json:"leftOut,omitempty"`
}

// jsonVerdict is an entry's verdict, with "timeout" for a one-sided timeout.
func jsonVerdict(r *EntryResult) diff.Verdict {
	if r.Timeout {
		return "timeout"
	}
	return r.Diff.Verdict
}

// BuildJSON converts a report to its JSON form.
func BuildJSON(rep *Report, o ReportOptions) JSONReport {
	out := JSONReport{Entries: []JSONEntry{}, Summary: jsonSummary(rep)}
	rep.Each(func(r *EntryResult) { out.Entries = append(out.Entries, jsonEntry(r, o)) })
	return out
}

func jsonSummary(rep *Report) JSONSummary {
	s := JSONSummary{Summary: rep.Summary, ElapsedMs: rep.Summary.Elapsed.Milliseconds(), Implementations: rep.Implementations}
	if rep.CrossChecked {
		counts := rep.Attribution
		s.Attribution = &counts
	}
	if len(rep.Scopes) > 0 {
		s.LeftOut = map[string][]diff.Left{}
		for name, sc := range rep.Scopes {
			s.LeftOut[name] = sc.LeftOut()
		}
	}
	return s
}

// jsonEntry is one entry's JSON form.
func jsonEntry(r *EntryResult, o ReportOptions) JSONEntry {
	e := JSONEntry{
		Path:        r.Entry.Path,
		Verdict:     jsonVerdict(r),
		Passed:      r.Passed(),
		Go:          JSONStatus{r.Go.Status, r.Go.ExitCode},
		Ref:         JSONStatus{r.Ref.Status, r.Ref.ExitCode},
		Divergences: append([]diff.Divergence{}, r.Diff.Divergences...),
		Omitted:     r.Diff.Omitted,
		Signatures:  append([]string{}, r.Diff.Signatures()...),
		Replay:      JSONReplay{Go: ReplayCommand("go", r.Entry.Path, o.RefPath), Ref: ReplayCommand("ref", r.Entry.Path, o.RefPath)},
		ElapsedMs:   r.Elapsed.Milliseconds(),
	}
	e.Expectations.Go, e.Expectations.Ref = jsonMismatches(r.GoMismatches), jsonMismatches(r.RefMismatches)
	if r.CrossChecked {
		e.Node = &JSONStatus{r.Node.Status, r.Node.ExitCode}
		e.Attribution = r.Attribution
		e.Replay.Node = ReplayCommand("node", r.Entry.Path, o.RefPath)
	}
	for _, x := range r.Extras {
		ji := JSONImplementation{
			Name: x.Name, Verdict: x.Diff.Verdict, Status: JSONStatus{x.Outcome.Status, x.Outcome.ExitCode},
			Divergences: append([]diff.Divergence{}, x.Diff.Divergences...),
			Signatures:  append([]string{}, x.Diff.Signatures()...),
			Replay:      ExtraReplayCommand(x.Name, o.Impls[x.Name], r.Entry.Path),
		}
		if x.Diff.Verdict == diff.Diverge {
			ji.Outcome = outcome.Marshal(outcome.Normalize(x.Outcome))
			if x.Outcome.Status != outcome.StatusOK {
				ji.Detail = x.Outcome.Detail
			}
		}
		e.Implementations = append(e.Implementations, ji)
	}
	if u := r.Update; u != nil {
		ju := &JSONUpdate{Written: u.Written, Removed: u.Removed, Added: u.Added, Skipped: u.Skipped}
		if u.Err != nil {
			ju.Error = u.Err.Error()
		}
		e.Update = ju
	}
	if !e.Passed {
		e.Outcomes = &JSONOutcomes{
			Go:  outcome.Marshal(outcome.Normalize(r.Go)),
			Ref: outcome.Marshal(outcome.Normalize(r.Ref)),
		}
		if r.CrossChecked {
			e.Outcomes.Node = outcome.Marshal(outcome.Normalize(r.Node))
		}
	}
	return e
}

func jsonMismatches(ms []corpus.Mismatch) []JSONMismatch {
	out := []JSONMismatch{}
	for _, m := range ms {
		out = append(out, JSONMismatch{What: m.What, Line: m.Line, Expected: m.Expected, Actual: m.Actual})
	}
	return out
}

// WriteJSON writes the JSON report (indented, one document).
//
// The document is written entry by entry (the text BuildJSON's encoding gives), so that
// a report of many entries is never held whole in memory.
func WriteJSON(w io.Writer, rep *Report, o ReportOptions) error {
	bw := bufio.NewWriterSize(w, 64<<10)
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	enc.SetIndent("    ", "  ")
	var err error
	n := 0
	bw.WriteString("{\n  \"entries\": [")
	rep.Each(func(r *EntryResult) {
		if err != nil {
			return
		}
		buf.Reset()
		if err = enc.Encode(jsonEntry(r, o)); err != nil {
			return
		}
		if n > 0 {
			bw.WriteString(",")
		}
		bw.WriteString("\n    ")
		bw.Write(bytes.TrimSuffix(buf.Bytes(), []byte("\n")))
		n++
	})
	if err != nil {
		return err
	}
	if n > 0 {
		bw.WriteString("\n  ")
	}
	bw.WriteString("],\n  \"summary\": ")
	buf.Reset()
	enc.SetIndent("  ", "  ")
	if err := enc.Encode(jsonSummary(rep)); err != nil {
		return err
	}
	bw.Write(bytes.TrimSuffix(buf.Bytes(), []byte("\n")))
	bw.WriteString("\n}\n")
	return bw.Flush()
}

// ---- JUnit ----

// BuildJUnit converts a report to JUnit: one test suite, one test case per entry (named
// by its path, classed by its directory). A divergence or a failed expectation is a
// failure, a failed update an error, an inconclusive comparison a skip.
func BuildJUnit(rep *Report, o ReportOptions) junit.Testsuites {
	suite := junit.Testsuite{Name: "a0diff", Time: seconds(rep.Summary.Elapsed)}
	rep.Each(func(r *EntryResult) {
		tc := junit.Testcase{
			Name:      xmlSafe(r.Entry.Path),
			Classname: xmlSafe(filepath.ToSlash(filepath.Dir(r.Entry.Path))),
			Time:      seconds(r.Elapsed),
		}
		detail := xmlSafe(entryDetail(r, o))
		switch {
		case r.Diff.Verdict == diff.Diverge || r.ExpectationFailed() || r.ExtraDiverged():
			typ := "divergence"
			if r.Timeout {
				typ = "timeout"
			} else if r.Diff.Verdict == diff.Diverge && r.Attribution != "" {
				typ = "divergence: " + string(r.Attribution)
			} else if r.Diff.Verdict != diff.Diverge && !r.ExpectationFailed() {
				typ = "implementation"
			} else if r.Diff.Verdict != diff.Diverge {
				typ = "expectation"
			}
			tc.Failure = &junit.Result{Message: xmlSafe(failureSummary(r)), Type: typ, Data: detail}
		case r.Update != nil && r.Update.Err != nil:
			tc.Error = &junit.Result{Message: xmlSafe(r.Update.Err.Error()), Type: "update", Data: detail}
		case r.Diff.Verdict == diff.Inconclusive:
			tc.Skipped = &junit.Result{Message: "inconclusive: " + statusPair(r)}
		}
		suite.AddTestcase(tc)
	})
	// Each external implementation's counts, and what its comparisons left out.
	for _, name := range sortedKeys(rep.Implementations) {
		c := rep.Implementations[name]
		suite.AddProperty("implementation."+name+".agree", strconv.Itoa(c.Agree))
		suite.AddProperty("implementation."+name+".diverged", strconv.Itoa(c.Diverged))
		suite.AddProperty("implementation."+name+".notCompared", strconv.Itoa(c.NotCompared))
	}
	for _, name := range sortedKeys(rep.Scopes) {
		suite.AddProperty("leftOut."+name, xmlSafe(rep.Scopes[name].String()))
	}
	var suites junit.Testsuites
	suites.AddSuite(suite)
	suites.Name = "a0diff"
	suites.Time = suite.Time
	return suites
}

// WriteJUnit writes the JUnit XML report.
func WriteJUnit(w io.Writer, rep *Report, o ReportOptions) error {
	if _, err := io.WriteString(w, `<?xml version="1.0" encoding="UTF-8"?>`+"\n"); err != nil {
		return err
	}
	suites := BuildJUnit(rep, o)
	return suites.WriteXML(w)
}

func seconds(d time.Duration) string { return fmt.Sprintf("%.3f", d.Seconds()) }

// XMLSafe is xmlSafe, for the other JUnit writers (package campaign).
func XMLSafe(s string) string { return xmlSafe(s) }

// xmlSafe replaces what XML 1.0 cannot carry (control characters, invalid UTF-8 such as
// the WTF-8 of a lone surrogate) with U+FFFD.
func xmlSafe(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && n == 1,
			r < 0x20 && r != '\t' && r != '\n' && r != '\r',
			r == 0xfffe || r == 0xffff:
			b.WriteRune(utf8.RuneError)
		default:
			b.WriteString(s[i : i+n])
		}
		i += n
	}
	return b.String()
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}
