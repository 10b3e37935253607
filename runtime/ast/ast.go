// Package ast declares the A0 abstract syntax tree of spec §3.2, shared by the parser, the
// validator, the evaluator, the program generators and the reducer.
//
// Nodes are plain structs built as easily by code as by the parser: a generator may leave
// every Span zero, and Print (printer.go) turns any tree into canonical source text such
// that parsing that text yields the same tree again (spans aside).
package ast

// Span is a source range (§3.1). Columns count UTF-16 code units, 1-based; EndCol is
// exclusive. The zero Span means "no position" (nodes built by code).
type Span struct {
	File      string
	StartLine int
	StartCol  int
	EndLine   int
	EndCol    int
}

// Node is implemented by every node type.
type Node interface {
	NodeSpan() Span
}

// Expr is an expression node.
type Expr interface {
	Node
	exprNode()
}

// Stmt is a statement node: *LetStmt, *ExprStmt, *ReturnStmt or *FnDecl.
type Stmt interface {
	Node
	stmtNode()
}

// Header is a header node: *CapDecl, *BudgetDecl or *ImportDecl.
type Header interface {
	Node
	headerNode()
}

// Program is a whole file.
type Program struct {
	Span       Span
	Headers    []Header
	Statements []Stmt
}

// ---- headers ----

type CapDecl struct {
	Span         Span
	Capabilities *RecordExpr
}

type BudgetDecl struct {
	Span   Span
	Budget *RecordExpr
}

type ImportDecl struct {
	Span  Span
	Path  string // decoded string literal
	Alias string
}

// ---- statements ----

type LetStmt struct {
	Span  Span
	Name  string
	Value Expr
}

type ExprStmt struct {
	Span   Span
	Expr   Expr
	Target *IdentPath // nil when there is no `-> target`
}

type ReturnStmt struct {
	Span  Span
	Value Expr
}

type FnDecl struct {
	Span   Span
	Name   string
	Params []string
	Body   []Stmt
}

// ---- literals and paths ----

// IntLiteral is an IntLit; Text is the literal's source digits (needed by the printer to
// reproduce literals whose value overflows or rounds, e.g. 400 digits). When Text is
// empty the printer writes Value (which must then be a non-negative integral double).
type IntLiteral struct {
	Span  Span
	Value float64
	Text  string
}

// FloatLiteral is a FloatLit; Text as for IntLiteral (empty: the printer writes Value in
// a form that lexes as a FloatLit and parses back to the same double).
type FloatLiteral struct {
	Span  Span
	Value float64
	Text  string
}

type BoolLiteral struct {
	Span  Span
	Value bool
}

// StrLiteral holds the decoded value (WTF-8, see package value).
type StrLiteral struct {
	Span  Span
	Value string
}

type NullLiteral struct {
	Span Span
}

// IdentPath is a dotted identifier path (≥ 1 part).
type IdentPath struct {
	Span  Span
	Parts []string
}

// ---- records and lists ----

// RecordEntry is *RecordPair or *SpreadPair.
type RecordEntry interface {
	Node
	entryNode()
}

type RecordExpr struct {
	Span  Span
	Pairs []RecordEntry
}

// RecordPair is `key: value`; a dotted key is joined with "." (it does not nest).
type RecordPair struct {
	Span  Span
	Key   string
	Value Expr
}

type SpreadPair struct {
	Span Span
	Expr Expr
}

type ListExpr struct {
	Span     Span
	Elements []Expr
}

// ---- tool, evidence and function calls ----

// CallExpr is `call? tool {args}`.
type CallExpr struct {
	Span Span
	Tool *IdentPath
	Args *RecordExpr
}

// DoExpr is `do tool {args}`.
type DoExpr struct {
	Span Span
	Tool *IdentPath
	Args *RecordExpr
}

type AssertExpr struct {
	Span Span
	Args *RecordExpr
}

type CheckExpr struct {
	Span Span
	Args *RecordExpr
}

// FnCallExpr is `name {args}`, also `filter {args}` written without a block.
type FnCallExpr struct {
	Span Span
	Name *IdentPath
	Args *RecordExpr
}

// ---- control flow ----

// IfExpr is the record form `if { cond: …, then: …, else: … }`.
type IfExpr struct {
	Span Span
	Cond Expr
	Then Expr
	Else Expr
}

// IfBlockExpr is `if (cond) { … } else { … }`.
type IfBlockExpr struct {
	Span     Span
	Cond     Expr
	ThenBody []Stmt
	ElseBody []Stmt
}

type ForExpr struct {
	Span    Span
	List    Expr
	Binding string
	Body    []Stmt
}

type FilterBlockExpr struct {
	Span    Span
	List    Expr
	Binding string
	Body    []Stmt
}

type LoopExpr struct {
	Span    Span
	Init    Expr
	Times   Expr
	Binding string
	Body    []Stmt
}

type MatchExpr struct {
	Span    Span
	Subject Expr
	OkArm   *MatchArm
	ErrArm  *MatchArm
}

// MatchArm is one arm; Tag is "ok" or "err".
type MatchArm struct {
	Span    Span
	Tag     string
	Binding string
	Body    []Stmt
}

type TryExpr struct {
	Span         Span
	TryBody      []Stmt
	CatchBinding string
	CatchBody    []Stmt
}

// ---- operators ----

// BinaryExpr: Op is one of + - * / % > < >= <= == !=.
type BinaryExpr struct {
	Span  Span
	Op    string
	Left  Expr
	Right Expr
}

// UnaryExpr: Op is always "-".
type UnaryExpr struct {
	Span    Span
	Op      string
	Operand Expr
}

func (n *Program) NodeSpan() Span         { return n.Span }
func (n *CapDecl) NodeSpan() Span         { return n.Span }
func (n *BudgetDecl) NodeSpan() Span      { return n.Span }
func (n *ImportDecl) NodeSpan() Span      { return n.Span }
func (n *LetStmt) NodeSpan() Span         { return n.Span }
func (n *ExprStmt) NodeSpan() Span        { return n.Span }
func (n *ReturnStmt) NodeSpan() Span      { return n.Span }
func (n *FnDecl) NodeSpan() Span          { return n.Span }
func (n *IntLiteral) NodeSpan() Span      { return n.Span }
func (n *FloatLiteral) NodeSpan() Span    { return n.Span }
func (n *BoolLiteral) NodeSpan() Span     { return n.Span }
func (n *StrLiteral) NodeSpan() Span      { return n.Span }
func (n *NullLiteral) NodeSpan() Span     { return n.Span }
func (n *IdentPath) NodeSpan() Span       { return n.Span }
func (n *RecordExpr) NodeSpan() Span      { return n.Span }
func (n *RecordPair) NodeSpan() Span      { return n.Span }
func (n *SpreadPair) NodeSpan() Span      { return n.Span }
func (n *ListExpr) NodeSpan() Span        { return n.Span }
func (n *CallExpr) NodeSpan() Span        { return n.Span }
func (n *DoExpr) NodeSpan() Span          { return n.Span }
func (n *AssertExpr) NodeSpan() Span      { return n.Span }
func (n *CheckExpr) NodeSpan() Span       { return n.Span }
func (n *FnCallExpr) NodeSpan() Span      { return n.Span }
func (n *IfExpr) NodeSpan() Span          { return n.Span }
func (n *IfBlockExpr) NodeSpan() Span     { return n.Span }
func (n *ForExpr) NodeSpan() Span         { return n.Span }
func (n *FilterBlockExpr) NodeSpan() Span { return n.Span }
func (n *LoopExpr) NodeSpan() Span        { return n.Span }
func (n *MatchExpr) NodeSpan() Span       { return n.Span }
func (n *MatchArm) NodeSpan() Span        { return n.Span }
func (n *TryExpr) NodeSpan() Span         { return n.Span }
func (n *BinaryExpr) NodeSpan() Span      { return n.Span }
func (n *UnaryExpr) NodeSpan() Span       { return n.Span }

func (*CapDecl) headerNode()    {}
func (*BudgetDecl) headerNode() {}
func (*ImportDecl) headerNode() {}

func (*LetStmt) stmtNode()    {}
func (*ExprStmt) stmtNode()   {}
func (*ReturnStmt) stmtNode() {}
func (*FnDecl) stmtNode()     {}

func (*RecordPair) entryNode() {}
func (*SpreadPair) entryNode() {}

func (*IntLiteral) exprNode()      {}
func (*FloatLiteral) exprNode()    {}
func (*BoolLiteral) exprNode()     {}
func (*StrLiteral) exprNode()      {}
func (*NullLiteral) exprNode()     {}
func (*IdentPath) exprNode()       {}
func (*RecordExpr) exprNode()      {}
func (*ListExpr) exprNode()        {}
func (*CallExpr) exprNode()        {}
func (*DoExpr) exprNode()          {}
func (*AssertExpr) exprNode()      {}
func (*CheckExpr) exprNode()       {}
func (*FnCallExpr) exprNode()      {}
func (*IfExpr) exprNode()          {}
func (*IfBlockExpr) exprNode()     {}
func (*ForExpr) exprNode()         {}
func (*FilterBlockExpr) exprNode() {}
func (*LoopExpr) exprNode()        {}
func (*MatchExpr) exprNode()       {}
func (*TryExpr) exprNode()         {}
func (*BinaryExpr) exprNode()      {}
func (*UnaryExpr) exprNode()       {}
