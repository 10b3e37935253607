package harness

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

func TestRequestErrorsNameTheFlag(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.baseline")
	if err := os.WriteFile(bad, []byte("go entry\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	good := func() Request {
		return Request{Paths: []string{"testdata"}, Workers: 2, Timeout: time.Second, Format: "text"}
	}
	tests := []struct {
		change func(*Request)
		// validate is Validate's error ("" when it passes), resolve the start of Resolve's.
		validate, resolve string
	}{
		{func(r *Request) {}, "", ""},
		{func(r *Request) { r.Paths = nil }, "no PATH given: name the corpus entries or directories to run (e.g. a0diff corpus/)", ""},
		{func(r *Request) { r.Workers = 0 }, "-j must be at least 1, not 0", ""},
		{func(r *Request) { r.Timeout = -time.Second }, "--timeout must be positive, not -1s", ""},
		{func(r *Request) { r.Workers, r.Timeout = 0, 0 }, "-j must be at least 1, not 0", ""}, // the first wins
		{func(r *Request) { r.Format = "html" }, "", `--format must be text, json or junit, not "html"`},
		{func(r *Request) { r.Filter = "a(" }, "", "--filter: error parsing regexp: missing closing ): `a(`"},
		{func(r *Request) { r.Compare = "values" }, "", `--compare: unknown aspect "values"`},
		{func(r *Request) { r.Baseline = bad }, "", bad + ":1: want IMPL entry PATH or IMPL signature SIGNATURE"},
		{func(r *Request) { r.Format, r.Filter = "xml", "a(" }, "", "--format must be"}, // in flag order
	}
	for i, tt := range tests {
		r := good()
		tt.change(&r)
		err := r.Validate()
		if got := errText(err); tt.validate != "" && got != tt.validate || tt.validate == "" && err != nil {
			t.Errorf("%d: Validate() = %q, want %q", i, got, tt.validate)
		}
		want := tt.validate
		if want == "" {
			want = tt.resolve
		}
		_, err = r.Resolve()
		if got := errText(err); want == "" && err != nil || want != "" && !strings.HasPrefix(got, want) {
			t.Errorf("%d: Resolve() = %q, want %q", i, got, want)
		}
	}
}

func errText(err error) string {
	if err == nil {
		return ""
	}
	return err.Error()
}

func TestResolvePlan(t *testing.T) {
	r := Request{Paths: []string{"testdata"}, Workers: 1, Timeout: time.Second, Format: "junit", Filter: `agree|wrong`, Compare: "value"}
	p, err := r.Resolve()
	if err != nil {
		t.Fatal(err)
	}
	if p.Filter == nil || !p.Filter.MatchString("testdata/wrong.a0") || p.Filter.MatchString("testdata/hang.a0") {
		t.Errorf("Filter = %v, want agree|wrong", p.Filter)
	}
	if !strings.HasPrefix(p.Scope.String(), "left out: exit, errors.code") || p.Known != nil {
		t.Errorf("Scope %q, Known %v; want value alone compared, no baseline", p.Scope.String(), p.Known)
	}
	r = Request{Paths: []string{"testdata"}, Workers: 1, Timeout: time.Second, Format: "text"}
	if p, err = r.Resolve(); err != nil || p.Filter != nil || p.Scope.String() != "" || p.Known != nil {
		t.Errorf("Resolve() = %+v, %v; want no filter, everything compared, no baseline", p, err)
	}
}

func TestWriteReportFormats(t *testing.T) {
	rep := &Report{}
	for _, tt := range []struct {
		format string
		write  func(*bytes.Buffer) error
	}{
		{"text", func(w *bytes.Buffer) error { return WriteText(w, rep, ReportOptions{}) }},
		{"json", func(w *bytes.Buffer) error { return WriteJSON(w, rep, ReportOptions{}) }},
		{"junit", func(w *bytes.Buffer) error { return WriteJUnit(w, rep, ReportOptions{}) }},
	} {
		var got, want bytes.Buffer
		if err := WriteReport(&got, tt.format, rep, ReportOptions{}); err != nil {
			t.Fatal(err)
		}
		if err := tt.write(&want); err != nil {
			t.Fatal(err)
		}
		if got.String() != want.String() {
			t.Errorf("WriteReport(%s):\n%s\nwant\n%s", tt.format, got.String(), want.String())
		}
	}
	if err := WriteReport(&bytes.Buffer{}, "html", rep, ReportOptions{}); err == nil {
		t.Error(`WriteReport("html") succeeded`)
	}
}
