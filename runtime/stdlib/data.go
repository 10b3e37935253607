package stdlib

import (
	"strconv"

	"github.com/a0diff/a0diff/runtime/value"
)

// parse.json { in: string }
func parseJSON(args *value.Record, lim Limits) (value.Value, error) {
	in, ok := stringArg(args, "in")
	if !ok {
		return nil, fail("parse.json requires 'in' to be a string.")
	}
	v, err := value.ParseJSON(in)
	if err != nil {
		return nil, fail(err.Error())
	}
	return v, nil
}

// pathSegment is one piece of a get/put path: an index (digits) or a key.
type pathSegment struct {
	key     string
	index   float64
	isIndex bool
}

// splitPath implements the path syntax of §8.2, which is the reference's
// path.split(/\.|\[(\d+)\]/) with empty pieces dropped: the string is cut at every "."
// and every "[digits]" group, whose digits become a piece of their own; a piece of ASCII
// digits only is an index.
func splitPath(p string) []pathSegment {
	var pieces []string
	start := 0
	for i := 0; i < len(p); {
		switch p[i] {
		case '.':
			pieces = append(pieces, p[start:i])
			i++
			start = i
			continue
		case '[':
			j := i + 1
			for j < len(p) && isASCIIDigit(p[j]) {
				j++
			}
			if j > i+1 && j < len(p) && p[j] == ']' {
				pieces = append(pieces, p[start:i], p[i+1:j])
				i = j + 1
				start = i
				continue
			}
		}
		i++
	}
	pieces = append(pieces, p[start:])
	var segs []pathSegment
	for _, piece := range pieces {
		if piece == "" {
			continue
		}
		if allDigits(piece) {
			// Number(piece): the nearest double, so long digit runs lose precision as
			// in JavaScript.
			f, _ := strconv.ParseFloat(piece, 64)
			segs = append(segs, pathSegment{index: f, isIndex: true})
		} else {
			segs = append(segs, pathSegment{key: piece})
		}
	}
	return segs
}

func isASCIIDigit(c byte) bool { return c >= '0' && c <= '9' }

func allDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if !isASCIIDigit(s[i]) {
			return false
		}
	}
	return s != ""
}

// listIndex converts an index segment to a position in l, or -1 when out of range.
func listIndex(l *value.List, f float64) int {
	if f < float64(len(l.Items)) {
		return int(f)
	}
	return -1
}

// get { in: any, path: string }
func get(args *value.Record, lim Limits) (value.Value, error) {
	path, ok := stringArg(args, "path")
	if !ok {
		return nil, fail("get requires 'path' to be a string.")
	}
	cur := arg(args, "in")
	for _, seg := range splitPath(path) {
		if cur == nil {
			return nil, nil
		}
		if seg.isIndex {
			l, ok := cur.(*value.List)
			if !ok {
				return nil, nil
			}
			i := listIndex(l, seg.index)
			if i < 0 {
				return nil, nil
			}
			cur = l.Items[i]
			continue
		}
		r, ok := cur.(*value.Record)
		if !ok {
			return nil, nil
		}
		var err error
		if cur, _, err = r.LookupErr(seg.key); err != nil {
			return nil, err
		}
	}
	return cur, nil
}

// put { in: any, path: string, value: any }
func put(args *value.Record, lim Limits) (value.Value, error) {
	path, ok := stringArg(args, "path")
	if !ok {
		return nil, fail("put requires 'path' to be a string.")
	}
	return putAt(arg(args, "in"), splitPath(path), arg(args, "value"), lim)
}

// putAt returns a copy of cur with v stored at segs; containers in the way are copied,
// anything else is replaced by a fresh container.
func putAt(cur value.Value, segs []pathSegment, v value.Value, lim Limits) (value.Value, error) {
	if len(segs) == 0 {
		return v, nil
	}
	seg := segs[0]
	if seg.isIndex {
		var items []value.Value
		if l, ok := cur.(*value.List); ok {
			items = l.Items
		}
		// The list is padded with nulls to more than seg.index elements.
		n := len(items)
		if seg.index >= float64(n) {
			if max := lim.maxLength(); seg.index >= float64(max) {
				return nil, &value.LimitError{What: "put", Size: sizeOf(seg.index + 1), Limit: max, Unit: "elements"}
			}
			n = int(seg.index) + 1
		}
		out := make([]value.Value, n)
		copy(out, items)
		i := int(seg.index)
		inner, err := putAt(out[i], segs[1:], v, lim)
		if err != nil {
			return nil, err
		}
		out[i] = inner
		return &value.List{Items: out}, nil
	}
	// The reference copies with object spread and reads the old value from the copy,
	// whose prototype is Object.prototype again.
	rec := value.NewRecord()
	if r, ok := cur.(*value.Record); ok {
		rec = r.CopyOwn()
	}
	old, _ := rec.Lookup(seg.key)
	inner, err := putAt(old, segs[1:], v, lim)
	if err != nil {
		return nil, err
	}
	if err := rec.Assign(seg.key, inner); err != nil {
		return nil, err
	}
	return rec, nil
}

// sizeOf clamps a requested size to an int for error reports.
func sizeOf(f float64) int {
	if f > 1<<62 {
		return 1 << 62
	}
	return int(f)
}
