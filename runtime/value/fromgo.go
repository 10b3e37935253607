package value

import (
	"fmt"
	"reflect"
	"sort"
)

// FromGo converts a raw Go value into an A0 value: nil, bool, every integer and float
// kind (as float64), string (made canonical WTF-8, invalid bytes → U+FFFD), []any,
// []string, map[string]any (keys sorted, then placed in JavaScript key order), and values
// that already are A0 values (*List, *Record, *Func, whose contents are checked too).
// Anything else — channels, functions, structs, pointers, maps with other key types — is
// rejected with an error naming the Go type and where it was found. A host API (tool
// results) must pass everything through FromGo so raw Go values never reach A0 code.
func FromGo(x any) (Value, error) {
	return fromGo(x, "value", 0)
}

// maxFromGoDepth guards against self-referential Go structures.
const maxFromGoDepth = 10000

func fromGo(x any, where string, depth int) (Value, error) {
	if depth > maxFromGoDepth {
		return nil, fmt.Errorf("%s: nested too deeply (more than %d levels)", where, maxFromGoDepth)
	}
	switch v := x.(type) {
	case nil:
		return nil, nil
	case bool:
		return v, nil
	case float64:
		return v, nil
	case float32:
		return float64(v), nil
	case int:
		return float64(v), nil
	case int8:
		return float64(v), nil
	case int16:
		return float64(v), nil
	case int32:
		return float64(v), nil
	case int64:
		return float64(v), nil
	case uint:
		return float64(v), nil
	case uint8:
		return float64(v), nil
	case uint16:
		return float64(v), nil
	case uint32:
		return float64(v), nil
	case uint64:
		return float64(v), nil
	case uintptr:
		return float64(v), nil
	case string:
		return FromGoString(v), nil
	case *Func:
		if v == nil {
			return nil, fmt.Errorf("%s: nil *value.Func", where)
		}
		return FuncOf(v.Owner, v.Name), nil
	case *List:
		if v == nil {
			return nil, fmt.Errorf("%s: nil *value.List", where)
		}
		for i, e := range v.Items {
			if _, err := fromGo(e, fmt.Sprintf("%s[%d]", where, i), depth+1); err != nil {
				return nil, err
			}
		}
		return v, nil
	case *Record:
		if v == nil {
			return nil, fmt.Errorf("%s: nil *value.Record", where)
		}
		for i, k := range v.Keys() {
			if _, err := fromGo(v.ValueAt(i), where+"."+k, depth+1); err != nil {
				return nil, err
			}
		}
		return v, nil
	case []any:
		items := make([]Value, len(v))
		for i, e := range v {
			c, err := fromGo(e, fmt.Sprintf("%s[%d]", where, i), depth+1)
			if err != nil {
				return nil, err
			}
			items[i] = c
		}
		return &List{Items: items}, nil
	case []string:
		items := make([]Value, len(v))
		for i, e := range v {
			items[i] = FromGoString(e)
		}
		return &List{Items: items}, nil
	case map[string]any:
		keys := make([]string, 0, len(v))
		for k := range v {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		r := NewRecordSize(len(keys))
		for _, k := range keys {
			c, err := fromGo(v[k], where+"."+k, depth+1)
			if err != nil {
				return nil, err
			}
			r.Set(FromGoString(k), c)
		}
		return r, nil
	}
	t := reflect.TypeOf(x)
	return nil, fmt.Errorf("%s: Go type %s has no A0 value", where, t)
}
