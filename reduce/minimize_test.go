package reduce

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/a0diff/a0diff/gen"
	"github.com/a0diff/a0diff/runtime/outcome"
)

// Minimize keeps any property: a generated case calling range, minimised keeping the
// call and validity, loses everything else — statements, fixtures — and is given as the
// generator's tree (no parse).
func TestMinimizeKeepsAProperty(t *testing.T) {
	for i := 0; ; i++ {
		c := gen.Generate(gen.RandChooser{R: gen.CaseRand(15, i)}, gen.Options{Size: 120})
		if !strings.Contains(c.Source, "range {") || len(c.Source) < 300 {
			continue
		}
		keep := func(src string, _ outcome.Config) bool { return strings.Contains(src, "range {") && gen.Validates(src) }
		res, err := Minimize(context.Background(), c.Source, c.Config, keep, Options{Workers: 1, Program: c.Program})
		if err != nil {
			t.Fatal(err)
		}
		if !keep(res.Source, res.Config) || !res.Canonical {
			t.Fatalf("minimised case lost the property or its tree:\n%s", res.Source)
		}
		if len(res.Source) > 60 {
			t.Fatalf("minimised %d bytes only to %d:\n%s", len(c.Source), len(res.Source), res.Source)
		}
		t.Logf("case %d: %d -> %d nodes, %d candidates:\n%s", i, res.Before.Nodes, res.After.Nodes, res.Candidates, res.Source)
		if fx := res.Config.Fixtures; len(fx.Files)+len(fx.HTTP)+len(fx.Shell) > 0 {
			t.Errorf("unneeded fixtures kept: %+v", fx)
		}
		if res.Stopped != "" || res.Candidates == 0 || res.After.Nodes >= res.Before.Nodes {
			t.Errorf("stopped %q after %d candidates, %d -> %d nodes", res.Stopped, res.Candidates, res.Before.Nodes, res.After.Nodes)
		}
		return
	}
}

func TestMinimizeText(t *testing.T) {
	tests := []struct {
		name, src string
		keep      func(string) bool
		want      string // the result, trimmed
		err       error
	}{
		{"a token of a text that does not parse", "let a = 1\nlet b = [1, 2, 3]\nreturn { a: a, b: b } ;\n",
			func(s string) bool { return strings.Contains(s, ";") }, ";", nil},
		{"a property the input lacks", "return 1\n", func(s string) bool { return strings.Contains(s, ";") }, "", ErrPropertyDoesNotHold},
	}
	for _, tt := range tests {
		keep := func(src string, _ outcome.Config) bool { return tt.keep(src) }
		res, err := Minimize(context.Background(), tt.src, outcome.Config{}, keep, Options{Workers: 1})
		if !errors.Is(err, tt.err) {
			t.Fatalf("%s: error %v, want %v", tt.name, err, tt.err)
		}
		if got := strings.TrimSpace(res.Source); err == nil && got != tt.want {
			t.Errorf("%s: got %q, want %q", tt.name, got, tt.want)
		}
	}
}

// A bound ends the minimisation with the smallest program found so far.
func TestMinimizeBound(t *testing.T) {
	src := "let a = 1\nlet b = 2\nlet c = 3\nreturn [a, b, c]\n"
	keep := func(src string, _ outcome.Config) bool { return strings.Contains(src, "return") }
	res, err := Minimize(context.Background(), src, outcome.Config{}, keep, Options{Workers: 1, MaxCandidates: 1})
	if err != nil {
		t.Fatal(err)
	}
	if res.Stopped == "" || !keep(res.Source, res.Config) {
		t.Errorf("stopped %q with %q", res.Stopped, res.Source)
	}
}
