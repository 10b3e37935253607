package stdlib

import (
	"strings"

	"github.com/a0diff/a0diff/runtime/locale"
	"github.com/a0diff/a0diff/runtime/value"
)

// sort { in: list, by?: string | list of strings } (§8.4).
//
// The reference sorts as V8's Array.prototype.sort does with a comparator: TimSort
// (timsort.go; the reference's timsort.ts), asking of each comparison only whether
// compare(x, y) < 0 (a NaN or -0 result is "not less"). This implementation runs the
// same algorithm with the same comparisons in the same order, so even comparators that
// are not a consistent order (NaN among numbers, NaN and Infinity among other types)
// give V8's permutation, and the comparison that fails first is V8's.
//
// With by:, the keys are tried in order and the first result !== 0 is returned: a -0
// result (=== 0) moves on to the next key, a NaN result (!== 0) is returned and means
// "equal"; when every key gives ±0 the elements are equal.
func sortFn(args *value.Record, lim Limits) (value.Value, error) {
	in, ok := listArg(args, "in")
	if !ok {
		return nil, fail("sort: 'in' must be a list")
	}
	var keys []string
	byGiven := false
	switch by := arg(args, "by").(type) {
	case nil:
	case string:
		keys, byGiven = []string{by}, true
	case *value.List:
		for _, k := range by.Items {
			s, ok := k.(string)
			if !ok {
				return nil, fail("sort: 'by' array elements must be strings")
			}
			keys = append(keys, s)
		}
		byGiven = true
	default:
		return nil, fail("sort: 'by' must be a string or list of strings")
	}

	n := len(in.Items)
	s := &sorter{lim: lim, maxNodes: lim.MaxSize, byKeys: byGiven, perKey: 1, perm: make([]int, n)}
	if byGiven {
		s.perKey = len(keys)
	}
	s.keys = make([]sortKey, n*s.perKey)
	for i, e := range in.Items {
		s.perm[i] = i
		if !byGiven {
			s.keys[i] = sortKey{v: e}
			continue
		}
		for j, k := range keys {
			if text, ok := value.WrapperPrototypeJSON(e); ok && k == "__proto__" {
				// String.prototype and the like: objects, so compared by JSON text.
				s.keys[i*s.perKey+j] = sortKey{v: wrapperPrototype{}, json: text, jsonOK: true, hasJS: true}
				continue
			}
			v, _ := value.GetProperty(e, k)
			key := sortKey{v: v}
			if err := value.PropertyReadError(e, k); err != nil {
				key.readErr = err
			}
			s.keys[i*s.perKey+j] = key
		}
	}
	timSort(s.perm, s.lessElements)
	if s.err != nil {
		return nil, s.err
	}
	out := make([]value.Value, n)
	for i, p := range s.perm {
		out[i] = in.Items[p]
	}
	return &value.List{Items: out}, nil
}

// wrapperPrototype stands for the wrapper prototype a non-record element's "__proto__"
// reads (value.WrapperPrototypeJSON); only its JSON text, cached in its sortKey, is used.
type wrapperPrototype struct{}

type sortKey struct {
	v value.Value
	// readErr is the exception reading the key throws (value.PropertyReadError). The
	// reference reads keys inside its comparator, so it fails only when a comparison
	// reads this key; compare does the same.
	readErr error
	// collated is the collation key of a string key (locale.SortKey): comparing
	// two of them bytewise is localeCompare.
	collated    string
	hasCollated bool
	// json is the compact JSON text of a key compared by rule 3; jsonOK is false for a
	// function (JSON.stringify gives undefined).
	json          string
	jsonOK, hasJS bool
}

// sorter sorts a permutation of the elements rather than the elements themselves:
// moving integers is much cheaper than moving values (no write barriers). The
// comparisons, and so the result, are the same.
type sorter struct {
	// perm[i] is the element at position i; element e's comparison keys (the element
	// itself without by:, else its by: properties, with their lazily computed comparison
	// forms) are keys[e*perKey : (e+1)*perKey].
	perm   []int
	keys   []sortKey
	perKey int
	// maxNodes bounds each JSON serialisation (Limits.MaxSize); jsonBytes is the text
	// held in the cache, bounded by sortCacheBytes.
	maxNodes  int
	jsonBytes int
	byKeys    bool  // the comparator is the multi-key one of by:
	err       error // the first serialisation failure or cancellation; the sort then degenerates
	lim       Limits
	compared  int // comparisons made, for the cancellation checks
}

// sortCacheBytes bounds the JSON texts a sort keeps for comparison. Past it a key's text
// is made again at every comparison that needs it, as the reference always does: the
// cache saves time, never changes a result, and is no limit of its own (a limit only
// one side had would end runs the reference completes).
var sortCacheBytes = 256 << 20

// lessElements is the comparator's `compare(x, y) < 0` for the elements x and y (their
// indices in the input). After the first failure every comparison is "not less": the sort
// finishes quickly and its result is discarded.
func (s *sorter) lessElements(x, y int) bool {
	if s.err != nil {
		return false
	}
	s.compared++
	if err := s.lim.cancelled(s.compared); err != nil {
		s.err = err
		return false
	}
	a := s.keys[x*s.perKey:]
	b := s.keys[y*s.perKey:]
	if !s.byKeys {
		return s.compare(&a[0], &b[0]) < 0
	}
	for k := range s.perKey {
		if r := s.compare(&a[k], &b[k]); r != 0 {
			return r < 0
		}
	}
	return false
}

// compare is the comparator of §8.4 on two keys, with JavaScript's result: a - b for
// numbers (possibly -0 or NaN), -1/0/1 otherwise.
func (s *sorter) compare(a, b *sortKey) float64 {
	if a.readErr != nil || b.readErr != nil {
		if s.err == nil {
			s.err = conversionError(firstError(a.readErr, b.readErr))
		}
		return 0
	}
	if x, ok := a.v.(float64); ok {
		if y, ok := b.v.(float64); ok {
			return x - y
		}
	}
	if x, ok := a.v.(string); ok {
		if y, ok := b.v.(string); ok {
			return float64(strings.Compare(s.collatedOf(a, x), s.collatedOf(b, y)))
		}
	}
	ja, okA := s.jsonOf(a)
	jb, okB := s.jsonOf(b)
	if !okA || !okB {
		// undefined < string and undefined > string are both false.
		return 0
	}
	return float64(value.CompareStrings(ja, jb))
}

// firstError is the first non-nil error.
func firstError(a, b error) error {
	if a != nil {
		return a
	}
	return b
}

func (s *sorter) collatedOf(k *sortKey, str string) string {
	if !k.hasCollated {
		k.collated, k.hasCollated = locale.SortKey(str), true
	}
	return k.collated
}

func (s *sorter) jsonOf(k *sortKey) (string, bool) {
	if k.hasJS {
		return k.json, k.jsonOK
	}
	text, ok, err := value.JSONLimit(k.v, "", s.maxNodes)
	if err != nil && s.err == nil {
		s.err = conversionError(err)
	}
	if err == nil && s.jsonBytes+len(text) > sortCacheBytes {
		return text, ok // not kept: made again when needed
	}
	s.jsonBytes += len(text)
	k.json, k.jsonOK, k.hasJS = text, ok, true
	return k.json, k.jsonOK
}
