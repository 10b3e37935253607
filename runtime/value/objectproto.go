package value

import (
	"math"
	"strconv"
	"strings"
)

// Calls of built-in methods. A0 cannot call functions, but JavaScript's own conversions
// can: String(record) calls the record's toString (else valueOf), and JSON.stringify
// calls a toJSON it finds on a record. The function values a record can reach are
// Object.prototype's methods, and — through a list or function value made its prototype
// (§10.2) — Array.prototype's and Function.prototype's; the calls modelled here are the
// ones those conversions make (V8 semantics; the legacy accessor methods as
// reference/ts/src/v8compat.ts installs them in goja): Object.prototype's methods,
// Array.prototype.toString and join on an array-like record, and
// Function.prototype.toString, which throws for a record.

// JSError is a JavaScript exception (TypeError, RangeError) that the reference's
// conversion would throw; the reference reports it like any failure of the stdlib
// function or operation that converted the value.
type JSError struct {
	Message string
}

func (e *JSError) Error() string { return e.Message }

// jsUndefined is JavaScript's undefined as the result of a method call.
type jsUndefined struct{}

// maxMethodNesting stops toLocaleString calling itself through a record whose toString
// is toLocaleString (in V8 that recursion ends with a RangeError).
const maxMethodNesting = 16

// callMethod calls f with this = r and the given arguments (nil: none, i.e. undefined)
// and returns its result.
func callMethod(f *Func, r *Record, arg *string, depth int) (Value, error) {
	argKey := "undefined" // ToPropertyKey(undefined)
	if arg != nil {
		argKey = *arg
	}
	switch f.Owner {
	case "":
	case "Array":
		switch f.Name {
		case "toString":
			// Invoke join if callable, else Object.prototype.toString.
			if depth >= maxMethodNesting {
				return nil, &JSError{Message: "Maximum call stack size exceeded"}
			}
			if j, ok := r.Lookup("join"); ok {
				if g, ok := j.(*Func); ok {
					return callMethod(g, r, nil, depth+1)
				}
			}
			return "[object Object]", nil
		case "join":
			return arrayLikeJoin(r, arg)
		case "toLocaleString":
			return arrayLikeLocaleString(r, depth)
		}
		return nil, &JSError{Message: "Array.prototype." + f.Name + " is not modelled on a record"}
	case "Function":
		if f.Name == "toString" {
			return nil, &JSError{Message: "Function.prototype.toString requires that 'this' be a Function"}
		}
		return nil, &JSError{Message: "Function.prototype." + f.Name + " is not modelled on a record"}
	default:
		return nil, &JSError{Message: f.Owner + "." + f.Name + " is not modelled on a record"}
	}
	switch f.Name {
	case "toString":
		return "[object Object]", nil
	case "toLocaleString":
		// Invoke(this, "toString").
		if depth >= maxMethodNesting {
			return nil, &JSError{Message: "Maximum call stack size exceeded"}
		}
		m, found := r.Lookup("toString")
		g, ok := m.(*Func)
		if !ok {
			return nil, &JSError{Message: describeForTypeError(m, found) + " is not a function"}
		}
		return callMethod(g, r, nil, depth+1)
	case "valueOf":
		return r, nil
	case "hasOwnProperty", "propertyIsEnumerable":
		return r.Has(argKey), nil
	case "isPrototypeOf":
		return false, nil // the argument is never an object here
	case "Object":
		if arg != nil {
			return *arg, nil // a String wrapper, which JSON writes as its string
		}
		return NewRecord(), nil
	case "__defineGetter__", "__defineSetter__":
		return nil, &JSError{Message: "Object.prototype." + f.Name + ": Expecting function"}
	case "__lookupGetter__", "__lookupSetter__":
		return jsUndefined{}, nil // A0 records have data properties only
	}
	return nil, &JSError{Message: f.Name + " is not a function"}
}

// describeForTypeError names a non-callable value the way V8's "%s is not a function"
// messages do: its typeof, then a primitive's text (a string quoted and cut after 100
// code units); found is false for undefined.
func describeForTypeError(v Value, found bool) string {
	switch x := v.(type) {
	case nil:
		if !found {
			return "undefined"
		}
		return "object null"
	case bool, float64:
		return TypeofName(x) + " " + ToString(x)
	case string:
		if u := ToUTF16(x); len(u) > 100 {
			x = FromUTF16(u[:100]) + "<...>"
		}
		return `string "` + x + `"`
	}
	return "object"
}

// recordToString is String(r): OrdinaryToPrimitive with hint string — toString, then
// valueOf, the first primitive result wins.
func recordToString(r *Record) (string, error) {
	for _, name := range [...]string{"toString", "valueOf"} {
		m, _ := r.Lookup(name)
		f, ok := m.(*Func)
		if !ok {
			continue
		}
		res, err := callMethod(f, r, nil, 0)
		if err != nil {
			return "", err
		}
		switch x := res.(type) {
		case string:
			return x, nil
		case bool:
			if x {
				return "true", nil
			}
			return "false", nil
		case jsUndefined:
			return "undefined", nil
		}
	}
	return "", &JSError{Message: "Cannot convert object to primitive value"}
}

// applyToJSON emulates JSON.stringify's call of a toJSON method found on r (own or
// inherited) with the property name key; without one, r itself is serialised.
func applyToJSON(r *Record, key string) (Value, error) {
	m, ok := r.Lookup("toJSON")
	if !ok {
		return r, nil
	}
	f, ok := m.(*Func)
	if !ok {
		return r, nil
	}
	return callMethod(f, r, &key, 0)
}

// maxJoinLength bounds the text arrayLikeJoin builds: V8's largest string
// (2^29 - 24 code units), past which it throws "Invalid string length".
const maxJoinLength = 1<<29 - 24

// arrayLikeJoin is Array.prototype.join called on the record r (sep: the argument, nil
// for undefined → ","): ToLength(r.length) elements r[0], r[1], … — own or inherited —
// each converted with String(), null and absent ones as "", joined by sep.
func arrayLikeJoin(r *Record, sep *string) (Value, error) {
	separator := ","
	if sep != nil {
		separator = *sep
	}
	lv, _ := r.Lookup("length")
	n, err := toLength(lv)
	if err != nil {
		return nil, err
	}
	var b Builder
	for i := 0.0; i < n; i++ {
		if i > 0 {
			b.WriteString(separator)
		}
		if b.Len() > 3*maxJoinLength {
			return nil, &JSError{Message: "Invalid string length"}
		}
		e, _ := r.Lookup(strconv.FormatFloat(i, 'f', -1, 64))
		if e == nil {
			continue
		}
		s, err := ToStringLimit(e, 0)
		if err != nil {
			return nil, err
		}
		b.WriteString(s)
	}
	return b.String(), nil
}

// toLength is ECMAScript ToLength(v) for the values a `length` can hold: ToNumber, NaN
// and negatives → 0, then truncated. A list or record goes through String() first (its
// valueOf is Object.prototype's, which gives no primitive).
func toLength(v Value) (float64, error) {
	var f float64
	switch x := v.(type) {
	case nil:
		f = 0
	case bool:
		if x {
			f = 1
		}
	case float64:
		f = x
	case string:
		f = StringToNumber(x)
	case *Func:
		f = math.NaN()
	default:
		s, err := ToStringLimit(x, 0)
		if err != nil {
			return 0, err
		}
		f = StringToNumber(s)
	}
	if f != f || f <= 0 {
		return 0, nil
	}
	return math.Min(math.Trunc(f), 1<<53-1), nil
}

// arrayLikeLocaleString is Array.prototype.toLocaleString called on the record r: like
// join with ",", but each element converts with its own toLocaleString (numbers as V8's
// en-US NumberToLocaleString).
func arrayLikeLocaleString(r *Record, depth int) (Value, error) {
	lv, _ := r.Lookup("length")
	n, err := toLength(lv)
	if err != nil {
		return nil, err
	}
	var b Builder
	for i := 0.0; i < n; i++ {
		if i > 0 {
			b.WriteString(",")
		}
		if b.Len() > 3*maxJoinLength {
			return nil, &JSError{Message: "Invalid string length"}
		}
		e, _ := r.Lookup(strconv.FormatFloat(i, 'f', -1, 64))
		s, err := localeString(e, depth+1)
		if err != nil {
			return nil, err
		}
		b.WriteString(s)
	}
	return b.String(), nil
}

// localeString is ToString(Invoke(v, "toLocaleString")) for an element of
// Array.prototype.toLocaleString; null is "".
func localeString(v Value, depth int) (string, error) {
	if depth >= maxMethodNesting {
		return "", &JSError{Message: "Maximum call stack size exceeded"}
	}
	switch x := v.(type) {
	case nil:
		return "", nil
	case float64:
		return NumberToLocaleString(x), nil
	case *List:
		parts := make([]string, len(x.Items))
		for i, e := range x.Items {
			s, err := localeString(e, depth+1)
			if err != nil {
				return "", err
			}
			parts[i] = s
		}
		return strings.Join(parts, ","), nil
	case *Record:
		m, found := x.Lookup("toLocaleString")
		f, ok := m.(*Func)
		if !ok {
			return "", &JSError{Message: describeForTypeError(m, found) + " is not a function"}
		}
		res, err := callMethod(f, x, nil, depth+1)
		if err != nil {
			return "", err
		}
		if _, ok := res.(jsUndefined); ok {
			return "undefined", nil
		}
		return ToStringLimit(res, 0)
	}
	// Strings, booleans and functions: Object.prototype.toLocaleString, i.e. toString.
	return ToStringLimit(v, 0)
}
