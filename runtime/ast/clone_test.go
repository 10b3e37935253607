package ast_test

import (
	"math/rand/v2"
	"reflect"
	"testing"

	. "github.com/a0diff/a0diff/runtime/ast"
)

// checkClone checks that Clone(p) is p again in every field (reflect.DeepEqual: spans,
// literal Text, nil slices against empty ones) and shares nothing with it: no node, and no
// slice, since scribbling over every field of the copy leaves p as it was.
func checkClone(t *testing.T, what string, p *Program) {
	t.Helper()
	c := Clone(p)
	if !reflect.DeepEqual(c, p) {
		t.Fatalf("%s: the clone differs:\n%s\nwant\n%s", what, Dump(c), Dump(p))
	}
	original := map[Node]bool{}
	Inspect(p, func(n Node) bool { original[n] = true; return true })
	var copied []Node
	Inspect(c, func(n Node) bool {
		if original[n] {
			t.Fatalf("%s: the clone shares the node %s", what, nodeLine(n))
		}
		copied = append(copied, n)
		return true
	})
	if len(copied) != len(original) {
		t.Fatalf("%s: the clone has %d nodes, the original %d", what, len(copied), len(original))
	}
	dump, text := Dump(p), Print(p)
	for _, n := range copied {
		scribble(reflect.ValueOf(n).Elem())
	}
	if Dump(p) != dump || Print(p) != text {
		t.Fatalf("%s: editing the clone changed the original:\n%s\nwas\n%s", what, Dump(p), dump)
	}
}

// scribble overwrites every field of the node struct v in place: strings, numbers, spans,
// the elements of its slices, and its child pointers (last, since the children are
// scribbled over separately through their own pointers).
func scribble(v reflect.Value) {
	for i := 0; i < v.NumField(); i++ {
		f := v.Field(i)
		switch f.Kind() {
		case reflect.String:
			f.SetString("scribbled")
		case reflect.Float64:
			f.SetFloat(-1)
		case reflect.Bool:
			f.SetBool(!f.Bool())
		case reflect.Struct: // Span
			f.Set(reflect.ValueOf(Span{File: "scribbled", StartLine: 99}))
		case reflect.Slice:
			for j := 0; j < f.Len(); j++ {
				e := f.Index(j)
				if e.Kind() == reflect.String {
					e.SetString("scribbled")
				} else {
					e.Set(reflect.Zero(e.Type()))
				}
			}
		case reflect.Pointer, reflect.Interface:
			f.Set(reflect.Zero(f.Type()))
		}
	}
}

func TestCloneTestdata(t *testing.T) {
	for _, c := range readInspectCases(t) {
		checkClone(t, "testdata/inspect.txt: "+c.Name, parseCase(t, c.Source))
	}
	for _, fp := range frontEndPrograms(t) {
		checkClone(t, fp.file+": "+fp.c.Name, fp.p)
	}
}

// TestCloneGenerated clones trees built by code (zero spans, no literal Text, every node
// kind), as the generators and the reducer make them.
func TestCloneGenerated(t *testing.T) {
	g := &treeGen{r: rand.New(rand.NewPCG(7, 11))}
	for i := 0; i < 300; i++ {
		checkClone(t, "generated tree", g.program())
	}
}

// TestCloneKeepsNilAndEmpty: a nil slice stays nil and an empty one empty, and nil
// entries (as trees built by code may hold) stay in their places.
func TestCloneKeepsNilAndEmpty(t *testing.T) {
	var nilPair *RecordPair
	p := &Program{
		Headers: []Header{},
		Statements: []Stmt{
			&FnDecl{Name: "f", Params: []string{}, Body: nil},
			&FnDecl{Name: "g", Params: nil, Body: []Stmt{}},
			&LetStmt{Name: "a", Value: &ListExpr{Elements: []Expr{}}},
			&LetStmt{Name: "b", Value: &ListExpr{Elements: []Expr{nil, &NullLiteral{}}}},
			&LetStmt{Name: "c", Value: &RecordExpr{Pairs: []RecordEntry{nilPair, nil}}},
			&LetStmt{Name: "d", Value: &RecordExpr{}},
			&ExprStmt{Expr: &CallExpr{Tool: &IdentPath{Parts: []string{}}}},
			&ReturnStmt{Value: &TryExpr{TryBody: []Stmt{nil}}},
			nil,
		},
	}
	c := Clone(p)
	if !reflect.DeepEqual(c, p) {
		t.Fatalf("clone:\n%s\nwant\n%s", Dump(c), Dump(p))
	}
	if c.Headers == nil || c.Statements[0].(*FnDecl).Body != nil || c.Statements[1].(*FnDecl).Params != nil {
		t.Error("nil and empty slices were not kept apart")
	}
}

func TestCloneNil(t *testing.T) {
	if got := Clone[Node](nil); got != nil {
		t.Errorf("Clone(nil) = %v", got)
	}
	var e Expr
	if got := Clone(e); got != nil {
		t.Errorf("Clone of a nil Expr = %v", got)
	}
	var r *RecordExpr
	if got := Clone(r); got != nil {
		t.Errorf("Clone of a nil *RecordExpr = %v", got)
	}
	// A typed nil inside an interface stays a typed nil of the same type.
	e = r
	if got, ok := Clone(e).(*RecordExpr); !ok || got != nil {
		t.Errorf("Clone of an Expr holding a nil *RecordExpr = %#v", Clone(e))
	}
}

// TestCloneKeepsStaticType: Clone of an Expr is an Expr, of a statement a statement, so
// callers need no type assertion; the dynamic type is the original's.
func TestCloneKeepsStaticType(t *testing.T) {
	p := parseCase(t, "let a = [1, -2.50]\nreturn a")
	var e Expr = p.Statements[0].(*LetStmt).Value
	var ec Expr = Clone(e)
	if _, ok := ec.(*ListExpr); !ok {
		t.Errorf("Clone of a ListExpr is a %T", ec)
	}
	var s Stmt = Clone(p.Statements[1])
	if _, ok := s.(*ReturnStmt); !ok {
		t.Errorf("Clone of a ReturnStmt is a %T", s)
	}
	// The literal's source text is kept: the copy prints as the original does.
	if got, want := PrintExpr(ec), PrintExpr(e); got != want || got != "[1, -2.50]" {
		t.Errorf("clone prints %q, original %q, want [1, -2.50]", got, want)
	}
}
