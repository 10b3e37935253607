// The A0 abstract syntax tree of spec §3.2. Every node has `kind` and `span`; blocks are
// plain statement arrays and parentheses leave no node. The tree is shaped by goja, which
// runs the reference: every object costs it a property map (≈ 1 100 instructions and
// 130 bytes per property), so literals are token numbers, record entries and called
// names are not nodes, and a node's kind and span getter sit on a prototype per kind
// (parser.ts); the comments below say how each such part is read.

export interface Span {
  file: string;
  startLine: number;
  startCol: number;
  endLine: number;
  endCol: number;
}

export interface Program {
  kind: "Program";
  span: Span;
  headers: Header[];
  statements: Stmt[];
}

export type Header = CapDecl | BudgetDecl | ImportDecl;

export interface CapDecl { kind: "CapDecl"; span: Span; capabilities: RecordExpr }
export interface BudgetDecl { kind: "BudgetDecl"; span: Span; budget: RecordExpr }
export interface ImportDecl { kind: "ImportDecl"; span: Span; path: string; alias: string }

export type Stmt = LetStmt | ExprStmt | ReturnStmt | FnDecl;

export interface LetStmt { kind: "LetStmt"; span: Span; name: string; value: Expr }
export interface ExprStmt { kind: "ExprStmt"; span: Span; expr: Expr; target?: IdentPath }
export interface ReturnStmt { kind: "ReturnStmt"; span: Span; value: Expr }
export interface FnDecl { kind: "FnDecl"; span: Span; name: string; params: string[]; body: Stmt[] }

export type Expr =
  | Literal
  | IdentPath | RecordExpr | ListExpr
  | CallExpr | DoExpr | AssertExpr | CheckExpr | FnCallExpr
  | IfExpr | IfBlockExpr | ForExpr | FilterBlockExpr | LoopExpr | MatchExpr | TryExpr
  | BinaryExpr | UnaryExpr;

// A literal (spec §3.2's IntLiteral, FloatLiteral, StrLiteral, BoolLiteral and
// NullLiteral) is not an object but the number of its token: literals are a quarter of a
// program's expressions, and an object each costs goja a property map. Its value is
// literalValues[token], its kind literalKind(token) and its span exprSpan(token) (all in
// parser.ts), valid until the next parse; `typeof e === "number"` tells a literal from
// the other expressions, and a literal's kind follows from its value's type (a string is
// a StrLiteral, a boolean a BoolLiteral, null a NullLiteral) except that of a number
// (isIntLiteral).
export type Literal = number;

export interface IdentPath { kind: "IdentPath"; span: Span; parts: string[] }

// A record literal (also the arguments of a call and the body of a header). Its entries
// (spec §3.2's RecordPair and SpreadPair) alternate in one list: entry i is
// `entries[2 * i]: entries[2 * i + 1]` (a key and a value), or the spread
// `...entries[2 * i + 1]` when its key is null. Entries are not nodes of their own, nor
// two lists: an object or an array costs goja a property map and a few more Go
// allocations, and entries are the most frequent construct (about 14 records a generated
// program). The parser's entrySpan gives entry i's span when an error needs it.
export interface RecordExpr { kind: "RecordExpr"; span: Span; entries: RecordEntries }
export type RecordEntries = (string | null | Expr)[];
export interface ListExpr { kind: "ListExpr"; span: Span; elements: Expr[] }

// The name of a called tool or function (spec §3.2's IdentPath) is kept as its dotted text,
// which is all the validator and evaluator read of it; the parser's nameSpan gives its span.
// The argument record (spec §3.2's RecordExpr, the last part of every call) is kept as its
// entries, as a RecordExpr holds them, without a node of its own (an object costs goja a
// property map; about 8 calls a generated program): the parser's argsSpan gives the
// record's span, and entrySpan(call, i) its entry i's.
export interface CallExpr { kind: "CallExpr"; span: Span; tool: string; args: RecordEntries }
export interface DoExpr { kind: "DoExpr"; span: Span; tool: string; args: RecordEntries }
export interface AssertExpr { kind: "AssertExpr"; span: Span; args: RecordEntries }
export interface CheckExpr { kind: "CheckExpr"; span: Span; args: RecordEntries }
export interface FnCallExpr { kind: "FnCallExpr"; span: Span; name: string; args: RecordEntries }
/** A record literal or a call: a node that holds a record's entries. */
export type WithRecord = RecordExpr | CallExpr | DoExpr | AssertExpr | CheckExpr | FnCallExpr;

export interface IfExpr { kind: "IfExpr"; span: Span; cond: Expr; then: Expr; else: Expr }
export interface IfBlockExpr { kind: "IfBlockExpr"; span: Span; cond: Expr; thenBody: Stmt[]; elseBody: Stmt[] }
export interface ForExpr { kind: "ForExpr"; span: Span; list: Expr; binding: string; body: Stmt[] }
export interface FilterBlockExpr { kind: "FilterBlockExpr"; span: Span; list: Expr; binding: string; body: Stmt[] }
export interface LoopExpr { kind: "LoopExpr"; span: Span; init: Expr; times: Expr; binding: string; body: Stmt[] }
export interface MatchExpr { kind: "MatchExpr"; span: Span; subject: Expr; okArm: MatchArm; errArm: MatchArm }
export interface MatchArm { kind: "MatchArm"; span: Span; tag: "ok" | "err"; binding: string; body: Stmt[] }
export interface TryExpr { kind: "TryExpr"; span: Span; tryBody: Stmt[]; catchBinding: string; catchBody: Stmt[] }

export type BinaryOp = "+" | "-" | "*" | "/" | "%" | ">" | "<" | ">=" | "<=" | "==" | "!=";
export interface BinaryExpr { kind: "BinaryExpr"; span: Span; op: BinaryOp; left: Expr; right: Expr }
export interface UnaryExpr { kind: "UnaryExpr"; span: Span; op: "-"; operand: Expr }

// A compile-time diagnostic (spec §7.5). Runtime errors use the same shape plus details.
export interface Diagnostic {
  code: string;
  message: string;
  span?: Span;
  hint?: string;
}
