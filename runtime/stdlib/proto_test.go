package stdlib

import (
	"testing"

	"github.com/a0diff/a0diff/runtime/value"
)

// Prototype-chain reads and __proto__ writes (spec §10.2) cannot be written in the
// canonical JSON of the testdata files; they are tested here.

func rec(kv ...any) *value.Record {
	r := value.NewRecord()
	for i := 0; i < len(kv); i += 2 {
		r.Assign(kv[i].(string), kv[i+1])
	}
	return r
}

func call(t *testing.T, name string, args *value.Record) value.Value {
	t.Helper()
	fn, ok := Lookup(name)
	if !ok {
		t.Fatalf("no %s", name)
	}
	v, err := fn(args, Limits{})
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return v
}

func canonical(v value.Value) string { return string(value.MarshalCanonical(v)) }

func TestInheritedProperties(t *testing.T) {
	proto := rec("a", 1.0, "ok", true)
	withProto := rec("__proto__", proto, "b", 2.0) // { __proto__: { a: 1, ok: true }, b: 2 }

	tests := []struct {
		name string
		args *value.Record
		want string
	}{
		{"get", rec("in", withProto, "path", "a"), `1`},
		{"keys", rec("in", withProto), `["b"]`},
		{"len", rec("in", withProto), `1`},
		{"contains", rec("in", withProto, "value", "a"), `false`},
		{"pluck", rec("in", value.NewList(withProto), "key", "a"), `[1]`},
		{"find", rec("in", value.NewList(rec("a", 2.0), withProto), "key", "a", "value", 1.0), `{"b":2}`},
		{"filter", rec("in", value.NewList(withProto, rec("ok", false)), "by", "ok"), `[{"b":2}]`},
		{"str.template", rec("in", "{a}{b}", "vars", withProto), `"12"`},
		{"sort", rec("in", value.NewList(rec("a", 3.0), withProto), "by", "a"), `[{"b":2},{"a":3}]`},
		{"eq", rec("a", withProto, "b", rec("b", 2.0)), `true`},
		{"merge", rec("a", withProto, "b", rec("c", 3.0)), `{"b":2,"c":3}`},
		// Arguments themselves are read through the argument record's prototype.
		{"get", rec("__proto__", rec("in", rec("x", 5.0), "path", "x")), `5`},
		{"typeof", rec("__proto__", rec("in", "s")), `"string"`},
		{"coalesce", rec("__proto__", rec("default", 7.0)), `7`},
	}
	for _, tt := range tests {
		if got := canonical(call(t, tt.name, tt.args)); got != tt.want {
			t.Errorf("%s %s = %s, want %s", tt.name, canonical(tt.args), got, tt.want)
		}
	}

	// A null prototype hides Object.prototype: no function values.
	noProto := rec("__proto__", nil, "k", 1.0)
	if got := canonical(call(t, "get", rec("in", noProto, "path", "toString"))); got != `null` {
		t.Errorf("get toString on a null-prototype record = %s", got)
	}
	if got := canonical(call(t, "get", rec("in", rec("k", 1.0), "path", "toString"))); got != `{"$function":"toString"}` {
		t.Errorf("get toString = %s", got)
	}
}

func TestProtoWrites(t *testing.T) {
	// put and patch assign, so __proto__ sets the prototype instead of creating a key.
	p := call(t, "put", rec("in", rec("a", 1.0), "path", "__proto__.z", "value", 9.0)).(*value.Record)
	if canonical(p) != `{"a":1}` {
		t.Errorf("put __proto__.z = %s", canonical(p))
	}
	if z, _ := p.Lookup("z"); z != 9.0 {
		t.Errorf("put __proto__.z did not install a prototype with z: %v", z)
	}
	ops := value.NewList(rec("op", "add", "path", "/__proto__", "value", rec("q", 1.0)))
	r := call(t, "patch", rec("in", rec("a", 1.0), "ops", ops)).(*value.Record)
	if q, _ := r.Lookup("q"); canonical(r) != `{"a":1}` || q != 1.0 {
		t.Errorf("patch add /__proto__ = %s, q = %v", canonical(r), q)
	}
	// parse.json and merge define, so the key is an own key.
	pj := call(t, "parse.json", rec("in", `{"__proto__":{"q":1}}`)).(*value.Record)
	if !pj.Has("__proto__") {
		t.Error("parse.json must define __proto__ as an own key")
	}
	m := call(t, "merge", rec("a", value.NewRecord(), "b", pj)).(*value.Record)
	if !m.Has("__proto__") || m.Proto != nil {
		t.Error("merge must define __proto__ as an own key")
	}
	// A record owning __proto__ as data takes a patch replace as data too.
	ops = value.NewList(rec("op", "replace", "path", "/__proto__", "value", 2.0))
	r = call(t, "patch", rec("in", pj, "ops", ops)).(*value.Record)
	if canonical(r) != `{"__proto__":2}` {
		t.Errorf("patch replace of an own __proto__ = %s", canonical(r))
	}
}

func TestPutReadsTheCopy(t *testing.T) {
	// put copies a record with object spread, which drops a replaced prototype, and
	// reads the old value from the copy: an inherited field is not seen.
	withProto := rec("__proto__", rec("a", rec("x", 1.0)))
	got := canonical(call(t, "put", rec("in", withProto, "path", "a.y", "value", 2.0)))
	if got != `{"a":{"y":2}}` {
		t.Errorf("put through an inherited record = %s", got)
	}
}

func TestPatchCopyAssigns(t *testing.T) {
	// copy clones by assignment: an own "__proto__" key (from parse.json) becomes the
	// clone's prototype.
	src := call(t, "parse.json", rec("in", `{"x":{"__proto__":{"q":1},"k":2}}`))
	ops := value.NewList(rec("op", "copy", "from", "/x", "path", "/y"))
	out := call(t, "patch", rec("in", src, "ops", ops)).(*value.Record)
	y, _ := out.Get("y")
	clone := y.(*value.Record)
	if q, _ := clone.Lookup("q"); canonical(clone) != `{"k":2}` || q != 1.0 {
		t.Errorf("clone = %s, inherited q = %v", canonical(clone), q)
	}
}

func TestSortByOnPrimitives(t *testing.T) {
	// §10.2: methods of the primitive prototypes read as function values, which compare
	// equal to everything (JSON.stringify gives undefined), so the order is kept.
	in := value.NewList("b", "a", 2.0, 1.0, value.NewList(), true)
	got := canonical(call(t, "sort", rec("in", in, "by", "toString")))
	if got != `["b","a",2,1,[],true]` {
		t.Errorf("sort by toString = %s", got)
	}
	// A property that none of them has is null for all.
	got = canonical(call(t, "sort", rec("in", in, "by", "nope")))
	if got != `["b","a",2,1,[],true]` {
		t.Errorf("sort by nope = %s", got)
	}
}
