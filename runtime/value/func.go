package value

import "sync"

// ObjectPrototypeMethods are the eleven property names under which Object.prototype holds
// a method (spec §10.2), mapped to the function's own name (what `String(f)` and the
// canonical {"$function": NAME} form show). goja itself lacks the four legacy accessor
// methods; the reference installs them (reference/ts/src/v8compat.ts) so that it matches
// V8, and so they are here.
var ObjectPrototypeMethods = map[string]string{
	"constructor":          "Object",
	"toString":             "toString",
	"toLocaleString":       "toLocaleString",
	"valueOf":              "valueOf",
	"hasOwnProperty":       "hasOwnProperty",
	"isPrototypeOf":        "isPrototypeOf",
	"propertyIsEnumerable": "propertyIsEnumerable",
	"__defineGetter__":     "__defineGetter__",
	"__defineSetter__":     "__defineSetter__",
	"__lookupGetter__":     "__lookupGetter__",
	"__lookupSetter__":     "__lookupSetter__",
}

// funcs holds the one *Func per name, so that identity comparison is JavaScript's.
var funcs sync.Map // string → *Func

// FuncByName returns the unique *Func named name without an owner: Object.prototype's
// methods and the constructors (creating it on first use).
func FuncByName(name string) *Func { return FuncOf("", name) }

// FuncOf returns the unique *Func named name owned by owner (see Func).
func FuncOf(owner, name string) *Func {
	key := owner + "." + name
	if f, ok := funcs.Load(key); ok {
		return f.(*Func)
	}
	f, _ := funcs.LoadOrStore(key, &Func{Name: name, Owner: owner})
	return f.(*Func)
}

// objectPrototypeMethod returns the method Object.prototype holds under key, or nil.
func objectPrototypeMethod(key string) *Func {
	name, ok := ObjectPrototypeMethods[key]
	if !ok {
		return nil
	}
	return FuncByName(name)
}
