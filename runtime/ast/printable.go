package ast

import (
	"fmt"
	"math"
	"strings"
	"unicode/utf8"
)

// Printable reports whether Print(p) is guaranteed to parse back to a tree Equal to p,
// returning a description of the first obstacle otherwise. Every tree the parser
// produces is printable; a tree built by code is printable when:
//
//   - no required child is nil (expressions, argument records, tool and name paths, arms);
//   - let, fn, parameter, match and catch binder names and import aliases are
//     identifiers (IsIdent), the first segment of every IdentPath is an identifier and
//     later segments are key names (IsKeyName); a FnCallExpr name may also be exactly
//     "filter" (the block-less filter form);
//   - every record key is one or more key names joined by ".";
//   - for/filter/loop bindings are not empty, and match arms carry the tags "ok" and "err";
//   - IntLiteral values are non-negative integers or +Inf, FloatLiteral values are
//     non-negative or +Inf (no NaN, no −0);
//   - strings are WTF-8 in which no high surrogate is directly followed by a low one
//     (such a pair must be encoded as the supplementary character);
//   - operators are among those of §2.6.
func Printable(p *Program) error {
	if p == nil {
		return fmt.Errorf("nil program")
	}
	c := &printCheck{}
	for i, h := range p.Headers {
		c.push(fmt.Sprintf("header %d", i))
		c.header(h)
		c.pop()
	}
	c.stmts(p.Statements)
	return c.err
}

// printCheck walks a tree. Locations are kept as a stack and only rendered on failure, so
// that the walk stays linear on deep trees.
type printCheck struct {
	err   error
	stack []string
}

func (c *printCheck) fail(format string, args ...any) {
	if c.err == nil {
		c.err = fmt.Errorf("%s: %s", strings.Join(c.stack, " / "), fmt.Sprintf(format, args...))
	}
}

func (c *printCheck) push(s string) { c.stack = append(c.stack, s) }
func (c *printCheck) pop()          { c.stack = c.stack[:len(c.stack)-1] }

func (c *printCheck) name(s, what string) {
	if !IsIdent(s) {
		c.fail("%s %q is not an identifier", what, s)
	}
}

func (c *printCheck) header(h Header) {
	if isNil(h) {
		c.fail("nil header")
		return
	}
	switch h := h.(type) {
	case *CapDecl:
		c.record(h.Capabilities)
	case *BudgetDecl:
		c.record(h.Budget)
	case *ImportDecl:
		c.str(h.Path)
		c.name(h.Alias, "import alias")
	}
}

func (c *printCheck) stmts(body []Stmt) {
	for i, s := range body {
		if c.err != nil {
			return
		}
		c.push(fmt.Sprintf("statement %d", i))
		c.stmt(s)
		c.pop()
	}
}

func (c *printCheck) stmt(s Stmt) {
	if isNil(s) {
		c.fail("nil statement")
		return
	}
	switch s := s.(type) {
	case *LetStmt:
		c.name(s.Name, "let name")
		c.expr(s.Value)
	case *ReturnStmt:
		c.expr(s.Value)
	case *ExprStmt:
		c.expr(s.Expr)
		if s.Target != nil {
			c.path(s.Target)
		}
	case *FnDecl:
		c.name(s.Name, "function name")
		for _, prm := range s.Params {
			c.name(prm, "parameter")
		}
		c.push("fn " + s.Name)
		c.stmts(s.Body)
		c.pop()
	}
}

func (c *printCheck) path(p *IdentPath) {
	if p == nil || len(p.Parts) == 0 {
		c.fail("empty path")
		return
	}
	c.name(p.Parts[0], "path segment")
	for _, s := range p.Parts[1:] {
		if !IsKeyName(s) {
			c.fail("path segment %q is not a key name", s)
		}
	}
}

func (c *printCheck) record(r *RecordExpr) {
	if r == nil {
		c.fail("nil record")
		return
	}
	for i, en := range r.Pairs {
		if c.err != nil {
			return
		}
		c.push(fmt.Sprintf("entry %d", i))
		switch en := en.(type) {
		case *RecordPair:
			if en == nil {
				c.fail("nil entry")
				break
			}
			for _, seg := range strings.Split(en.Key, ".") {
				if !IsKeyName(seg) {
					c.fail("record key %q is not key names joined by '.'", en.Key)
				}
			}
			c.expr(en.Value)
		case *SpreadPair:
			if en == nil {
				c.fail("nil entry")
				break
			}
			c.expr(en.Expr)
		default:
			c.fail("nil entry")
		}
		c.pop()
	}
}

func (c *printCheck) binding(b string) {
	if b == "" {
		c.fail("empty binding")
	}
	c.str(b)
}

func (c *printCheck) str(s string) {
	for i := 0; i < len(s); {
		if hi, ok := surrogateAt(s, i); ok {
			if lo, ok2 := surrogateAt(s, i+3); ok2 && hi < 0xDC00 && lo >= 0xDC00 {
				c.fail("string holds a surrogate pair as two WTF-8 units")
				return
			}
			i += 3
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			c.fail("string is not WTF-8")
			return
		}
		i += size
	}
}

func (c *printCheck) sub(what string, e Expr) {
	c.push(what)
	c.expr(e)
	c.pop()
}

func (c *printCheck) body(what string, b []Stmt) {
	c.push(what)
	c.stmts(b)
	c.pop()
}

func (c *printCheck) expr(e Expr) {
	if c.err != nil {
		return
	}
	if isNil(e) {
		c.fail("nil expression")
		return
	}
	switch e := e.(type) {
	case *IntLiteral:
		v := e.Value
		if math.IsNaN(v) || math.Signbit(v) || !math.IsInf(v, 1) && v != math.Trunc(v) {
			c.fail("IntLiteral value %v cannot be written as an IntLit", v)
		}
	case *FloatLiteral:
		if math.IsNaN(e.Value) || math.Signbit(e.Value) {
			c.fail("FloatLiteral value %v cannot be written as a FloatLit", e.Value)
		}
	case *StrLiteral:
		c.str(e.Value)
	case *IdentPath:
		c.path(e)
	case *RecordExpr:
		c.record(e)
	case *ListExpr:
		for i, el := range e.Elements {
			c.sub(fmt.Sprintf("element %d", i), el)
		}
	case *CallExpr:
		c.path(e.Tool)
		c.record(e.Args)
	case *DoExpr:
		c.path(e.Tool)
		c.record(e.Args)
	case *AssertExpr:
		c.record(e.Args)
	case *CheckExpr:
		c.record(e.Args)
	case *FnCallExpr:
		if !isFilterCall(e) {
			c.path(e.Name)
		}
		c.record(e.Args)
	case *IfExpr:
		c.sub("cond", e.Cond)
		c.sub("then", e.Then)
		c.sub("else", e.Else)
	case *IfBlockExpr:
		c.sub("cond", e.Cond)
		c.body("then", e.ThenBody)
		c.body("else", e.ElseBody)
	case *ForExpr:
		c.sub("in", e.List)
		c.binding(e.Binding)
		c.body("for", e.Body)
	case *FilterBlockExpr:
		c.sub("in", e.List)
		c.binding(e.Binding)
		c.body("filter", e.Body)
	case *LoopExpr:
		c.sub("in", e.Init)
		c.sub("times", e.Times)
		c.binding(e.Binding)
		c.body("loop", e.Body)
	case *MatchExpr:
		c.sub("subject", e.Subject)
		c.arm(e.OkArm, OkTag)
		c.arm(e.ErrArm, ErrTag)
	case *TryExpr:
		c.body("try", e.TryBody)
		c.name(e.CatchBinding, "catch binder")
		c.body("catch", e.CatchBody)
	case *BinaryExpr:
		switch e.Op {
		case Plus, Minus, Star, Slash, Percent, Greater, Less, GreaterEq, LessEq, EqEq, NotEq:
		default:
			c.fail("unknown binary operator %q", e.Op)
		}
		c.sub("left", e.Left)
		c.sub("right", e.Right)
	case *UnaryExpr:
		if e.Op != Minus {
			c.fail("unknown unary operator %q", e.Op)
		}
		c.sub("operand", e.Operand)
	}
}

func (c *printCheck) arm(a *MatchArm, tag ArmTag) {
	c.push(tag.String() + " arm")
	defer c.pop()
	if a == nil {
		c.fail("missing")
		return
	}
	if a.Tag != tag {
		c.fail("tag is %q", a.Tag)
	}
	c.name(a.Binding, "binder")
	c.stmts(a.Body)
}
