package campaign

import (
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/a0diff/a0diff/gen"
)

// goodRequest is a Request every check accepts: the defaults of a0diff fuzz.
func goodRequest(t *testing.T) Request {
	return Request{
		Seed: 7, Count: 1000, Workers: 2, Out: t.TempDir(), InvalidShare: 0.1, Features: "all",
		Minimize: true, Timeout: 5 * time.Second, Format: "text", Reduce: DefaultReduceBudget,
	}
}

func TestRequestErrorsNameTheFlag(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "file")
	if err := os.WriteFile(file, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		change func(*Request)
		// validate is the error of Validate ("" when it passes), resolve the error of
		// Resolve (the start of it).
		validate, resolve string
	}{
		{func(r *Request) { r.Workers = 0 }, "-j must be at least 1, not 0", ""},
		{func(r *Request) { r.Count = -1 }, "--count must not be negative, not -1", ""},
		{func(r *Request) { r.Duration = -time.Second }, "--time must not be negative, not -1s", ""},
		{func(r *Request) { r.Start = -2 }, "--start must not be negative, not -2", ""},
		{func(r *Request) { r.InvalidShare = 1.5 }, "--invalid-share must be between 0 and 1, not 1.5", ""},
		// NaN passed both comparisons; every campaign worker then died on the request.
		{func(r *Request) { r.InvalidShare = math.NaN() }, "--invalid-share must be between 0 and 1, not NaN", ""},
		// The case indices wrapped, and the campaign ran no case.
		{func(r *Request) { r.Start = math.MaxInt }, "--start plus --count must be at most 4611686018427387904, not 9223372036854775807 + 1000", ""},
		{func(r *Request) { r.Start, r.Count = 1<<62, 1 }, "--start plus --count must be at most 4611686018427387904, not 4611686018427387904 + 1", ""},
		{func(r *Request) { r.Size = -1 }, "--size must not be negative, not -1", ""},
		{func(r *Request) { r.Out = "" }, "--out must name a directory", ""},
		{func(r *Request) { r.Timeout = 0 }, "--timeout must be positive, not 0s", ""},
		// The first error wins.
		{func(r *Request) { r.Workers, r.Timeout = 0, 0 }, "-j must be at least 1", ""},
		{func(r *Request) { r.Out = file }, "", "--out " + file + ": " + file + " is not a directory"},
		{func(r *Request) { r.Features = "loops,bogus" }, "", `--features: unknown feature "bogus"`},
		{func(r *Request) { r.Features = "none" }, "", "--features: at least one feature is needed"},
		{func(r *Request) { r.Shard = "2/2" }, "", `--shard: want K/N with 0 <= K < N, not "2/2"`},
		{func(r *Request) { r.Shard, r.Guided = "0/2", true }, "", "--guided cannot be combined with --shard"},
		{func(r *Request) { r.Format = "junit" }, "", `--format must be text or json, not "junit"`},
		{func(r *Request) { r.JUnit = file }, "", "--junit " + file + ": already exists; a0diff fuzz never replaces a file"},
		{func(r *Request) { r.JUnit = filepath.Join(file, "j.xml") }, "", "--junit " + file + "/j.xml: " + file + " is not a directory"},
		{func(r *Request) { r.Compare = "value,bogus" }, "", `--compare: unknown aspect "bogus"`},
		{func(r *Request) { r.Reduce.Candidates = 0 }, "", "--reduce-candidates, --reduce-time, --reduce-total-candidates and --reduce-deadline must be positive"},
		{func(r *Request) { r.Reduce.Time = -time.Second }, "", "--reduce-candidates, --reduce-time, --reduce-total-candidates and --reduce-deadline must be positive, --reduce-total-time not negative"},
		{func(r *Request) { r.Baseline = filepath.Join(dir, "missing") }, "", "--baseline: open " + dir + "/missing"},
	}
	for _, tt := range tests {
		r := goodRequest(t)
		tt.change(&r)
		err := r.Validate()
		if tt.validate != "" {
			if err == nil || !strings.HasPrefix(err.Error(), tt.validate) {
				t.Errorf("Validate() = %v, want %q", err, tt.validate)
			}
			// Resolve checks what Validate checks first.
			if _, rerr := r.Resolve(); rerr == nil || rerr.Error() != err.Error() {
				t.Errorf("Resolve() = %v, want Validate's %v", rerr, err)
			}
			continue
		}
		if err != nil {
			t.Errorf("Validate() = %v, want nil (the error is Resolve's: %q)", err, tt.resolve)
		}
		if _, err := r.Resolve(); err == nil || !strings.HasPrefix(err.Error(), tt.resolve) {
			t.Errorf("Resolve() = %v, want %q", err, tt.resolve)
		}
	}
}

func TestResolvePlan(t *testing.T) {
	r := goodRequest(t)
	r.Features, r.Shard, r.Compare, r.Baseline = "-proto", "1/3", "value,exit", "testdata/known.baseline"
	r.Swarm, r.Size, r.Guided = true, 30, false
	p, err := r.Resolve()
	if err != nil {
		t.Fatal(err)
	}
	o := p.Options
	want, _ := gen.ParseFeatures("-proto")
	if o.Seed != 7 || o.Count != 1000 || o.Workers != 2 || o.Out != r.Out || o.Timeout != r.Timeout ||
		o.Gen.Features != want || !o.Gen.Swarm || o.Gen.Size != 30 || o.Gen.InvalidShare != 0.1 ||
		o.FeaturesFlag != "-proto" || o.Shard != (Shard{K: 1, N: 3}) || o.Reduce != DefaultReduceBudget || !o.Minimize {
		t.Errorf("Options = %+v", o)
	}
	if got := p.Scope.String(); !strings.HasSuffix(got, "toolCalls (chosen with --compare)") {
		t.Errorf("Scope = %q, want value and exit only", got)
	}
	if p.Known == nil || len(p.Known.Failures()) != 1 || p.Known.Failures()[0].String() != "go signature value@$:type" {
		t.Errorf("Known = %+v, want the one signature of testdata/known.baseline", p.Known)
	}
	// Without --compare and --baseline: everything compared, no baseline.
	r = goodRequest(t)
	if p, err = r.Resolve(); err != nil || p.Scope.String() != "" || p.Known != nil || p.Options.Shard.N > 1 {
		t.Errorf("Resolve() = %+v, %v; want the whole campaign, full scope, no baseline", p, err)
	}
}
