package ast_test

import (
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	. "github.com/a0diff/a0diff/runtime/ast"
	"github.com/a0diff/a0diff/runtime/syntax/testfile"
)

// TestStandInsTestdata checks the stand-ins of the cases of testdata/standins.txt.
func TestStandInsTestdata(t *testing.T) {
	cases, err := testfile.Read(filepath.Join("testdata", "standins.txt"))
	if err != nil {
		t.Fatal(err)
	}
	if len(cases) == 0 {
		t.Fatal("testdata/standins.txt holds no case")
	}
	for _, c := range cases {
		t.Run(c.Name, func(t *testing.T) {
			e := finalReturn(t, parseCase(t, c.Source))
			got := []string{"(none)"}
			if ins := StandIns(e); len(ins) > 0 {
				got = got[:0]
				for _, in := range ins {
					got = append(got, PrintExpr(in))
				}
			}
			if !slices.Equal(got, c.Expect) {
				t.Errorf("testdata/standins.txt:%d: stand-ins of %s\n%s\nwant\n%s", c.Line, nodeLine(e), strings.Join(got, "\n"), strings.Join(c.Expect, "\n"))
			}
		})
	}
}

// TestStandInsCoversEveryKind checks that the test file shows every expression kind
// StandIns gives stand-ins for: each kind of a stand-in list in the front end's test
// programs (see TestStandInsAreBelow) has a case there too.
func TestStandInsCoversEveryKind(t *testing.T) {
	cases, err := testfile.Read(filepath.Join("testdata", "standins.txt"))
	if err != nil {
		t.Fatal(err)
	}
	shown := map[reflect.Type]bool{}
	for _, c := range cases {
		e := finalReturn(t, parseCase(t, c.Source))
		if len(StandIns(e)) > 0 {
			shown[reflect.TypeOf(e)] = true
		}
	}
	for _, fp := range frontEndPrograms(t) {
		Inspect(fp.p, func(n Node) bool {
			if e, ok := n.(Expr); ok && len(StandIns(e)) > 0 && !shown[reflect.TypeOf(e)] {
				t.Errorf("testdata/standins.txt has no case of a %T with stand-ins", e)
				shown[reflect.TypeOf(e)] = true
			}
			return true
		})
	}
}

// TestStandInsAreBelow checks, over every expression of the front end's test programs,
// that each stand-in is a node of the expression's own subtree other than the expression,
// and never nil.
func TestStandInsAreBelow(t *testing.T) {
	checked := 0
	for _, fp := range frontEndPrograms(t) {
		Inspect(fp.p, func(n Node) bool {
			e, ok := n.(Expr)
			if !ok {
				return true
			}
			below := map[Node]bool{}
			Inspect(e, func(m Node) bool { below[m] = m != Node(e); return true })
			for _, in := range StandIns(e) {
				checked++
				if IsNil(in) || !below[in] {
					t.Errorf("%s: stand-in %v is not below it", nodeLine(e), in)
				}
			}
			return true
		})
	}
	if checked < 100 {
		t.Errorf("only %d stand-ins checked", checked)
	}
}

func TestStandInsNil(t *testing.T) {
	if got := StandIns(nil); got != nil {
		t.Errorf("StandIns(nil) = %v", got)
	}
	if got := StandIns((*IfExpr)(nil)); got != nil {
		t.Errorf("StandIns of a typed nil = %v", got)
	}
	list := &ListExpr{Elements: []Expr{nil, &NullLiteral{}, (*IntLiteral)(nil)}}
	if got := StandIns(list); len(got) != 1 {
		t.Errorf("StandIns keeps nil elements: %v", got)
	}
}

// finalReturn is the value of the program's last statement, a return.
func finalReturn(t *testing.T, p *Program) Expr {
	t.Helper()
	if len(p.Statements) > 0 {
		if r, ok := p.Statements[len(p.Statements)-1].(*ReturnStmt); ok {
			return r.Value
		}
	}
	t.Fatal("the program does not end with a return")
	return nil
}
