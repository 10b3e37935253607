package toolkit

import (
	"strings"
	"testing"

	"github.com/a0diff/a0diff/runtime/outcome"
	"github.com/a0diff/a0diff/runtime/syntax/testfile"
	"github.com/a0diff/a0diff/runtime/value"
)

func TestValidateArgs(t *testing.T) {
	const file = "testdata/validate.txt"
	type testCase struct {
		line       int
		tool, args string
		want       string
	}
	var cases []testCase
	for _, r := range testfile.MustReadTable(t, file, 3) {
		c := testCase{line: r.Line, tool: r.Fields[0], args: r.Fields[1]}
		switch want := r.Fields[2]; {
		case want == "valid":
		case strings.HasPrefix(want, "issues "):
			c.want = strings.TrimPrefix(want, "issues ")
		default:
			t.Fatalf("%s: want \"valid\" or \"issues TEXT\", got %q", r.At(file), want)
		}
		cases = append(cases, c)
	}
	if len(cases) < 40 {
		t.Fatalf("only %d cases read from %s", len(cases), file)
	}
	for _, c := range cases {
		where := file + ":" + itoa(c.line)
		args, ok := mustCanonical(t, where, c.args).(*value.Record)
		if !ok {
			t.Fatalf("%s: arguments are not a record", where)
		}
		if got := ValidateArgs(c.tool, args); got != c.want {
			t.Errorf("%s: ValidateArgs(%s, %s)\n got %q\nwant %q", where, c.tool, c.args, got, c.want)
		}
		// The reference host's entry point agrees.
		if got, err := ValidateJSON(c.tool, c.args); err != nil || got != c.want {
			t.Errorf("%s: ValidateJSON = %q, %v", where, got, err)
		}
	}
}

func TestValidateArgsOwnKeysOnly(t *testing.T) {
	// A key reachable only through the prototype does not count as present.
	proto := value.NewRecord()
	proto.Set("path", "inherited")
	args := value.NewRecord()
	args.Proto = proto
	if got, want := ValidateArgs("fs.read", args), "path: fs.read requires a 'path' argument"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
	if got, want := ValidateArgs("fs.read", nil), "path: fs.read requires a 'path' argument"; got != want {
		t.Errorf("nil record: got %q, want %q", got, want)
	}
}

func TestCallRejectsInvalidArgs(t *testing.T) {
	k := New(outcome.Fixtures{})
	args := value.NewRecord()
	args.Set("path", 1.0)
	_, err := k.Call("fs.read", args)
	if err == nil || err.Error() != "Invalid arguments for tool 'fs.read': path: Expected string, received number" {
		t.Errorf("got %v", err)
	}
	_, err = k.Call("fs.delete", args)
	if err == nil || err.Error() != "Unknown tool 'fs.delete'." {
		t.Errorf("got %v", err)
	}
	calls := k.Calls()
	if len(calls) != 2 || calls[0].Outcome != "err" || calls[1].Tool != "fs.delete" {
		t.Errorf("calls not recorded: %+v", calls)
	}
}

func TestCatalogue(t *testing.T) {
	want := `[{"name":"fs.read","mode":"read","capability":"fs.read"},{"name":"fs.write","mode":"effect","capability":"fs.write"},{"name":"fs.list","mode":"read","capability":"fs.read"},{"name":"fs.exists","mode":"read","capability":"fs.read"},{"name":"http.get","mode":"read","capability":"http.get"},{"name":"sh.exec","mode":"effect","capability":"sh.exec"}]`
	if got := CatalogueJSON(); got != want {
		t.Errorf("CatalogueJSON\n got %s\nwant %s", got, want)
	}
	for _, tool := range Catalogue {
		got, ok := Lookup(tool.Name)
		if !ok || got.Name != tool.Name || got.Mode != tool.Mode || got.Capability != tool.Capability {
			t.Errorf("Lookup(%q) = %+v, %v", tool.Name, got, ok)
		}
		if len(tool.Args) == 0 || !tool.Args[0].Required {
			t.Errorf("%s: the first argument is the required one", tool.Name)
		}
	}
	for _, name := range []string{"", "fs", "fs.delete", "FS.READ", "http.post"} {
		if _, ok := Lookup(name); ok {
			t.Errorf("Lookup(%q) found a tool", name)
		}
	}
}
