package diff

import (
	"fmt"
	"slices"
	"strings"

	"github.com/a0diff/a0diff/runtime/outcome"
)

// Aspect is one part of an Outcome a comparison can leave out. How a run ended (its
// status: ok, crash, timeout, resource) is always compared.
type Aspect string

// The aspects, in the order summaries list them. "errors" and "trace" name groups
// (every aspect under them); "all" names every aspect.
const (
	AspectExit          Aspect = "exit"           // the exit code
	AspectValue         Aspect = "value"          // the result value
	AspectErrorsCode    Aspect = "errors.code"    // which diagnostics, by code (and how many)
	AspectErrorsMessage Aspect = "errors.message" // their message texts
	AspectErrorsSpan    Aspect = "errors.span"    // their spans
	AspectErrorsHint    Aspect = "errors.hint"    // their hints
	AspectErrorsDetails Aspect = "errors.details" // their details records
	AspectEvidence      Aspect = "evidence"       // the evidence records
	AspectTraceEvent    Aspect = "trace.event"    // the trace: which events, in order
	AspectTraceSpan     Aspect = "trace.span"     // the events' spans
	AspectTraceData     Aspect = "trace.data"     // the events' data
	AspectToolCalls     Aspect = "toolCalls"      // what the hermetic tool kit saw
)

// Aspects lists every aspect.
var Aspects = []Aspect{
	AspectExit, AspectValue,
	AspectErrorsCode, AspectErrorsMessage, AspectErrorsSpan, AspectErrorsHint, AspectErrorsDetails,
	AspectEvidence, AspectTraceEvent, AspectTraceSpan, AspectTraceData, AspectToolCalls,
}

// Scope is what a comparison compares: a set of aspects, and the harness limits the
// implementation under test does not enforce. The zero Scope is not useful; Full
// compares everything (the default of the built-in implementations).
type Scope struct {
	out map[Aspect]string // aspects left out → why
	// unenforced maps a deterministic harness limit (outcome.LimitSteps, …) the
	// implementation does not enforce to why it is left out.
	unenforced map[outcome.LimitName]string
}

// Full compares every aspect.
var Full = Scope{}

// Left is one thing a Scope leaves out, and why.
type Left struct {
	What string `json:"what"` // an Aspect, or "limit maxSteps" (…)
	Why  string `json:"why"`  // "chosen with --compare", "declared by NAME"
}

// ParseAspects reads a comma-separated list of aspects and groups (the --compare flag,
// a hello's "unmodelled" member joined). Unknown names are an error naming them.
func ParseAspects(list string) ([]Aspect, error) {
	var out []Aspect
	for _, name := range strings.Split(list, ",") {
		name = strings.TrimSpace(name)
		if name == "" {
			continue
		}
		as := expand(name)
		if as == nil {
			return nil, fmt.Errorf("unknown aspect %q (known: all, errors, trace, %s)", name, joinAspects(Aspects))
		}
		out = append(out, as...)
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("no aspect named (known: all, errors, trace, %s)", joinAspects(Aspects))
	}
	return out, nil
}

func expand(name string) []Aspect {
	switch name {
	case "all":
		return Aspects
	case "errors", "trace":
		var out []Aspect
		for _, a := range Aspects {
			if strings.HasPrefix(string(a), name+".") {
				out = append(out, a)
			}
		}
		return out
	case "exitCode":
		return []Aspect{AspectExit}
	}
	if slices.Contains(Aspects, Aspect(name)) {
		return []Aspect{Aspect(name)}
	}
	return nil
}

func joinAspects(as []Aspect) string {
	s := make([]string, len(as))
	for i, a := range as {
		s[i] = string(a)
	}
	return strings.Join(s, ", ")
}

// CompareScope is the Scope the --compare flag's list chooses: Full when the list is
// empty, else Full narrowed to the aspects listed, "chosen with --compare". Its error
// names the flag.
func CompareScope(list string) (Scope, error) {
	if list == "" {
		return Full, nil
	}
	as, err := ParseAspects(list)
	if err != nil {
		return Full, fmt.Errorf("--compare: %v", err)
	}
	return Full.Only(as, "chosen with --compare"), nil
}

// Only returns s narrowed to the aspects listed: every other one is left out for why.
func (s Scope) Only(compared []Aspect, why string) Scope {
	var out []Aspect
	for _, a := range Aspects {
		if !slices.Contains(compared, a) {
			out = append(out, a)
		}
	}
	return s.Without(out, why)
}

// Without returns s with the aspects listed left out for why (an aspect already left
// out keeps its first reason).
func (s Scope) Without(aspects []Aspect, why string) Scope {
	n := s.clone()
	for _, a := range aspects {
		if _, done := n.out[a]; !done {
			n.out[a] = why
		}
	}
	return n
}

// WithoutLimits returns s for an implementation that does not enforce the harness
// limits listed (names of outcome's limits; others are ignored): a run the other side
// ended at one of them is out of scope.
func (s Scope) WithoutLimits(limits []outcome.LimitName, why string) Scope {
	n := s.clone()
	for _, l := range limits {
		if outcome.DeterministicLimit(l) {
			if _, done := n.unenforced[l]; !done {
				n.unenforced[l] = why
			}
		}
	}
	return n
}

func (s Scope) clone() Scope {
	n := Scope{out: map[Aspect]string{}, unenforced: map[outcome.LimitName]string{}}
	for k, v := range s.out {
		n.out[k] = v
	}
	for k, v := range s.unenforced {
		n.unenforced[k] = v
	}
	return n
}

// Compares reports whether a is in scope.
func (s Scope) Compares(a Aspect) bool {
	_, out := s.out[a]
	return !out
}

// IsFull reports whether s compares everything.
func (s Scope) IsFull() bool { return len(s.out) == 0 && len(s.unenforced) == 0 }

// LeftOut lists what s leaves out, aspects first (in Aspects order), then limits.
func (s Scope) LeftOut() []Left {
	var out []Left
	for _, a := range Aspects {
		if why, ok := s.out[a]; ok {
			out = append(out, Left{What: string(a), Why: why})
		}
	}
	var limits []string
	for l := range s.unenforced {
		limits = append(limits, string(l))
	}
	slices.Sort(limits)
	for _, l := range limits {
		out = append(out, Left{What: "limit " + l, Why: s.unenforced[outcome.LimitName(l)]})
	}
	return out
}

// String is a one-line account of what s leaves out ("" for Full), e.g.
// "left out: trace.data (declared by port), errors.message (chosen with --compare)".
func (s Scope) String() string {
	left := s.LeftOut()
	if len(left) == 0 {
		return ""
	}
	// Group by reason, keeping the order of first appearance.
	var whys []string
	byWhy := map[string][]string{}
	for _, l := range left {
		if _, ok := byWhy[l.Why]; !ok {
			whys = append(whys, l.Why)
		}
		byWhy[l.Why] = append(byWhy[l.Why], l.What)
	}
	parts := make([]string, len(whys))
	for i, w := range whys {
		parts[i] = strings.Join(byWhy[w], ", ") + " (" + w + ")"
	}
	return "left out: " + strings.Join(parts, "; ")
}

// OutOfScope reports whether the comparison of impl (an implementation under s) with
// ref has nothing in scope to compare: the reference ended the run at a deterministic
// harness limit the implementation does not enforce (whatever the implementation did
// then — ran on to the deadline, ran out of stack or memory, finished — is no
// divergence). It is cheap, so a caller can skip running impl when the reference's
// Outcome is known first.
func (s Scope) OutOfScope(ref outcome.Outcome) bool {
	if ref.Status != outcome.StatusResource {
		return false
	}
	_, out := s.unenforced[ref.Limit]
	return out
}

// Mask returns o without the aspects s leaves out (they become absent or zero on both
// sides of a comparison, so they cannot differ). o is not modified.
func (s Scope) Mask(o outcome.Outcome) outcome.Outcome {
	if len(s.out) == 0 {
		return o
	}
	if !s.Compares(AspectExit) {
		o.ExitCode = 0
	}
	if !s.Compares(AspectValue) {
		o.Value, o.HasValue = nil, false
	}
	errorAspects := []Aspect{AspectErrorsCode, AspectErrorsMessage, AspectErrorsSpan, AspectErrorsHint, AspectErrorsDetails}
	if !slices.ContainsFunc(errorAspects, s.Compares) {
		o.Errors = nil
	} else if len(o.Errors) > 0 {
		errs := slices.Clone(o.Errors)
		for i := range errs {
			d := &errs[i]
			if !s.Compares(AspectErrorsCode) {
				d.Code = ""
			}
			if !s.Compares(AspectErrorsMessage) {
				d.Message = ""
			}
			if !s.Compares(AspectErrorsSpan) {
				d.Span = nil
			}
			if !s.Compares(AspectErrorsHint) {
				d.Hint = ""
			}
			if !s.Compares(AspectErrorsDetails) {
				d.Details = nil
			}
		}
		o.Errors = errs
	}
	if !s.Compares(AspectEvidence) {
		o.Evidence = nil
	}
	if !s.Compares(AspectTraceEvent) {
		o.Trace = nil
	} else if len(o.Trace) > 0 && (!s.Compares(AspectTraceSpan) || !s.Compares(AspectTraceData)) {
		trace := slices.Clone(o.Trace)
		for i := range trace {
			if !s.Compares(AspectTraceSpan) {
				trace[i].Span = nil
			}
			if !s.Compares(AspectTraceData) {
				trace[i].Data = nil
			}
		}
		o.Trace = trace
	}
	if !s.Compares(AspectToolCalls) {
		o.ToolCalls = nil
	}
	return o
}

// OutOfScope is the Verdict of a comparison with nothing in scope (Scope.OutOfScope).
const OutOfScope Verdict = "out-of-scope"

// CompareIn compares impl's Outcome (on the Go side of the Result) with the
// reference's within s: what s leaves out is never a divergence, and a run the
// reference ended at a limit impl does not enforce is OutOfScope.
func CompareIn(s Scope, impl, ref outcome.Outcome) Result {
	if s.IsFull() {
		return Compare(impl, ref)
	}
	if s.OutOfScope(ref) {
		return Result{Verdict: OutOfScope}
	}
	return Compare(s.Mask(impl), s.Mask(ref))
}

// ComparesCategory reports whether s compares any aspect divergences of category c are
// about (crash, timeout and resource always are).
func (s Scope) ComparesCategory(c Category) bool {
	switch c {
	case CatExit:
		return s.Compares(AspectExit)
	case CatValue:
		return s.Compares(AspectValue)
	case CatEvidence:
		return s.Compares(AspectEvidence)
	case CatToolCalls:
		return s.Compares(AspectToolCalls)
	case CatErrors, CatTrace:
		for _, a := range Aspects {
			if strings.HasPrefix(string(a), string(c)+".") && s.Compares(a) {
				return true
			}
		}
		return false
	}
	return true
}
