package value

import (
	"fmt"
	"math"
)

// MarshalCanonical writes v as compact JSON except that -0, NaN, Infinity and -Infinity
// become {"$number":"-0"|"NaN"|"Infinity"|"-Infinity"}, a *Func becomes
// {"$function":"NAME"}, lone surrogates are written as \udxxx escapes, and a record
// whose only own key is "$number", "$function" or "$record" is wrapped as {"$record":{…}}.
// Non-ASCII text is written literally (UTF-8); "<", ">", "&" are not escaped.
// Prototypes are not part of the encoding (they are invisible in JSON output too).
func MarshalCanonical(v Value) []byte {
	b, _ := MarshalCanonicalLimit(v, 0)
	return b
}

// AppendCanonical appends MarshalCanonical(v) to dst.
func AppendCanonical(dst []byte, v Value) []byte {
	w := jsonWriter{canonical: true, budget: newBudget(0), buf: dst, start: len(dst)}
	w.value(v, "", -1, 0) // no budget: no error
	return w.buf
}

// MarshalCanonicalLimit is MarshalCanonical under a node budget of maxNodes, counted
// while writing; it applies no toJSON, so its count is CheckNodes's.
func MarshalCanonicalLimit(v Value, maxNodes int) ([]byte, error) {
	w := jsonWriter{canonical: true, budget: newBudget(maxNodes)}
	if err := w.value(v, "", -1, 0); err != nil {
		return nil, err
	}
	return w.buf, nil
}

// specialNumberName is the $number name of a number JSON cannot carry, or "".
func specialNumberName(f float64) string {
	switch {
	case f != f:
		return "NaN"
	case math.IsInf(f, 1):
		return "Infinity"
	case math.IsInf(f, -1):
		return "-Infinity"
	case f == 0 && math.Signbit(f):
		return "-0"
	}
	return ""
}

func isCanonicalMarker(k string) bool {
	return k == "$number" || k == "$function" || k == "$record"
}

// UnmarshalCanonical is the inverse of MarshalCanonical.
func UnmarshalCanonical(b []byte) (Value, error) {
	raw, err := ParseJSON(FromGoString(string(b)))
	if err != nil {
		return nil, fmt.Errorf("canonical value: %w", err)
	}
	return decodeCanonical(raw)
}

func decodeCanonical(v Value) (Value, error) {
	switch x := v.(type) {
	case *List:
		for i, e := range x.Items {
			d, err := decodeCanonical(e)
			if err != nil {
				return nil, err
			}
			x.Items[i] = d
		}
		return x, nil
	case *Record:
		if x.Len() == 1 {
			k := x.Keys()[0]
			inner := x.ValueAt(0)
			switch k {
			case "$number":
				s, _ := inner.(string)
				switch s {
				case "NaN":
					return math.NaN(), nil
				case "Infinity":
					return math.Inf(1), nil
				case "-Infinity":
					return math.Inf(-1), nil
				case "-0":
					return math.Copysign(0, -1), nil
				}
				return nil, fmt.Errorf("canonical value: bad $number %s", QuoteJSON(ToString(inner)))
			case "$function":
				s, ok := inner.(string)
				if !ok || s == "" {
					return nil, fmt.Errorf("canonical value: $function needs a name")
				}
				return FuncByName(s), nil
			case "$record":
				r, ok := inner.(*Record)
				if !ok {
					return nil, fmt.Errorf("canonical value: $record needs a record")
				}
				return decodeMembers(r)
			}
		}
		return decodeMembers(x)
	}
	return v, nil
}

// decodeMembers decodes the member values of r in place (r is freshly parsed).
func decodeMembers(r *Record) (Value, error) {
	for i, k := range r.Keys() {
		d, err := decodeCanonical(r.ValueAt(i))
		if err != nil {
			return nil, err
		}
		r.Set(k, d)
	}
	return r, nil
}
