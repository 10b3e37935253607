package reduce

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/a0diff/a0diff/corpus"
	"github.com/a0diff/a0diff/diff"
	"github.com/a0diff/a0diff/runtime/outcome"
	"github.com/a0diff/a0diff/trial"
)

func TestCheckOutput(t *testing.T) {
	dir := t.TempDir()
	input := filepath.Join(dir, "in.a0")
	taken := filepath.Join(dir, "taken.a0")
	for _, p := range []string{input, taken} {
		if err := os.WriteFile(p, []byte("return 1\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	dangling := filepath.Join(dir, "dangling.a0")
	if err := os.Symlink(filepath.Join(dir, "gone"), dangling); err != nil {
		t.Fatal(err)
	}
	tests := []struct{ out, err string }{
		{filepath.Join(dir, "new.a0"), ""},
		{input, "-o " + input + ": that is the input; a0diff reduce never overwrites its input"},
		{dir + "/./in.a0", "-o " + dir + "/./in.a0: that is the input; a0diff reduce never overwrites its input"},
		{taken, "-o " + taken + ": already exists; a0diff reduce never replaces a file"},
		{dangling, "-o " + dangling + ": already exists (a symbolic link to a missing file); a0diff reduce never replaces a file"},
		{filepath.Join(dir, "missing", "x.a0"), "-o " + dir + "/missing/x.a0: the directory " + dir + "/missing does not exist"},
		{filepath.Join(taken, "x.a0"), "-o " + taken + "/x.a0: " + taken + " is not a directory"},
	}
	for _, tt := range tests {
		err := CheckOutput(input, tt.out)
		got := ""
		if err != nil {
			got = err.Error()
		}
		if got != tt.err {
			t.Errorf("CheckOutput(in.a0, %s) = %q, want %q", tt.out, got, tt.err)
		}
	}
}

// named is a runner known only by its name; declaring, one that leaves out what it
// does not model (as a worker's hello says).
type named string

func (n named) Name() string { return string(n) }
func (n named) Run(context.Context, string, outcome.Config) outcome.Outcome {
	return outcome.Outcome{}
}

type declaring struct{ named }

func (declaring) Unmodelled() []string               { return []string{"trace"} }
func (declaring) IgnoredLimits() []outcome.LimitName { return nil }

func TestTarget(t *testing.T) {
	chosen := diff.Full.Without([]diff.Aspect{diff.AspectEvidence}, "chosen with --compare")
	tests := []struct {
		rs        trial.Runners
		impl, err string
		node      bool
		scope     string // the target's Scope.String()
	}{
		{rs: trial.Runners{Impl: named("go"), Ref: named("ref"), Scope: chosen}, impl: "go",
			scope: "left out: evidence (chosen with --compare)"},
		{rs: trial.Runners{Impl: named("go"), Ref: named("ref"), Node: named("node")}, impl: "go", node: true},
		{rs: trial.Runners{Impl: named("go"), Ref: named("ref"), Extra: []outcome.Runner{declaring{"port"}}, Scope: chosen}, impl: "port",
			scope: "left out: evidence (chosen with --compare); trace.event, trace.span, trace.data (declared by port)"},
		{rs: trial.Runners{Impl: named("go"), Ref: named("ref"), Node: named("node"), Extra: []outcome.Runner{named("port")}},
			err: "reduce: --impl and --cross-check cannot be combined"},
		{rs: trial.Runners{Impl: named("go"), Ref: named("ref"), Extra: []outcome.Runner{named("a"), named("b")}},
			err: "reduce: one --impl at most (the divergence reduced is one implementation's)"},
	}
	for i, tt := range tests {
		got, err := Target(tt.rs)
		if tt.err != "" {
			if err == nil || err.Error() != tt.err {
				t.Errorf("%d: Target error %v, want %q", i, err, tt.err)
			}
			continue
		}
		if err != nil || got.Impl.Name() != tt.impl || got.Ref.Name() != "ref" || (got.Node != nil) != tt.node || len(got.Extra) != 0 || got.Scope.String() != tt.scope {
			t.Errorf("%d: Target = %+v (scope %q), %v; want %s against ref, node %v, scope %q", i, got, got.Scope.String(), err, tt.impl, tt.node, tt.scope)
		}
	}
}

func TestFile(t *testing.T) {
	dir := t.TempDir()
	input := filepath.Join(dir, "concat3.a0")
	data, err := os.ReadFile("testdata/concat3.a0")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(input, data, 0o644); err != nil {
		t.Fatal(err)
	}
	e, err := corpus.ParseFile(input)
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	opts := Options{Timeout: 10 * time.Second}
	out := filepath.Join(dir, "out.a0")
	res, err := File(ctx, e, input, out, faultyRunners(faults["concat3"]), opts)
	if err != nil {
		t.Fatal(err)
	}
	written, err := corpus.ParseFile(out)
	if err != nil || !strings.HasPrefix(written.Source, res.Source) {
		t.Errorf("%s holds %q (%v), want the reduced program %q", out, written.Source, err, res.Source)
	}
	// An output that exists is never replaced: the error names it.
	if _, err := File(ctx, e, input, out, faultyRunners(faults["concat3"]), opts); err == nil || !strings.HasPrefix(err.Error(), out+": ") {
		t.Errorf("File to an existing output: %v, want an error naming %s", err, out)
	}
	// An input on which the implementations agree: the error names it.
	_, err = File(ctx, e, input, filepath.Join(dir, "agree.a0"), shippedRunners(), opts)
	var none *NoDivergenceError
	if !errors.As(err, &none) || !strings.HasPrefix(err.Error(), input+": ") {
		t.Errorf("File on an agreeing input: %v, want a NoDivergenceError naming %s", err, input)
	}
}

func TestWriteReport(t *testing.T) {
	tests := []struct {
		r    Result
		want string
	}{
		{Result{
			Source: "return 1\n", Config: outcome.Config{File: "x.a0"}, Signatures: []string{"value@$", "exit@$"},
			Before: Size{Nodes: 40, Lines: 9, Bytes: 200}, After: Size{Nodes: 4, Lines: 1, Bytes: 9},
			Candidates: 120, CacheHits: 30, Elapsed: 1234567 * time.Microsecond,
		}, `reduced in.a0 -> out.a0
  size:       40 -> 4 AST nodes (10.0x smaller), 9 -> 1 lines of code
  work:       120 candidates run, 30 answered from the cache, 1.235s
  signatures: value@$ exit@$

return 1
# @name x.a0
`},
		{Result{
			Source: "return (", Signatures: []string{"errors@$[0].code"},
			Before: Size{Lines: 3, Bytes: 30}, After: Size{Lines: 1, Bytes: 8},
			Candidates: 5, Elapsed: time.Second, Stopped: "stopped after 5 candidates (--max-candidates)",
		}, `reduced in.a0 -> out.a0
  size:       3 -> 1 lines of code, 30 -> 8 bytes (reduced as text: it does not parse)
  work:       5 candidates run, 0 answered from the cache, 1s
  signatures: errors@$[0].code
  note:       the reduction stopped after 5 candidates (--max-candidates); the program may not be minimal

return (
`},
	}
	for _, tt := range tests {
		var b strings.Builder
		if err := tt.r.WriteReport(&b, "in.a0", "out.a0"); err != nil {
			t.Fatal(err)
		}
		if b.String() != tt.want {
			t.Errorf("WriteReport:\n%s\nwant\n%s", b.String(), tt.want)
		}
	}
}
