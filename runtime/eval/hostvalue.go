package eval

import (
	"fmt"
	"reflect"
	"sort"

	"github.com/a0diff/a0diff/runtime/value"
)

// maxHostDepth bounds the nesting of a value handed over by a host (a tool result), which
// also stops self-referential structures.
const maxHostDepth = 10000

// FromHost converts what a host returned (a tool result) into an A0 value. A0 values pass
// through unchanged unless something inside them is not an A0 value; raw Go values are
// converted: every integer and float kind to a number, strings to canonical A0 strings,
// slices and arrays to lists, maps with string keys to records (keys sorted, then placed
// in JavaScript key order). Channels, functions, structs, pointers and maps with other
// keys have no A0 value and are rejected. Conversion visits at most maxNodes values
// (more gives a *value.LimitError), so shared or self-referential structures cannot
// make it run away.
func FromHost(x any, maxNodes int) (value.Value, error) {
	c := hostConverter{maxNodes: maxNodes}
	v, _, err := c.convert(x, "result", 0)
	return v, err
}

type hostConverter struct {
	maxNodes, nodes int
}

// convert returns the A0 value of x and whether it differs from x (so that unchanged
// lists and records are shared, not copied).
func (c *hostConverter) convert(x any, where string, depth int) (value.Value, bool, error) {
	c.nodes++
	if c.maxNodes > 0 && c.nodes > c.maxNodes {
		return nil, false, &value.LimitError{What: "tool result", Size: c.nodes, Limit: c.maxNodes, Unit: "nodes"}
	}
	if depth > maxHostDepth {
		return nil, false, fmt.Errorf("%s: nested more than %d levels deep", where, maxHostDepth)
	}
	switch v := x.(type) {
	case nil:
		return nil, false, nil
	case bool, float64:
		return v, false, nil
	case string:
		s := value.FromGoString(v)
		return s, s != v, nil
	case *value.Func:
		if v == nil {
			return nil, false, fmt.Errorf("%s: nil *value.Func", where)
		}
		f := value.FuncOf(v.Owner, v.Name)
		return f, f != v, nil
	case *value.List:
		if v == nil {
			return nil, false, fmt.Errorf("%s: nil *value.List", where)
		}
		var out []value.Value
		for i, e := range v.Items {
			ce, changed, err := c.convert(e, fmt.Sprintf("%s[%d]", where, i), depth+1)
			if err != nil {
				return nil, false, err
			}
			if changed && out == nil {
				out = append(make([]value.Value, 0, len(v.Items)), v.Items[:i]...)
			}
			if out != nil {
				out = append(out, ce)
			}
		}
		if out == nil {
			return v, false, nil
		}
		return value.NewList(out...), true, nil
	case *value.Record:
		if v == nil {
			return nil, false, fmt.Errorf("%s: nil *value.Record", where)
		}
		var out *value.Record
		for _, k := range v.Keys() {
			e, _ := v.Get(k)
			ce, changed, err := c.convert(e, where+"."+k, depth+1)
			if err != nil {
				return nil, false, err
			}
			if changed {
				if out == nil {
					out = v.Clone()
				}
				out.Set(k, ce)
			}
		}
		if out == nil {
			return v, false, nil
		}
		return out, true, nil
	}
	return c.convertReflect(x, where, depth)
}

func (c *hostConverter) convertReflect(x any, where string, depth int) (value.Value, bool, error) {
	rv := reflect.ValueOf(x)
	switch rv.Kind() {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return float64(rv.Int()), true, nil
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		return float64(rv.Uint()), true, nil
	case reflect.Float32, reflect.Float64:
		return rv.Float(), true, nil
	case reflect.Bool:
		return rv.Bool(), true, nil
	case reflect.String:
		return value.FromGoString(rv.String()), true, nil
	case reflect.Slice, reflect.Array:
		if rv.Kind() == reflect.Slice && rv.IsNil() {
			return value.NewList(), true, nil
		}
		items := make([]value.Value, rv.Len())
		for i := range items {
			e, _, err := c.convert(rv.Index(i).Interface(), fmt.Sprintf("%s[%d]", where, i), depth+1)
			if err != nil {
				return nil, false, err
			}
			items[i] = e
		}
		return value.NewList(items...), true, nil
	case reflect.Map:
		if rv.Type().Key().Kind() != reflect.String {
			break
		}
		keys := make([]string, 0, rv.Len())
		byKey := make(map[string]reflect.Value, rv.Len())
		for it := rv.MapRange(); it.Next(); {
			k := it.Key().String()
			keys = append(keys, k)
			byKey[k] = it.Value()
		}
		sort.Strings(keys)
		r := value.NewRecordSize(len(keys))
		for _, k := range keys {
			e, _, err := c.convert(byKey[k].Interface(), where+"."+k, depth+1)
			if err != nil {
				return nil, false, err
			}
			r.Set(value.FromGoString(k), e)
		}
		return r, true, nil
	}
	return nil, false, fmt.Errorf("%s: Go type %T has no A0 value", where, x)
}
