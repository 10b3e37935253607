package value

import "sync"

// ObjectPrototypeMethods are the property names under which Object.prototype holds a
// method, as the reference sees them in goja, mapped to the function's own name (what
// `String(f)` and the canonical {"$function": NAME} form show). Node additionally has
// __defineGetter__, __defineSetter__, __lookupGetter__ and __lookupSetter__ (spec §10.2
// lists eleven names); goja does not implement those four, so for the goja-hosted
// reference they read as absent, and so they do here.
var ObjectPrototypeMethods = map[string]string{
	"constructor":          "Object",
	"toString":             "toString",
	"toLocaleString":       "toLocaleString",
	"valueOf":              "valueOf",
	"hasOwnProperty":       "hasOwnProperty",
	"isPrototypeOf":        "isPrototypeOf",
	"propertyIsEnumerable": "propertyIsEnumerable",
}

// funcs holds the one *Func per name, so that identity comparison is JavaScript's.
var funcs sync.Map // string → *Func

// FuncByName returns the unique *Func named name (creating it on first use).
func FuncByName(name string) *Func {
	if f, ok := funcs.Load(name); ok {
		return f.(*Func)
	}
	f, _ := funcs.LoadOrStore(name, &Func{Name: name})
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
