package diff

import (
	"bytes"
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/a0diff/a0diff/runtime/outcome"
	"github.com/a0diff/a0diff/runtime/value"
	"golang.org/x/tools/txtar"
)

// archive is a txtar test archive (text before the first file is commentary) with the
// line of each file's header, so that a failing case can say path:line:.
type archive struct {
	path  string
	order []string          // file names in archive order
	files map[string]string // file data
	lines map[string]int    // line of the file's `-- NAME --` header
}

// readArchive reads a test archive, failing t when it cannot be read or names a file
// twice.
func readArchive(t *testing.T, path string) *archive {
	t.Helper()
	ar, err := txtar.ParseFile(path)
	if err != nil {
		t.Fatal(err)
	}
	a := &archive{path: path, files: map[string]string{}, lines: map[string]int{}}
	line := 1 + bytes.Count(ar.Comment, []byte("\n"))
	for _, f := range ar.Files {
		if first, dup := a.lines[f.Name]; dup {
			t.Fatalf("%s:%d: file %s repeated (first at line %d)", path, line, f.Name, first)
		}
		a.order = append(a.order, f.Name)
		a.files[f.Name] = string(f.Data)
		a.lines[f.Name] = line
		line += 1 + bytes.Count(f.Data, []byte("\n"))
	}
	return a
}

// at is the path:line: prefix of the header of file name.
func (a *archive) at(name string) string {
	return fmt.Sprintf("%s:%d:", a.path, a.lines[name])
}

// parseOutcome parses an Outcome's JSON (blanks around it allowed), failing t if it is
// malformed.
func parseOutcome(t testing.TB, js string) outcome.Outcome {
	t.Helper()
	o, err := outcome.Parse([]byte(strings.TrimSpace(js)))
	if err != nil {
		t.Fatalf("%s: %v", js, err)
	}
	return o
}

// outcome parses the Outcome in file name of a.
func (a *archive) outcome(t testing.TB, name string) outcome.Outcome {
	t.Helper()
	js, ok := a.files[name]
	if !ok {
		t.Fatalf("%s: no file %s", a.path, name)
	}
	o, err := outcome.Parse([]byte(strings.TrimSpace(js)))
	if err != nil {
		t.Fatalf("%s %s: %v", a.at(name), js, err)
	}
	return o
}

// format renders a Result the way compare.txt writes expectations.
func format(r Result) string {
	var b strings.Builder
	b.WriteString(string(r.Verdict) + "\n")
	for _, d := range r.Divergences {
		fmt.Fprintf(&b, "%s %s %s\n  go  %s\n  ref %s\n  sig %s\n", d.Category, d.Path, d.Kind, d.Go, d.Ref, d.Signature)
	}
	return b.String()
}

func TestCompare(t *testing.T) {
	a := readArchive(t, "testdata/compare.txt")
	n := 0
	for _, name := range a.order {
		base, ok := strings.CutSuffix(name, ".go")
		if !ok {
			continue
		}
		n++
		t.Run(base, func(t *testing.T) {
			g, r := a.outcome(t, base+".go"), a.outcome(t, base+".ref")
			got := format(Compare(g, r))
			if want := a.files[base+".want"]; got != want {
				t.Errorf("%s Compare\n got:\n%s\nwant:\n%s", a.at(base+".want"), got, want)
			}
			// Swapping the sides swaps go and ref but keeps the verdict.
			if sw := Compare(r, g); sw.Verdict != Compare(g, r).Verdict {
				t.Errorf("%s swapped verdict %s", a.at(name), sw.Verdict)
			}
		})
	}
	if n < 30 {
		t.Fatalf("only %d cases read", n)
	}
}

func TestCompareDoesNotModifyOutcomes(t *testing.T) {
	a := readArchive(t, "testdata/compare.txt")
	g, r := a.outcome(t, "host-tool.go"), a.outcome(t, "host-tool.ref")
	before := string(outcome.Marshal(g)) + string(outcome.Marshal(r))
	Compare(g, r)
	if after := string(outcome.Marshal(g)) + string(outcome.Marshal(r)); after != before {
		t.Errorf("Compare changed its inputs:\n%s\n%s", before, after)
	}
}

func TestSignaturesAbstractPositions(t *testing.T) {
	// The same bug at different list positions, in different programs, has one signature.
	a := Compare(
		parseOutcome(t, `{"status":"ok","exitCode":0,"value":{"items":[{"name":"a"},{"name":"b"}]}}`),
		parseOutcome(t, `{"status":"ok","exitCode":0,"value":{"items":[{"name":"a"},{"name":"B"}]}}`))
	b := Compare(
		parseOutcome(t, `{"status":"ok","exitCode":0,"value":{"items":[{"name":"x"},{"name":"y"},{"name":"z"},{"name":"w"}]}}`),
		parseOutcome(t, `{"status":"ok","exitCode":0,"value":{"items":[{"name":"x"},{"name":"y"},{"name":"z"},{"name":"W"}]}}`))
	want := []string{"value@value:string"}
	if !reflect.DeepEqual(a.Signatures(), want) || !reflect.DeepEqual(b.Signatures(), want) {
		t.Errorf("signatures %v and %v, want %v", a.Signatures(), b.Signatures(), want)
	}
	if a.Divergences[0].Path != "value.items[1].name" || b.Divergences[0].Path != "value.items[3].name" {
		t.Errorf("paths %q, %q", a.Divergences[0].Path, b.Divergences[0].Path)
	}
}

func TestSignaturesNameNoPositionInAValue(t *testing.T) {
	// One root cause, wherever it shows in a result and in programs whose variables (the
	// result's keys) are named differently, is one signature: the position inside a value
	// is left out, the types of the two sides stand for it; keys of records with a fixed
	// schema (trace data, details) stay.
	tests := []struct{ g, r, want string }{
		{`{"status":"ok","exitCode":0,"value":{"acc6":0.3}}`, `{"status":"ok","exitCode":0,"value":{"acc6":0.30000000000000004}}`, "value@value:number"},
		{`{"status":"ok","exitCode":0,"value":{"cond7":0.3}}`, `{"status":"ok","exitCode":0,"value":{"cond7":0.30000000000000004}}`, "value@value:number"},
		{`{"status":"ok","exitCode":0,"value":{"a b":[{"x":1}]}}`, `{"status":"ok","exitCode":0,"value":{"a b":[{"x":2}]}}`, "value@value:number"},
		// The same mistake at the top of a result and deep inside it.
		{`{"status":"ok","exitCode":0,"value":0.3}`, `{"status":"ok","exitCode":0,"value":0.30000000000000004}`, "value@value:number"},
		{`{"status":"ok","exitCode":0,"value":"x"}`, `{"status":"ok","exitCode":0,"value":1}`, "value@value:string/number"},
		{`{"status":"ok","exitCode":0,"trace":[{"event":"x","data":{"fn":"f","args":{"n1":1}}}]}`, `{"status":"ok","exitCode":0,"trace":[{"event":"x","data":{"fn":"f","args":{"n1":2}}}]}`, "trace@trace[*].data.args:number:x"},
		{`{"status":"ok","exitCode":4,"errors":[{"code":"E_X","message":"m","details":{"k":{"q":1}}}]}`, `{"status":"ok","exitCode":4,"errors":[{"code":"E_X","message":"m","details":{"k":{"q":2}}}]}`, "errors@errors[*].details.k:number:E_X"},
	}
	for _, tt := range tests {
		if got := Compare(parseOutcome(t, tt.g), parseOutcome(t, tt.r)).Signature(); got != tt.want {
			t.Errorf("%s vs %s: signature %q, want %q", tt.g, tt.r, got, tt.want)
		}
	}
}

func TestSignaturesStableAcrossRuns(t *testing.T) {
	a := readArchive(t, "testdata/compare.txt")
	// Records are Go maps in the view: a stable order must not depend on map iteration.
	g := parseOutcome(t, `{"status":"ok","exitCode":1,"value":{"a":1,"b":2,"c":3,"d":4,"e":5,"f":6},"trace":[{"event":"x","data":{"p":1,"q":2,"r":3}}]}`)
	r := parseOutcome(t, `{"status":"ok","exitCode":0,"value":{"a":0,"b":0,"c":0,"d":0,"e":0,"f":0},"trace":[{"event":"x","data":{"p":0,"q":0,"r":0}}]}`)
	first := Compare(g, r)
	wantSigs := []string{
		"exit@exitCode:1/0",
		"trace@trace[*].data.p:x", "trace@trace[*].data.q:x", "trace@trace[*].data.r:x",
		"value@value:number",
	}
	if !reflect.DeepEqual(first.Signatures(), wantSigs) {
		t.Errorf("Signatures = %q\nwant %q", first.Signatures(), wantSigs)
	}
	if first.Signature() != "exit@exitCode:1/0" {
		t.Errorf("Signature = %q, want the exit's", first.Signature())
	}
	for i := 0; i < 50; i++ {
		if again := Compare(g, r); format(again) != format(first) {
			t.Fatalf("run %d differs:\n%s\nvs\n%s", i, format(again), format(first))
		}
	}
	for _, name := range []string{"error-code", "trace-missing-event", "key-order"} {
		g, r := a.outcome(t, name+".go"), a.outcome(t, name+".ref")
		want := Compare(g, r).Signatures()
		for i := 0; i < 20; i++ {
			if got := Compare(g, r).Signatures(); !reflect.DeepEqual(got, want) {
				t.Fatalf("%s: run %d: %v vs %v", name, i, got, want)
			}
		}
	}
}

func TestMaxPerCategory(t *testing.T) {
	var gs, rs []string
	for i := 0; i < MaxPerCategory+7; i++ {
		gs = append(gs, fmt.Sprint(i))
		rs = append(rs, fmt.Sprint(-i-1))
	}
	g := parseOutcome(t, `{"status":"ok","exitCode":0,"value":[`+strings.Join(gs, ",")+`]}`)
	r := parseOutcome(t, `{"status":"ok","exitCode":0,"value":[`+strings.Join(rs, ",")+`]}`)
	res := Compare(g, r)
	if len(res.Divergences) != MaxPerCategory || res.Omitted != 7 {
		t.Errorf("%d divergences, %d omitted; want %d and 7", len(res.Divergences), res.Omitted, MaxPerCategory)
	}
}

func TestRenderingIsClipped(t *testing.T) {
	long := strings.Repeat("é", 200)
	res := Compare(
		parseOutcome(t, `{"status":"ok","exitCode":0,"value":"`+long+`"}`),
		parseOutcome(t, `{"status":"ok","exitCode":0,"value":"x"}`))
	d := res.Divergences[0]
	if len(d.Go) > RenderWidth+len("…") || !strings.HasSuffix(d.Go, "…") || !strings.HasPrefix(d.Go, `"éé`) {
		t.Errorf("Go rendering %q (%d bytes)", d.Go, len(d.Go))
	}
}

func TestLoneSurrogatesRenderEscaped(t *testing.T) {
	res := Compare(
		parseOutcome(t, `{"status":"ok","exitCode":0,"value":"\ud83d"}`),
		parseOutcome(t, `{"status":"ok","exitCode":0,"value":"\ufffd"}`))
	if d := res.Divergences[0]; d.Go != `"\ud83d"` || d.Ref != `"`+"\uFFFD"+`"` {
		t.Errorf("go %s ref %s", d.Go, d.Ref)
	}
}

func TestHostMessage(t *testing.T) {
	fn := func(name string) value.Value {
		r := value.NewRecord()
		r.Set("fn", name)
		return r
	}
	tests := []struct {
		d    outcome.Diagnostic
		want bool
	}{
		{outcome.Diagnostic{Code: "E_AST", Message: "Bad control character in string literal in JSON at position 4"}, true},
		{outcome.Diagnostic{Code: "E_TOOL", Message: "Tool 'fs.read' failed: ENOENT"}, true},
		{outcome.Diagnostic{Code: "E_IO", Message: "Error reading file: ENOENT"}, true},
		{outcome.Diagnostic{Code: "E_RUNTIME", Message: "x is not a function"}, true},
		{outcome.Diagnostic{Code: "E_FN", Message: "Function 'parse.json' failed: Unexpected end of JSON input", Details: fn("parse.json")}, true},
		{outcome.Diagnostic{Code: "E_FN", Message: "Function 'parse.json' failed: Unexpected end of JSON input"}, true},
		{outcome.Diagnostic{Code: "E_FN", Message: "Function 'parse.json' failed: parse.json requires 'in' to be a string.", Details: fn("parse.json")}, false},
		{outcome.Diagnostic{Code: "E_FN", Message: "Function 'get' failed: get requires 'path' to be a string.", Details: fn("get")}, false},
		{outcome.Diagnostic{Code: "E_FN", Message: "Function 'parse.json' failed: x", Details: fn("get")}, false},
		{outcome.Diagnostic{Code: "E_TOOL_ARGS", Message: "Invalid arguments for tool 'fs.read': path: Expected string, received number"}, false},
		{outcome.Diagnostic{Code: "E_TYPE", Message: "Division by zero."}, false},
	}
	for _, tt := range tests {
		if got := HostMessage(tt.d); got != tt.want {
			t.Errorf("HostMessage(%s %q) = %v", tt.d.Code, tt.d.Message, got)
		}
	}
}

func TestArchiveIsWellFormed(t *testing.T) {
	a := readArchive(t, "testdata/compare.txt")
	for _, name := range a.order {
		base := name[:max(strings.LastIndexByte(name, '.'), 0)]
		for _, ext := range []string{".go", ".ref", ".want"} {
			if _, ok := a.files[base+ext]; !ok {
				t.Errorf("%s no %s%s file", a.at(name), base, ext)
			}
		}
		if strings.HasSuffix(name, ".go") && strings.Count(a.files[name], "\n") != 1 {
			t.Errorf("%s %s: want one line", a.at(name), name)
		}
	}
}
