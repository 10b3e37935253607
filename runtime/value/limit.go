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

// TextByteLimit is the byte bound applied to a text serialised under a node budget of
// maxNodes: 32 bytes per allowed node, and never less than 32 MiB. Node counting alone
// bounds the work, not the memory: a list holding the same long string a million times
// is a million nodes but could be a terabyte of text. The bound is generous enough that
// any value within MaxSize nodes of ordinary strings stays below it.
func TextByteLimit(maxNodes int) int {
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

// CheckNodes is the reference's Limits.checkNodes for JSON-like texts
// (reference/ts/src/limits.ts): it fails with a *LimitError when v has more than maxNodes
// nodes, counting every value reached — v itself, each list element, each own record
// member's value (a function value included) — as v holds them: a record's toJSON is not
// applied, and prototypes are not followed. Counting stops at the limit, so a value with
// much sharing is measured in bounded time. maxNodes <= 0 means unbounded.
func CheckNodes(v Value, maxNodes int) error {
	if maxNodes <= 0 {
		return nil
	}
	b := budget{maxNodes: maxNodes}
	var room [16]Value // most values are small: no allocation for their stack
	stack := append(room[:0], v)
	for len(stack) > 0 {
		top := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if err := b.node(); err != nil {
			return err
		}
		switch x := top.(type) {
		case *List:
			stack = append(stack, x.Items...)
		case *Record:
			for i := 0; i < x.Len(); i++ {
				stack = append(stack, x.ValueAt(i))
			}
		}
	}
	return nil
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
