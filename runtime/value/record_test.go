package value

import (
	"fmt"
	"strings"
	"testing"
)

func keysOf(r *Record) string { return strings.Join(r.Keys(), ",") }

func TestRecordKeyOrder(t *testing.T) {
	tests := []struct {
		sets []string
		want string
	}{
		{[]string{"b", "10", "a", "2", "01"}, "2,10,b,a,01"},
		{[]string{"z", "y", "x"}, "z,y,x"},
		{[]string{"4294967295", "4294967294", "0", "-1", "1.0", "-0", "00"}, "0,4294967294,4294967295,-1,1.0,-0,00"},
		{[]string{"3", "1", "2", "1", "a", "0"}, "0,1,2,3,a"},
		{[]string{"a", "b", "a"}, "a,b"},
	}
	for _, tt := range tests {
		r := NewRecord()
		for i, k := range tt.sets {
			r.Set(k, float64(i))
		}
		if got := keysOf(r); got != tt.want {
			t.Errorf("after setting %v: keys %s, want %s", tt.sets, got, tt.want)
		}
	}
	// An existing key keeps its position and takes the new value.
	r := NewRecord()
	r.Set("a", 1.0)
	r.Set("b", 2.0)
	r.Set("a", 3.0)
	if v, _ := r.Get("a"); keysOf(r) != "a,b" || v != 3.0 {
		t.Errorf("replace in place: %s a=%v", keysOf(r), v)
	}
	// Delete then re-add moves a non-index key to the end, an index key back in order.
	r = NewRecord()
	for _, k := range []string{"a", "1", "b", "5"} {
		r.Set(k, true)
	}
	r.Delete("a")
	r.Delete("1")
	r.Set("a", true)
	r.Set("1", true)
	if got := keysOf(r); got != "1,5,b,a" || r.Len() != 4 {
		t.Errorf("delete and re-add: %s", got)
	}
	r.Delete("missing")
	if r.Len() != 4 {
		t.Errorf("deleting a missing key changed the record")
	}
}

func TestIsArrayIndex(t *testing.T) {
	yes := []string{"0", "1", "10", "2", "4294967294", "123"}
	no := []string{"", "01", "-1", "1.0", "-0", "4294967295", "99999999999", "1e3", " 1", "a", "00"}
	for _, k := range yes {
		if !IsArrayIndex(k) {
			t.Errorf("IsArrayIndex(%q) = false", k)
		}
	}
	for _, k := range no {
		if IsArrayIndex(k) {
			t.Errorf("IsArrayIndex(%q) = true", k)
		}
	}
}

func TestRecordZeroValue(t *testing.T) {
	var r Record
	if _, ok := r.Get("a"); ok || r.Len() != 0 || r.Has("a") {
		t.Fatal("zero record not empty")
	}
	r.Set("a", 1.0)
	if !r.Has("a") {
		t.Fatal("Set on a zero record lost the key")
	}
}

func TestLookupPrototypeChain(t *testing.T) {
	r := NewRecord()
	r.Set("a", 1.0)
	// Object.prototype methods: one identity per name.
	f1, ok1 := r.Lookup("toString")
	f2, ok2 := NewRecord().Lookup("toString")
	if !ok1 || !ok2 || f1 != f2 || f1.(*Func).Name != "toString" {
		t.Errorf("toString lookup: %v %v", f1, f2)
	}
	if c, _ := r.Lookup("constructor"); c.(*Func).Name != "Object" {
		t.Errorf("constructor is %v", c)
	}
	// The legacy accessor methods are there too (the reference installs them in goja).
	if f, ok := r.Lookup("__lookupGetter__"); !ok || f.(*Func).Name != "__lookupGetter__" {
		t.Errorf("__lookupGetter__ = %v", f)
	}
	for _, k := range []string{"missing", "length", "toJSON"} {
		if v, ok := r.Lookup(k); ok {
			t.Errorf("Lookup(%q) = %v, want absent", k, v)
		}
	}
	// __proto__ of an ordinary record is Object.prototype: empty, still has the methods,
	// and its own __proto__ is null.
	p, ok := r.Lookup("__proto__")
	op := p.(*Record)
	if !ok || op.Len() != 0 || !op.IsObjectPrototype() {
		t.Fatalf("__proto__ = %v", p)
	}
	if _, ok := op.Lookup("valueOf"); !ok {
		t.Error("Object.prototype lacks valueOf")
	}
	if v, ok := op.Lookup("__proto__"); !ok || v != nil {
		t.Errorf("Object.prototype.__proto__ = %v, %v; want null", v, ok)
	}
	if text, _ := JSON(op, ""); text != "{}" {
		t.Errorf("Object.prototype serialises as %s", text)
	}
}

func TestAssignProto(t *testing.T) {
	proto := NewRecord()
	proto.Set("a", 1.0)
	proto.Set("ok", true)

	// { __proto__: { a: 1 }, b: 2 }
	r := NewRecord()
	r.Assign("__proto__", proto)
	r.Assign("b", 2.0)
	if keysOf(r) != "b" || r.Has("__proto__") {
		t.Errorf("keys %s", keysOf(r))
	}
	if v, _ := r.Lookup("a"); v != 1.0 {
		t.Errorf("inherited a = %v", v)
	}
	if !r.HasInherited("ok") || r.Has("ok") {
		t.Error("ok must be inherited, not own")
	}
	if v, _ := r.Lookup("__proto__"); v != proto {
		t.Errorf("__proto__ = %v", v)
	}
	if _, ok := r.Lookup("toString"); !ok {
		t.Error("toString must still be found behind the replaced prototype")
	}
	if text, _ := JSON(r, ""); text != `{"b":2}` {
		t.Errorf("JSON %s", text)
	}

	// Numbers, strings and booleans are ignored.
	r2 := NewRecord()
	for _, v := range []Value{1.0, "x", true} {
		r2.Assign("__proto__", v)
	}
	if r2.Len() != 0 || r2.Proto != nil || r2.NullProto {
		t.Error("ignored __proto__ assignments changed the record")
	}

	// null cuts the chain: no methods at all.
	r3 := NewRecord()
	r3.Assign("__proto__", nil)
	if _, ok := r3.Lookup("toString"); ok || !r3.NullProto {
		t.Error("null prototype still inherits")
	}
	if _, ok := r3.Lookup("__proto__"); ok {
		t.Error("null-prototype record has a __proto__ accessor")
	}
	// With no accessor on the chain, assigning __proto__ defines an own key.
	r3.Assign("__proto__", 5.0)
	if v, _ := r3.Get("__proto__"); v != 5.0 {
		t.Errorf("own __proto__ = %v", v)
	}

	// A record that owns a data key __proto__ (from parse.json) takes assignments as data.
	r4 := NewRecord()
	r4.Set("__proto__", 1.0)
	r4.Assign("__proto__", proto)
	if v, _ := r4.Get("__proto__"); v != proto || r4.Proto != nil {
		t.Error("assignment over an own __proto__ key must write the key")
	}
	if v, _ := r4.Lookup("__proto__"); v != proto {
		t.Error("own __proto__ key must shadow the accessor")
	}

	// Assigning Object.prototype itself restores the default prototype.
	r5 := NewRecord()
	r5.Assign("__proto__", nil)
	r5.Assign("__proto__", 1.0) // becomes an own key (no accessor)
	r6 := NewRecord()
	r6.Assign("__proto__", proto)
	r6.Assign("__proto__", ObjectPrototype())
	if r6.Proto != nil || r6.NullProto {
		t.Error("assigning Object.prototype must restore the default")
	}
}

func TestCloneAndCopyOwn(t *testing.T) {
	proto := NewRecord()
	proto.Set("x", 1.0)
	r := NewRecord()
	r.Assign("__proto__", proto)
	r.Set("2", true)
	r.Set("b", true)
	c := r.Clone()
	c.Set("1", true)
	c.Set("z", true)
	if keysOf(r) != "2,b" || keysOf(c) != "1,2,b,z" || c.Proto != proto {
		t.Errorf("clone: %s / %s", keysOf(r), keysOf(c))
	}
	o := r.CopyOwn()
	if o.Proto != nil || keysOf(o) != "2,b" {
		t.Error("CopyOwn must drop the prototype and keep the keys")
	}
}

func TestRecordManyKeys(t *testing.T) {
	// Index keys in descending order and interleaved with names: the order must be
	// exact (checked against a sort of the expected layout).
	r := NewRecord()
	for i := 2999; i >= 0; i-- {
		r.Set(fmt.Sprint(i), float64(i))
		r.Set(fmt.Sprintf("k%d", i), float64(i))
	}
	keys := r.Keys()
	for i := 0; i < 3000; i++ {
		if keys[i] != fmt.Sprint(i) {
			t.Fatalf("key %d is %s", i, keys[i])
		}
		if keys[3000+i] != fmt.Sprintf("k%d", 2999-i) {
			t.Fatalf("key %d is %s", 3000+i, keys[3000+i])
		}
	}
}

// TestListAndFunctionPrototypes pins §10.2 (corrected): a list or function value assigned
// to __proto__ becomes the prototype, with V8's observable reads and assignment errors.
func TestListAndFunctionPrototypes(t *testing.T) {
	withList := NewRecord()
	withList.Assign("__proto__", NewList(7.0, 8.0))
	withFunc := NewRecord()
	withFunc.Assign("__proto__", FuncByName("valueOf"))
	withCtor := NewRecord()
	withCtor.Assign("__proto__", FuncByName("Object"))
	reads := []struct {
		r    *Record
		key  string
		want string // canonical JSON of the read, "absent" when not found
	}{
		{withList, "length", "2"},
		{withList, "1", "8"},
		{withList, "2", "absent"},
		{withList, "join", `{"$function":"join"}`},
		{withList, "hasOwnProperty", `{"$function":"hasOwnProperty"}`},
		{withList, "__proto__", "[7,8]"},
		{withFunc, "length", "0"},
		{withFunc, "name", `"valueOf"`},
		{withFunc, "call", `{"$function":"call"}`},
		{withFunc, "constructor", `{"$function":"Function"}`},
		{withCtor, "length", "1"},
		{withCtor, "keys", `{"$function":"keys"}`},
	}
	for _, c := range reads {
		v, ok := c.r.Lookup(c.key)
		got := "absent"
		if ok {
			got = string(MarshalCanonical(v))
		}
		if got != c.want {
			t.Errorf("read %s = %s, want %s", c.key, got, c.want)
		}
	}
	if a, _ := withList.Lookup("toString"); a == FuncByName("toString") {
		t.Error("Array.prototype.toString must not be Object.prototype.toString")
	}
	if s, err := ToStringLimit(withList, 0); s != "7,8" || err != nil {
		t.Errorf("String() = %q, %v", s, err)
	}
	if _, err := ToStringLimit(withFunc, 0); err == nil || err.Error() != "Function.prototype.toString requires that 'this' be a Function" {
		t.Errorf("String() of a function-prototype record: %v", err)
	}
	if _, _, err := withFunc.LookupErr("caller"); err == nil {
		t.Error("reading caller through a function prototype must throw")
	}
	assigns := []struct {
		r    *Record
		key  string
		want string // error text, "" for none
	}{
		{withList, "length", ""},
		{withList, "0", ""},
		{withFunc, "length", "Cannot assign to read only property 'length' of object '[object Object]'"},
		{withFunc, "name", "Cannot assign to read only property 'name' of object '[object Object]'"},
		{withFunc, "prototype", ""},
		{withCtor, "prototype", "Cannot assign to read only property 'prototype' of object '[object Object]'"},
		{withFunc, "arguments", "'caller', 'callee', and 'arguments' properties may not be accessed on strict mode functions or the arguments objects for calls to them"},
		{withFunc, "call", ""},
	}
	for _, c := range assigns {
		r := c.r.Clone()
		err := r.Assign(c.key, 1.0)
		got := ""
		if err != nil {
			got = err.Error()
		}
		if got != c.want {
			t.Errorf("assign %s: %q, want %q", c.key, got, c.want)
		}
		if (err == nil) != r.Has(c.key) {
			t.Errorf("assign %s: own key %v after error %v", c.key, r.Has(c.key), err)
		}
	}
}
