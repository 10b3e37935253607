package outcome

import "strings"

// This file holds the two tables of names every package and document shares: the
// harness limits and the trace event types. A name is typed, so a misspelt one is a
// compile error rather than a comparison that never matches; the tables are the one
// list of each (doc/a0.md, "Harness limits" and §6.2, is checked against them by
// TestNamesMatchTheReference).

// LimitName names a harness limit (doc/a0.md, "Harness limits"): the Limit of a
// StatusResource Outcome, a key of the bundle ABI's configJSON.limits and of the worker
// protocol's config.limits, and what a worker's hello or a bundle's A0Reference.limits
// says it honours.
type LimitName string

const (
	LimitSteps   LimitName = "maxSteps"
	LimitDepth   LimitName = "maxDepth"
	LimitSize    LimitName = "maxSize"
	LimitNesting LimitName = "maxNesting"
	LimitTimeout LimitName = "timeout"
)

// HarnessLimit is one row of the table of harness limits.
type HarnessLimit struct {
	Name LimitName
	// Deterministic: the limit trips at the same point of a program on every conforming
	// implementation (see DeterministicLimit).
	Deterministic bool
	// ByImplementation: the implementation enforces it, so a bundle or worker says
	// whether it does (A0Reference.limits, the hello's limits). The timeout is the host's:
	// the supervisor or the goja host stops a run at its deadline whatever the
	// implementation does, and it is not passed to the reference.
	ByImplementation bool
	// Count is the field of Limits that sets a limit counted in steps, calls or nodes
	// (what a corpus entry's `@limit NAME N` sets); nil for the parsers' fixed nesting
	// bound and for the timeout (a duration: Limits.Timeout, `@timeout`).
	Count func(*Limits) *int
}

// HarnessLimits is the table of the harness limits, in the order messages list them.
// The parsers' nesting bound (syntax.MaxNestingDepth) is fixed, the others are fields of
// Limits.
var HarnessLimits = []HarnessLimit{
	{Name: LimitSteps, Deterministic: true, ByImplementation: true, Count: func(l *Limits) *int { return &l.MaxSteps }},
	{Name: LimitDepth, Deterministic: true, ByImplementation: true, Count: func(l *Limits) *int { return &l.MaxDepth }},
	{Name: LimitSize, Deterministic: true, ByImplementation: true, Count: func(l *Limits) *int { return &l.MaxSize }},
	{Name: LimitNesting, Deterministic: true, ByImplementation: true},
	{Name: LimitTimeout},
}

// LimitNames returns the names of the harness limits for which keep is true, in table
// order (all of them when keep is nil).
func LimitNames(keep func(HarnessLimit) bool) []LimitName {
	var out []LimitName
	for _, l := range HarnessLimits {
		if keep == nil || keep(l) {
			out = append(out, l.Name)
		}
	}
	return out
}

// ImplementationLimits are the names of the limits an implementation enforces itself
// (HarnessLimit.ByImplementation): what a bundle may declare in A0Reference.limits.
func ImplementationLimits() []LimitName {
	return LimitNames(func(l HarnessLimit) bool { return l.ByImplementation })
}

// CountedLimit returns the row of the limit called name that a count sets (Count is
// not nil), and whether there is one.
func CountedLimit(name string) (HarnessLimit, bool) {
	for _, l := range HarnessLimits {
		if string(l.Name) == name && l.Count != nil {
			return l, true
		}
	}
	return HarnessLimit{}, false
}

// DeterministicLimit reports whether name is a limit that trips at the same point of a
// program on every conforming implementation, so that two runs it ended are compared
// like finished runs (package diff) and their partial outcomes can be pinned (package
// corpus): maxSteps and maxDepth are counted in A0's own terms (trace events, nested
// calls), maxSize on the values A0 operations produce (at the points Limits names) and
// maxNesting in the parser's terms (nested expressions), all before any engine detail.
// Runs ended by an engine's own stack (goja's call stack, the Go evaluator's frame
// bound: Limit "") or by the deadline stop at engine-specific points and are not
// compared.
func DeterministicLimit(name LimitName) bool {
	for _, l := range HarnessLimits {
		if l.Name == name {
			return l.Deterministic
		}
	}
	return false
}

// EventName is the type of a trace event (spec §6.2): Event.Event.
type EventName string

const (
	EventRunStart       EventName = "run_start"
	EventRunEnd         EventName = "run_end"
	EventStmtStart      EventName = "stmt_start"
	EventStmtEnd        EventName = "stmt_end"
	EventToolStart      EventName = "tool_start"
	EventToolEnd        EventName = "tool_end"
	EventEvidence       EventName = "evidence"
	EventBudgetExceeded EventName = "budget_exceeded"
	EventForStart       EventName = "for_start"
	EventForEnd         EventName = "for_end"
	EventFilterStart    EventName = "filter_start"
	EventFilterEnd      EventName = "filter_end"
	EventLoopStart      EventName = "loop_start"
	EventLoopEnd        EventName = "loop_end"
	EventMapStart       EventName = "map_start"
	EventMapEnd         EventName = "map_end"
	EventReduceStart    EventName = "reduce_start"
	EventReduceEnd      EventName = "reduce_end"
	EventFnCallStart    EventName = "fn_call_start"
	EventFnCallEnd      EventName = "fn_call_end"
	EventMatchStart     EventName = "match_start"
	EventMatchEnd       EventName = "match_end"
)

// EventNames is the table of the 22 trace event types, in the order of spec §6.2.
var EventNames = []EventName{
	EventRunStart, EventRunEnd, EventStmtStart, EventStmtEnd, EventToolStart, EventToolEnd,
	EventEvidence, EventBudgetExceeded, EventForStart, EventForEnd, EventFilterStart,
	EventFilterEnd, EventLoopStart, EventLoopEnd, EventMapStart, EventMapEnd,
	EventReduceStart, EventReduceEnd, EventFnCallStart, EventFnCallEnd, EventMatchStart,
	EventMatchEnd,
}

// JoinLimitNames joins names with sep, for messages.
func JoinLimitNames(names []LimitName, sep string) string {
	s := make([]string, len(names))
	for i, n := range names {
		s[i] = string(n)
	}
	return strings.Join(s, sep)
}
