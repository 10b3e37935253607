// Package nodegen writes the traversals of package ast from the one table of node kinds:
// the node struct declarations of runtime/ast/ast.go. Each struct with a leading Span
// field is a node kind; its fields, in declaration order, are its slots, classified by
// type:
//
//   - Expr, Stmt, Header, RecordEntry or a pointer to a node struct: a child;
//   - a slice of those: a list of children;
//   - []string: a list of names; string, bool, float64, Op, ArmTag: a scalar.
//
// Struct tags add what the types cannot say: `dump:"…"` on the Span field is the node's
// line in Dump ("Fn {Name}({Params|join})": a field's text, through an optional filter
// quote, number, join (", ") or dots ("."), on a []Stmt field the label of the list, on
// a child field a prefix of the child's line, ",optional" when an absent child prints
// nothing rather than <nil>); `equal:"-"` leaves a field out of Equal (the spelling of a
// number literal).
//
// `declares:"name"` marks a string or []string field holding the names the node binds
// (a let's name, a function's name and parameters, a block's binding); `body:"-"` marks a
// []Stmt field that is not a block's body (the program's top level); `list:"-"` a slice
// field whose elements are not removed one by one (a path's segments); `role:"name"` the
// name path a node owns (the tool of a call, the name of a function call, the target of
// an arrow: a name, not a variable read) and `role:"args"` its argument record, at most
// one of each per node kind.
//
// From the table it writes nodes_gen.go: eachChild (Inspect, Children, PreorderStack),
// cloneNode (Clone), Equal, the node lines of Dump, and the enumerations the generators
// and the reducer edit trees through: ExprSlots (the expression slots they replace),
// Bodies (the statement lists of blocks), Lists (every slice field, whose elements they
// remove) and DeclaredNames (the names they rename); and the role lookups NamePath and
// Args.
package nodegen

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/format"
	"go/parser"
	"go/token"
	"reflect"
	"strconv"
	"strings"
)

// Kind is one node kind of the table.
type Kind struct {
	Name  string
	Dump  string // the node's Dump line, with {Field|filter} placeholders
	Slots []Slot
}

// Slot is one field of a node kind after its Span.
type Slot struct {
	Name  string
	Type  string // as written in ast.go
	Class Class
	// DumpLabel is the label of a statement list, or the prefix of a child's line.
	DumpLabel string
	// Optional: an absent child prints nothing in Dump.
	Optional bool
	// NotEqual: Equal ignores the field.
	NotEqual bool
	// Declares: the field holds a name (or names) the node binds (DeclaredNames).
	Declares bool
	// NotBody: a []Stmt field that is not a block's body (the program's top level).
	NotBody bool
	// NotList: a slice field that Lists leaves out (a path's segments: one name).
	NotList bool
	// Role is "name" for the name path a node owns (NamePath), "args" for its argument
	// record (Args), "" otherwise.
	Role string
}

// Class is what a slot holds.
type Class int

const (
	Scalar    Class = iota // string, bool, float64, Op, ArmTag
	Names                  // []string
	Child                  // one node (an interface or a pointer to a node struct)
	ChildList              // a slice of nodes
)

// interfaces are the node interfaces a child slot may have as its type.
var interfaces = map[string]bool{"Node": true, "Expr": true, "Stmt": true, "Header": true, "RecordEntry": true}

// Table reads the node kinds from the source of ast.go.
func Table(src []byte) ([]Kind, error) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "ast.go", src, 0)
	if err != nil {
		return nil, err
	}
	structs := map[string]bool{}
	var specs []*ast.TypeSpec
	for _, d := range f.Decls {
		g, ok := d.(*ast.GenDecl)
		if !ok || g.Tok != token.TYPE {
			continue
		}
		for _, s := range g.Specs {
			ts := s.(*ast.TypeSpec)
			st, ok := ts.Type.(*ast.StructType)
			if !ok || len(st.Fields.List) == 0 || typeText(st.Fields.List[0].Type) != "Span" {
				continue
			}
			structs[ts.Name.Name] = true
			specs = append(specs, ts)
		}
	}
	var kinds []Kind
	for _, ts := range specs {
		k := Kind{Name: ts.Name.Name}
		for i, field := range ts.Type.(*ast.StructType).Fields.List {
			tag := fieldTag(field)
			if i == 0 {
				k.Dump = tag.Get("dump")
				if k.Dump == "" {
					return nil, fmt.Errorf("%s: the Span field has no dump tag", k.Name)
				}
				continue
			}
			typ := typeText(field.Type)
			class, err := classify(typ, structs)
			if err != nil {
				return nil, fmt.Errorf("%s: %v", k.Name, err)
			}
			label, opts, _ := strings.Cut(tag.Get("dump"), ",")
			for _, name := range field.Names {
				k.Slots = append(k.Slots, Slot{
					Name: name.Name, Type: typ, Class: class, DumpLabel: label,
					Optional: opts == "optional", NotEqual: tag.Get("equal") == "-",
					Declares: tag.Get("declares") == "name", NotBody: tag.Get("body") == "-",
					NotList: tag.Get("list") == "-", Role: tag.Get("role"),
				})
				if err := checkRole(k, typ, tag.Get("role")); err != nil {
					return nil, err
				}
				if d := tag.Get("declares"); d != "" && (d != "name" || typ != "string" && typ != "[]string") {
					return nil, fmt.Errorf("%s.%s: declares:%q on a field of type %s (want declares:\"name\" on a string or []string)", k.Name, name.Name, d, typ)
				}
			}
		}
		kinds = append(kinds, k)
	}
	return kinds, nil
}

func fieldTag(f *ast.Field) reflect.StructTag {
	if f.Tag == nil {
		return ""
	}
	s, _ := strconv.Unquote(f.Tag.Value)
	return reflect.StructTag(s)
}

func typeText(e ast.Expr) string {
	switch e := e.(type) {
	case *ast.Ident:
		return e.Name
	case *ast.StarExpr:
		return "*" + typeText(e.X)
	case *ast.ArrayType:
		return "[]" + typeText(e.Elt)
	}
	return fmt.Sprintf("%T", e)
}

func classify(typ string, structs map[string]bool) (Class, error) {
	node := func(t string) bool { return interfaces[t] || strings.HasPrefix(t, "*") && structs[t[1:]] }
	switch {
	case typ == "string" || typ == "bool" || typ == "float64" || typ == "Op" || typ == "ArmTag":
		return Scalar, nil
	case typ == "[]string":
		return Names, nil
	case node(typ):
		return Child, nil
	case strings.HasPrefix(typ, "[]") && node(typ[2:]):
		return ChildList, nil
	}
	return 0, fmt.Errorf("a field of type %s: add it to package nodegen's classes", typ)
}

// Generate returns the source of nodes_gen.go for the ast.go source src.
func Generate(src []byte) ([]byte, error) {
	kinds, err := Table(src)
	if err != nil {
		return nil, err
	}
	var b bytes.Buffer
	each(&b, kinds)
	clone(&b, kinds)
	equal(&b, kinds)
	if err := dump(&b, kinds); err != nil {
		return nil, err
	}
	exprSlots(&b, kinds)
	bodies(&b, kinds)
	lists(&b, kinds)
	declared(&b, kinds)
	role(&b, kinds, "name", "NamePath", "*IdentPath", `
// NamePath returns the name path n owns: the tool of a CallExpr or DoExpr, the function
// name of a FnCallExpr, the target of an ExprStmt (the fields tagged role:"name"); nil for
// every other node. A name path is an IdentPath that names something rather than reading
// a variable, which walks counting a program's expressions leave out.
`)
	role(&b, kinds, "args", "Args", "*RecordExpr", `
// Args returns the argument record of a call-like node (CallExpr, DoExpr, AssertExpr,
// CheckExpr, FnCallExpr: the fields tagged role:"args"); nil for every other node.
`)
	var file bytes.Buffer
	file.WriteString(`// Code generated by go generate (runtime/ast/internal/nodegen) from the node table in
// ast.go; DO NOT EDIT.

package ast

import (
`)
	for _, pkg := range []string{"fmt", "slices", "strconv", "strings"} {
		if bytes.Contains(b.Bytes(), []byte(pkg+".")) {
			fmt.Fprintf(&file, "\t%q\n", pkg)
		}
	}
	file.WriteString(")\n")
	file.Write(b.Bytes())
	out, err := format.Source(file.Bytes())
	if err != nil {
		return nil, fmt.Errorf("formatting the generated code: %v\n%s", err, b.Bytes())
	}
	return out, nil
}

func each(b *bytes.Buffer, kinds []Kind) {
	b.WriteString(`
// eachChild calls visit on every non-nil child of the non-nil node n, in field order,
// reading each field only when its turn comes.
func eachChild(n Node, visit func(Node)) {
	switch n := n.(type) {
`)
	for _, k := range kinds {
		fmt.Fprintf(b, "\tcase *%s:\n", k.Name)
		for _, s := range k.Slots {
			switch s.Class {
			case Child:
				fmt.Fprintf(b, "\t\tif !isNil(n.%s) {\n\t\t\tvisit(n.%[1]s)\n\t\t}\n", s.Name)
			case ChildList:
				fmt.Fprintf(b, "\t\tfor _, c := range n.%s {\n\t\t\tif !isNil(c) {\n\t\t\t\tvisit(c)\n\t\t\t}\n\t\t}\n", s.Name)
			}
		}
	}
	b.WriteString("\t}\n}\n")
}

func clone(b *bytes.Buffer, kinds []Kind) {
	b.WriteString(`
// cloneNode copies the non-nil node n. Field-by-field struct copies keep spans, names and
// literal values; only the fields holding nodes or slices need more.
func cloneNode(n Node) Node {
	switch n := n.(type) {
`)
	for _, k := range kinds {
		fmt.Fprintf(b, "\tcase *%s:\n\t\tc := *n\n", k.Name)
		for _, s := range k.Slots {
			switch s.Class {
			case Names:
				fmt.Fprintf(b, "\t\tc.%s = slices.Clone(n.%[1]s)\n", s.Name)
			case Child:
				fmt.Fprintf(b, "\t\tc.%s = Clone(n.%[1]s)\n", s.Name)
			case ChildList:
				fmt.Fprintf(b, "\t\tc.%s = cloneList(n.%[1]s)\n", s.Name)
			}
		}
		b.WriteString("\t\treturn &c\n")
	}
	b.WriteString("\t}\n\t// A Node type declared outside this package: nothing is known of its fields.\n\treturn n\n}\n")
}

func equal(b *bytes.Buffer, kinds []Kind) {
	b.WriteString(`
// Equal reports whether two trees are the same program fragment: same node kinds and
// fields, ignoring every Span and the Text of number literals (a literal is its value).
// Nil and empty slices are equal; number values compare bit for bit (any NaN equals any
// NaN). Equal is what "parse(Print(t)) == t" means. Each node compares its scalars and
// names first, then its children in field order.
func Equal(a, b Node) bool {
	if isNil(a) || isNil(b) {
		return isNil(a) && isNil(b)
	}
	switch x := a.(type) {
`)
	for _, k := range kinds {
		fmt.Fprintf(b, "\tcase *%s:\n\t\ty, ok := b.(*%[1]s)\n", k.Name)
		terms := []string{"ok"}
		var kids []string
		for _, s := range k.Slots {
			if s.NotEqual {
				continue
			}
			switch {
			case s.Class == Scalar && s.Type == "float64":
				terms = append(terms, fmt.Sprintf("sameNumber(x.%s, y.%[1]s)", s.Name))
			case s.Class == Scalar:
				terms = append(terms, fmt.Sprintf("x.%s == y.%[1]s", s.Name))
			case s.Class == Names:
				terms = append(terms, fmt.Sprintf("slices.Equal(x.%s, y.%[1]s)", s.Name))
			case s.Class == Child:
				kids = append(kids, fmt.Sprintf("Equal(x.%s, y.%[1]s)", s.Name))
			case s.Class == ChildList:
				kids = append(kids, fmt.Sprintf("equalList(x.%s, y.%[1]s)", s.Name))
			}
		}
		if len(terms) == 1 && len(kids) == 0 {
			b.WriteString("\t\t_ = y\n")
		}
		fmt.Fprintf(b, "\t\treturn %s\n", strings.Join(append(terms, kids...), " && "))
	}
	b.WriteString("\t}\n\treturn false\n}\n")
}

// text writes a dump format ("Fn {Name}({Params|join})") as a Go string expression over
// the fields of n.
func text(k Kind, format string) (string, error) {
	var parts []string
	for format != "" {
		i := strings.IndexByte(format, '{')
		if i < 0 {
			parts = append(parts, strconv.Quote(format))
			break
		}
		if i > 0 {
			parts = append(parts, strconv.Quote(format[:i]))
		}
		j := strings.IndexByte(format[i:], '}')
		if j < 0 {
			return "", fmt.Errorf("%s: unclosed { in %q", k.Name, format)
		}
		name, filter, _ := strings.Cut(format[i+1:i+j], "|")
		var slot *Slot
		for s := range k.Slots {
			if k.Slots[s].Name == name {
				slot = &k.Slots[s]
			}
		}
		if slot == nil {
			return "", fmt.Errorf("%s: no field %s", k.Name, name)
		}
		x := "n." + name
		switch {
		case filter == "quote":
			x = "Quote(" + x + ")"
		case filter == "number":
			x = "dumpNumber(" + x + ")"
		case filter == "join":
			x = `strings.Join(` + x + `, ", ")`
		case filter == "dots":
			x = `strings.Join(` + x + `, ".")`
		case filter != "":
			return "", fmt.Errorf("%s: unknown filter %q", k.Name, filter)
		case slot.Type == "bool":
			x = "strconv.FormatBool(" + x + ")"
		case slot.Type == "Op" || slot.Type == "ArmTag":
			x = x + ".String()"
		case slot.Type != "string":
			return "", fmt.Errorf("%s: field %s of type %s needs a filter", k.Name, name, slot.Type)
		}
		parts = append(parts, x)
		format = format[i+j+1:]
	}
	if len(parts) == 0 {
		return `""`, nil
	}
	return strings.Join(parts, " + "), nil
}

func dump(b *bytes.Buffer, kinds []Kind) error {
	b.WriteString(`
// kind writes the non-nil node n and its children at depth.
func (d *dumper) kind(n Node, depth int) {
	sp := *n.NodeSpan()
	switch n := n.(type) {
`)
	for _, k := range kinds {
		head, err := text(k, k.Dump)
		if err != nil {
			return err
		}
		fmt.Fprintf(b, "\tcase *%s:\n\t\td.line(depth, %s, sp, true)\n", k.Name, head)
		for _, s := range k.Slots {
			switch {
			case s.Class == ChildList && s.Type == "[]Stmt" && s.DumpLabel != "":
				label, err := text(k, s.DumpLabel)
				if err != nil {
					return err
				}
				fmt.Fprintf(b, "\t\td.stmts(%s, n.%s, depth+1)\n", label, s.Name)
			case s.Class == ChildList:
				fmt.Fprintf(b, "\t\tfor _, c := range n.%s {\n\t\t\td.node(c, depth+1)\n\t\t}\n", s.Name)
			case s.Class == Child && s.Optional:
				fmt.Fprintf(b, "\t\tif !isNil(n.%s) {\n\t\t\td.prefixed(%q, n.%[1]s, depth+1)\n\t\t}\n", s.Name, s.DumpLabel)
			case s.Class == Child:
				fmt.Fprintf(b, "\t\td.node(n.%s, depth+1)\n", s.Name)
			}
		}
	}
	b.WriteString("\tdefault:\n\t\td.line(depth, fmt.Sprintf(\"%T\", n), sp, true)\n\t}\n}\n")
	return nil
}

func exprSlots(b *bytes.Buffer, kinds []Kind) {
	b.WriteString(`
// ExprSlots returns pointers to the expression slots n owns directly, in field order:
// its fields of type Expr and the elements of its []Expr fields. Name paths (names, not
// expressions), argument and header records (edited through their entries) and
// statement lists are not expression slots. The generators' mutator (gen.Derive) and
// the reducer (package reduce) replace expressions through them; StandIns says what may
// take an expression's place.
func ExprSlots(n Node) []*Expr {
	switch n := n.(type) {
`)
	for _, k := range kinds {
		var fixed, lists []string
		for _, s := range k.Slots {
			switch {
			case s.Type == "Expr":
				fixed = append(fixed, "&n."+s.Name)
			case s.Type == "[]Expr":
				lists = append(lists, s.Name)
			}
		}
		if len(fixed) == 0 && len(lists) == 0 {
			continue
		}
		fmt.Fprintf(b, "\tcase *%s:\n", k.Name)
		if len(lists) == 0 {
			fmt.Fprintf(b, "\t\treturn []*Expr{%s}\n", strings.Join(fixed, ", "))
			continue
		}
		size := make([]string, 0, len(lists)+1)
		if len(fixed) > 0 {
			size = append(size, strconv.Itoa(len(fixed)))
		}
		for _, l := range lists {
			size = append(size, "len(n."+l+")")
		}
		fmt.Fprintf(b, "\t\tout := make([]*Expr, 0, %s)\n", strings.Join(size, "+"))
		if len(fixed) > 0 {
			fmt.Fprintf(b, "\t\tout = append(out, %s)\n", strings.Join(fixed, ", "))
		}
		for _, l := range lists {
			fmt.Fprintf(b, "\t\tfor i := range n.%s {\n\t\t\tout = append(out, &n.%[1]s[i])\n\t\t}\n", l)
		}
		b.WriteString("\t\treturn out\n")
	}
	b.WriteString("\t}\n\treturn nil\n}\n")
}

func bodies(b *bytes.Buffer, kinds []Kind) {
	b.WriteString(`
// Bodies returns pointers to the statement lists n directly owns, in field order: a
// function's body, an if block's then and else bodies, the body of a for, filter or
// loop block, of a match arm (a MatchExpr owns none itself: its arms do), a try's try
// and catch bodies. The Program's top-level statements are not a body. Callers edit a
// list in place through its pointer.
func Bodies(n Node) []*[]Stmt {
	if isNil(n) {
		return nil
	}
	switch n := n.(type) {
`)
	for _, k := range kinds {
		var ptrs []string
		for _, s := range k.Slots {
			if s.Type == "[]Stmt" && !s.NotBody {
				ptrs = append(ptrs, "&n."+s.Name)
			}
		}
		if len(ptrs) > 0 {
			fmt.Fprintf(b, "\tcase *%s:\n\t\treturn []*[]Stmt{%s}\n", k.Name, strings.Join(ptrs, ", "))
		}
	}
	b.WriteString("\t}\n\treturn nil\n}\n")
}

func lists(b *bytes.Buffer, kinds []Kind) {
	b.WriteString(`
// Lists returns the slice fields of n — its lists of children and of names — in field
// order, each as a List whose elements may be removed: a program's headers and
// statements, a function's parameters and body, a record's entries, a list's elements,
// the bodies of the blocks (Bodies).
func Lists(n Node) []List {
	if isNil(n) {
		return nil
	}
	switch n := n.(type) {
`)
	for _, k := range kinds {
		var ls []string
		for _, s := range k.Slots {
			if (s.Class == ChildList || s.Class == Names) && !s.NotList {
				ls = append(ls, fmt.Sprintf("{Field: %q, p: &n.%[1]s}", s.Name))
			}
		}
		if len(ls) > 0 {
			fmt.Fprintf(b, "\tcase *%s:\n\t\treturn []List{%s}\n", k.Name, strings.Join(ls, ", "))
		}
	}
	b.WriteString("\t}\n\treturn nil\n}\n")
}

func declared(b *bytes.Buffer, kinds []Kind) {
	b.WriteString(`
// DeclaredNames returns pointers to the names n binds, in field order: a let's name, a
// function's name and parameters, the binding of a for, filter or loop block, of a
// match arm, of a try's catch. Renaming edits them in place.
func DeclaredNames(n Node) []*string {
	if isNil(n) {
		return nil
	}
	switch n := n.(type) {
`)
	for _, k := range kinds {
		var fixed []string
		var lists []string
		for _, s := range k.Slots {
			switch {
			case s.Declares && s.Type == "string":
				fixed = append(fixed, "&n."+s.Name)
			case s.Declares:
				lists = append(lists, s.Name)
			}
		}
		if len(fixed) == 0 && len(lists) == 0 {
			continue
		}
		fmt.Fprintf(b, "\tcase *%s:\n", k.Name)
		if len(lists) == 0 {
			fmt.Fprintf(b, "\t\treturn []*string{%s}\n", strings.Join(fixed, ", "))
			continue
		}
		fmt.Fprintf(b, "\t\tout := []*string{%s}\n", strings.Join(fixed, ", "))
		for _, l := range lists {
			fmt.Fprintf(b, "\t\tfor i := range n.%s {\n\t\t\tout = append(out, &n.%[1]s[i])\n\t\t}\n", l)
		}
		b.WriteString("\t\treturn out\n")
	}
	b.WriteString("\t}\n\treturn nil\n}\n")
}

// checkRole checks a role tag: name on a *IdentPath field, args on a *RecordExpr one, each
// at most once per kind (k holds the slots before this one).
func checkRole(k Kind, typ, role string) error {
	want := map[string]string{"name": "*IdentPath", "args": "*RecordExpr"}
	if role == "" {
		return nil
	}
	if want[role] != typ {
		return fmt.Errorf("%s: role:%q on a field of type %s", k.Name, role, typ)
	}
	for _, s := range k.Slots[:len(k.Slots)-1] {
		if s.Role == role {
			return fmt.Errorf("%s: two fields with role:%q", k.Name, role)
		}
	}
	return nil
}

// role writes the lookup fn of the field of each kind with the role.
func role(b *bytes.Buffer, kinds []Kind, role, fn, typ, doc string) {
	fmt.Fprintf(b, "%sfunc %s(n Node) %s {\n\tswitch n := n.(type) {\n", doc, fn, typ)
	for _, k := range kinds {
		for _, s := range k.Slots {
			if s.Role == role {
				fmt.Fprintf(b, "\tcase *%s:\n\t\tif n != nil {\n\t\t\treturn n.%s\n\t\t}\n", k.Name, s.Name)
			}
		}
	}
	b.WriteString("\t}\n\treturn nil\n}\n")
}
