package gen

import (
	"strings"
	"testing"

	"github.com/a0diff/a0diff/runtime/ast"
	"github.com/a0diff/a0diff/runtime/syntax"
	"github.com/a0diff/a0diff/runtime/validate"
)

// cornerMarks are texts only the programs with each corner of corners.go hold.
var cornerMarks = map[string]string{
	"internal error after evidence": "msg: \"before internal",
	"endless toJSON":                ".concat }",
	"collation":                     "let collated",
	"NaN sort":                      "let sorted",
	"text bound":                    "return len { in: e.message }",
}

// TestCornersAreDrawn: under all features and proto, a campaign of a few thousand cases
// reaches the common corners of corners.go (the text bound is drawn about once in 5000
// cases: TestEveryCornerValidates makes it directly).
func TestCornersAreDrawn(t *testing.T) {
	seen := map[string]int{}
	opts := Options{Features: AllFeatures | FeatProto}
	for i := 0; i < 4000; i++ {
		c := Generate(RandChooser{CaseRand(23, i)}, opts)
		for name, mark := range cornerMarks {
			if strings.Contains(c.Source, mark) {
				seen[name]++
			}
		}
	}
	for name := range cornerMarks {
		if seen[name] == 0 && name != "text bound" {
			t.Errorf("no case in 4000 reached the %s corner", name)
		}
	}
	t.Logf("cases per corner: %v", seen)
}

// TestEveryCornerValidates makes each corner many times after a program's statements and
// requires the whole program to validate.
func TestEveryCornerValidates(t *testing.T) {
	corners := map[string]func(*generator, *scope) []ast.Stmt{
		"internal error after evidence": (*generator).internalErrorAfterEvidence,
		"endless toJSON":                (*generator).endlessToJSON,
		"collation":                     (*generator).collationCorner,
		"NaN sort":                      (*generator).nanSortCorner,
		"text bound":                    (*generator).textBoundCorner,
	}
	for name, make := range corners {
		for i := 0; i < 40; i++ {
			ch := RandChooser{CaseRand(29, i)}
			opts := Options{Features: AllFeatures | FeatProto}.withDefaults()
			g := &generator{ch: ch, opts: opts, feat: opts.Features, size: opts.Size, usedTools: map[string]bool{}}
			g.world = g.newWorld()
			sc := newScope(nil)
			sc.top = true
			stmts := append(make(g, sc), &ast.ReturnStmt{Value: intLit(0)})
			src := ast.Print(&ast.Program{Statements: stmts})
			if !strings.Contains(src, cornerMarks[name]) {
				t.Fatalf("%s: the mark %q is not in\n%s", name, cornerMarks[name], src)
			}
			p, diags := syntax.Parse(DefaultFile, src)
			if len(diags) > 0 {
				t.Fatalf("%s: does not parse: %s\n%s", name, diags[0].Message, src)
			}
			if r := validate.Check(p); len(r.Diagnostics) > 0 {
				t.Fatalf("%s: does not validate: %s\n%s", name, r.Diagnostics[0].Message, src)
			}
		}
	}
}
