package harness

import (
	"bytes"
	"context"
	"encoding/json"
	"encoding/xml"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"strings"
	"testing"

	"github.com/a0diff/a0diff/diff"
	"github.com/a0diff/a0diff/harness/harnesstest"
	"github.com/a0diff/a0diff/runtime/outcome"
	"github.com/a0diff/a0diff/trial"
)

func fakes() trial.Runners {
	return trial.Runners{
		Impl: &harnesstest.Runner{ImplName: "go"},
		Ref:  &harnesstest.Runner{ImplName: "ref", DivergeOn: "DIVERGE"},
	}
}

// copyTestdata copies testdata/*.a0 (and extra files) into a fresh directory.
func copyTestdata(t *testing.T, extra map[string]string) string {
	t.Helper()
	return harnesstest.CorpusDir(t, "testdata/*.a0", extra)
}

func runDir(t *testing.T, dir string, opts Options) *Report {
	t.Helper()
	entries, err := Load([]string{dir}, nil)
	if err != nil {
		t.Fatal(err)
	}
	return Run(context.Background(), fakes(), entries, opts)
}

func byName(rep *Report) map[string]*EntryResult {
	m := map[string]*EntryResult{}
	for _, r := range rep.Results() {
		m[filepath.Base(r.Entry.Path)] = r
	}
	return m
}

func TestRun(t *testing.T) {
	dir := copyTestdata(t, nil)
	rep := runDir(t, dir, Options{Workers: 3})
	want := Summary{Entries: 6, Agree: 4, Diverged: 1, Inconclusive: 1, ExpectFailures: 2, Failed: 2}
	got := rep.Summary
	got.Elapsed = 0
	if got != want {
		t.Errorf("summary %+v, want %+v", got, want)
	}
	res := byName(rep)
	tests := []struct {
		name     string
		verdict  diff.Verdict
		passed   bool
		goMis    int
		refMis   int
		sigs     []string
		goStatus string
	}{
		{"agree.a0", diff.Agree, true, 0, 0, nil, "0"},
		{"fail.a0", diff.Agree, true, 0, 0, nil, "4"},
		{"tool.a0", diff.Agree, true, 0, 0, nil, "4"},
		{"diverge.a0", diff.Diverge, false, 0, 1, []string{"value@value:number"}, "0"},
		{"wrong.a0", diff.Agree, false, 1, 1, nil, "0"},
		{"hang.a0", diff.Inconclusive, true, 0, 0, nil, "timeout"},
	}
	for _, tt := range tests {
		r := res[tt.name]
		if r == nil {
			t.Errorf("%s: no result", tt.name)
			continue
		}
		if r.Diff.Verdict != tt.verdict || r.Passed() != tt.passed || len(r.GoMismatches) != tt.goMis || len(r.RefMismatches) != tt.refMis {
			t.Errorf("%s: verdict %s passed %v mismatches go %v ref %v", tt.name, r.Diff.Verdict, r.Passed(), r.GoMismatches, r.RefMismatches)
		}
		if sigs := r.Diff.Signatures(); !reflect.DeepEqual(sigs, tt.sigs) {
			t.Errorf("%s: signatures %v, want %v", tt.name, sigs, tt.sigs)
		}
	}
	// Results come in the entries' (sorted) order whatever the scheduling.
	var names []string
	for _, r := range rep.Results() {
		names = append(names, filepath.Base(r.Entry.Path))
	}
	if want := []string{"agree.a0", "diverge.a0", "fail.a0", "hang.a0", "tool.a0", "wrong.a0"}; !reflect.DeepEqual(names, want) {
		t.Errorf("order %v", names)
	}
}

func TestLoadErrors(t *testing.T) {
	dir := copyTestdata(t, map[string]string{
		"bad1.a0": "return 1\n# @expect exit 9\n",
		"bad2.a0": "# @bogus\nreturn 1\n",
	})
	_, err := Load([]string{dir}, nil)
	if err == nil {
		t.Fatal("malformed entries accepted")
	}
	want := filepath.Join(dir, "bad1.a0") + `:2: @expect: exit: want one of 0, 1, 2, 3, 4, 5, timeout, resource, crash, got "9"` + "\n" +
		filepath.Join(dir, "bad2.a0") + ":1: @bogus: unknown directive (known: @name @allow @cwd @file @dir @http @sh @timeout @limit @expect)"
	if err.Error() != want {
		t.Errorf("error\n got: %s\nwant: %s", err, want)
	}
	if _, err := Load([]string{dir}, regexp.MustCompile(`nomatch`)); err == nil {
		t.Error("a filter matching nothing is not an error")
	}
	// The filter applies before parsing: malformed entries it excludes do not matter.
	entries, err := Load([]string{dir}, regexp.MustCompile(`agree|fail`))
	if err != nil || len(entries) != 2 {
		t.Errorf("filtered load: %d entries, %v", len(entries), err)
	}
}

func TestPanickingRunnerIsACrash(t *testing.T) {
	dir := copyTestdata(t, map[string]string{"crash.a0": "crash\n"})
	rep := runDir(t, dir, Options{})
	r := byName(rep)["crash.a0"]
	if r.Diff.Verdict != diff.Diverge || r.Diff.Signature() != "crash@status:both" {
		t.Errorf("verdict %s, signature %q", r.Diff.Verdict, r.Diff.Signature())
	}
	if !strings.Contains(r.Go.Detail, "fake implementation crashed on purpose") {
		t.Errorf("detail %q", r.Go.Detail)
	}
}

func TestUpdate(t *testing.T) {
	leading := "# @expect exit 0\n\nfail\n"
	dir := copyTestdata(t, map[string]string{"leading.a0": leading})
	before := map[string][]byte{}
	files, _ := filepath.Glob(filepath.Join(dir, "*.a0"))
	for _, f := range files {
		before[filepath.Base(f)], _ = os.ReadFile(f)
	}
	rep := runDir(t, dir, Options{Update: true, Workers: 2})
	res := byName(rep)

	read := func(name string) string {
		data, _ := os.ReadFile(filepath.Join(dir, name))
		return string(data)
	}
	// Unchanged files stay byte-identical, including the diverging one.
	for _, name := range []string{"agree.a0", "fail.a0", "tool.a0", "hang.a0", "diverge.a0"} {
		if read(name) != string(before[name]) {
			t.Errorf("%s changed:\n%s", name, read(name))
		}
		if res[name].Update.Written {
			t.Errorf("%s reported as written", name)
		}
	}
	if res["diverge.a0"].Update.Skipped == "" {
		t.Error("diverge.a0: no reason given for not updating")
	}
	// wrong.a0: only the stale line changed; the program and prose are byte-identical.
	if got, want := read("wrong.a0"), strings.Replace(string(before["wrong.a0"]), "# @expect value 4", "# @expect value 3", 1); got != want {
		t.Errorf("wrong.a0 =\n%s\nwant\n%s", got, want)
	}
	u := res["wrong.a0"].Update
	if !u.Written || !reflect.DeepEqual(u.Removed, []string{"# @expect value 4"}) || !reflect.DeepEqual(u.Added, []string{"# @expect value 3"}) {
		t.Errorf("wrong.a0 update %+v", u)
	}
	// leading.a0: the header grew by a line, the error moved to line 4, and the entry
	// was re-run until its expectations described the new text.
	if got, want := read("leading.a0"), "# @expect exit 4\n# @expect error E_TYPE 4:1-4:5 Division by zero.\n\nfail\n"; got != want {
		t.Errorf("leading.a0 =\n%q\nwant\n%q", got, want)
	}
	if !res["leading.a0"].Passed() {
		t.Errorf("leading.a0 after update: %v / %v", res["leading.a0"].GoMismatches, res["leading.a0"].RefMismatches)
	}
	if s := rep.Summary; s.Updated != 2 || s.Failed != 1 || s.ExpectFailures != 1 {
		t.Errorf("summary %+v", s)
	}
	// No temporary files were left behind.
	ents, _ := os.ReadDir(dir)
	if len(ents) != len(files) {
		t.Errorf("%d files in the directory, want %d", len(ents), len(files))
	}
	// Updating again changes nothing.
	rep = runDir(t, dir, Options{Update: true})
	if rep.Summary.Updated != 0 {
		t.Errorf("second update rewrote %d entries", rep.Summary.Updated)
	}
}

func TestTextReport(t *testing.T) {
	dir := copyTestdata(t, nil)
	rep := runDir(t, dir, Options{})
	var b bytes.Buffer
	if err := WriteText(&b, rep, ReportOptions{RefPath: "other ref.js"}); err != nil {
		t.Fatal(err)
	}
	text := b.String()
	d, w := filepath.Join(dir, "diverge.a0"), filepath.Join(dir, "wrong.a0")
	for _, want := range []string{
		"FAIL " + d + ": diverges (value@value:number); expectations failed (ref)\n" +
			"  [value] value (changed)\n" +
			"      go:  1\n" +
			"      ref: 2\n" +
			"  " + d + ":4: ref: value: expected 1, got 2\n" +
			"  replay: a0diff exec --impl go " + d + "\n" +
			"          a0diff exec --impl ref --ref 'other ref.js' " + d + "\n",
		"FAIL " + w + ": expectations failed (go, ref)\n" +
			"  " + w + ":4: both: value: expected 4, got 3\n",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("text report lacks\n%s\nreport:\n%s", want, text)
		}
	}
	if !regexp.MustCompile(`(?m)^6 entries: 4 agree, 1 diverged, 1 inconclusive, 2 expectation failures \([0-9.]+m?s\)\n$`).MatchString(text) {
		t.Errorf("summary line missing:\n%s", text)
	}
	if strings.Contains(text, "agree.a0") || strings.Contains(text, "\x1b[") {
		t.Errorf("passing entries or colours in a non-verbose, colourless report:\n%s", text)
	}
	b.Reset()
	WriteText(&b, rep, ReportOptions{Verbose: true, Color: true})
	if !strings.Contains(b.String(), "ok\x1b[0m "+filepath.Join(dir, "agree.a0")) || !strings.Contains(b.String(), "INCONCLUSIVE") {
		t.Errorf("verbose coloured report:\n%q", b.String())
	}
}

func TestJSONReport(t *testing.T) {
	dir := copyTestdata(t, nil)
	rep := runDir(t, dir, Options{})
	var b bytes.Buffer
	if err := WriteJSON(&b, rep, ReportOptions{}); err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Entries []struct {
			Path         string
			Verdict      string
			Passed       bool
			Go           struct{ Status string }
			Divergences  []struct{ Category, Path, Kind, Go, Ref, Signature string }
			Signatures   []string
			Expectations struct {
				Go, Ref []struct {
					What             string
					Line             int
					Expected, Actual string
				}
			}
			Replay   struct{ Go, Ref string }
			Outcomes *struct{ Go, Ref json.RawMessage }
		}
		Summary map[string]float64
	}
	if err := json.Unmarshal(b.Bytes(), &doc); err != nil {
		t.Fatalf("%v\n%s", err, b.String())
	}
	if len(doc.Entries) != 6 {
		t.Fatalf("%d entries", len(doc.Entries))
	}
	for _, k := range []string{"entries", "agree", "diverged", "inconclusive", "expectationFailures", "failed", "elapsedMs"} {
		if _, ok := doc.Summary[k]; !ok {
			t.Errorf("summary lacks %q: %v", k, doc.Summary)
		}
	}
	for _, e := range doc.Entries {
		switch filepath.Base(e.Path) {
		case "diverge.a0":
			if e.Verdict != "diverge" || e.Passed || len(e.Divergences) != 1 || e.Divergences[0].Signature != "value@value:number" ||
				e.Divergences[0].Go != "1" || e.Divergences[0].Ref != "2" || e.Outcomes == nil ||
				len(e.Expectations.Ref) != 1 || e.Expectations.Ref[0].Line != 4 {
				t.Errorf("diverge entry %+v", e)
			}
			if e.Replay.Go != "a0diff exec --impl go "+e.Path {
				t.Errorf("replay %q", e.Replay.Go)
			}
		case "agree.a0":
			if e.Verdict != "agree" || !e.Passed || e.Outcomes != nil || e.Divergences == nil || e.Signatures == nil {
				t.Errorf("agree entry %+v (empty lists must be [], not null)", e)
			}
		case "hang.a0":
			if e.Verdict != "inconclusive" || !e.Passed || e.Go.Status != "timeout" {
				t.Errorf("hang entry %+v", e)
			}
		}
	}
}

func TestJUnitReport(t *testing.T) {
	dir := copyTestdata(t, map[string]string{"weird]]><&.a0": "return 5\n# @expect value 6\n"})
	rep := runDir(t, dir, Options{})
	var b bytes.Buffer
	if err := WriteJUnit(&b, rep, ReportOptions{}); err != nil {
		t.Fatal(err)
	}
	var doc struct {
		XMLName xml.Name `xml:"testsuites"`
		Suites  []struct {
			Tests    int `xml:"tests,attr"`
			Failures int `xml:"failures,attr"`
			Cases    []struct {
				Name    string `xml:"name,attr"`
				Failure *struct {
					Message string `xml:"message,attr"`
					Type    string `xml:"type,attr"`
					Text    string `xml:",chardata"`
				} `xml:"failure"`
				Skipped *struct{} `xml:"skipped"`
			} `xml:"testcase"`
		} `xml:"testsuite"`
	}
	if err := xml.Unmarshal(b.Bytes(), &doc); err != nil {
		t.Fatalf("JUnit is not XML: %v\n%s", err, b.String())
	}
	if len(doc.Suites) != 1 || len(doc.Suites[0].Cases) != 7 || doc.Suites[0].Tests != 7 || doc.Suites[0].Failures != 3 {
		t.Fatalf("suites %+v", doc.Suites)
	}
	for _, c := range doc.Suites[0].Cases {
		switch filepath.Base(c.Name) {
		case "diverge.a0":
			if c.Failure == nil || c.Failure.Type != "divergence" || !strings.Contains(c.Failure.Text, "[value] value (changed)") {
				t.Errorf("diverge case %+v", c.Failure)
			}
		case "wrong.a0", "weird]]><&.a0":
			if c.Failure == nil || c.Failure.Type != "expectation" {
				t.Errorf("%s: %+v", c.Name, c.Failure)
			}
		case "hang.a0":
			if c.Skipped == nil || c.Failure != nil {
				t.Errorf("hang case not skipped")
			}
		default:
			if c.Failure != nil {
				t.Errorf("%s failed: %+v", c.Name, c.Failure)
			}
		}
	}
}

func TestXMLSafe(t *testing.T) {
	in := "ok \x01 \xed\xa0\x80 \ufffe é\t\n"
	if got, want := xmlSafe(in), "ok \ufffd \ufffd\ufffd\ufffd \ufffd é\t\n"; got != want {
		t.Errorf("xmlSafe(%q) = %q, want %q", in, got, want)
	}
}

func TestReplayCommandQuoting(t *testing.T) {
	tests := []struct{ impl, path, ref, want string }{
		{"go", "corpus/spec/b01.a0", "", "a0diff exec --impl go corpus/spec/b01.a0"},
		{"ref", "corpus/b01.a0", "", "a0diff exec --impl ref corpus/b01.a0"},
		{"ref", "my dir/it's.a0", "x.js", `a0diff exec --impl ref --ref x.js 'my dir/it'\''s.a0'`},
		{"go", "a.a0", "x.js", "a0diff exec --impl go a.a0"},
	}
	for _, tt := range tests {
		if got := ReplayCommand(tt.impl, tt.path, tt.ref); got != tt.want {
			t.Errorf("ReplayCommand(%q, %q, %q) = %q, want %q", tt.impl, tt.path, tt.ref, got, tt.want)
		}
	}
}

// drifting is an implementation pair whose agreed result changes on every run.
type drifting struct {
	n   *int
	inc bool
}

func (d drifting) Name() string { return "drifting" }
func (d drifting) Run(_ context.Context, _ string, _ outcome.Config) outcome.Outcome {
	if d.inc {
		*d.n++
	}
	return outcome.Outcome{Status: outcome.StatusOK, Value: float64(*d.n), HasValue: true}
}

func TestUpdateThatNeverSettlesIsAnError(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "drift.a0")
	os.WriteFile(path, []byte("return 1\n"), 0o644)
	entries, err := Load([]string{dir}, nil)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	rep := Run(context.Background(), trial.Runners{Impl: drifting{&n, true}, Ref: drifting{&n, false}}, entries, Options{Update: true, Workers: 1})
	r := rep.Results()[0]
	if r.Update.Err == nil || !strings.Contains(r.Update.Err.Error(), "did not settle") || r.Passed() {
		t.Errorf("update %+v", r.Update)
	}
	if data, _ := os.ReadFile(path); string(data) != "return 1\n" {
		t.Errorf("file written although it never settled: %q", data)
	}
	if rep.Summary.UpdateErrors != 1 || rep.Summary.Failed != 1 {
		t.Errorf("summary %+v", rep.Summary)
	}
}

// What a report keeps of a passing entry is bounded (its path and statuses), so a0diff's
// memory stays flat over any number of entries; a failing entry keeps all it shows.
// RunFiles, over file names, gives the report Run gives over parsed entries.
func TestPassingEntriesAreSlim(t *testing.T) {
	dir := copyTestdata(t, nil)
	files, err := LoadFiles([]string{dir}, nil)
	if err != nil {
		t.Fatal(err)
	}
	rep, err := RunFiles(context.Background(), fakes(), files, Options{Workers: 2})
	if err != nil {
		t.Fatal(err)
	}
	want := runDir(t, dir, Options{Workers: 2}).Summary
	if got := rep.Summary; got.Entries != want.Entries || got.Failed != want.Failed || got.Agree != want.Agree {
		t.Errorf("RunFiles summary %+v, Run's %+v", got, want)
	}
	for _, r := range rep.Results() {
		kept := r.Entry.Source != "" || r.Go.HasValue || len(r.Go.Trace) > 0 || r.Ref.HasValue
		if r.Passed() && kept {
			t.Errorf("%s passed and keeps its source or Outcomes", r.Entry.Path)
		}
		if !r.Passed() && r.Entry.Source == "" {
			t.Errorf("%s failed and lost its source", r.Entry.Path)
		}
	}
}
