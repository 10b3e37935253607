package value

// GetProperty is a JavaScript property read v[key] on any A0 value, as the reference's
// `sort` with `by:` performs it on every element (§8.4, §10.2): a record reads through its
// prototype chain (Lookup); a string or list has "length" and its canonical index keys
// (a list element, or a string's single code unit); numbers, booleans, strings and lists
// also inherit their prototype's methods (as goja has them) and Object.prototype's, which
// read as function values; null and everything else has no properties. The wrapper
// prototypes reached by "__proto__" on a primitive are not modelled (absent).
func GetProperty(v Value, key string) (Value, bool) {
	switch x := v.(type) {
	case *Record:
		return x.Lookup(key)
	case *List:
		if key == "length" {
			return float64(len(x.Items)), true
		}
		if IsArrayIndex(key) {
			if i := arrayIndexValue(key); i < uint64(len(x.Items)) {
				return x.Items[i], true
			}
			return nil, false
		}
		return primitiveMethod(arrayMethods, "Array", key)
	case string:
		if key == "length" {
			return float64(UTF16Len(x)), true
		}
		if IsArrayIndex(key) {
			return codeUnitAt(x, arrayIndexValue(key))
		}
		return primitiveMethod(stringMethods, "String", key)
	case float64:
		return primitiveMethod(numberMethods, "Number", key)
	case bool:
		return primitiveMethod(booleanMethods, "Boolean", key)
	case *Func:
		switch key {
		case "name":
			return x.Name, true
		case "length":
			if n, ok := funcArity[x.Name]; ok {
				return n, true
			}
		}
		if x.Name == "Object" {
			// The constructor's own properties: Object.prototype and the static methods.
			if key == "prototype" {
				return ObjectPrototype(), true
			}
			if objectStatics[key] {
				return FuncByName(key), true
			}
		}
		return primitiveMethod(functionMethods, "Function", key)
	}
	return nil, false
}

// PropertyReadError is the exception a JavaScript read v[key] throws, or nil. The only
// such reads A0 can make (through `sort` with `by:`) are "caller" and "arguments" of a
// function value: Function.prototype's accessors for them throw a TypeError in V8 and
// goja alike.
func PropertyReadError(v Value, key string) *JSError {
	if _, ok := v.(*Func); ok && (key == "caller" || key == "arguments") {
		return &JSError{Message: "'caller', 'callee', and 'arguments' properties may not be accessed on strict mode functions or the arguments objects for calls to them"}
	}
	return nil
}

// codeUnitAt returns the code unit at index i of s as a one-unit string.
func codeUnitAt(s string, i uint64) (Value, bool) {
	var n uint64
	for off := 0; off < len(s); {
		r, size := decodeWTF8(s[off:])
		off += size
		if r >= 0x10000 {
			if i == n || i == n+1 {
				u := ToUTF16(string(r))
				return FromUTF16(u[i-n : i-n+1]), true
			}
			n += 2
			continue
		}
		if i == n {
			return FromUTF16([]uint16{uint16(r)}), true
		}
		n++
	}
	return nil, false
}

// primitiveMethod looks key up in a built-in prototype's method names, then in
// Object.prototype's. constructor names the type's own constructor.
func primitiveMethod(methods map[string]bool, typeName, key string) (Value, bool) {
	if key == "constructor" {
		return FuncByName(typeName), true
	}
	if methods[key] {
		return FuncByName(key), true
	}
	if f := objectPrototypeMethod(key); f != nil {
		return f, true
	}
	return nil, false
}

func nameSet(names ...string) map[string]bool {
	m := make(map[string]bool, len(names))
	for _, n := range names {
		m[n] = true
	}
	return m
}

// funcArity is the "length" of Object.prototype's methods (goja's, and the legacy
// accessors as the reference declares them).
var funcArity = map[string]float64{
	"Object": 1, "toString": 0, "toLocaleString": 0, "valueOf": 0, "hasOwnProperty": 1,
	"isPrototypeOf": 1, "propertyIsEnumerable": 1, "__defineGetter__": 2,
	"__defineSetter__": 2, "__lookupGetter__": 1, "__lookupSetter__": 1,
}

// The method names of the String, Array, Number, Boolean and Function prototypes as the
// reference has them: goja's, plus the String methods of V8 (Node 20) that goja lacks and
// the reference installs (reference/ts/src/v8compat.ts: the Annex B HTML methods,
// isWellFormed and toWellFormed).
var (
	stringMethods = nameSet("at", "charAt", "charCodeAt", "codePointAt", "concat", "endsWith",
		"includes", "indexOf", "lastIndexOf", "localeCompare", "match", "matchAll", "normalize",
		"padEnd", "padStart", "repeat", "replace", "replaceAll", "search", "slice", "split",
		"startsWith", "substr", "substring", "toLocaleLowerCase", "toLocaleUpperCase",
		"toLowerCase", "toString", "toUpperCase", "trim", "trimEnd", "trimLeft", "trimRight",
		"trimStart", "valueOf",
		"anchor", "big", "blink", "bold", "fixed", "fontcolor", "fontsize", "italics", "link",
		"small", "strike", "sub", "sup", "isWellFormed", "toWellFormed")
	arrayMethods = nameSet("at", "concat", "copyWithin", "entries", "every", "fill", "filter",
		"find", "findIndex", "findLast", "findLastIndex", "flat", "flatMap", "forEach",
		"includes", "indexOf", "join", "keys", "lastIndexOf", "map", "pop", "push", "reduce",
		"reduceRight", "reverse", "shift", "slice", "some", "sort", "splice", "toLocaleString",
		"toReversed", "toSorted", "toSpliced", "toString", "unshift", "values", "with")
	numberMethods   = nameSet("toExponential", "toFixed", "toLocaleString", "toPrecision", "toString", "valueOf")
	booleanMethods  = nameSet("toString", "valueOf")
	functionMethods = nameSet("apply", "bind", "call", "toString")
	// objectStatics are the static methods of Object (the same in goja and V8).
	objectStatics = nameSet("assign", "create", "defineProperties", "defineProperty", "entries",
		"freeze", "fromEntries", "getOwnPropertyDescriptor", "getOwnPropertyDescriptors",
		"getOwnPropertyNames", "getOwnPropertySymbols", "getPrototypeOf", "hasOwn", "is",
		"isExtensible", "isFrozen", "isSealed", "keys", "preventExtensions", "seal",
		"setPrototypeOf", "values")
)
