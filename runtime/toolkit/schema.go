package toolkit

import (
	"math"
	"strings"

	"github.com/a0diff/a0diff/runtime/value"
)

// ValidateArgs checks args against the tool's schema (spec §9.1) and returns the ISSUES
// text of E_TOOL_ARGS ("path: Expected string, received number; …"), or "" when args
// are valid. Issues come in schema field order and, inside a record of strings, in the
// record's key order. Only own keys count: a field is absent when it is not an own key,
// and extra keys are accepted. An unknown tool has no schema and yields "".
func ValidateArgs(tool string, args *value.Record) string {
	t, ok := Lookup(tool)
	if !ok {
		return ""
	}
	var issues []string
	for _, a := range t.Args {
		v, present := ownField(args, a.Name)
		if !present {
			if a.Required {
				issues = append(issues, a.Name+": "+t.Name+" requires a '"+a.Name+"' argument")
			}
			continue
		}
		switch a.Type {
		case ArgString:
			if _, ok := v.(string); !ok {
				issues = append(issues, a.Name+": "+mismatch("string", v))
			}
		case ArgNumber:
			if f, ok := v.(float64); !ok || math.IsNaN(f) {
				issues = append(issues, a.Name+": "+mismatch("number", v))
			}
		case ArgStringRecord:
			r, ok := v.(*value.Record)
			if !ok {
				issues = append(issues, a.Name+": "+mismatch("object", v))
				continue
			}
			for _, k := range r.Keys() {
				item, _ := r.Get(k)
				if _, ok := item.(string); !ok {
					issues = append(issues, a.Name+"."+k+": "+mismatch("string", item))
				}
			}
		}
	}
	return strings.Join(issues, "; ")
}

// ownField reads the own property k of a possibly nil argument record.
func ownField(args *value.Record, k string) (value.Value, bool) {
	if args == nil {
		return nil, false
	}
	return args.Get(k)
}

func mismatch(expected string, v value.Value) string {
	return "Expected " + expected + ", received " + receivedName(v)
}

// receivedName is the RECEIVED word of a type issue: the schema library's name for the
// JavaScript value (arrays and NaN have their own names).
func receivedName(v value.Value) string {
	switch x := v.(type) {
	case nil:
		return "null"
	case bool:
		return "boolean"
	case float64:
		if math.IsNaN(x) {
			return "nan"
		}
		return "number"
	case string:
		return "string"
	case *value.List:
		return "array"
	case *value.Record:
		return "object"
	case *value.Func:
		return "function"
	default:
		return "unknown"
	}
}
