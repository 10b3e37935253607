package tsbundle

import (
	"github.com/dop251/goja"

	"bytes"
	"context"
	"os"
	"path/filepath"
	"strconv"
	"testing"

	"github.com/a0diff/a0diff/corpus"
	"github.com/a0diff/a0diff/runtime/outcome"
)

// TestHandedOutcomeIsTheTextOutcome: the Outcome the reference hands to host.outcome
// reads exactly as its text does — over the first 1 500 generated programs of `a0diff
// fuzz --seed 3` and the whole corpus — and the hand-over is taken (most runs return no
// text).
func TestHandedOutcomeIsTheTextOutcome(t *testing.T) {
	type program struct {
		name, source string
		cfg          outcome.Config
	}
	var programs []program
	for i, c := range generatedCases(1500) {
		programs = append(programs, program{"generated case " + strconv.Itoa(i), c.Source, c.Config})
	}
	paths, err := corpus.Discover(filepath.Join("..", "..", "corpus"))
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range paths {
		e, err := corpus.ParseFile(p)
		if err != nil {
			t.Fatal(err)
		}
		programs = append(programs, program{p, e.Source, e.Config})
	}
	handed, text := NewRunner(Embedded()), NewRunner(Embedded(), withTextOutcome())
	defer handed.Close()
	defer text.Close()
	ctx := context.Background()
	for _, p := range programs {
		got, want := handed.Run(ctx, p.source, p.cfg), text.Run(ctx, p.source, p.cfg)
		if got.Status == outcome.StatusTimeout || want.Status == outcome.StatusTimeout {
			continue // the machine's, not the encoding's
		}
		got, want = outcome.Normalize(got), outcome.Normalize(want) // durationMs differs
		got.Detail, want.Detail = "", ""
		if g, w := outcome.Marshal(got), outcome.Marshal(want); !bytes.Equal(g, w) {
			t.Errorf("%s: handed over\n%s\nas text\n%s", p.name, clip(string(g), 2000), clip(string(w), 2000))
		}
	}
	if taken := int(handed.handed.Load()); taken < len(programs)/2 {
		t.Errorf("the Outcome was handed over in %d of %d runs", taken, len(programs))
	}
}

// TestHandedOutcomeBoundedByMaxSize: the host checks the values of a handed Outcome
// against the maxSize the bundle passes, as the bundle checks them before it writes the
// text: under every maxSize from 1 to 40, the programs of testdata/maxsize (a result
// record, evidence and error details, trace data) read the same handed over as written,
// and some end at the limit.
func TestHandedOutcomeBoundedByMaxSize(t *testing.T) {
	paths, err := filepath.Glob(filepath.Join("testdata", "maxsize", "*.a0"))
	if err != nil || len(paths) == 0 {
		t.Fatalf("no programs in testdata/maxsize: %v", err)
	}
	handed, text := NewRunner(Embedded()), NewRunner(Embedded(), withTextOutcome())
	defer handed.Close()
	defer text.Close()
	ctx := context.Background()
	for _, path := range paths {
		source, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		limited, completed := 0, 0
		for maxSize := 1; maxSize <= 40; maxSize++ {
			cfg := outcome.Config{File: filepath.Base(path)}
			cfg.Limits.MaxSize = maxSize
			cfg.Limits = cfg.Limits.WithDefaults()
			got, want := handed.Run(ctx, string(source), cfg), text.Run(ctx, string(source), cfg)
			got, want = outcome.Normalize(got), outcome.Normalize(want)
			if g, w := outcome.Marshal(got), outcome.Marshal(want); !bytes.Equal(g, w) {
				t.Errorf("%s, maxSize %d: handed over\n%s\nas text\n%s", path, maxSize, g, w)
			}
			if want.Status == outcome.StatusResource && want.Limit == outcome.LimitSize {
				limited++
			} else {
				completed++
			}
		}
		if limited == 0 || completed == 0 {
			t.Errorf("%s: %d runs ended at maxSize, %d did not; want some of each", path, limited, completed)
		}
	}
}

// TestHandedValuesAsIs: with host.outcome's third argument true, the A0 values of a
// handed Outcome are read as they are — −0, NaN, ±Infinity, lone surrogates, function
// values, records of one "$" key, a toJSON member — as the canonical text writes them;
// without it (a bundle of the older ABI) such an Outcome is declined, and the bundle
// writes the text.
func TestHandedValuesAsIs(t *testing.T) {
	rt := goja.New()
	o, err := rt.RunString(`({status: "ok", exitCode: 5,
		value: [NaN, -0, Infinity, -Infinity, "a\ud800b", {$number: "x"}, {toJSON: Object.prototype.toString}, Object.prototype.valueOf, 1.5],
		errors: [], evidence: [{kind: "check", ok: false, msg: "\udfff", details: {n: -0}}],
		trace: ["stmt_start", {file: "f.a0", startLine: 1, startCol: 1, endLine: 1, endCol: 9}, undefined,
			"loop_end", {file: "f.a0", startLine: 1, startCol: 1, endLine: 1, endCol: 9}, {count: -0}]})`)
	if err != nil {
		t.Fatal(err)
	}
	const text = `{"status":"ok","exitCode":5,` +
		`"value":[{"$number":"NaN"},{"$number":"-0"},{"$number":"Infinity"},{"$number":"-Infinity"},"a\ud800b",{"$record":{"$number":"x"}},{"toJSON":{"$function":"toString"}},{"$function":"valueOf"},1.5],` +
		`"errors":[],"evidence":[{"kind":"check","ok":false,"msg":"\udfff","details":{"n":{"$number":"-0"}}}],` +
		`"trace":[{"event":"stmt_start","span":{"file":"f.a0","startLine":1,"startCol":1,"endLine":1,"endCol":9}},` +
		`{"event":"loop_end","span":{"file":"f.a0","startLine":1,"startCol":1,"endLine":1,"endCol":9},"data":{"count":{"$number":"-0"}}}]}`
	want, err := outcome.Parse([]byte(text))
	if err != nil {
		t.Fatal(err)
	}
	got, ok := outcomeFromJS(o, rt.ToValue(1048576), rt.ToValue(true))
	if !ok {
		t.Fatal("host.outcome(o, maxSize, true) declined the Outcome")
	}
	if g, w := outcome.Marshal(got), outcome.Marshal(want); !bytes.Equal(g, w) {
		t.Errorf("handed as they are\n%s\nas text\n%s", g, w)
	}
	for _, asIs := range []goja.Value{nil, goja.Undefined(), rt.ToValue(false), rt.ToValue(1)} {
		if _, ok := outcomeFromJS(o, rt.ToValue(1048576), asIs); ok {
			t.Errorf("host.outcome(o, maxSize, %v) read values JSON.stringify does not write canonically", asIs)
		}
	}
	// The bound counts them as the text's writer does: 12 nodes in the result.
	if _, ok := outcomeFromJS(o, rt.ToValue(11), rt.ToValue(true)); ok {
		t.Error("a result of 12 nodes was read under maxSize 11")
	}
}

// TestHandedSpanMembers: a span is read by its five members, and a member besides them
// is left out, as outcome.Parse leaves it out of the text; a span without one of the
// five, or with one of the wrong type, is declined (the bundle then writes the text).
func TestHandedSpanMembers(t *testing.T) {
	rt := goja.New()
	const five = `file: "f.a0", startLine: 1, startCol: 2, endLine: 3, endCol: 4`
	for _, tc := range []struct {
		span string
		read bool
	}{
		{`{` + five + `}`, true},
		{`{endCol: 4, endLine: 3, startCol: 2, startLine: 1, file: "f.a0"}`, true},
		{`{` + five + `, extra: [1, 2]}`, true},
		{`{startLine: 1, startCol: 2, endLine: 3, endCol: 4}`, false},
		{`{file: "f.a0", startLine: 1, startCol: 2, endLine: 3}`, false},
		{`{file: "f.a0", startLine: 1.5, startCol: 2, endLine: 3, endCol: 4}`, false},
		{`{file: "f.a0", startLine: "1", startCol: 2, endLine: 3, endCol: 4}`, false},
		{`{file: 7, startLine: 1, startCol: 2, endLine: 3, endCol: 4}`, false},
		{`{file: "f.a0", startLine: undefined, startCol: 2, endLine: 3, endCol: 4}`, false},
		{`[1, 2, 3, 4, 5]`, false},
	} {
		for _, where := range []string{"trace", "errors"} {
			src := `({status: "ok", exitCode: 0, value: 1, errors: [], evidence: [], trace: ["stmt_start", ` + tc.span + `, undefined]})`
			text := `{"status":"ok","exitCode":0,"value":1,"errors":[],"evidence":[],"trace":[{"event":"stmt_start","span":{"file":"f.a0","startLine":1,"startCol":2,"endLine":3,"endCol":4}}]}`
			if where == "errors" {
				src = `({status: "ok", exitCode: 2, errors: [{code: "E_X", message: "m", span: ` + tc.span + `}], evidence: [], trace: []})`
				text = `{"status":"ok","exitCode":2,"errors":[{"code":"E_X","message":"m","span":{"file":"f.a0","startLine":1,"startCol":2,"endLine":3,"endCol":4}}],"evidence":[],"trace":[]}`
			}
			o, err := rt.RunString(src)
			if err != nil {
				t.Fatal(err)
			}
			got, ok := outcomeFromJS(o, rt.ToValue(1048576), rt.ToValue(true))
			if ok != tc.read {
				t.Errorf("%s span %s: read %v, want %v", where, tc.span, ok, tc.read)
				continue
			}
			if !ok {
				continue
			}
			want, err := outcome.Parse([]byte(text))
			if err != nil {
				t.Fatal(err)
			}
			if g, w := outcome.Marshal(got), outcome.Marshal(want); !bytes.Equal(g, w) {
				t.Errorf("%s span %s: handed over\n%s\nas text\n%s", where, tc.span, g, w)
			}
		}
	}
}
