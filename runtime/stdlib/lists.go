package stdlib

import (
	"math"

	"github.com/a0diff/a0diff/runtime/value"
)

// The list functions of §8.4 (sort is in sort.go).

// len { in }: list length, string length in UTF-16 code units, or own-key count.
func length(args *value.Record, lim Limits) (value.Value, error) {
	switch in := arg(args, "in").(type) {
	case *value.List:
		return float64(len(in.Items)), nil
	case string:
		return float64(value.UTF16Len(in)), nil
	case *value.Record:
		return float64(in.Len()), nil
	}
	return nil, fail("len: 'in' must be a list, string, or record")
}

// append { in: list, value }: a new list with value as its last element.
func appendFn(args *value.Record, lim Limits) (value.Value, error) {
	in, ok := listArg(args, "in")
	if !ok {
		return nil, fail("append: 'in' must be a list")
	}
	if err := lim.checkList("append", len(in.Items)+1); err != nil {
		return nil, err
	}
	items := make([]value.Value, len(in.Items), len(in.Items)+1)
	copy(items, in.Items)
	return &value.List{Items: append(items, arg(args, "value"))}, nil
}

// concat { a: list, b: list }
func concat(args *value.Record, lim Limits) (value.Value, error) {
	a, okA := listArg(args, "a")
	b, okB := listArg(args, "b")
	if !okA || !okB {
		return nil, fail("concat: 'a' and 'b' must be lists")
	}
	n := len(a.Items) + len(b.Items)
	if err := lim.checkList("concat", n); err != nil {
		return nil, err
	}
	items := make([]value.Value, 0, n)
	items = append(items, a.Items...)
	return &value.List{Items: append(items, b.Items...)}, nil
}

// filter { in: list, by: string }: the record elements whose property by is truthy.
func filter(args *value.Record, lim Limits) (value.Value, error) {
	in, ok := listArg(args, "in")
	if !ok {
		return nil, fail("filter: 'in' must be a list")
	}
	by, ok := stringArg(args, "by")
	if !ok {
		return nil, fail("filter: 'by' must be a string")
	}
	items := []value.Value{}
	for _, e := range in.Items {
		if _, isRecord := e.(*value.Record); !isRecord {
			continue
		}
		v, err := propertyErr(e, by)
		if err != nil {
			return nil, conversionError(err)
		}
		if value.Truthy(v) {
			items = append(items, e)
		}
	}
	return &value.List{Items: items}, nil
}

// find { in: list, key: string, value }: the first record whose property key
// deep-equals value (absent property and absent value both count as null).
func find(args *value.Record, lim Limits) (value.Value, error) {
	in, ok := listArg(args, "in")
	if !ok {
		return nil, fail("find: 'in' must be a list")
	}
	key, ok := stringArg(args, "key")
	if !ok {
		return nil, fail("find: 'key' must be a string")
	}
	want := arg(args, "value")
	for _, e := range in.Items {
		if _, isRecord := e.(*value.Record); !isRecord {
			continue
		}
		v, err := propertyErr(e, key)
		if err != nil {
			return nil, conversionError(err)
		}
		if value.DeepEqual(v, want) {
			return e, nil
		}
	}
	return nil, nil
}

// isInteger is Number.isInteger.
func isInteger(v value.Value) (float64, bool) {
	f, ok := v.(float64)
	return f, ok && !math.IsInf(f, 0) && f == math.Trunc(f)
}

// range { from: integer, to: integer }: [from, from+1, …, to-1].
func rangeFn(args *value.Record, lim Limits) (value.Value, error) {
	from, okF := isInteger(arg(args, "from"))
	to, okT := isInteger(arg(args, "to"))
	if !okF || !okT {
		return nil, fail("range: 'from' and 'to' must be integers")
	}
	if from >= to {
		return &value.List{Items: []value.Value{}}, nil
	}
	max := lim.maxLength()
	if n := to - from; n > float64(max) {
		return nil, &value.LimitError{What: "range", Size: sizeOf(n), Limit: max, Unit: "elements"}
	}
	items := make([]value.Value, 0, int(to-from))
	// Counting up in doubles as the reference's loop does (so a start of -0 stays -0);
	// beyond 2^53 the counter can stall, which the length check turns into a limit.
	for i := from; i < to; i++ {
		if len(items) >= max {
			return nil, &value.LimitError{What: "range", Size: len(items) + 1, Limit: max, Unit: "elements"}
		}
		items = append(items, value.Number(i))
	}
	return &value.List{Items: items}, nil
}

// join { in: list, sep?: string }: String() of each element, joined.
func join(args *value.Record, lim Limits) (value.Value, error) {
	in, ok := listArg(args, "in")
	if !ok {
		return nil, fail("join: 'in' must be a list")
	}
	sep := ""
	if s := arg(args, "sep"); s != nil {
		if sep, ok = s.(string); !ok {
			return nil, fail("join: 'sep' must be a string")
		}
	}
	return joinStrings("join", in.Items, sep, lim)
}

// joinStrings converts each item with String() (each conversion within the node limit)
// and joins them with sep, checking the result length before building it.
func joinStrings(what string, items []value.Value, sep string, lim Limits) (value.Value, error) {
	parts := make([]string, len(items))
	n := 0
	sepLen := value.UTF16Len(sep)
	for i, e := range items {
		s, err := value.ToStringLimit(e, lim.MaxSize)
		if err != nil {
			return nil, conversionError(err)
		}
		parts[i] = s
		n += value.UTF16Len(s)
		if i > 0 {
			n += sepLen
		}
		if err := lim.checkString(what, n); err != nil {
			return nil, err
		}
	}
	var b value.Builder
	for i, s := range parts {
		if i > 0 {
			b.WriteString(sep)
		}
		b.WriteString(s)
	}
	return b.String(), nil
}

// unique { in: list }: the first occurrence of each value under deep equality.
func unique(args *value.Record, lim Limits) (value.Value, error) {
	in, ok := listArg(args, "in")
	if !ok {
		return nil, fail("unique: 'in' must be a list")
	}
	// Scalars are found through a map keyed by their equality class; lists and records
	// are compared with the kept containers only. NaN equals nothing, so every NaN stays.
	type scalarKey struct {
		kind byte
		f    float64
		s    string
	}
	seen := map[scalarKey]bool{}
	var containers []value.Value
	items := []value.Value{}
	work := 0 // items and comparisons, for the cancellation checks (quadratic in lists)
	for _, e := range in.Items {
		work++
		if err := lim.cancelled(work); err != nil {
			return nil, err
		}
		var k scalarKey
		switch x := e.(type) {
		case nil:
			k = scalarKey{kind: 'n'}
		case bool:
			k = scalarKey{kind: 'b'}
			if x {
				k.f = 1
			}
		case float64:
			if x != x {
				items = append(items, e)
				continue
			}
			k = scalarKey{kind: 'f', f: x + 0} // -0 + 0 is 0: one class for ±0
		case string:
			k = scalarKey{kind: 's', s: x}
		default:
			dup := false
			for _, c := range containers {
				work++
				if err := lim.cancelled(work); err != nil {
					return nil, err
				}
				if value.DeepEqual(c, e) {
					dup = true
					break
				}
			}
			if !dup {
				containers = append(containers, e)
				items = append(items, e)
			}
			continue
		}
		if !seen[k] {
			seen[k] = true
			items = append(items, e)
		}
	}
	return &value.List{Items: items}, nil
}

// pluck { in: list, key: string }: each record element's property, null otherwise.
func pluck(args *value.Record, lim Limits) (value.Value, error) {
	in, ok := listArg(args, "in")
	if !ok {
		return nil, fail("pluck: 'in' must be a list")
	}
	key, ok := stringArg(args, "key")
	if !ok {
		return nil, fail("pluck: 'key' must be a string")
	}
	items := make([]value.Value, len(in.Items))
	for i, e := range in.Items {
		v, err := propertyErr(e, key)
		if err != nil {
			return nil, conversionError(err)
		}
		items[i] = v
	}
	return &value.List{Items: items}, nil
}

// flat { in: list }: one level of flattening; non-list elements are kept.
func flat(args *value.Record, lim Limits) (value.Value, error) {
	in, ok := listArg(args, "in")
	if !ok {
		return nil, fail("flat: 'in' must be a list")
	}
	n := 0
	for _, e := range in.Items {
		if l, ok := e.(*value.List); ok {
			n += len(l.Items)
		} else {
			n++
		}
	}
	if err := lim.checkList("flat", n); err != nil {
		return nil, err
	}
	items := make([]value.Value, 0, n)
	for _, e := range in.Items {
		if l, ok := e.(*value.List); ok {
			items = append(items, l.Items...)
		} else {
			items = append(items, e)
		}
	}
	return &value.List{Items: items}, nil
}
