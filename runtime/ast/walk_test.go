package ast_test

import (
	"fmt"
	goast "go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	. "github.com/a0diff/a0diff/runtime/ast"
	"github.com/a0diff/a0diff/runtime/syntax"
	"github.com/a0diff/a0diff/runtime/syntax/testfile"
)

// nodeLine is how the tests name a node: the first line of its Dump (kind, details,
// span), which Dump's own tests pin independently of the traversal.
func nodeLine(n Node) string {
	line, _, _ := strings.Cut(Dump(n), "\n")
	return strings.TrimSpace(line)
}

// parseCase parses a test program, failing the test on any diagnostic.
func parseCase(t *testing.T, src string) *Program {
	t.Helper()
	p, diags := syntax.Parse("t.a0", src)
	if len(diags) > 0 || p == nil {
		t.Fatalf("program does not parse: %v\n%s", diags, src)
	}
	return p
}

// readInspectCases reads testdata/inspect.txt.
func readInspectCases(t *testing.T) []testfile.Case {
	t.Helper()
	cases, err := testfile.Read(filepath.Join("testdata", "inspect.txt"))
	if err != nil {
		t.Fatal(err)
	}
	if len(cases) == 0 {
		t.Fatal("testdata/inspect.txt holds no case")
	}
	return cases
}

// TestInspectTestdata checks the visiting order and depths of testdata/inspect.txt, and
// that Inspect, PreorderStack and Children tell the same story.
func TestInspectTestdata(t *testing.T) {
	for _, c := range readInspectCases(t) {
		t.Run(c.Name, func(t *testing.T) {
			p := parseCase(t, c.Source)
			var got []string
			PreorderStack(p, nil, func(n Node, stack []Node) bool {
				got = append(got, strings.Repeat("  ", len(stack))+nodeLine(n))
				return true
			})
			if !slices.Equal(got, c.Expect) {
				t.Errorf("testdata/inspect.txt:%d: visits\n%s\nwant\n%s", c.Line, strings.Join(got, "\n"), strings.Join(c.Expect, "\n"))
			}
			checkTraversalsAgree(t, p)
		})
	}
}

// checkTraversalsAgree checks, on one tree, that Inspect visits the nodes PreorderStack
// visits in the same order, that each node's parent on the stack lists it among its
// Children in the same order, and that Children agrees with recursion over Children.
func checkTraversalsAgree(t *testing.T, root Node) {
	t.Helper()
	var inspected []Node
	Inspect(root, func(n Node) bool { inspected = append(inspected, n); return true })
	var stacked []Node
	below := map[Node][]Node{}
	PreorderStack(root, nil, func(n Node, stack []Node) bool {
		stacked = append(stacked, n)
		if len(stack) > 0 {
			parent := stack[len(stack)-1]
			below[parent] = append(below[parent], n)
		}
		return true
	})
	if !slices.Equal(inspected, stacked) {
		t.Fatalf("Inspect visits %d nodes, PreorderStack %d, or in another order", len(inspected), len(stacked))
	}
	var recursed []Node
	var rec func(n Node)
	rec = func(n Node) {
		recursed = append(recursed, n)
		for _, c := range Children(n) {
			rec(c)
		}
	}
	rec(root)
	if !slices.Equal(inspected, recursed) {
		t.Fatalf("Inspect and recursion over Children disagree")
	}
	for _, n := range inspected {
		if !slices.Equal(Children(n), below[n]) {
			t.Errorf("%s: Children gives %d nodes, PreorderStack put %d under it", nodeLine(n), len(Children(n)), len(below[n]))
		}
	}
}

// TestInspectMatchesDump uses Dump, written separately, as an oracle over every program
// of the front end's test files: the nodes Dump shows with a span, in its order, are
// the nodes Inspect visits.
func TestInspectMatchesDump(t *testing.T) {
	for _, fp := range frontEndPrograms(t) {
		var want []string
		for _, line := range strings.Split(strings.TrimRight(Dump(fp.p), "\n"), "\n") {
			if strings.Contains(line, " @") {
				want = append(want, strings.TrimPrefix(strings.TrimSpace(line), "-> "))
			}
		}
		var got []string
		Inspect(fp.p, func(n Node) bool { got = append(got, nodeLine(n)); return true })
		if !slices.Equal(got, want) {
			t.Errorf("%s:%d: Inspect visits\n%s\nDump shows\n%s", fp.file, fp.c.Line, strings.Join(got, "\n"), strings.Join(want, "\n"))
		}
		checkTraversalsAgree(t, fp.p)
	}
}

// nodeKinds lists the node types of ast.go: every type with a NodeSpan method.
func nodeKinds(t *testing.T) []string {
	t.Helper()
	f, err := parser.ParseFile(token.NewFileSet(), "ast.go", nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	var kinds []string
	for _, d := range f.Decls {
		fn, ok := d.(*goast.FuncDecl)
		if !ok || fn.Name.Name != "NodeSpan" || fn.Recv == nil {
			continue
		}
		star := fn.Recv.List[0].Type.(*goast.StarExpr)
		kinds = append(kinds, star.X.(*goast.Ident).Name)
	}
	if len(kinds) < 30 {
		t.Fatalf("found only %d node kinds in ast.go", len(kinds))
	}
	return kinds
}

func kindOf(n Node) string { return reflect.TypeOf(n).Elem().Name() }

// TestInspectCoversEveryKind: the test programs reach every node kind, so the tests above
// check the traversal and Clone on each.
func TestInspectCoversEveryKind(t *testing.T) {
	seen := map[string]bool{}
	for _, c := range readInspectCases(t) {
		Inspect(parseCase(t, c.Source), func(n Node) bool { seen[kindOf(n)] = true; return true })
	}
	for _, k := range nodeKinds(t) {
		if !seen[k] {
			t.Errorf("no program of testdata/inspect.txt holds a %s", k)
		}
	}
}

func TestInspectPrunes(t *testing.T) {
	p := parseCase(t, "let a = f { x: [1, 2] }\nreturn a + 1")
	var got []string
	Inspect(p, func(n Node) bool {
		got = append(got, kindOf(n))
		_, call := n.(*FnCallExpr)
		return !call
	})
	want := []string{"Program", "LetStmt", "FnCallExpr", "ReturnStmt", "BinaryExpr", "IdentPath", "IntLiteral"}
	if !slices.Equal(got, want) {
		t.Errorf("visits %v, want %v", got, want)
	}
}

// TestInspectReadsFieldsAfterCallback: a callback may replace a field of the node it is
// given, and the walk goes on below the new value (the reducer edits as it walks).
func TestInspectReadsFieldsAfterCallback(t *testing.T) {
	p := parseCase(t, "let a = 1 + 2\nreturn a")
	var got []string
	Inspect(p, func(n Node) bool {
		if l, ok := n.(*LetStmt); ok {
			l.Value = &StrLiteral{Value: "new"}
		}
		got = append(got, kindOf(n))
		return true
	})
	want := []string{"Program", "LetStmt", "StrLiteral", "ReturnStmt", "IdentPath"}
	if !slices.Equal(got, want) {
		t.Errorf("visits %v, want %v", got, want)
	}
}

// TestInspectSkipsNil: trees built by code may leave children out or hold typed nil
// pointers; no callback ever sees one.
func TestInspectSkipsNil(t *testing.T) {
	var nilPair *RecordPair
	var nilExpr *IntLiteral
	tree := &Program{
		Headers: []Header{nil, &CapDecl{}},
		Statements: []Stmt{
			nil,
			&ExprStmt{Expr: &IfExpr{Cond: &BoolLiteral{}, Then: nilExpr}},
			&LetStmt{Name: "a", Value: &CallExpr{Args: &RecordExpr{Pairs: []RecordEntry{nilPair, &SpreadPair{}}}}},
			&ReturnStmt{Value: &MatchExpr{Subject: &ListExpr{Elements: []Expr{nil, nilExpr}}, ErrArm: &MatchArm{}}},
		},
	}
	var got []string
	Inspect(tree, func(n Node) bool {
		if IsNil(n) {
			t.Fatalf("callback got a nil %T", n)
		}
		got = append(got, kindOf(n))
		return true
	})
	want := []string{
		"Program", "CapDecl", "ExprStmt", "IfExpr", "BoolLiteral", "LetStmt", "CallExpr",
		"RecordExpr", "SpreadPair", "ReturnStmt", "MatchExpr", "ListExpr", "MatchArm",
	}
	if !slices.Equal(got, want) {
		t.Errorf("visits %v, want %v", got, want)
	}
	Inspect(nil, func(Node) bool { t.Fatal("callback called for nil"); return true })
	Inspect((*Program)(nil), func(Node) bool { t.Fatal("callback called for typed nil"); return true })
	PreorderStack(nilExpr, nil, func(Node, []Node) bool { t.Fatal("callback called for typed nil"); return true })
	if c := Children(nilExpr); c != nil {
		t.Errorf("Children of a typed nil: %v", c)
	}
}

// TestPreorderStackKeepsCallersStack: the stack a caller passes stays at the bottom, so
// nested walks see their whole ancestry.
func TestPreorderStackKeepsCallersStack(t *testing.T) {
	p := parseCase(t, "return -x")
	outer := []Node{p, p.Statements[0]}
	var got []string
	PreorderStack(p.Statements[0].(*ReturnStmt).Value, outer, func(n Node, stack []Node) bool {
		var kinds []string
		for _, s := range stack {
			kinds = append(kinds, kindOf(s))
		}
		got = append(got, kindOf(n)+" under "+strings.Join(kinds, "/"))
		return true
	})
	want := []string{"UnaryExpr under Program/ReturnStmt", "IdentPath under Program/ReturnStmt/UnaryExpr"}
	if !slices.Equal(got, want) {
		t.Errorf("got %q, want %q", got, want)
	}
}

// firstOf returns the first node of kind T in p, in visiting order.
func firstOf[T Node](t *testing.T, p *Program) T {
	t.Helper()
	var found T
	done := false
	Inspect(p, func(n Node) bool {
		if x, ok := n.(T); ok && !done {
			found, done = x, true
		}
		return !done
	})
	if !done {
		t.Fatalf("no %T in the program", found)
	}
	return found
}

// show prints what a helper returned, for comparing with the table.
func showPath(p *IdentPath) string {
	if p == nil {
		return "<nil>"
	}
	return nodeLine(p)
}

func TestNamePathAndArgs(t *testing.T) {
	tests := []struct {
		src      string
		find     func(*testing.T, *Program) Node
		namePath string
		args     string // the argument record, printed
	}{
		{"cap { fs.read: true }\nreturn call? fs.read { path: \"a\" }",
			func(t *testing.T, p *Program) Node { return firstOf[*CallExpr](t, p) }, "Path fs.read @2:14-2:21", `{ path: "a" }`},
		{"cap { fs.write: true }\ndo fs.write { path: \"a\", data: \"b\" }\nreturn 1",
			func(t *testing.T, p *Program) Node { return firstOf[*DoExpr](t, p) }, "Path fs.write @2:4-2:12", `{ path: "a", data: "b" }`},
		{"return str.concat { a: 1 }",
			func(t *testing.T, p *Program) Node { return firstOf[*FnCallExpr](t, p) }, "Path str.concat @1:8-1:18", "{ a: 1 }"},
		{"1 -> r.s\nreturn r",
			func(t *testing.T, p *Program) Node { return firstOf[*ExprStmt](t, p) }, "Path r.s @1:6-1:9", ""},
		{"2\nreturn 1",
			func(t *testing.T, p *Program) Node { return firstOf[*ExprStmt](t, p) }, "<nil>", ""},
		{"assert { that: true }\nreturn 1",
			func(t *testing.T, p *Program) Node { return firstOf[*AssertExpr](t, p) }, "<nil>", "{ that: true }"},
		{"check { that: false }\nreturn 1",
			func(t *testing.T, p *Program) Node { return firstOf[*CheckExpr](t, p) }, "<nil>", "{ that: false }"},
		{"return { a: x }",
			func(t *testing.T, p *Program) Node { return firstOf[*RecordExpr](t, p) }, "<nil>", ""},
		{"return x.y",
			func(t *testing.T, p *Program) Node { return firstOf[*IdentPath](t, p) }, "<nil>", ""},
	}
	for _, tt := range tests {
		p := parseCase(t, tt.src)
		n := tt.find(t, p)
		if got := showPath(NamePath(n)); got != tt.namePath {
			t.Errorf("%q: NamePath(%s) = %s, want %s", tt.src, kindOf(n), got, tt.namePath)
		}
		got := ""
		if r := Args(n); r != nil {
			got = PrintExpr(r)
		}
		if got != tt.args {
			t.Errorf("%q: Args(%s) = %q, want %q", tt.src, kindOf(n), got, tt.args)
		}
	}
	var nilCall *CallExpr
	if NamePath(nilCall) != nil || Args(nilCall) != nil || NamePath(nil) != nil || Args(nil) != nil {
		t.Error("NamePath or Args of nil is not nil")
	}
}

func TestBodies(t *testing.T) {
	const src = `fn f { a } { let b = a return b }
let i = if (true) { return 1 } else { let e = 2 return e }
let l = for { in: [1], as: "x" } { return x }
let fl = filter { in: [1], as: "x" } { return true }
let lp = loop { in: 0, times: 2, as: "acc" } { return acc }
let m = match (i) { err { e } { return 0 } ok { v } { return v } }
let tr = try { return 1 } catch { e } { let z = 3 return z }
return [f { a: 1 }, i, l, fl, lp, m, tr]`
	p := parseCase(t, src)
	tests := []struct {
		node Node
		want []string // each body as its statements printed, joined by "; "
	}{
		{firstOf[*FnDecl](t, p), []string{"let b = a; return b"}},
		{firstOf[*IfBlockExpr](t, p), []string{"return 1", "let e = 2; return e"}},
		{firstOf[*ForExpr](t, p), []string{"return x"}},
		{firstOf[*FilterBlockExpr](t, p), []string{"return true"}},
		{firstOf[*LoopExpr](t, p), []string{"return acc"}},
		{firstOf[*MatchExpr](t, p), nil},
		{firstOf[*MatchExpr](t, p).OkArm, []string{"return v"}},
		{firstOf[*MatchExpr](t, p).ErrArm, []string{"return 0"}},
		{firstOf[*TryExpr](t, p), []string{"return 1", "let z = 3; return z"}},
		{p, nil},
		{firstOf[*LetStmt](t, p), nil},
		{firstOf[*ListExpr](t, p), nil},
	}
	for _, tt := range tests {
		var got []string
		for _, b := range Bodies(tt.node) {
			var stmts []string
			for _, s := range *b {
				stmts = append(stmts, strings.TrimSpace(PrintStmt(s)))
			}
			got = append(got, strings.Join(stmts, "; "))
		}
		if !slices.Equal(got, tt.want) {
			t.Errorf("Bodies(%s) = %q, want %q", nodeLine(tt.node), got, tt.want)
		}
	}
	// The pointers are the node's own fields: an edit through one is an edit of the tree.
	tr := firstOf[*TryExpr](t, p)
	*Bodies(tr)[1] = nil
	if tr.CatchBody != nil {
		t.Error("editing through Bodies did not change the TryExpr")
	}
	if Bodies((*FnDecl)(nil)) != nil || Bodies(nil) != nil {
		t.Error("Bodies of nil is not nil")
	}
}

func ExampleInspect() {
	p, _ := syntax.Parse("example.a0", `cap { fs.read: true }
let text = call? fs.read { path: "in.txt" }
return str.split { in: text, sep: "\n" }`)
	// Count the variables read, leaving out the name paths (tool and function names).
	reads := 0
	PreorderStack(p, nil, func(n Node, stack []Node) bool {
		if id, ok := n.(*IdentPath); ok && NamePath(stack[len(stack)-1]) != id {
			reads++
		}
		return true
	})
	fmt.Println(reads)
	// Output: 1
}

func TestListsAndDeclaredNames(t *testing.T) {
	const src = `cap { fs.read: true }
fn f { a, b } { let c = a return [c, b] }
let m = match (f { a: 1, b: 2 }) { ok { v } { return v } err { e } { return e } }
let l = for { in: [1], as: "x" } { return x }
let tr = try { return 1 } catch { err } { return 0 }
return { m: m, ...{ l: l } }`
	p := parseCase(t, src)
	tests := []struct {
		node     Node
		lists    []string // each list as Field=length
		declared []string
	}{
		{p, []string{"Headers=1", "Statements=5"}, nil},
		{firstOf[*FnDecl](t, p), []string{"Params=2", "Body=2"}, []string{"f", "a", "b"}},
		{firstOf[*LetStmt](t, p), nil, []string{"c"}},
		{firstOf[*ListExpr](t, p), []string{"Elements=2"}, nil},
		{firstOf[*MatchExpr](t, p), nil, nil},
		{firstOf[*MatchExpr](t, p).OkArm, []string{"Body=1"}, []string{"v"}},
		{firstOf[*ForExpr](t, p), []string{"Body=1"}, []string{"x"}},
		{firstOf[*TryExpr](t, p), []string{"TryBody=1", "CatchBody=1"}, []string{"err"}},
		{firstOf[*FnCallExpr](t, p), nil, nil},
		{firstOf[*FnCallExpr](t, p).Args, []string{"Pairs=2"}, nil},
	}
	for _, tt := range tests {
		var lists, declared []string
		for _, l := range Lists(tt.node) {
			lists = append(lists, fmt.Sprintf("%s=%d", l.Field, l.Len()))
		}
		for _, s := range DeclaredNames(tt.node) {
			declared = append(declared, *s)
		}
		if !slices.Equal(lists, tt.lists) {
			t.Errorf("Lists(%s) = %q, want %q", nodeLine(tt.node), lists, tt.lists)
		}
		if !slices.Equal(declared, tt.declared) {
			t.Errorf("DeclaredNames(%s) = %q, want %q", nodeLine(tt.node), declared, tt.declared)
		}
	}
	// Removing through a List edits the node; the undo puts the old slice back.
	fn := firstOf[*FnDecl](t, p)
	params := Lists(fn)[0]
	undo := params.Drop(0)
	if !slices.Equal(fn.Params, []string{"b"}) {
		t.Errorf("after dropping parameter 0: %q", fn.Params)
	}
	undo()
	body := Lists(fn)[1]
	undo = body.Keep([]int{1})
	if len(fn.Body) != 1 || PrintStmt(fn.Body[0]) != PrintStmt(body.Nodes()[0].(Stmt)) {
		t.Errorf("after keeping statement 1: %d statements", len(fn.Body))
	}
	undo()
	if !slices.Equal(fn.Params, []string{"a", "b"}) || len(fn.Body) != 2 {
		t.Errorf("the undos did not restore the function: %q, %d statements", fn.Params, len(fn.Body))
	}
	*DeclaredNames(fn)[0] = "g"
	if fn.Name != "g" {
		t.Error("renaming through DeclaredNames did not change the FnDecl")
	}
	if Lists((*FnDecl)(nil)) != nil || DeclaredNames(nil) != nil {
		t.Error("Lists or DeclaredNames of nil is not nil")
	}
}
