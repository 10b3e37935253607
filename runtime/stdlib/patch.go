package stdlib

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/a0diff/a0diff/runtime/value"
)

// patch { in: any, ops: list } applies JSON-Patch-like operations in order (§8.2).
func patch(args *value.Record, lim Limits) (value.Value, error) {
	ops, ok := listArg(args, "ops")
	if !ok {
		return nil, fail("patch requires 'ops' to be a list.")
	}
	doc := arg(args, "in")
	for i, item := range ops.Items {
		op, ok := item.(*value.Record)
		if !ok {
			return nil, fail(fmt.Sprintf("Invalid op at index %d.", i))
		}
		var err error
		if doc, err = applyOp(doc, op, lim); err != nil {
			return nil, err
		}
	}
	return doc, nil
}

// applyOp applies one operation record to doc.
func applyOp(doc value.Value, op *value.Record, lim Limits) (value.Value, error) {
	name, ok := property(op, "op").(string)
	if !ok {
		return nil, fail("patch op requires an 'op' string.")
	}
	path, ok := property(op, "path").(string)
	if !ok {
		return nil, fail("patch op requires a 'path' string.")
	}
	pieces, ok := parsePointer(path)
	if !ok {
		return nil, fail(fmt.Sprintf("Invalid JSON Pointer '%s' for 'path'.", path))
	}
	p := patcher{op: name}
	switch name {
	case "add":
		return p.add(doc, pieces, property(op, "value"))
	case "remove":
		return p.remove(doc, pieces)
	case "replace":
		return p.replace(doc, pieces, property(op, "value"))
	case "copy", "move":
		from, ok := property(op, "from").(string)
		if !ok {
			return nil, fail(fmt.Sprintf("%s op requires a 'from' string.", name))
		}
		fromPieces, ok := parsePointer(from)
		if !ok {
			return nil, fail(fmt.Sprintf("Invalid JSON Pointer '%s' for 'from'.", from))
		}
		v, ok := pointerValue(doc, fromPieces)
		if !ok {
			return nil, fail(fmt.Sprintf("Path '%s' does not exist for op '%s'.", from, name))
		}
		// The two halves are the reference's remove and add, and their messages say so.
		moved, err := deepCopy(v)
		if err != nil {
			return nil, err
		}
		if name == "move" {
			if doc, err = (patcher{op: "remove"}).remove(doc, fromPieces); err != nil {
				return nil, err
			}
		}
		return (patcher{op: "add"}).add(doc, pieces, moved)
	case "test":
		actual, ok := pointerValue(doc, pieces)
		if !ok {
			return nil, fail(fmt.Sprintf("Test failed at '%s': path does not exist.", path))
		}
		want := property(op, "value")
		if value.DeepEqual(actual, want) {
			return doc, nil
		}
		// The texts may be tens of megabytes (value.TextLimit): they are written once,
		// into the message's buffer, which takes the OUTER message's start too
		// (Error.MessageAfter).
		msg := append(longMessage(), "Test failed at '"...)
		msg = append(msg, path...)
		msg = append(msg, "': expected "...)
		msg, err := appendJSONText(msg, len(", got ")+64, want, lim)
		if err != nil {
			return nil, err
		}
		msg = append(msg, ", got "...)
		if msg, err = appendJSONText(msg, 0, actual, lim); err != nil {
			return nil, err
		}
		return nil, failLong(msg)
	}
	return nil, fail(fmt.Sprintf("Unknown patch op '%s'.", name))
}

// appendJSONText appends the compact JSON.stringify text of v as a template literal
// shows it ("undefined" for a function); a long text leaves spare bytes after it
// (value.AppendJSONLimit).
func appendJSONText(dst []byte, spare int, v value.Value, lim Limits) ([]byte, error) {
	out, ok, err := value.AppendJSONLimit(dst, spare, v, "", lim.MaxSize)
	if err != nil {
		return dst, conversionError(err)
	}
	if !ok {
		return append(dst, "undefined"...), nil
	}
	return out, nil
}

// parsePointer splits a JSON Pointer into decoded pieces ("" → no pieces).
func parsePointer(p string) ([]string, bool) {
	if p == "" {
		return nil, true
	}
	if p[0] != '/' {
		return nil, false
	}
	pieces := strings.Split(p[1:], "/")
	for i, s := range pieces {
		pieces[i] = strings.ReplaceAll(strings.ReplaceAll(s, "~1", "/"), "~0", "~")
	}
	return pieces, true
}

// isCanonicalIndex reports whether s matches 0|[1-9][0-9]*.
func isCanonicalIndex(s string) bool {
	if s == "" || (s[0] == '0' && len(s) > 1) {
		return false
	}
	return allDigits(s)
}

// pointerValue is the value at pieces, if it exists: null and scalars have no
// children, a list piece must be a canonical index below the length, a record piece
// must be an own key.
func pointerValue(doc value.Value, pieces []string) (value.Value, bool) {
	cur := doc
	for _, piece := range pieces {
		switch c := cur.(type) {
		case *value.List:
			if !isCanonicalIndex(piece) {
				return nil, false
			}
			i, _ := strconv.ParseFloat(piece, 64)
			if i >= float64(len(c.Items)) {
				return nil, false
			}
			cur = c.Items[int(i)]
		case *value.Record:
			if !c.HasOwnProperty(piece) {
				return nil, false
			}
			cur, _ = c.Lookup(piece)
		default:
			return nil, false
		}
	}
	return cur, true
}

// patcher carries the operation name its messages report. Lists grown by add are not
// bounded here: like the reference, the evaluator bounds the (top-level) result.
type patcher struct {
	op string
}

// at is the pointer text of the remaining pieces, as messages quote it.
func at(pieces []string) string { return "/" + strings.Join(pieces, "/") }

func (p patcher) notExist(pieces []string) error {
	return fail(fmt.Sprintf("Path '%s' does not exist for op '%s'.", at(pieces), p.op))
}

// index parses a list piece; it fails for a piece that is not a canonical index
// (including "-").
func (p patcher) index(pieces []string) (float64, error) {
	if !isCanonicalIndex(pieces[0]) {
		return 0, fail(fmt.Sprintf("Invalid array index '%s' at '%s' for op '%s'.", pieces[0], at(pieces), p.op))
	}
	f, _ := strconv.ParseFloat(pieces[0], 64)
	return f, nil
}

func (p patcher) outOfBounds(pieces []string) error {
	return fail(fmt.Sprintf("Array index '%s' out of bounds at '%s' for op '%s'.", pieces[0], at(pieces), p.op))
}

// existingIndex parses a list piece that must address an existing element of a list of
// length n: what descend, replace and remove require.
func (p patcher) existingIndex(pieces []string, n int) (float64, error) {
	i, err := p.index(pieces)
	if err != nil {
		return 0, err
	}
	if i >= float64(n) {
		return 0, p.outOfBounds(pieces)
	}
	return i, nil
}

// descend rebuilds cur with the child addressed by pieces[0] replaced by edit's result.
// Every intermediate piece must address an existing list element (else the index is
// invalid or out of bounds) or own record key (else the path does not exist).
func (p patcher) descend(cur value.Value, pieces []string, edit func(value.Value, []string) (value.Value, error)) (value.Value, error) {
	switch c := cur.(type) {
	case *value.List:
		i, err := p.existingIndex(pieces, len(c.Items))
		if err != nil {
			return nil, err
		}
		child, err := edit(c.Items[int(i)], pieces[1:])
		if err != nil {
			return nil, err
		}
		items := append([]value.Value(nil), c.Items...)
		items[int(i)] = child
		return &value.List{Items: items}, nil
	case *value.Record:
		old, ok := c.Get(pieces[0])
		if !ok {
			// remove tests the key with Object.hasOwn on the record itself, where
			// Object.prototype's own methods pass, and reads it on the copy, which inherits
			// them; add and replace descend through the copy's own keys only.
			if p.op != "remove" || !c.HasOwnProperty(pieces[0]) {
				return nil, p.notExist(pieces)
			}
			old, _ = c.CopyOwn().Lookup(pieces[0])
		}
		child, err := edit(old, pieces[1:])
		if err != nil {
			return nil, err
		}
		out := c.CopyOwn()
		if err := out.Assign(pieces[0], child); err != nil {
			return nil, err
		}
		return out, nil
	}
	return nil, p.notExist(pieces)
}

// add inserts v at pieces: into a list at 0…length ("-" = length), or as a record key.
func (p patcher) add(cur value.Value, pieces []string, v value.Value) (value.Value, error) {
	if len(pieces) == 0 {
		return v, nil
	}
	if len(pieces) > 1 {
		return p.descend(cur, pieces, func(child value.Value, rest []string) (value.Value, error) {
			return p.add(child, rest, v)
		})
	}
	switch c := cur.(type) {
	case *value.List:
		n := len(c.Items)
		i := float64(n)
		if pieces[0] != "-" {
			var err error
			if i, err = p.index(pieces); err != nil {
				return nil, err
			}
			if i > float64(n) {
				return nil, p.outOfBounds(pieces)
			}
		}
		items := make([]value.Value, 0, n+1)
		items = append(items, c.Items[:int(i)]...)
		items = append(items, v)
		items = append(items, c.Items[int(i):]...)
		return &value.List{Items: items}, nil
	case *value.Record:
		out := c.CopyOwn()
		if err := out.Assign(pieces[0], v); err != nil {
			return nil, err
		}
		return out, nil
	}
	return nil, p.notExist(pieces)
}

// replace overwrites an existing list element or own record key.
func (p patcher) replace(cur value.Value, pieces []string, v value.Value) (value.Value, error) {
	if len(pieces) == 0 {
		return v, nil
	}
	if len(pieces) > 1 {
		return p.descend(cur, pieces, func(child value.Value, rest []string) (value.Value, error) {
			return p.replace(child, rest, v)
		})
	}
	switch c := cur.(type) {
	case *value.List:
		i, err := p.existingIndex(pieces, len(c.Items))
		if err != nil {
			return nil, err
		}
		items := append([]value.Value(nil), c.Items...)
		items[int(i)] = v
		return &value.List{Items: items}, nil
	case *value.Record:
		// An own key of the copy, a plain record (Object.prototype's own methods are not
		// copied: replacing one fails, as in the reference).
		if !c.Has(pieces[0]) {
			return nil, p.notExist(pieces)
		}
		out := c.CopyOwn()
		if err := out.Assign(pieces[0], v); err != nil {
			return nil, err
		}
		return out, nil
	}
	return nil, p.notExist(pieces)
}

// remove deletes an existing list element or own record key; the root becomes null.
func (p patcher) remove(cur value.Value, pieces []string) (value.Value, error) {
	if len(pieces) == 0 {
		return nil, nil
	}
	if len(pieces) > 1 {
		return p.descend(cur, pieces, p.remove)
	}
	switch c := cur.(type) {
	case *value.List:
		i, err := p.existingIndex(pieces, len(c.Items))
		if err != nil {
			return nil, err
		}
		items := make([]value.Value, 0, len(c.Items)-1)
		items = append(items, c.Items[:int(i)]...)
		items = append(items, c.Items[int(i)+1:]...)
		return &value.List{Items: items}, nil
	case *value.Record:
		// An own property, as the reference's Object.hasOwn sees it: Object.prototype's
		// methods and __proto__ are removable (the copy, a plain record, lacks them).
		if !c.HasOwnProperty(pieces[0]) {
			return nil, p.notExist(pieces)
		}
		out := c.CopyOwn()
		out.Delete(pieces[0])
		return out, nil
	}
	return nil, p.notExist(pieces)
}

// deepCopy copies lists and records all the way down, as the reference's clone does:
// fresh records filled by assignment (so an own "__proto__" key of the original becomes
// the copy's prototype, and an assignment JavaScript refuses fails).
func deepCopy(v value.Value) (value.Value, error) {
	switch x := v.(type) {
	case *value.List:
		items := make([]value.Value, len(x.Items))
		for i, e := range x.Items {
			c, err := deepCopy(e)
			if err != nil {
				return nil, err
			}
			items[i] = c
		}
		return &value.List{Items: items}, nil
	case *value.Record:
		out := value.NewRecordSize(x.Len())
		for _, k := range x.Keys() {
			e, _ := x.Get(k)
			c, err := deepCopy(e)
			if err != nil {
				return nil, err
			}
			if err := out.Assign(k, c); err != nil {
				return nil, err
			}
		}
		return out, nil
	}
	return v, nil
}
