package diff

import (
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/a0diff/a0diff/runtime/outcome"
	"github.com/a0diff/a0diff/runtime/syntax/testfile"
)

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

// archiveOutcome parses the Outcome in file name of a.
func archiveOutcome(t testing.TB, a *testfile.Archive, name string) outcome.Outcome {
	t.Helper()
	js, ok := a.Files[name]
	if !ok {
		t.Fatalf("%s: no file %s", a.Path, name)
	}
	o, err := outcome.Parse([]byte(strings.TrimSpace(js)))
	if err != nil {
		t.Fatalf("%s %s: %v", a.At(name), js, err)
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
	a := testfile.MustReadArchive(t, "testdata/compare.txt")
	n := 0
	for _, name := range a.Names {
		base, ok := strings.CutSuffix(name, ".go")
		if !ok {
			continue
		}
		n++
		t.Run(base, func(t *testing.T) {
			g, r := archiveOutcome(t, a, base+".go"), archiveOutcome(t, a, base+".ref")
			got := format(Compare(g, r))
			if want := a.Files[base+".want"]; got != want {
				t.Errorf("%s Compare\n got:\n%s\nwant:\n%s", a.At(base+".want"), got, want)
			}
			// Swapping the sides swaps go and ref but keeps the verdict.
			if sw := Compare(r, g); sw.Verdict != Compare(g, r).Verdict {
				t.Errorf("%s swapped verdict %s", a.At(name), sw.Verdict)
			}
		})
	}
	if n < 30 {
		t.Fatalf("only %d cases read", n)
	}
}

func TestCompareDoesNotModifyOutcomes(t *testing.T) {
	a := testfile.MustReadArchive(t, "testdata/compare.txt")
	g, r := archiveOutcome(t, a, "host-tool.go"), archiveOutcome(t, a, "host-tool.ref")
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
	a := testfile.MustReadArchive(t, "testdata/compare.txt")
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
		g, r := archiveOutcome(t, a, name+".go"), archiveOutcome(t, a, name+".ref")
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

func TestArchiveIsWellFormed(t *testing.T) {
	a := testfile.MustReadArchive(t, "testdata/compare.txt")
	for _, name := range a.Names {
		base := name[:max(strings.LastIndexByte(name, '.'), 0)]
		for _, ext := range []string{".go", ".ref", ".want"} {
			if _, ok := a.Files[base+ext]; !ok {
				t.Errorf("%s no %s%s file", a.At(name), base, ext)
			}
		}
		if strings.HasSuffix(name, ".go") && strings.Count(a.Files[name], "\n") != 1 {
			t.Errorf("%s %s: want one line", a.At(name), name)
		}
	}
}
