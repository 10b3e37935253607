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
	// the keys a list or function prototype brings (spec §10.2, Appendix D). Opt-in: not
	// part of AllFeatures; ask for it with "all,proto".
	FeatProto

	featEnd
)

// AllFeatures enables every feature that is not opt-in.
const AllFeatures = (featEnd - 1) &^ optInFeatures

// optInFeatures are only enabled when named.
const optInFeatures = FeatProto

var featureNames = []string{
	"functions", "recursion", "registry", "loops", "higher-order", "control", "try",
	"evidence", "tools", "budget", "spread", "pitfalls", "wrong-types", "strings", "data",
	"lists", "targets", "layout", "proto",
}

// Has reports whether every feature of x is in f.
func (f Features) Has(x Features) bool { return f&x == x }

// String lists the enabled features by name, comma-separated ("all" for AllFeatures,
// followed by any opt-in features; "none" for the empty set).
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
// AllFeatures (so "all,proto" adds an opt-in feature), or "none".
func ParseFeatures(s string) (Features, error) {
	s = strings.TrimSpace(s)
	switch s {
	case "all", "":
		return AllFeatures, nil
	case "none":
		return 0, nil
	}
	var f Features
	for _, part := range strings.Split(s, ",") {
		part = strings.TrimSpace(part)
		if part == "all" {
			f |= AllFeatures
			continue
		}
		found := false
		for i, n := range featureNames {
			if n == part {
				f |= 1 << i
				found = true
			}
		}
		if !found {
			return 0, fmt.Errorf("unknown feature %q (known: %s)", part, strings.Join(featureNames, ", "))
		}
	}
	return f, nil
}

// swarm picks a random subset of f: every feature is kept with probability 1/2 (an
// exhausted ByteChooser keeps none).
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
