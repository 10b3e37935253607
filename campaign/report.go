package campaign

import (
	"encoding/json"
	"fmt"
	"io"
	"sort"
	"strings"

	"github.com/jstemmer/go-junit-report/v2/junit"

	"github.com/a0diff/a0diff/diff"
	"github.com/a0diff/a0diff/harness"
)

// Report is the machine-readable summary of a campaign (a0diff fuzz --format json).
type Report struct {
	Seed  int64 `json:"seed"`
	Start int   `json:"start"`
	// Count is the campaign's bound on case indices (0: none); a shard runs the indices
	// of [start, start+count) that are its own.
	Count int          `json:"count"`
	Shard *ReportShard `json:"shard,omitempty"`
	// Interrupted is true when the campaign was stopped before its bound.
	Interrupted bool          `json:"interrupted"`
	Summary     ReportSummary `json:"summary"`
	// Signatures are the divergence buckets, most frequent first.
	Signatures []ReportSignature `json:"signatures"`
	// Timeouts are the first cases on which one side timed out (at most
	// MaxTimeoutCases), with their replay commands.
	Timeouts []ReportCase `json:"timeouts"`
	// Files are the corpus entries written.
	Files []string `json:"files"`
}

// ReportShard is the shard a report covers.
type ReportShard struct {
	K int `json:"k"`
	N int `json:"n"`
}

// ReportSummary counts the cases.
type ReportSummary struct {
	Cases          int     `json:"cases"`
	Agree          int     `json:"agree"`
	Diverged       int     `json:"diverged"`
	Inconclusive   int     `json:"inconclusive"`
	Timeouts       int     `json:"timeouts"`
	Retried        int     `json:"retried"`
	Abandoned      int64   `json:"abandoned"`
	ValidMode      int     `json:"validMode"`
	ValidPass      int     `json:"validPass"`
	InvalidMode    int     `json:"invalidMode"`
	Signatures     int     `json:"signatures"`
	Workers        int     `json:"workers"`
	ElapsedMs      int64   `json:"elapsedMs"`
	CasesPerSecond float64 `json:"casesPerSecond"`
	// Coverage and Curve: see Summary; Pool and Derived only in guided mode.
	Coverage int          `json:"coverage"`
	Curve    []CurvePoint `json:"curve"`
	Pool     int          `json:"pool,omitempty"`
	Derived  int          `json:"derived,omitempty"`
	// Attribution counts the diverged cases by attribution (with --cross-check).
	Attribution *harness.AttributionCounts `json:"attribution,omitempty"`
	// Implementations counts, per external implementation (--impl), the cases on which it
	// agreed with the reference, diverged from it, or was not compared.
	Implementations map[string]harness.ImplCounts `json:"implementations,omitempty"`
	// LeftOut says, per implementation ("go" for the Go evaluator against the
	// reference), what the comparisons left out and why.
	LeftOut map[string][]diff.Left `json:"leftOut,omitempty"`
	// Reduction is what reducing new signatures took, and how many were left unreduced
	// because the campaign's budget was spent.
	Reduction ReportReduction `json:"reduction"`
}

// ReportReduction is the reduction work of a campaign.
type ReportReduction struct {
	Candidates  int   `json:"candidates"`
	ElapsedMs   int64 `json:"elapsedMs"`
	BudgetSpent int   `json:"unreducedForBudget"`
}

// ReportSignature is one divergence bucket.
type ReportSignature struct {
	Signature string `json:"signature"`
	Count     int    `json:"count"`
	FirstCase int    `json:"firstCase"`
	// Replay replays the first case; File is the entry written for it ("" when none,
	// Note says why), ReplayEntry the commands that replay the entry.
	Replay      string `json:"replay"`
	File        string `json:"file,omitempty"`
	ReplayEntry string `json:"replayEntry,omitempty"`
	Note        string `json:"note,omitempty"`
	Program     string `json:"program,omitempty"`
	// Attribution is the bucket's attribution (with --cross-check), AttributionText says
	// it in words; Implementation names the external implementation whose divergence
	// from the reference the bucket is (--impl).
	Attribution     diff.Attribution `json:"attribution,omitempty"`
	AttributionText string           `json:"attributionText,omitempty"`
	Implementation  string           `json:"implementation,omitempty"`
	// Derived says how guided fuzzing derived the first case (its replay is the entry).
	Derived string `json:"derived,omitempty"`
}

// ReportCase is one case with its replay command.
type ReportCase struct {
	Case   int    `json:"case"`
	Replay string `json:"replay"`
}

// NewReport builds the report of s, a summary of a campaign run with opts.
func NewReport(s *Summary, opts Options, interrupted bool) Report {
	r := Report{
		Seed: s.Seed, Start: s.Start, Count: s.Count, Interrupted: interrupted,
		Summary: ReportSummary{
			Cases: s.Cases(), Agree: s.Verdicts[diff.Agree], Diverged: s.Verdicts[diff.Diverge],
			Inconclusive: s.Verdicts[diff.Inconclusive], Timeouts: s.Timeouts, Retried: s.Retried,
			Abandoned: s.Abandoned, ValidMode: s.ValidMode, ValidPass: s.ValidPass, InvalidMode: s.InvalidMode,
			Signatures: len(s.Buckets), Workers: s.Workers, ElapsedMs: s.Elapsed.Milliseconds(), CasesPerSecond: s.Rate(),
			Coverage: s.Coverage, Curve: append([]CurvePoint{}, s.Curve...), Pool: s.Pool, Derived: s.Derived,
		},
		Signatures: []ReportSignature{},
		Timeouts:   []ReportCase{},
		Files:      []string{},
	}
	if s.Shard.N > 1 {
		r.Shard = &ReportShard{K: s.Shard.K, N: s.Shard.N}
	}
	if s.CrossChecked {
		counts := s.Attribution
		r.Summary.Attribution = &counts
	}
	r.Summary.Implementations = s.Implementations
	if len(s.Scopes) > 0 {
		r.Summary.LeftOut = map[string][]diff.Left{}
		for name, sc := range s.Scopes {
			r.Summary.LeftOut[name] = sc.LeftOut()
		}
	}
	r.Summary.Reduction = ReportReduction{Candidates: s.ReducedCandidates, ElapsedMs: s.ReducedTime.Milliseconds(), BudgetSpent: s.BudgetSpent}
	for _, b := range s.Buckets {
		rs := ReportSignature{Signature: b.Signature, Count: b.Count, FirstCase: b.First, Replay: opts.Replay(b.First),
			File: b.File, Note: b.Note, Program: b.Program,
			Attribution: b.Attribution, AttributionText: b.Attribution.Explain(), Implementation: b.Implementation}
		if s.CrossChecked {
			rs.Replay += " --cross-check"
		}
		if b.Derived != "" {
			rs.Derived = b.Derived
			rs.Replay = "(derived by guided fuzzing: replay the entry)"
		}
		if b.Implementation != "" {
			spec := opts.Impls[b.Implementation]
			if spec == "" {
				spec = b.Implementation + "=COMMAND"
			}
			rs.Replay += " --impl " + harness.ShellQuote(spec)
		}
		if b.File != "" {
			first := harness.ReplayCommand("go", b.File, "")
			if b.Implementation != "" {
				first = harness.ExtraReplayCommand(b.Implementation, opts.Impls[b.Implementation], b.File)
			}
			rs.ReplayEntry = first + " ; " + harness.ReplayCommand("ref", b.File, opts.RefPath)
			r.Files = append(r.Files, b.File)
		}
		r.Signatures = append(r.Signatures, rs)
	}
	for _, i := range s.TimeoutCases {
		r.Timeouts = append(r.Timeouts, ReportCase{Case: i, Replay: opts.Replay(i)})
	}
	return r
}

// WriteJSON writes r as one indented JSON document.
func (r Report) WriteJSON(w io.Writer) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(r)
}

// JUnit converts r: one test suite, one failing test case per divergence signature and
// per timed-out case (with the replay commands), and one test case for the campaign as a
// whole, which fails when anything diverged or timed out — so that a report of a clean
// campaign is not empty.
func (r Report) JUnit() junit.Testsuites {
	name := fmt.Sprintf("a0diff fuzz --seed %d", r.Seed)
	if r.Shard != nil {
		name += fmt.Sprintf(" --shard %d/%d", r.Shard.K, r.Shard.N)
	}
	seconds := fmt.Sprintf("%.3f", float64(r.Summary.ElapsedMs)/1000)
	suite := junit.Testsuite{Name: name, Time: seconds}
	whole := junit.Testcase{Name: "campaign", Classname: "fuzz", Time: seconds}
	external := 0
	for _, n := range r.Summary.Implementations {
		external += n.Diverged
	}
	if r.Summary.Diverged > 0 || r.Summary.Timeouts > 0 || external > 0 {
		msg := fmt.Sprintf("%d of %d cases diverged (%d signatures), %d timed out on one side", r.Summary.Diverged, r.Summary.Cases, r.Summary.Signatures, r.Summary.Timeouts)
		if external > 0 {
			msg += fmt.Sprintf("; external implementations diverged from the reference on %d cases", external)
		}
		whole.Failure = &junit.Result{Type: "divergence", Message: msg}
	}
	suite.AddTestcase(whole)
	for _, name := range sortedNames(r.Summary.Implementations) {
		n := r.Summary.Implementations[name]
		suite.AddProperty("implementation."+name+".agree", fmt.Sprint(n.Agree))
		suite.AddProperty("implementation."+name+".diverged", fmt.Sprint(n.Diverged))
		suite.AddProperty("implementation."+name+".notCompared", fmt.Sprint(n.NotCompared))
	}
	for _, name := range sortedNames(r.Summary.LeftOut) {
		var parts []string
		for _, l := range r.Summary.LeftOut[name] {
			parts = append(parts, l.What+" ("+l.Why+")")
		}
		suite.AddProperty("leftOut."+name, harness.XMLSafe(strings.Join(parts, ", ")))
	}
	for _, s := range r.Signatures {
		var data strings.Builder
		fmt.Fprintf(&data, "signature: %s\ncases: %d, first case %d\nreplay: %s\n", s.Signature, s.Count, s.FirstCase, s.Replay)
		if s.AttributionText != "" {
			fmt.Fprintf(&data, "attribution: %s\n", s.AttributionText)
		}
		if s.Implementation != "" {
			fmt.Fprintf(&data, "implementation: %s diverges from the reference\n", s.Implementation)
		}
		if s.File != "" {
			fmt.Fprintf(&data, "entry: %s\nreplay the entry: %s\n", s.File, s.ReplayEntry)
		}
		if s.Note != "" {
			fmt.Fprintf(&data, "note: %s\n", s.Note)
		}
		if s.Program != "" {
			fmt.Fprintf(&data, "program:\n%s\n", s.Program)
		}
		suite.AddTestcase(junit.Testcase{
			Name: harness.XMLSafe(s.Signature), Classname: "fuzz.divergence",
			Failure: &junit.Result{Type: signatureType(s), Message: harness.XMLSafe(fmt.Sprintf("%d cases, first case %d", s.Count, s.FirstCase)), Data: harness.XMLSafe(data.String())},
		})
	}
	for _, c := range r.Timeouts {
		suite.AddTestcase(junit.Testcase{
			Name: fmt.Sprintf("case %d", c.Case), Classname: "fuzz.timeout",
			Failure: &junit.Result{Type: "timeout", Message: "one side timed out, also with a longer deadline", Data: "replay: " + c.Replay + "\n"},
		})
	}
	var suites junit.Testsuites
	suites.AddSuite(suite)
	suites.Name = "a0diff fuzz"
	suites.Time = seconds
	return suites
}

// signatureType is a bucket's JUnit failure type: "divergence", "divergence: ATTRIBUTION"
// with --cross-check, "implementation" for an external implementation's divergence.
func signatureType(s ReportSignature) string {
	switch {
	case s.Implementation != "":
		return "implementation"
	case s.Attribution != "":
		return "divergence: " + string(s.Attribution)
	}
	return "divergence"
}

// WriteJUnit writes r as a JUnit XML report.
func (r Report) WriteJUnit(w io.Writer) error {
	if _, err := io.WriteString(w, `<?xml version="1.0" encoding="UTF-8"?>`+"\n"); err != nil {
		return err
	}
	suites := r.JUnit()
	return suites.WriteXML(w)
}

func sortedNames[V any](m map[string]V) []string {
	names := make([]string, 0, len(m))
	for k := range m {
		names = append(names, k)
	}
	sort.Strings(names)
	return names
}
