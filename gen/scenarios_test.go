package gen

import (
	"context"
	"testing"

	"github.com/a0diff/a0diff/runtime/ast"
	"github.com/a0diff/a0diff/runtime/run"
	"github.com/a0diff/a0diff/runtime/value"
)

// TestFunctionsAreExercised holds the generator to the function semantics of §5.10 being
// reached at run time, measured on 1 000 valid-mode programs with the default options:
// declared functions are called (counted from the fn_call_start events of the Go
// evaluator's trace), top-level names are rebound by loop bindings, parameters or block
// lets (the B-16 shape), and nested declarations reuse top-level function names (B-61).
func TestFunctionsAreExercised(t *testing.T) {
	const cases = 1000
	r := run.New()
	var declaring, calling, declared, called, rebinding, replacing int
	for i := 0; i < cases; i++ {
		c := Generate(RandChooser{R: CaseRand(11, i)}, Options{})
		top := map[string]bool{}
		topFns := map[string]bool{}
		for _, st := range c.Program.Statements {
			switch st := st.(type) {
			case *ast.LetStmt:
				top[st.Name] = true
			case *ast.FnDecl:
				topFns[st.Name] = true
			}
		}
		names := map[string]bool{}
		rebinds, replaces := false, false
		ast.Inspect(c.Program, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.FnDecl:
				names[n.Name] = true
				for _, p := range n.Params {
					rebinds = rebinds || top[p]
				}
			case *ast.ForExpr:
				rebinds = rebinds || top[n.Binding]
			case *ast.IfBlockExpr:
				for _, st := range n.ThenBody {
					if l, ok := st.(*ast.LetStmt); ok && top[l.Name] {
						rebinds = true
					}
				}
			}
			return true
		})
		// a nested declaration of a top-level function's name
		for _, st := range c.Program.Statements {
			if f, ok := st.(*ast.FnDecl); ok {
				ast.Inspect(&ast.Program{Statements: f.Body}, func(n ast.Node) bool {
					if d, ok := n.(*ast.FnDecl); ok && topFns[d.Name] {
						replaces = true
					}
					return true
				})
			}
		}
		if rebinds {
			rebinding++
		}
		if replaces {
			replacing++
		}
		if len(names) == 0 {
			continue
		}
		declaring++
		declared += len(names)
		cfg := c.Config
		cfg.Limits = cfg.Limits.WithDefaults()
		o := r.Run(context.Background(), c.Source, cfg)
		seen := map[string]bool{}
		for _, e := range o.Trace {
			if e.Event == "fn_call_start" {
				if d, ok := e.Data.(*value.Record); ok {
					if fn, ok := d.Lookup("fn"); ok {
						seen[fn.(string)] = true
					}
				}
			}
		}
		if len(seen) > 0 {
			calling++
		}
		for n := range names {
			if seen[n] {
				called++
			}
		}
	}
	pct := func(a, b int) float64 { return 100 * float64(a) / float64(max(b, 1)) }
	t.Logf("programs declaring a function: %d of %d; of those calling one: %.1f%%; declared names called: %.1f%%", declaring, cases, pct(calling, declaring), pct(called, declared))
	t.Logf("programs rebinding a top-level name in a loop, parameter or block: %.1f%%; nested redeclaring a top-level function: %.1f%%", pct(rebinding, cases), pct(replacing, cases))
	for _, c := range []struct {
		what      string
		got, want float64
	}{
		{"programs declaring a function that call one", pct(calling, declaring), 60},
		{"declared function names called", pct(called, declared), 45},
		{"programs rebinding a top-level name", pct(rebinding, cases), 10},
		{"programs redeclaring a top-level function in a nested body", pct(replacing, cases), 3},
	} {
		if c.got < c.want {
			t.Errorf("%s: %.1f%%, want at least %.0f%%", c.what, c.got, c.want)
		}
	}
}
