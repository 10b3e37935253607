package value

import (
	"sync"

	"golang.org/x/text/collate"
	"golang.org/x/text/language"
	"golang.org/x/text/unicode/norm"
)

// collators hands each goroutine its own root collator: a collate.Collator keeps
// scratch buffers and is not safe for concurrent use.
var collators = sync.Pool{New: func() any { return collate.New(language.Und) }}

// LocaleCompare is String.prototype.localeCompare as the reference sees it in goja
// (-1, 0, 1): goja converts both strings to UTF-8 — a lone surrogate becomes U+FFFD —
// normalises them to NFD and compares them with the golang.org/x/text/collate root
// collator.
func LocaleCompare(a, b string) int {
	if a == b {
		return 0
	}
	return LocaleCompareNormalized(LocaleNormalize(a), LocaleNormalize(b))
}

// LocaleNormalize prepares s for LocaleCompareNormalized: what goja does to each operand
// of localeCompare before collating. Sorting normalises every key once this way.
func LocaleNormalize(s string) string { return norm.NFD.String(ToUTF8(s)) }

// LocaleSortKey returns the collation key of s: a byte string whose bytewise order
// (strings.Compare) is the LocaleCompare order, equal keys included. Sorting computes
// one key per element instead of collating both strings at every comparison. The key
// is the root collator's key of the LocaleNormalize form; that comparing such keys gives
// exactly CompareString's result is checked on random strings in collate_test.go.
func LocaleSortKey(s string) string {
	k := keyMakers.Get().(*keyMaker)
	key := string(k.c.KeyFromString(&k.buf, LocaleNormalize(s)))
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

// LocaleCompareNormalized is LocaleCompare on strings already passed through
// LocaleNormalize.
func LocaleCompareNormalized(a, b string) int {
	if a == b {
		return 0
	}
	c := collators.Get().(*collate.Collator)
	r := c.CompareString(a, b)
	collators.Put(c)
	return r
}
