// Package ast declares the A0 abstract syntax tree of spec §3.2, shared by the parser, the
// validator, the evaluator, the program generators and the reducer. (Section numbers such
// as §3.2, here and throughout the module, refer to the project's A0 reference, doc/a0.md,
// which follows the numbering of the shared A0 specification.)
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

// The node struct declarations below are the table of node kinds: package
// internal/nodegen reads them (a struct whose first field is a Span is a node kind, its
// further fields are its slots in order) and writes the traversals of nodes_gen.go from
// them; the dump and equal tags say what the field types cannot (see nodegen).
//
//go:generate go run ./internal/nodegen/gennodes

// Node is implemented by every node type (each a pointer to a struct with a Span field).
type Node interface {
	// NodeSpan returns the node's own Span, not a copy: the evaluator points diagnostics
	// at it without allocating. Callers must not modify it through the pointer.
	NodeSpan() *Span
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

// Program is a whole file: its headers, then its statements. Its span runs from the
// first token to the last (comments excluded); a program without tokens has the span
// 1:1-1:2 (§3.1).
type Program struct {
	Span       Span `dump:"Program"`
	Headers    []Header
	Statements []Stmt `body:"-"` // the top level, not a body (see Bodies)
}

// ---- headers ----

// CapDecl is a `cap { … }` header; the pairs whose value is the literal true are the
// capabilities the program requests (§4.2, §5.2).
type CapDecl struct {
	Span         Span `dump:"CapDecl"`
	Capabilities *RecordExpr
}

// BudgetDecl is a `budget { … }` header declaring the program's budgets (§5.16).
type BudgetDecl struct {
	Span   Span `dump:"BudgetDecl"`
	Budget *RecordExpr
}

// ImportDecl is an `import "path" as alias` header. It parses, but the validator
// rejects every import (E_IMPORT_UNSUPPORTED, §4.2).
type ImportDecl struct {
	Span  Span   `dump:"Import {Path|quote} as {Alias}"`
	Path  string // decoded string literal
	Alias string
}

// ---- statements ----

// LetStmt is `let name = value` (§5.4).
type LetStmt struct {
	Span  Span   `dump:"Let {Name}"`
	Name  string `declares:"name"`
	Value Expr
}

// ExprStmt is an expression used as a statement; its value is discarded unless a
// `-> a.b.c` target binds it, wrapped in one record per further segment (§5.4).
type ExprStmt struct {
	Span   Span `dump:"ExprStmt"`
	Expr   Expr
	Target *IdentPath `dump:"-> ,optional" role:"name"` // nil when there is no `-> target`
}

// ReturnStmt is `return value`: it ends the innermost statement list with that value
// (§5.4).
type ReturnStmt struct {
	Span  Span `dump:"Return"`
	Value Expr
}

// FnDecl is `fn name { params } { body }`; executing it registers the function in the
// program-wide registry with the current scope as its closure (§5.10).
type FnDecl struct {
	Span   Span     `dump:"Fn {Name}({Params|join})"`
	Name   string   `declares:"name"`
	Params []string `declares:"name"`
	Body   []Stmt   `dump:"body"`
}

// ---- literals and paths ----

// IntLiteral is an IntLit; Text is the literal's source digits (needed by the printer to
// reproduce literals whose value overflows or rounds, e.g. 400 digits). When Text is
// empty the printer writes Value (which must then be a non-negative integral double).
type IntLiteral struct {
	Span  Span `dump:"Int {Value|number}"`
	Value float64
	Text  string `equal:"-"`
}

// FloatLiteral is a FloatLit; Text as for IntLiteral (empty: the printer writes Value in
// a form that lexes as a FloatLit and parses back to the same double).
type FloatLiteral struct {
	Span  Span `dump:"Float {Value|number}"`
	Value float64
	Text  string `equal:"-"`
}

// BoolLiteral is `true` or `false`.
type BoolLiteral struct {
	Span  Span `dump:"Bool {Value}"`
	Value bool
}

// StrLiteral is a string literal; Value holds the decoded text (WTF-8, so that lone
// surrogates survive; see package value).
type StrLiteral struct {
	Span  Span `dump:"Str {Value|quote}"`
	Value string
}

// NullLiteral is `null`.
type NullLiteral struct {
	Span Span `dump:"Null"`
}

// IdentPath is a dotted identifier path (≥ 1 part): a variable with property reads
// (§5.5), a tool name, a function name or a `->` target, depending on where it stands.
type IdentPath struct {
	Span  Span     `dump:"Path {Parts|dots}"`
	Parts []string `list:"-"` // one name, not a list of them (see Lists)
}

// ---- records and lists ----

// RecordEntry is *RecordPair or *SpreadPair.
type RecordEntry interface {
	Node
	entryNode()
}

// RecordExpr is a record literal `{ … }`; its entries are evaluated in source order
// (§5.9). Headers, calls and the control forms also carry their arguments as one.
type RecordExpr struct {
	Span  Span `dump:"Record"`
	Pairs []RecordEntry
}

// RecordPair is `key: value`; a dotted key is joined with "." (it does not nest).
type RecordPair struct {
	Span  Span `dump:"Pair {Key}"`
	Key   string
	Value Expr
}

// SpreadPair is a spread entry `...expr`, whose value must be a record (§5.9).
type SpreadPair struct {
	Span Span `dump:"Spread"`
	Expr Expr
}

// ListExpr is a list literal `[ … ]`.
type ListExpr struct {
	Span     Span `dump:"List"`
	Elements []Expr
}

// ---- tool, evidence and function calls ----

// CallExpr is `call? tool {args}`: a call of a read-mode tool (§5.14).
type CallExpr struct {
	Span Span        `dump:"Call?"`
	Tool *IdentPath  `role:"name"`
	Args *RecordExpr `role:"args"`
}

// DoExpr is `do tool {args}`: a tool call of either mode (§5.14).
type DoExpr struct {
	Span Span        `dump:"Do"`
	Tool *IdentPath  `role:"name"`
	Args *RecordExpr `role:"args"`
}

// AssertExpr is `assert { that, msg, details }`: it records evidence and fails the run
// with E_ASSERT when `that` is falsy (§5.13).
type AssertExpr struct {
	Span Span        `dump:"Assert"`
	Args *RecordExpr `role:"args"`
}

// CheckExpr is `check { that, msg, details }`: it records evidence and never fails
// (§5.13).
type CheckExpr struct {
	Span Span        `dump:"Check"`
	Args *RecordExpr `role:"args"`
}

// FnCallExpr is `name {args}`, also `filter {args}` written without a block: a call of
// map/filter/reduce, a user function or a stdlib function, resolved in that order
// (§5.10, §5.11, §5.15).
type FnCallExpr struct {
	Span Span        `dump:"FnCall"`
	Name *IdentPath  `role:"name"`
	Args *RecordExpr `role:"args"`
}

// ---- control flow ----

// IfExpr is the record form `if { cond: …, then: …, else: … }`; it evaluates one
// branch and opens no scope (§5.5).
type IfExpr struct {
	Span Span `dump:"If"`
	Cond Expr
	Then Expr
	Else Expr
}

// IfBlockExpr is `if (cond) { … } else { … }`; the branch taken runs in a child scope
// (§5.5).
type IfBlockExpr struct {
	Span     Span `dump:"IfBlock"`
	Cond     Expr
	ThenBody []Stmt `dump:"then"`
	ElseBody []Stmt `dump:"else"`
}

// ForExpr is `for { in: list, as: "x" } { body }`: the list of the body's values, one
// per item (§5.12).
type ForExpr struct {
	Span    Span `dump:"For {Binding|quote}"`
	List    Expr
	Binding string `declares:"name"`
	Body    []Stmt `dump:"body"`
}

// FilterBlockExpr is `filter { in: list, as: "x" } { body }`: the items for which the
// body's (unwrapped) value is truthy (§5.12).
type FilterBlockExpr struct {
	Span    Span `dump:"Filter {Binding|quote}"`
	List    Expr
	Binding string `declares:"name"`
	Body    []Stmt `dump:"body"`
}

// LoopExpr is `loop { in: init, times: n, as: "x" } { body }`: the body applied n times,
// each result feeding the next (§5.12).
type LoopExpr struct {
	Span    Span `dump:"Loop {Binding|quote}"`
	Init    Expr
	Times   Expr
	Binding string `declares:"name"`
	Body    []Stmt `dump:"body"`
}

// MatchExpr is `match subject { ok {v} { … } err {e} { … } }` on a record subject; the
// parser stores the arms by tag, whatever their source order (§2.8, §5.12).
type MatchExpr struct {
	Span    Span `dump:"Match"`
	Subject Expr
	OkArm   *MatchArm
	ErrArm  *MatchArm
}

// MatchArm is one arm of a MatchExpr; Tag is OkTag or ErrTag (the parser reports any
// other word, §2.8), Binding the name its body sees the selected value under.
type MatchArm struct {
	Span    Span `dump:"Arm {Tag} {Binding}"`
	Tag     ArmTag
	Binding string `declares:"name"`
	Body    []Stmt `dump:"body"`
}

// TryExpr is `try { body } catch { e } { handler }`: any error raised in the body runs
// the handler with e bound to the error record (§5.12).
type TryExpr struct {
	Span         Span   `dump:"Try"`
	TryBody      []Stmt `dump:"try"`
	CatchBinding string `declares:"name"`
	CatchBody    []Stmt `dump:"catch {CatchBinding}"`
}

// ---- operators ----

// BinaryExpr is a binary operation; Op is one of + - * / % > < >= <= == !=. Every node
// of one operator chain has the span of the whole chain (§3.1, §5.6).
type BinaryExpr struct {
	Span  Span `dump:"Binary {Op}"`
	Op    Op
	Left  Expr
	Right Expr
}

// UnaryExpr is unary minus; Op is always Minus (§5.6).
type UnaryExpr struct {
	Span    Span `dump:"Unary {Op}"`
	Op      Op
	Operand Expr
}

// Op is the operator of a BinaryExpr or UnaryExpr. Its value is the operator's source
// spelling, which is what the printer writes and messages quote; being a string type, an
// untyped constant such as "+" is an Op too.
type Op string

// The operators of A0 (§2.6, §5.6).
const (
	Plus      Op = "+"
	Minus     Op = "-" // binary subtraction and unary negation
	Star      Op = "*"
	Slash     Op = "/"
	Percent   Op = "%"
	Greater   Op = ">"
	Less      Op = "<"
	GreaterEq Op = ">="
	LessEq    Op = "<="
	EqEq      Op = "=="
	NotEq     Op = "!="
)

func (op Op) String() string { return string(op) }

// ArmTag is the tag of a MatchArm: the key of the subject record it selects (§5.12).
type ArmTag string

const (
	OkTag  ArmTag = "ok"
	ErrTag ArmTag = "err"
)

func (t ArmTag) String() string { return string(t) }

func (n *Program) NodeSpan() *Span         { return &n.Span }
func (n *CapDecl) NodeSpan() *Span         { return &n.Span }
func (n *BudgetDecl) NodeSpan() *Span      { return &n.Span }
func (n *ImportDecl) NodeSpan() *Span      { return &n.Span }
func (n *LetStmt) NodeSpan() *Span         { return &n.Span }
func (n *ExprStmt) NodeSpan() *Span        { return &n.Span }
func (n *ReturnStmt) NodeSpan() *Span      { return &n.Span }
func (n *FnDecl) NodeSpan() *Span          { return &n.Span }
func (n *IntLiteral) NodeSpan() *Span      { return &n.Span }
func (n *FloatLiteral) NodeSpan() *Span    { return &n.Span }
func (n *BoolLiteral) NodeSpan() *Span     { return &n.Span }
func (n *StrLiteral) NodeSpan() *Span      { return &n.Span }
func (n *NullLiteral) NodeSpan() *Span     { return &n.Span }
func (n *IdentPath) NodeSpan() *Span       { return &n.Span }
func (n *RecordExpr) NodeSpan() *Span      { return &n.Span }
func (n *RecordPair) NodeSpan() *Span      { return &n.Span }
func (n *SpreadPair) NodeSpan() *Span      { return &n.Span }
func (n *ListExpr) NodeSpan() *Span        { return &n.Span }
func (n *CallExpr) NodeSpan() *Span        { return &n.Span }
func (n *DoExpr) NodeSpan() *Span          { return &n.Span }
func (n *AssertExpr) NodeSpan() *Span      { return &n.Span }
func (n *CheckExpr) NodeSpan() *Span       { return &n.Span }
func (n *FnCallExpr) NodeSpan() *Span      { return &n.Span }
func (n *IfExpr) NodeSpan() *Span          { return &n.Span }
func (n *IfBlockExpr) NodeSpan() *Span     { return &n.Span }
func (n *ForExpr) NodeSpan() *Span         { return &n.Span }
func (n *FilterBlockExpr) NodeSpan() *Span { return &n.Span }
func (n *LoopExpr) NodeSpan() *Span        { return &n.Span }
func (n *MatchExpr) NodeSpan() *Span       { return &n.Span }
func (n *MatchArm) NodeSpan() *Span        { return &n.Span }
func (n *TryExpr) NodeSpan() *Span         { return &n.Span }
func (n *BinaryExpr) NodeSpan() *Span      { return &n.Span }
func (n *UnaryExpr) NodeSpan() *Span       { return &n.Span }

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
