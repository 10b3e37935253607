package stdlib

import "github.com/a0diff/a0diff/runtime/value"

// The record functions of §8.6. They see own keys only, in record order (§10.1).

// keys { in: record }
func keys(args *value.Record, lim Limits) (value.Value, error) {
	r, ok := recordArg(args, "in")
	if !ok {
		return nil, fail("keys: 'in' must be a record")
	}
	ks := r.Keys()
	items := make([]value.Value, len(ks))
	for i, k := range ks {
		items[i] = k
	}
	return &value.List{Items: items}, nil
}

// values { in: record }
func values(args *value.Record, lim Limits) (value.Value, error) {
	r, ok := recordArg(args, "in")
	if !ok {
		return nil, fail("values: 'in' must be a record")
	}
	ks := r.Keys()
	items := make([]value.Value, len(ks))
	for i, k := range ks {
		items[i], _ = r.Get(k)
	}
	return &value.List{Items: items}, nil
}

// entries { in: record } → [{ key, value }, …]
func entries(args *value.Record, lim Limits) (value.Value, error) {
	r, ok := recordArg(args, "in")
	if !ok {
		return nil, fail("entries: 'in' must be a record")
	}
	ks := r.Keys()
	items := make([]value.Value, len(ks))
	for i, k := range ks {
		v, _ := r.Get(k)
		e := value.NewRecordSize(2)
		e.Set("key", k)
		e.Set("value", v)
		items[i] = e
	}
	return &value.List{Items: items}, nil
}

// merge { a: record, b: record }: { ...a, ...b } — keys are defined, so a key
// "__proto__" stays an ordinary own key, and index keys are re-ordered (§10.1).
func merge(args *value.Record, lim Limits) (value.Value, error) {
	a, okA := recordArg(args, "a")
	b, okB := recordArg(args, "b")
	if !okA || !okB {
		return nil, fail("merge: 'a' and 'b' must be records")
	}
	out := a.CopyOwn()
	for _, k := range b.Keys() {
		v, _ := b.Get(k)
		out.Set(k, v)
	}
	return out, nil
}
