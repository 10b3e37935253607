// Package locale is String.prototype.localeCompare as V8 (ICU's root collation) orders
// the strings A0 programs sort (spec §8.4), computed as the reference computes it in goja
// and in node: the string rewritten by fold (the digits of other scripts as ASCII digits,
// lone surrogates, U+FFFD and U+FFFF as unassigned stand-ins; reference/ts/src/collate.ts),
// then the golang.org/x/text root collator on NFD text, which is goja's localeCompare. It
// is its own package so that the value model, and the shared vocabulary above it
// (runtime/outcome), do not carry the collation tables: only the stdlib's sort needs them.
package locale

import (
	"sync"

	"github.com/a0diff/a0diff/runtime/value"

	"golang.org/x/text/collate"
	"golang.org/x/text/language"
	"golang.org/x/text/unicode/norm"
)

// collators hands each goroutine its own root collator: a collate.Collator keeps
// scratch buffers and is not safe for concurrent use.
var collators = sync.Pool{New: func() any { return collate.New(language.Und) }}

// Compare is String.prototype.localeCompare as the reference computes it (-1, 0, 1):
// both strings rewritten by fold, normalised to NFD and compared with the
// golang.org/x/text/collate root collator (what goja's localeCompare does with the
// rewritten strings).
func Compare(a, b string) int {
	if a == b {
		return 0
	}
	return CompareNormalized(Normalize(a), Normalize(b))
}

// Normalize prepares s for CompareNormalized: the reference's rewrite (fold), then what
// goja does to each operand of localeCompare before collating. Sorting normalises every
// key once this way.
func Normalize(s string) string { return norm.NFD.String(value.ToUTF8(fold(s))) }

// SortKey returns the collation key of s: a byte string whose bytewise order
// (strings.Compare) is the Compare order, equal keys included. Sorting computes
// one key per element instead of collating both strings at every comparison. The key
// is the root collator's key of the Normalize form; that comparing such keys gives
// exactly CompareString's result is checked on random strings in collate_test.go.
func SortKey(s string) string {
	k := keyMakers.Get().(*keyMaker)
	key := string(k.c.KeyFromString(&k.buf, Normalize(s)))
	k.buf.Reset()
	keyMakers.Put(k)
	return key
}

// keyMaker is a collator with the scratch buffer its keys are built in (4 KB, kept
// with the collator instead of allocated per key).
type keyMaker struct {
	c   *collate.Collator
	buf collate.Buffer
}

var keyMakers = sync.Pool{New: func() any { return &keyMaker{c: collate.New(language.Und)} }}

// CompareNormalized is Compare on strings already passed through
// Normalize.
func CompareNormalized(a, b string) int {
	if a == b {
		return 0
	}
	c := collators.Get().(*collate.Collator)
	r := c.CompareString(a, b)
	collators.Put(c)
	return r
}
