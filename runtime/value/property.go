package value

// GetProperty is a JavaScript property read v[key] on any A0 value, as the reference's
// `sort` with `by:` performs it on every element (§8.4, §10.2): a record reads through its
// prototype chain (Lookup); a string or list has "length" and its canonical index keys
// (a list element, or a string's single code unit); numbers, booleans, strings and lists
// also inherit their prototype's methods (as goja has them) and Object.prototype's, which
// read as function values; a function value has its own `length` and `name` (and a
// constructor its `prototype` and static methods), then Function.prototype's members;
// null and everything else has no properties. The wrapper prototypes that "__proto__"
// reads on a primitive or list are not values here: see WrapperPrototypeJSON.
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
			return funcLength(x), true
		}
		if x.Owner == "" {
			switch x.Name {
			case "Object":
				// The constructor's own properties: Object.prototype and the static methods.
				if key == "prototype" {
					return ObjectPrototype(), true
				}
				if objectStatics[key] {
					return FuncOf("Object", key), true
				}
			case "Array":
				if arrayStatics[key] {
					return FuncOf("Array", key), true
				}
			}
		}
		if key == protoKey {
			// Function.prototype, itself a function: only the sort comparator sees it
			// (JSON.stringify gives undefined for it).
			return FuncOf("Function", "prototype"), true
		}
		return primitiveMethod(functionMethods, "Function", key)
	}
	return nil, false
}

// funcLength is the `length` of a function value (its declared arity).
func funcLength(f *Func) float64 {
	var n float64
	switch f.Owner {
	case "":
		n = funcArity[f.Name]
	case "Array":
		n = arrayArity[f.Name]
	case "Function":
		n = functionArity[f.Name]
	case "Object":
		n = objectStaticArity[f.Name]
	}
	return n
}

// funcAssignError is the TypeError of a strict-mode assignment of key k to an object
// whose prototype is the function value f (k not own): f's own `length` and `name`, and a
// constructor's `prototype`, are read-only; Function.prototype's `caller` and `arguments`
// are accessors whose setter throws. Everything else f or Function.prototype holds is
// writable data (nil).
func funcAssignError(f *Func, k string) error {
	switch k {
	case "length", "name":
		return ReadOnlyError(k)
	case "prototype":
		if f.Owner == "" && constructors[f.Name] {
			return ReadOnlyError(k)
		}
	case "caller", "arguments":
		return PropertyReadError(f, k)
	}
	return nil
}

// WrapperPrototypeJSON is the JSON text (as V8 writes it) of the prototype that the
// JavaScript read v.__proto__ gives for a non-record v — String.prototype `""`,
// Number.prototype `0`, Boolean.prototype `false`, Array.prototype `[]` — which `sort`
// with `by: "__proto__"` compares (§8.4, §10.2); ok is false for other values.
func WrapperPrototypeJSON(v Value) (string, bool) {
	switch v.(type) {
	case string:
		return `""`, true
	case float64:
		return "0", true
	case bool:
		return "false", true
	case *List:
		return "[]", true
	}
	return "", false
}

// PropertyReadError is the exception a JavaScript read v[key] throws, or nil. The only
// such reads A0 can make are "caller" and "arguments" of a function value, or of a record
// that inherits them from one: Function.prototype's accessors for them throw a TypeError
// in V8 and goja alike.
func PropertyReadError(v Value, key string) error {
	switch x := v.(type) {
	case *Func:
		if key == "caller" || key == "arguments" {
			return &JSError{Message: "'caller', 'callee', and 'arguments' properties may not be accessed on strict mode functions or the arguments objects for calls to them"}
		}
	case *Record:
		_, _, err := x.LookupErr(key)
		return err
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
		return FuncOf(typeName, key), true
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

// funcArity is the "length" of Object.prototype's methods and of the constructors
// (goja's, and the legacy accessors as the reference declares them); arrayArity,
// functionArity and objectStaticArity those of Array.prototype's and Function.prototype's
// methods and Object's and Array's static methods (the same in goja and V8 20). Other
// function values have length 0.
var (
	funcArity = map[string]float64{
		"Object": 1, "Array": 1, "Function": 1, "String": 1, "Number": 1, "Boolean": 1,
		"toString": 0, "toLocaleString": 0, "valueOf": 0, "hasOwnProperty": 1,
		"isPrototypeOf": 1, "propertyIsEnumerable": 1, "__defineGetter__": 2,
		"__defineSetter__": 2, "__lookupGetter__": 1, "__lookupSetter__": 1,
	}
	arrayArity = map[string]float64{
		"at": 1, "concat": 1, "copyWithin": 2, "every": 1, "fill": 1, "filter": 1, "find": 1,
		"findIndex": 1, "findLast": 1, "findLastIndex": 1, "flatMap": 1, "forEach": 1,
		"includes": 1, "indexOf": 1, "join": 1, "lastIndexOf": 1, "map": 1, "push": 1,
		"reduce": 1, "reduceRight": 1, "slice": 2, "some": 1, "sort": 1, "splice": 2,
		"toSorted": 1, "toSpliced": 2, "unshift": 1, "with": 2,
		"from": 1, "isArray": 1, // statics (Array.of has 0)
	}
	functionArity     = map[string]float64{"apply": 2, "bind": 1, "call": 1}
	objectStaticArity = map[string]float64{
		"assign": 2, "create": 2, "defineProperties": 2, "defineProperty": 3, "entries": 1,
		"freeze": 1, "fromEntries": 1, "getOwnPropertyDescriptor": 2,
		"getOwnPropertyDescriptors": 1, "getOwnPropertyNames": 1, "getOwnPropertySymbols": 1,
		"getPrototypeOf": 1, "hasOwn": 2, "is": 2, "isExtensible": 1, "isFrozen": 1,
		"isSealed": 1, "keys": 1, "preventExtensions": 1, "seal": 1, "setPrototypeOf": 2,
		"values": 1,
	}
)

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
	arrayStatics    = nameSet("from", "isArray", "of")
	// constructors are the constructor functions A0 can reach; their `prototype` is
	// read-only.
	constructors = nameSet("Object", "Array", "Function", "String", "Number", "Boolean")
	// objectStatics are the static methods of Object (the same in goja and V8).
	objectStatics = nameSet("assign", "create", "defineProperties", "defineProperty", "entries",
		"freeze", "fromEntries", "getOwnPropertyDescriptor", "getOwnPropertyDescriptors",
		"getOwnPropertyNames", "getOwnPropertySymbols", "getPrototypeOf", "hasOwn", "is",
		"isExtensible", "isFrozen", "isSealed", "keys", "preventExtensions", "seal",
		"setPrototypeOf", "values")
)
