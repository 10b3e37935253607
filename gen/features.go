package gen

import (
	"fmt"
	"strings"
)

// Features is a set of language areas a generated program may use. Swarm testing gives
// each case a random subset: a program that cannot use loops uses the other constructs
// more, which finds bugs that a uniform mix dilutes.
type Features uint32

const (
	// FeatFunctions: user function declarations and direct calls.
	FeatFunctions Features = 1 << iota
	// FeatRecursion: self-recursive functions guarded by a decreasing counter.
	FeatRecursion
	// FeatRegistry: a nested declaration reusing the name of a function declared in
	// another scope (the global function registry of §5.10), and callbacks named by a
	// computed string.
	FeatRegistry
	// FeatLoops: for, block filter and loop.
	FeatLoops
	// FeatHigherOrder: map, filter with fn:, reduce.
	FeatHigherOrder
	// FeatControl: the inline and block if, and match.
	FeatControl
	// FeatTry: try/catch.
	FeatTry
	// FeatEvidence: assert and check.
	FeatEvidence
	// FeatTools: the six tools, capability headers and fixtures.
	FeatTools
	// FeatBudget: a budget header with small limits.
	FeatBudget
	// FeatSpread: spread entries in record literals, duplicate keys.
	FeatSpread
	// FeatPitfalls: literals biased towards the JavaScript pitfalls of spec §10.
	FeatPitfalls
	// FeatWrongTypes: deliberately ill-typed operands and arguments.
	FeatWrongTypes
	// FeatStrings: the str.* functions, join, string operators.
	FeatStrings
	// FeatData: parse.json, get, put, patch and the record functions.
	FeatData
	// FeatLists: the list functions (sort, range, unique, …).
	FeatLists
	// FeatTargets: `-> target` bindings, also dotted ones.
	FeatTargets
	// FeatLayout: the program text laid out at random (line breaks, tabs, CR LF,
	// comments between tokens) instead of canonically, for span columns and lines.
	FeatLayout
	// FeatProto: "__proto__" keys in record literals, argument records, put and patch,
	// with records, lists, function values, null and primitives as values, and reads of
	// the keys a list or function prototype brings (spec §10.2). Programs with it leave
	// the portable subset of Appendix D; leave it out ("--features" without proto) for an
	// implementation that does not model prototypes.
	FeatProto
	// FeatLimits: the harness limits (outcome.Limits: maxSteps, maxDepth, maxSize) drawn
	// small in a share of the cases, so that they trip inside loops, callbacks,
	// recursion, sort and tool calls (limits.go).
	FeatLimits

	featEnd
)

// AllFeatures enables every feature.
const AllFeatures = featEnd - 1

var featureNames = []string{
	"functions", "recursion", "registry", "loops", "higher-order", "control", "try",
	"evidence", "tools", "budget", "spread", "pitfalls", "wrong-types", "strings", "data",
	"lists", "targets", "layout", "proto", "limits",
}

// Has reports whether every feature of x is in f.
func (f Features) Has(x Features) bool { return f&x == x }

// String lists the enabled features by name, comma-separated ("all" for AllFeatures,
// "none" for the empty set).
func (f Features) String() string {
	if f == 0 {
		return "none"
	}
	var names []string
	rest := f
	if f.Has(AllFeatures) {
		names, rest = append(names, "all"), f&^AllFeatures
	}
	for i, n := range featureNames {
		if rest.Has(1 << i) {
			names = append(names, n)
		}
	}
	return strings.Join(names, ",")
}

// ParseFeatures parses a comma-separated list of feature names, where "all" stands for
// AllFeatures, or "none". A name after "-" is left out: "all,-proto,-limits" (or just
// "-proto,-limits") is every feature but those two.
func ParseFeatures(s string) (Features, error) {
	s = strings.TrimSpace(s)
	switch s {
	case "all", "":
		return AllFeatures, nil
	case "none":
		return 0, nil
	}
	var f Features
	parts := strings.Split(s, ",")
	onlyMinus := true
	for _, part := range parts {
		onlyMinus = onlyMinus && strings.HasPrefix(strings.TrimSpace(part), "-")
	}
	if onlyMinus {
		f = AllFeatures // "-proto" is every feature but proto
	}
	for _, part := range parts {
		part = strings.TrimSpace(part)
		if part == "all" {
			f |= AllFeatures
			continue
		}
		name, minus := strings.CutPrefix(part, "-")
		found := false
		for i, n := range featureNames {
			if n == name {
				if minus {
					f &^= 1 << i
				} else {
					f |= 1 << i
				}
				found = true
			}
		}
		if !found {
			return 0, fmt.Errorf("unknown feature %q (known: %s)", part, strings.Join(featureNames, ", "))
		}
	}
	return f, nil
}

// swarm picks a random subset of f for Options.Swarm: every feature is kept with
// probability 1/2 (an exhausted ByteChooser keeps none).
func swarm(ch Chooser, f Features) Features {
	var out Features
	for i := range featureNames {
		bit := Features(1) << i
		if f.Has(bit) && ch.Intn(2) == 1 {
			out |= bit
		}
	}
	return out
}

// thin is the default per-case selection (Options.Swarm unset): a quarter of the cases
// keep every feature of f, the others switch each feature off with probability
// dropPercent/100, so that rare features still meet each other without the ones they
// crowd out (swarm testing, lightly). An exhausted ByteChooser keeps every feature.
func thin(ch Chooser, f Features, dropPercent int) Features {
	if dropPercent <= 0 || ch.Intn(4) == 0 {
		return f
	}
	out := f
	for i := range featureNames {
		if bit := Features(1) << i; f.Has(bit) && ch.Intn(100) >= 100-dropPercent {
			out &^= bit
		}
	}
	return out
}
