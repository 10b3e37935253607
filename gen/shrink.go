package gen

import (
	"strings"

	"github.com/leanovate/gopter"
	gopgen "github.com/leanovate/gopter/gen"

	"github.com/a0diff/a0diff/runtime/ast"
	"github.com/a0diff/a0diff/runtime/outcome"
	"github.com/a0diff/a0diff/runtime/syntax"
	"github.com/a0diff/a0diff/runtime/validate"
)

// Arbitrary is a gopter generator of *Case values. Its size parameter (gopter's
// MinSize…MaxSize) becomes Options.Size when opts leaves Size at 0, so gopter grows
// programs as a test run proceeds; its shrinker is ShrinkCase.
func Arbitrary(opts Options) gopter.Gen {
	return gopgen.Sized(func(size int) gopter.Gen {
		return func(p *gopter.GenParameters) *gopter.GenResult {
			o := opts
			if o.Size <= 0 {
				o.Size = 8 + size
			}
			return gopter.NewGenResult(Generate(RandChooser{R: p.Rng}, o), ShrinkCase)
		}
	})
}

// ShrinkCase is the gopter shrinker of *Case values: the smaller variants of a case
// (Shrinks), as a gopter stream.
func ShrinkCase(v interface{}) gopter.Shrink {
	c, ok := v.(*Case)
	if !ok || c == nil {
		return gopter.NoShrink
	}
	next := Shrinks(c)
	return func() (interface{}, bool) {
		d := next()
		if d == nil {
			return nil, false
		}
		return d, true
	}
}

// Shrinks returns an iterator over the one-step smaller variants of c; it returns nil
// when they are exhausted. For a case with a tree: the program without one header,
// statement, record entry or list element, or with an expression replaced by one of its
// subexpressions or by a literal — a node's edits before those inside it, so big steps
// come first (see editSites) — keeping only variants that print and that pass
// validation exactly when c does. Then the
// fixtures without one entry. For a text case: the text without a run of tokens, or with
// its whitespace collapsed (again of the same validity).
func Shrinks(c *Case) func() *Case {
	valid := Validates(c.Source)
	var steps []func() *Case
	if c.Program != nil {
		n := editSites(c.Program)
		for k := 0; k < n; k++ {
			steps = append(steps, func() *Case {
				p := editProgram(c.Program, k)
				if ast.Printable(p) != nil {
					return nil
				}
				d := c.withProgram(p)
				if Validates(d.Source) != valid {
					return nil
				}
				return d
			})
		}
	} else {
		steps = append(steps, textShrinks(c, valid)...)
	}
	steps = append(steps, fixtureShrinks(c)...)
	i := 0
	return func() *Case {
		for i < len(steps) {
			d := steps[i]()
			i++
			if d != nil {
				return d
			}
		}
		return nil
	}
}

// textShrinks delete runs of tokens, longest first (half the tokens, then quarters, …,
// then single tokens), and finally collapse the whitespace; each variant must keep the
// validity of c.
func textShrinks(c *Case, valid bool) []func() *Case {
	toks := tokenize(c.Source)
	idx := solid(toks)
	var out []func() *Case
	try := func(build func() string) func() *Case {
		return func() *Case {
			src := build()
			if len(src) >= len(c.Source) || Validates(src) != valid {
				return nil
			}
			return c.withSource(src)
		}
	}
	for size := len(idx) / 2; size >= 1; size /= 2 {
		for start := 0; start+size <= len(idx); start += size {
			from, to := idx[start], idx[start+size-1]
			out = append(out, try(func() string {
				return joinTokens(toks[:from]) + joinTokens(toks[to+1:])
			}))
		}
	}
	out = append(out, try(func() string {
		var b strings.Builder
		for _, t := range toks {
			if t.space && !strings.HasPrefix(t.text, "#") {
				if strings.ContainsAny(t.text, "\n\r") {
					b.WriteString("\n")
				} else {
					b.WriteString(" ")
				}
				continue
			}
			b.WriteString(t.text)
		}
		return strings.TrimSpace(b.String()) + "\n"
	}))
	return out
}

// fixtureShrinks drop one file, HTTP or shell fixture each.
func fixtureShrinks(c *Case) []func() *Case {
	fx := c.Config.Fixtures
	var out []func() *Case
	drop := func(apply func(*outcome.Fixtures)) func() *Case {
		return func() *Case {
			d := *c
			f := d.Config.Fixtures
			f.Files = append([]outcome.File(nil), f.Files...)
			f.HTTP = append([]outcome.HTTPResponse(nil), f.HTTP...)
			f.Shell = append([]outcome.ShellResult(nil), f.Shell...)
			apply(&f)
			d.Config.Fixtures = f
			return &d
		}
	}
	for i := range fx.Files {
		out = append(out, drop(func(f *outcome.Fixtures) { f.Files = append(f.Files[:i], f.Files[i+1:]...) }))
	}
	for i := range fx.HTTP {
		out = append(out, drop(func(f *outcome.Fixtures) { f.HTTP = append(f.HTTP[:i], f.HTTP[i+1:]...) }))
	}
	for i := range fx.Shell {
		out = append(out, drop(func(f *outcome.Fixtures) { f.Shell = append(f.Shell[:i], f.Shell[i+1:]...) }))
	}
	return out
}

// Validates reports whether src lexes, parses and passes validation (without the
// reference's validator crash of §4.5).
func Validates(src string) bool {
	p, diags := syntax.Parse(DefaultFile, src)
	if len(diags) > 0 {
		return false
	}
	r := validate.Check(p)
	return len(r.Diagnostics) == 0 && !r.UnsupportedSpread
}
