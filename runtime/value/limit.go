package value

import "fmt"

// LimitError reports that an operation would exceed a harness size limit
// (outcome.Limits.MaxSize): a produced list or string longer than the limit, or a value
// whose serialisation visits more nodes than the limit. The evaluator turns it into a
// "resource" outcome; A0's try/catch must not catch it.
type LimitError struct {
	// What names the operation, e.g. "JSON text", "join", "range".
	What string
	// Size is the size that was reached or requested (nodes, elements, code units,
	// bytes), Limit the bound it exceeded.
	Size, Limit int
	// Unit names what Size counts: "nodes", "elements", "code units" or "bytes".
	Unit string
}

func (e *LimitError) Error() string {
	return fmt.Sprintf("size limit exceeded: %s needs %d %s (limit %d)", e.What, e.Size, e.Unit, e.Limit)
}

// CheckLength returns a *LimitError when a list of n elements or a string of n code
// units (what) is longer than maxSize; maxSize <= 0 means unbounded.
func CheckLength(what string, n, maxSize int, unit string) error {
	if maxSize > 0 && n > maxSize {
		return &LimitError{What: what, Size: n, Limit: maxSize, Unit: unit}
	}
	return nil
}

// TextLimit is the bound on the text of a value serialised under a node budget of
// maxNodes, in text units counted the same way by both implementations (the reference's
// Limits.checkNodes, reference/ts/src/limits.ts): one unit per node visited, plus the
// UTF-16 length of every string and, when records are descended, of every record key.
// It is 32 units per allowed node and never less than 32 Mi. Node counting alone bounds
// the work, not the memory: a list holding the same long string a million times is a
// million nodes but could be a terabyte of text, which V8 refuses (its strings stop at
// 2^29 code units) and goja tries to build. The count is taken before anything is
// written, at every point where maxSize counts nodes, so a program over it ends with
// maxSize at the same point on both sides; any value within MaxSize nodes of ordinary
// strings stays well below it.
func TextLimit(maxNodes int) int {
	const perNode, floor = 32, 32 << 20
	if maxNodes <= 0 {
		return 0
	}
	if maxNodes > (1<<40)/perNode {
		return 1 << 40
	}
	if n := maxNodes * perNode; n > floor {
		return n
	}
	return floor
}

// TextByteLimit is the Go writers' own backstop on the bytes of a text they write: 8
// bytes per unit of TextLimit. A value within TextLimit never reaches it (a unit is at
// most 6 bytes of JSON — a \uXXXX escape —, and a node's own text at most 25); only a
// toJSON or toString result, which the reference does not count either, can.
func TextByteLimit(maxNodes int) int { return 8 * TextLimit(maxNodes) }

// CheckNodes is the reference's Limits.checkNodes for JSON-like texts
// (reference/ts/src/limits.ts): it fails with a *LimitError when v has more than maxNodes
// nodes, counting every value reached — v itself, each list element, each own record
// member's value (a function value included) — as v holds them: a record's toJSON is not
// applied, and prototypes are not followed; or when its text units exceed
// TextLimit(maxNodes). Counting stops at the limit, so a value with much sharing is
// measured in bounded time. maxNodes <= 0 means unbounded.
func CheckNodes(v Value, maxNodes int) error {
	_, err := checkNodes(v, maxNodes, true)
	return err
}

// CheckDisplayNodes is CheckNodes for String() conversions (the reference's displayString):
// records are one node each and are not descended.
func CheckDisplayNodes(v Value, maxNodes int) error {
	_, err := checkNodes(v, maxNodes, false)
	return err
}

// checkNodes is CheckNodes, or CheckDisplayNodes when intoRecords is false. When v is
// within the bounds, it also returns a capacity for v's JSON text: the bytes of its
// strings (and record keys) and five per node (brackets, quotes, colons and commas, and
// short scalars; longer numbers and escapes may need more).
func checkNodes(v Value, maxNodes int, intoRecords bool) (int, error) {
	if maxNodes <= 0 {
		return 0, nil
	}
	b := budget{maxNodes: maxNodes}
	// upper bounds the text units from above (a string's bytes are at least its UTF-16
	// length), so that the exact count is only needed for texts near the bound.
	upper := 0
	var room [16]Value // most values are small: no allocation for their stack
	stack := append(room[:0], v)
	for len(stack) > 0 {
		top := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if err := b.node(); err != nil {
			return 0, err
		}
		upper++
		switch x := top.(type) {
		case string:
			upper += len(x)
		case *List:
			stack = append(stack, x.Items...)
		case *Record:
			if !intoRecords {
				continue
			}
			for _, k := range x.index {
				upper += len(k)
			}
			for _, k := range x.names {
				upper += len(k)
			}
			for i := 0; i < x.Len(); i++ {
				stack = append(stack, x.ValueAt(i))
			}
		}
	}
	limit := TextLimit(maxNodes)
	if upper > limit {
		if units := textUnits(v, intoRecords, limit); units > limit {
			return 0, &LimitError{What: "serialised text", Size: units, Limit: limit, Unit: "text units"}
		}
	}
	return upper + 4*b.nodes, nil
}

// textUnits counts v's text units exactly (see TextLimit), stopping once past limit; v
// has already been found to have at most maxNodes nodes.
func textUnits(v Value, intoRecords bool, limit int) int {
	units := 0
	stack := []Value{v}
	// A value near the limit is typically one long string held many times (a list of
	// it): its length is counted once. Comparing a string with the last one is quick
	// when they share their bytes.
	last, lastUnits := "", 0
	for len(stack) > 0 && units <= limit {
		top := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		units++
		switch x := top.(type) {
		case string:
			if x != last {
				last, lastUnits = x, UTF16Len(x)
			}
			units += lastUnits
		case *List:
			stack = append(stack, x.Items...)
		case *Record:
			if !intoRecords {
				continue
			}
			for i, k := range x.Keys() {
				units += UTF16Len(k)
				stack = append(stack, x.ValueAt(i))
			}
		}
	}
	return units
}

// budget counts the nodes visited and bytes written by one serialisation.
type budget struct {
	maxNodes, maxBytes int
	nodes              int
}

func newBudget(maxNodes int) budget {
	return budget{maxNodes: maxNodes, maxBytes: TextByteLimit(maxNodes)}
}

// node accounts for visiting one more value.
func (b *budget) node() error {
	b.nodes++
	if b.maxNodes > 0 && b.nodes > b.maxNodes {
		return &LimitError{What: "serialised value", Size: b.nodes, Limit: b.maxNodes, Unit: "nodes"}
	}
	return nil
}

// bytes checks the text length written so far.
func (b *budget) bytes(n int) error {
	if b.maxBytes > 0 && n > b.maxBytes {
		return &LimitError{What: "serialised text", Size: n, Limit: b.maxBytes, Unit: "bytes"}
	}
	return nil
}
