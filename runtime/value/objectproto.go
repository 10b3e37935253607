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
		return arrayMethodOnRecord(f.Name, r, arg)
	case "Function":
		switch f.Name {
		case "toString":
			return nil, &JSError{Message: "Function.prototype.toString requires that 'this' be a Function"}
		case "call", "apply":
			return nil, &JSError{Message: "object is not a function"}
		case "bind":
			return nil, &JSError{Message: "Bind must be called on a function"}
		}
		return nil, &JSError{Message: "Function.prototype." + f.Name + " is not modelled on a record"}
	case "Object":
		return objectStaticCall(f.Name)
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
	case "Array":
		if arg != nil {
			return NewList(*arg), nil
		}
		return NewList(), nil
	case "Function":
		if arg == nil {
			return r, nil // a new function: an object, not a primitive
		}
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
		case nil:
			return "null", nil
		case float64:
			return FormatNumber(x), nil
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
	if f.Owner == "Array" && f.Name == "concat" {
		// r.concat(key) is [r, key] (a record is not concat-spreadable): JSON.stringify
		// writes it by calling r's toJSON again, without end. V8 throws when its call
		// stack overflows; the reference throws the same RangeError at this point
		// (values.ts, endlessToJSON).
		return nil, &JSError{Message: "Maximum call stack size exceeded"}
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
	return joinArrayLike(r, separator, func(e Value) (string, error) {
		if e == nil {
			return "", nil
		}
		return ToStringLimit(e, 0)
	})
}

// joinArrayLike is the loop Array.prototype.join and toLocaleString share: the
// ToLength(r.length) elements r[0], r[1], … (own or inherited; nil when absent), each
// converted by str, joined by sep, within V8's largest string.
func joinArrayLike(r *Record, sep string, str func(Value) (string, error)) (Value, error) {
	lv, _ := r.Lookup("length")
	n, err := toLength(lv)
	if err != nil {
		return nil, err
	}
	var b Builder
	for i := 0.0; i < n; i++ {
		if i > 0 {
			b.WriteString(sep)
		}
		if b.Len() > 3*maxJoinLength {
			return nil, &JSError{Message: "Invalid string length"}
		}
		e, _ := r.Lookup(strconv.FormatFloat(i, 'f', -1, 64))
		s, err := str(e)
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
	return joinArrayLike(r, ",", func(e Value) (string, error) { return localeString(e, depth+1) })
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

// arrayMethodOnRecord is the Array.prototype method name called on the record r with at
// most one argument (arg; nil for undefined), as String() and JSON.stringify's toJSON
// call it (V8 semantics). Methods that return a new object return r, which is as little
// a primitive; methods that change r (push, pop, shift, unshift, fill, reverse, …) give
// their result, but the change itself is not modelled.
func arrayMethodOnRecord(name string, r *Record, arg *string) (Value, error) {
	switch name {
	case "includes", "indexOf", "lastIndexOf":
		lv, _ := r.Lookup("length")
		n, err := toLength(lv)
		if err != nil {
			return nil, err
		}
		found := -1.0
		for i := 0.0; i < n && i < 1<<24; i++ {
			e, ok := r.Lookup(strconv.FormatFloat(i, 'f', -1, 64))
			if !ok && name != "includes" {
				continue // indexOf skips holes
			}
			var hit bool
			if arg == nil {
				hit = !ok // undefined: only a hole (includes)
			} else {
				s, isStr := e.(string)
				hit = isStr && s == *arg
			}
			if hit {
				found = i
				if name != "lastIndexOf" {
					break
				}
			}
		}
		if name == "includes" {
			return found >= 0, nil
		}
		return found, nil
	case "at":
		lv, _ := r.Lookup("length")
		n, err := toLength(lv)
		if err != nil {
			return nil, err
		}
		idx := 0.0
		if arg != nil {
			if idx = math.Trunc(StringToNumber(*arg)); idx != idx {
				idx = 0
			}
		}
		if idx < 0 {
			idx += n
		}
		if idx < 0 || idx >= n {
			return jsUndefined{}, nil
		}
		e, ok := r.Lookup(strconv.FormatFloat(idx, 'f', -1, 64))
		if !ok {
			return jsUndefined{}, nil
		}
		return e, nil
	case "concat", "copyWithin", "fill", "reverse", "slice", "sort", "splice", "keys", "entries",
		"values", "flat", "toReversed", "toSorted", "toSpliced", "with", "of":
		// A new array, or r itself (after rearranging its index keys, which is not
		// modelled): an object either way.
		return r, nil
	case "push", "unshift", "pop", "shift":
		// The result; the change to r's length and index keys is not modelled.
		lv, _ := r.Lookup("length")
		n, err := toLength(lv)
		if err != nil {
			return nil, err
		}
		switch {
		case name == "push" || name == "unshift":
			if arg != nil {
				n++
			}
			return n, nil
		case n == 0:
			return jsUndefined{}, nil
		}
		at := 0.0
		if name == "pop" {
			at = n - 1
		}
		e, ok := r.Lookup(strconv.FormatFloat(at, 'f', -1, 64))
		if !ok {
			return jsUndefined{}, nil
		}
		return e, nil
	case "find", "findIndex", "findLast", "findLastIndex", "forEach", "filter", "map", "every",
		"some", "reduce", "reduceRight":
		if arg == nil {
			return nil, &JSError{Message: "undefined is not a function"}
		}
		return nil, &JSError{Message: describeForTypeError(*arg, true) + " is not a function"}
	case "flatMap":
		return nil, &JSError{Message: "flatMap mapper function is not callable"}
	case "isArray":
		return false, nil
	case "from":
		return nil, &JSError{Message: "undefined is not iterable (cannot read property Symbol(Symbol.iterator))"}
	}
	return nil, &JSError{Message: "Array.prototype." + name + " is not modelled on a record"}
}

// objectStaticCall is the static method Object.name called with this = a record and no
// argument (undefined), as V8 answers it.
func objectStaticCall(name string) (Value, error) {
	switch name {
	case "is", "isFrozen", "isSealed":
		return true, nil
	case "isExtensible":
		return false, nil
	case "freeze", "seal", "preventExtensions":
		return jsUndefined{}, nil
	case "create":
		return nil, &JSError{Message: "Object prototype may only be an Object or null: undefined"}
	case "defineProperties", "defineProperty":
		return nil, &JSError{Message: "Object." + name + " called on non-object"}
	case "setPrototypeOf":
		return nil, &JSError{Message: "Object.setPrototypeOf called on null or undefined"}
	case "fromEntries":
		return nil, &JSError{Message: "undefined is not iterable"}
	}
	return nil, &JSError{Message: "Cannot convert undefined or null to object"}
}
