// Package gen generates A0 test cases for differential testing: programs (runtime/ast
// trees printed with ast.Print) together with the host configuration they run under
// (allowed capabilities, virtual files, HTTP and shell fixtures, budgets).
//
// One generator serves every driver. It draws each decision from a Chooser: RandChooser
// wraps a *math/rand.Rand (gopter's GenParameters.Rng, or a per-case source derived from
// a seed and a case index by CaseRand), ByteChooser reads decisions from a byte slice (the
// input of a native `go test -fuzz` target; an exhausted input answers 0 forever). Every
// decision is arranged so that the answer 0 is the simplest choice, so any byte string,
// including the empty one, yields a small valid program.
//
// Generated programs are scope-aware (only bound names are referenced, functions are
// declared before use and never call each other in a cycle; recursion is guarded by a
// decreasing counter), mostly well typed with a tunable share of deliberate type errors,
// and biased towards the JavaScript pitfalls of spec §10 (record key order, number
// formatting, UTF-16 strings, special numbers, __proto__), and probes (probes.go) put text
// whose bytes and UTF-16 code units differ into every text channel. Every feature is on
// by default; each case keeps them all or switches a few off (Options.DropPercent), or a
// random half (Options.Swarm). Without FeatProto programs stay inside the portable subset
// of spec Appendix D; with FeatLimits a share of the cases run under small harness limits
// (limits.go). In invalid mode a valid program is mutated, token by token or in the tree, so
// that lexer, parser and validator diagnostics are exercised.
//
// Arbitrary is the gopter generator (with a shrinker that drops statements and simplifies
// expressions, through the edit enumerations of package ast); minimising a case against
// a property is package reduce's (reduce.Minimize): there is one reducer. A case is
// written as a corpus entry by corpus.Draft and corpus.WriteNew.
package gen
