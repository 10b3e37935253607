package gen

import (
	"context"
	"strings"
	"testing"

	"github.com/leanovate/gopter"
	"github.com/leanovate/gopter/prop"

	"github.com/a0diff/a0diff/diff"
	tsbundle "github.com/a0diff/a0diff/reference/ts-bundle"
	"github.com/a0diff/a0diff/runtime/ast"
	"github.com/a0diff/a0diff/runtime/run"
	"github.com/a0diff/a0diff/runtime/syntax"
)

// propertySeed fixes the cases `make test` checks, so that a failure is reproducible.
const propertySeed = 20260301

func parameters(cases int) *gopter.TestParameters {
	p := gopter.DefaultTestParametersWithSeed(propertySeed)
	p.MinSuccessfulTests = cases
	p.MaxSize = 80
	p.MaxShrinkCount = 300
	return p
}

// Both implementations agree on generated programs (spec Appendix D portable subset):
// diff.Compare's verdict is Agree, or Inconclusive when both ran into a harness limit.
// A failure is shrunk to a small program by ShrinkCase.
func TestImplementationsAgree(t *testing.T) {
	goImpl := run.New()
	ref := tsbundle.NewRunner(tsbundle.Embedded())
	defer ref.Close()
	agree := func(c *Case) bool {
		cfg := c.Config
		g := goImpl.Run(context.Background(), c.Source, cfg)
		r := ref.Run(context.Background(), c.Source, cfg)
		res := diff.Compare(g, r)
		if res.Verdict == diff.Diverge {
			t.Logf("divergence %s on\n%s", res.Signature(), c.Source)
		}
		return res.Verdict != diff.Diverge
	}
	props := gopter.NewProperties(parameters(300))
	props.Property("both implementations agree", prop.ForAll(agree, Arbitrary(Options{InvalidShare: 0.1})))
	props.Property("both implementations agree (swarm)", prop.ForAll(agree, Arbitrary(Options{Swarm: true})))
	props.TestingRun(t)
}

// The printer round trip: parsing the printed program gives the generated tree back
// (spans aside), for valid programs and for tree-mutated invalid ones.
func TestPrintParseRoundTrip(t *testing.T) {
	props := gopter.NewProperties(parameters(400))
	props.Property("parse(print(tree)) == tree", prop.ForAll(func(c *Case) bool {
		if c.Program == nil {
			return true // a text mutation has no tree
		}
		p, diags := syntax.Parse(DefaultFile, c.Source)
		return len(diags) == 0 && ast.Equal(p, c.Program)
	}, Arbitrary(Options{InvalidShare: 0.3, Size: 120})))
	props.TestingRun(t)
}

// weight is what shrinking reduces: tree nodes (or the bytes of a text) plus fixtures.
func weight(c *Case) int {
	n := len(c.Config.Fixtures.Files) + len(c.Config.Fixtures.HTTP) + len(c.Config.Fixtures.Shell)
	if c.Program == nil {
		return n + len(c.Source)
	}
	walkProgram(c.Program, func(ast.Node) { n++ })
	return n
}

// The shrinker only proposes strictly smaller cases, of the same validity.
func TestShrinkerProposesSmallerCases(t *testing.T) {
	props := gopter.NewProperties(parameters(60))
	props.Property("shrinks are smaller and keep validity", prop.ForAll(func(c *Case) bool {
		valid := Validates(c.Source)
		next := Shrinks(c)
		for i := 0; i < 60; i++ {
			d := next()
			if d == nil {
				break
			}
			if Validates(d.Source) != valid || weight(d) >= weight(c) {
				t.Logf("bad shrink of\n%s\nto\n%s", c.Source, d.Source)
				return false
			}
		}
		return true
	}, Arbitrary(Options{InvalidShare: 0.2})))
	props.TestingRun(t)
}

// gopter reports small counterexamples: a property failing on every program that calls
// str.split shrinks to a program that is little more than that call.
func TestGopterShrinksCounterexamples(t *testing.T) {
	p := prop.ForAll(func(c *Case) bool {
		return !strings.Contains(c.Source, "str.split {")
	}, Arbitrary(Options{Size: 100}))
	res := p.Check(parameters(500))
	if res.Status != gopter.TestFailed {
		t.Fatalf("the property did not fail (%v): no program called str.split", res.Status)
	}
	orig, shrunk := res.Args[0].OrigArg.(*Case), res.Args[0].Arg.(*Case)
	// The bound leaves room for a function declared inside a block, which the shrinker
	// cannot hoist out (it only removes, replaces by subexpressions or literals).
	if !strings.Contains(shrunk.Source, "str.split {") || len(shrunk.Source) > 300 || 5*len(shrunk.Source) > len(orig.Source) {
		t.Fatalf("counterexample of %d bytes shrunk only to %d bytes:\n%s", len(orig.Source), len(shrunk.Source), shrunk.Source)
	}
	t.Logf("shrunk %d bytes to:\n%s", len(orig.Source), shrunk.Source)
}
