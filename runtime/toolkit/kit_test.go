package toolkit

import (
	"strings"
	"testing"

	"github.com/a0diff/a0diff/runtime/outcome"
	"github.com/a0diff/a0diff/runtime/value"
)

func call(t *testing.T, k *Virtual, tool string, kv ...any) (value.Value, error) {
	t.Helper()
	args := value.NewRecord()
	for i := 0; i+1 < len(kv); i += 2 {
		args.Set(kv[i].(string), kv[i+1])
	}
	return callKit(k, tool, args)
}

// callKit calls the tool with fs.write's text serialised as an implementation would
// (testData).
func callKit(k *Virtual, tool string, args *value.Record) (value.Value, error) {
	return k.CallData(tool, args, testData(args))
}

// testData is fs.write's text for args (spec §9.2), serialised with runtime/value as the
// Go evaluator does: the kit itself only writes the text it is given.
func testData(args *value.Record) Data {
	data, hasData := args.Get("data")
	format, _ := args.Get("format")
	if s, ok := data.(string); ok && format != "json" {
		return Data{Text: s, OK: true}
	}
	if !hasData {
		return Data{}
	}
	indent := ""
	if format == "json" {
		indent = "  "
	}
	text, ok := value.JSON(data, indent)
	return Data{Text: text, OK: ok}
}

// Paths of PATH_MAX (4096) bytes or more fail as a whole, before any name is looked up
// (node: a 4095-byte path gives ENOENT, a 4096-byte one ENAMETOOLONG).
func TestPathMax(t *testing.T) {
	k := New(outcome.Fixtures{})
	for _, c := range []struct {
		n    int
		want string
	}{{4094, "ENOENT"}, {4095, "ENOENT"}, {4096, "ENAMETOOLONG"}, {100000, "ENAMETOOLONG"}} {
		p := "/" + strings.Repeat("c/", (c.n-2)/2)
		p += strings.Repeat("x", c.n-len(p))
		if len(p) != c.n {
			t.Fatalf("built %d bytes", len(p))
		}
		_, err := call(t, k, "fs.read", "path", p)
		if err == nil || !strings.HasPrefix(err.Error(), c.want+": ") || !strings.HasSuffix(err.Error(), ", open '"+p+"'") {
			t.Errorf("%d bytes: %v", c.n, err)
		}
		// mkdir -p refuses the same paths, and creates nothing.
		_, err = call(t, k, "fs.write", "path", p+"/f", "data", "x")
		if c.want == "ENAMETOOLONG" && (err == nil || err.Error() != "ENAMETOOLONG: name too long, mkdir '"+p+"'") {
			t.Errorf("%d bytes, write: %v", c.n, err)
		}
	}
	if got, _ := call(t, k, "fs.exists", "path", "/c"); got != true {
		t.Errorf("the shorter writes created /c: %v", got)
	}
}

func TestCallsIsASnapshot(t *testing.T) {
	k := New(outcome.Fixtures{})
	call(t, k, "fs.exists", "path", "a")
	calls := k.Calls()
	calls[0].Tool = "changed"
	call(t, k, "fs.exists", "path", "b")
	got := k.Calls()
	if len(got) != 2 || got[0].Tool != "fs.exists" || got[1].Outcome != "ok" || got[1].Result != false {
		t.Errorf("%+v", got)
	}
}

func TestDefaultAndCustomCwd(t *testing.T) {
	for _, c := range []struct{ cwd, want string }{{"", "/work/x"}, {"/", "/x"}, {"/a/b/../c/", "/a/c/x"}} {
		k := New(outcome.Fixtures{Cwd: c.cwd})
		res, err := call(t, k, "fs.write", "path", "x", "data", "")
		if err != nil {
			t.Fatal(err)
		}
		if p, _ := res.(*value.Record).Get("path"); p != c.want {
			t.Errorf("cwd %q: wrote %v, want %s", c.cwd, p, c.want)
		}
		// The working directory exists even without files.
		if list, err := call(t, k, "fs.list", "path", "."); err != nil || len(list.(*value.List).Items) != 1 {
			t.Errorf("cwd %q: list = %v, %v", c.cwd, list, err)
		}
	}
}

func BenchmarkCall(b *testing.B) {
	f := outcome.Fixtures{Files: []outcome.File{{Path: "a.txt", Content: strings.Repeat("x", 1000)}},
		HTTP: []outcome.HTTPResponse{{URL: "https://x.test/", Body: "ok"}}}
	read := value.NewRecord()
	read.Set("path", "a.txt")
	get := value.NewRecord()
	get.Set("url", "https://x.test/")
	data := value.NewRecord()
	data.Set("url", "data:text/plain;base64,aGVsbG8=")
	for _, bc := range []struct {
		name string
		tool string
		args *value.Record
	}{{"fs.read", "fs.read", read}, {"http.get", "http.get", get}, {"http.get-data", "http.get", data}} {
		b.Run(bc.name, func(b *testing.B) {
			k := New(f)
			for i := 0; i < b.N; i++ {
				if _, err := k.Call(bc.tool, bc.args); err != nil {
					b.Fatal(err)
				}
				if len(k.calls) > 1000 {
					k.calls = k.calls[:0]
				}
			}
		})
	}
	b.Run("New", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			New(f)
		}
	})
}
