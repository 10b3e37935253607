// The A0 parser (spec §2, §3): recursive descent over the lexer's token table, making the
// decisions of §2.7, reporting the first syntax error in the forms of §2.9, and building the
// AST of §3.2 directly, with the desugaring checks of §2.8 done in the same traversal order
// as a separate AST pass would do them.

import type {
  CallExpr, Diagnostic, DoExpr, Expr, FnCallExpr, FnDecl, Header, IdentPath, MatchArm, Program, RecordEntries,
  RecordExpr, Span, Stmt, BinaryOp, WithRecord,
} from "./ast";
import { lex, T, TOKEN_NAMES, Tokens } from "./lexer";
import { HarnessLimitError, MAX_NESTING } from "./limits";

export interface ParseResult {
  /** Present exactly when diagnostics is empty. */
  program?: Program;
  /** All E_LEX diagnostics, or exactly one E_PARSE or E_AST diagnostic. */
  diagnostics: Diagnostic[];
}

const PARSE_HINT = "Check syntax near this location.";

// The diagnostics of every parse that succeeds (nothing writes to a ParseResult).
const NO_DIAGNOSTICS: Diagnostic[] = [];

// Token-kind sets of the decision rules in spec §2.7, indexed by token kind.
function kindSet(kinds: T[]): boolean[] {
  const set: boolean[] = [];
  for (let k = 0; k <= T.EOF; k++) set.push(false);
  for (const k of kinds) set[k] = true;
  return set;
}

const OPERAND_START: T[] = [
  T.Minus, T.LParen, T.LBrace, T.LBracket, T.IntLit, T.FloatLit, T.StringLit, T.True, T.False,
  T.Null, T.Ident,
];
const FORM_START: T[] = [
  T.If, T.For, T.Match, T.CallQ, T.Do, T.Assert, T.Check, T.Try, T.Filter, T.Loop,
];
const EXPR_START = kindSet(FORM_START.concat(OPERAND_START));
const FORM = kindSet(FORM_START);
const STMT_START = kindSet([T.Fn, T.Let, T.Return].concat(FORM_START, OPERAND_START));
const KEY_NAME_KINDS: T[] = [
  T.Ident, T.If, T.Else, T.For, T.Fn, T.Match, T.Cap, T.Budget, T.Import, T.As, T.Let, T.Return,
  T.Do, T.Assert, T.Check, T.Try, T.Catch, T.Filter, T.Loop,
];
const KEY_NAME = kindSet(KEY_NAME_KINDS);
const ENTRY_START = kindSet(KEY_NAME_KINDS.concat([T.DotDotDot]));
// Tokens that continue an operand into a binary expression.
const OPERATOR = kindSet([
  T.Star, T.Slash, T.Percent, T.Plus, T.Minus, T.Gt, T.Lt, T.GtEq, T.LtEq, T.EqEq, T.BangEq,
]);

// Parser state. Module-level variables rather than an object: goja reaches them by slot,
// not by property lookup. parse() is never re-entered.
let src = "";
let file = "";
// The token table's arrays (see Tokens).
const NO_TOKENS: number[] = [];
let kinds: number[] = NO_TOKENS;
let starts: number[] = NO_TOKENS;
let ends: number[] = NO_TOKENS;
let lines: number[] = NO_TOKENS;
let lineStarts: number[] = NO_TOKENS; // by line number (see Tokens)
let auxes: number[] = NO_TOKENS;
let words: string[] = []; // the texts of identifier and keyword tokens
let at = 0; // the number of the current token
let astError: Diagnostic | null = null; // the first desugaring or string-decoding error
let depth = 0; // the nesting level of the construct being parsed (MAX_NESTING)

// Thrown (never an Error, so no stack is captured) to abandon the parse at the first
// syntax error.
class SyntaxFailure {
  constructor(readonly diagnostic: Diagnostic) {}
}

/** Lexes and parses source text; file is the span file name (spec §3.1). */
export function parse(source: string, fileName: string): ParseResult {
  const lexed = lex(source, fileName);
  if (lexed.errors.length > 0) return { diagnostics: lexed.errors };
  src = source;
  file = fileName;
  setTokens(lexed.tokens);
  // A slot for every token, so that a literal's value is stored in place: goja makes an
  // array written past its end with holes, or far past it, a slower sparse one.
  for (let i = literalValues.length; i < kinds.length; i++) literalValues[i] = null;
  // The last parse's long string literals are let go (see longLiterals).
  for (let i = 0; i < longLiterals.length; i++) literalValues[longLiterals[i]] = null;
  longLiterals.length = 0;
  at = 0;
  depth = 0;
  astError = null;
  try {
    const program = parseProgram();
    if (astError !== null) return { diagnostics: [astError] };
    return { program, diagnostics: NO_DIAGNOSTICS };
  } catch (e) {
    if (e instanceof SyntaxFailure) return { diagnostics: [e.diagnostic] };
    throw e;
  } finally {
    // The token table and the source stay: lazy spans read them (see rangeKind).
    astError = null;
  }
}

function setTokens(tokens: Tokens | null): void {
  kinds = tokens === null ? NO_TOKENS : tokens.kind;
  starts = tokens === null ? NO_TOKENS : tokens.start;
  ends = tokens === null ? NO_TOKENS : tokens.end;
  lines = tokens === null ? NO_TOKENS : tokens.line;
  lineStarts = tokens === null ? NO_TOKENS : tokens.lineStart;
  auxes = tokens === null ? NO_TOKENS : tokens.aux;
  words = tokens === null ? [] : tokens.word;
}

// ---- spans and token text ----

// The span from the first to the last token (token numbers). A token ends on its line at
// column + length; the one exception, a string literal with raw line breaks, always makes
// the AST construction fail, so no node span that escapes the parser ends in one.
function span(first: number, last: number): Span {
  const firstLine = lines[first];
  const lastLine = lines[last];
  return {
    file,
    startLine: firstLine,
    startCol: starts[first] - lineStarts[firstLine] + 1,
    endLine: lastLine,
    endCol: ends[last] - lineStarts[lastLine] + 1,
  };
}

// The exact span of one token, following line breaks inside a string literal (spec §3.1:
// it ends on the line of its last character, at that character's column + 1).
function tokenSpan(t: number): Span {
  const where = span(t, t);
  if (kinds[t] === T.StringLit && auxes[t] > 1) {
    let line = lines[t];
    let lineStart = -1;
    const end = ends[t];
    for (let j = starts[t] + 1; j < end; j++) {
      const c = src.charCodeAt(j);
      if (c === 10 || c === 13) {
        if (c === 13 && src.charCodeAt(j + 1) === 10) j++;
        line++;
        lineStart = j + 1;
      }
    }
    if (lineStart >= 0) {
      where.endLine = line;
      where.endCol = end - lineStart + 1;
    }
  }
  return where;
}

// Every node but the Program gets its span when it is first read. A run reads few of them (an error's span, mostly; the trace reads the
// spans of the statements, calls and forms it executes, and a function body that is never
// called or a program that fails validation is never executed), and each span object
// costs goja several Go allocations, which a span computed when first read costs no more
// than one built by the parser. Such a node has the token range of its
// construct and the prototype of its kind (rangeKind), whose getter computes the span
// from the token table, which stays valid until the next parse (the evaluator is done with
// one program before the next is parsed), and keeps it as the node's own property. A node
// of one token (a literal, a one-segment path) has that token's number instead (tokenKind):
// one property fewer, which saves goja a property-map insertion per node.
interface TokenRange {
  first: number;
  last: number;
}

interface OneToken {
  token: number;
}

// The descriptor that makes a computed span the node's own property; one object reused,
// as a new descriptor per span would cost as much as the span itself.
const SPAN_PROPERTY: PropertyDescriptor = { value: null, writable: true, enumerable: true, configurable: true };

// keepSpan makes s the node's own span property, so the getter runs once per node.
function keepSpan(node: object, s: Span): Span {
  SPAN_PROPERTY.value = s;
  Object.defineProperty(node, "span", SPAN_PROPERTY);
  SPAN_PROPERTY.value = null;
  return s;
}

// rangeKind makes the prototype of the nodes of one kind that have a token range (TokenRange):
// it holds their kind, which is then not a property of each node (a property fewer saves
// goja a property-map insertion per node), and the span getter.
function rangeKind(kind: string): object {
  return {
    kind,
    get span(): Span {
      const node = this as unknown as TokenRange;
      return keepSpan(node, span(node.first, node.last));
    },
  };
}

// tokenKind is rangeKind for nodes of one token (OneToken).
function tokenKind(kind: string): object {
  return {
    kind,
    get span(): Span {
      const node = this as unknown as OneToken;
      return keepSpan(node, span(node.token, node.token));
    },
  };
}

const LET_STMT = rangeKind("LetStmt");
const RETURN_STMT = rangeKind("ReturnStmt");
const EXPR_STMT = rangeKind("ExprStmt");
const FN_DECL = rangeKind("FnDecl");
const IDENT_PATH = rangeKind("IdentPath");
const ONE_SEGMENT_PATH = tokenKind("IdentPath");
const UNARY_EXPR = rangeKind("UnaryExpr");
const FN_CALL_EXPR = rangeKind("FnCallExpr");
const LIST_EXPR = rangeKind("ListExpr");
const RECORD_EXPR = rangeKind("RecordExpr");
const CALL_EXPR = rangeKind("CallExpr");
const DO_EXPR = rangeKind("DoExpr");
const CAP_DECL = rangeKind("CapDecl");
const BUDGET_DECL = rangeKind("BudgetDecl");
const IMPORT_DECL = rangeKind("ImportDecl");
const ASSERT_EXPR = rangeKind("AssertExpr");
const CHECK_EXPR = rangeKind("CheckExpr");
const TRY_EXPR = rangeKind("TryExpr");
const BINARY_EXPR = rangeKind("BinaryExpr");
const IF_BLOCK_EXPR = rangeKind("IfBlockExpr");
const IF_EXPR = rangeKind("IfExpr");
const FOR_EXPR = rangeKind("ForExpr");
const FILTER_BLOCK_EXPR = rangeKind("FilterBlockExpr");
const LOOP_EXPR = rangeKind("LoopExpr");
const MATCH_EXPR = rangeKind("MatchExpr");
const MATCH_ARM = rangeKind("MatchArm");

// The parts of one-segment paths, one array per name, shared by every path with that
// name in every program (nothing writes to an AST): most paths are one short name, and a
// new array costs goja more than finding the old one. Cleared when it grows past
// MAX_ONE_PARTS names, so a run of odd programs cannot make it large.
const oneParts = new Map<string, string[]>();
const MAX_ONE_PARTS = 4096;

function onePart(name: string): string[] {
  let parts = oneParts.get(name);
  if (parts === undefined) {
    if (oneParts.size >= MAX_ONE_PARTS) oneParts.clear();
    parts = [name];
    oneParts.set(name, parts);
  }
  return parts;
}

/**
 * The values of the literals of the last program parsed, by token number (see Literal in
 * ast.ts): one array for every program, like the token table.
 */
export const literalValues: (number | string | boolean | null)[] = [];

// The tokens of the last parse's string literals of LONG_LITERAL code units or more: their
// slots are cleared at the next parse, so that a worker does not keep long texts of
// earlier programs alive in slots no later literal writes (short stale values are kept,
// as the token table keeps the texts of earlier words).
const longLiterals: number[] = [];
const LONG_LITERAL = 1024;

/** The kind of a literal (spec §3.2), from its token. */
export function literalKind(literal: number): string {
  switch (kinds[literal]) {
    case T.IntLit: return "IntLiteral";
    case T.FloatLit: return "FloatLiteral";
    case T.StringLit: return "StrLiteral";
    case T.Null: return "NullLiteral";
  }
  return "BoolLiteral";
}

/** Whether an expression is an IntLiteral. */
export function isIntLiteral(e: Expr): boolean {
  return typeof e === "number" && kinds[e] === T.IntLit;
}

/** Whether an expression is the literal `true`. */
export function isTrueLiteral(e: Expr): boolean {
  return typeof e === "number" && literalValues[e] === true;
}

/**
 * The keys of all cap pairs set to the literal true, in header order, duplicates kept
 * (spec §5.2): the capabilities a program requests, which the validator checks its tool
 * calls against and the evaluator checks against the policy.
 */
export function requestedCapabilities(program: Program): string[] {
  const caps: string[] = [];
  const headers = program.headers;
  for (let i = 0; i < headers.length; i++) {
    const h = headers[i];
    if (h.kind !== "CapDecl") continue;
    const entries = h.capabilities.entries;
    for (let j = 0; j < entries.length; j += 2) {
      const key = entries[j] as string | null;
      if (key !== null && isTrueLiteral(entries[j + 1] as Expr)) caps.push(key);
    }
  }
  return caps;
}

/** The span of an expression: a literal's is its token's. Valid until the next parse. */
export function exprSpan(e: Expr): Span {
  return typeof e === "number" ? span(e, e) : e.span;
}

// The one empty list every empty record, list and parameter list shares (nothing writes
// to an AST).
const NOTHING: never[] = [];

function image(t: number): string {
  return src.slice(starts[t], ends[t]);
}

// ---- syntax errors (spec §2.9) ----

function failAt(t: number, form: "expected" | "unexpected" | "near", expected?: T): never {
  let text: string;
  let where: Span;
  if (kinds[t] === T.EOF) {
    text = "<EOF>";
    where = { file, startLine: 1, startCol: 1, endLine: 1, endCol: 2 };
  } else {
    text = image(t);
    where = tokenSpan(t);
  }
  let message: string;
  if (form === "expected" && text.indexOf("\n") < 0 && text.indexOf("\r") < 0) {
    message = "Expected " + TOKEN_NAMES[expected as T] + " but found '" + text + "'.";
  } else if (form === "unexpected") {
    message = "Unexpected token '" + text + "'.";
  } else {
    // Also the "expected" form for an image with a line break, which its template cannot
    // represent.
    message = "Syntax error near '" + text + "'.";
  }
  throw new SyntaxFailure({ code: "E_PARSE", message, span: where, hint: PARSE_HINT });
}

// Consumes a token of the given kind and returns its table offset.
function expect(kind: T): number {
  const t = at;
  if (kinds[t] !== kind) failAt(t, "expected", kind);
  at = t + 1;
  return t;
}

// ---- desugaring errors (spec §2.8) ----

function reportAst(message: string, where: Span, hint: string): Diagnostic | null {
  if (astError !== null) return null;
  const d: Diagnostic = { code: "E_PARSE", message, span: where, hint };
  astError = d;
  return d;
}

// The value of a string literal token: what V8's JSON.parse makes of its full text. A raw
// control character makes JSON.parse throw; the reference reports V8's message for it. The
// escapes are decoded here rather than by the host engine's JSON.parse, which in goja
// replaces lone surrogates (kept by V8) with U+FFFD.
function stringValue(t: number): string {
  const start = starts[t];
  const end = ends[t];
  const aux = auxes[t];
  if (end - start >= LONG_LITERAL) longLiterals.push(t);
  if (aux > 1) {
    if (astError === null) {
      astError = {
        code: "E_AST",
        message: "Bad control character in string literal in JSON at position " + (aux >> 1),
      };
    }
    return "";
  }
  if (aux === 0) return src.slice(start + 1, end - 1);
  const last = end - 1; // the closing quote
  let out = "";
  let run = start + 1; // start of the text not yet copied to out
  let i = src.indexOf("\\", run);
  while (i >= 0 && i < last) {
    out += src.slice(run, i);
    const e = src.charCodeAt(i + 1);
    run = i + 2;
    switch (e) {
      case 110: out += "\n"; break;
      case 116: out += "\t"; break;
      case 114: out += "\r"; break;
      case 98: out += "\b"; break;
      case 102: out += "\f"; break;
      case 117:
        out += String.fromCharCode(parseInt(src.slice(i + 2, i + 6), 16));
        run = i + 6;
        break;
      default: out += src.charAt(i + 1); // \" \\ \/
    }
    i = src.indexOf("\\", run);
  }
  return out + src.slice(run, last);
}

// ---- program, headers, statements ----

function parseProgram(): Program {
  const headers: Header[] = [];
  const statements: Stmt[] = [];
  for (;;) {
    const k = kinds[at];
    if (k === T.Cap) {
      const s = at;
      at++;
      const capabilities = parseRecord();
      headers.push({ __proto__: CAP_DECL, first: s, last: at - 1, capabilities } as unknown as Header);
    } else if (k === T.Budget) {
      const s = at;
      at++;
      const budget = parseRecord();
      headers.push({ __proto__: BUDGET_DECL, first: s, last: at - 1, budget } as unknown as Header);
    } else if (k === T.Import) {
      const s = at;
      at++;
      const path = stringValue(expect(T.StringLit));
      expect(T.As);
      const alias = words[expect(T.Ident)];
      headers.push({ __proto__: IMPORT_DECL, first: s, last: at - 1, path, alias } as unknown as Header);
    } else {
      break;
    }
  }
  while (STMT_START[kinds[at]]) statements[statements.length] = parseStatement();
  if (kinds[at] !== T.EOF) failAt(at, "near");
  const where = at === 0
    ? { file, startLine: 1, startCol: 1, endLine: 1, endCol: 2 }
    : span(0, at - 1);
  return { kind: "Program", span: where, headers, statements };
}

function parseStatement(): Stmt {
  const s = at;
  switch (kinds[s]) {
    case T.Fn:
      return parseFnDecl();
    case T.Let: {
      at++;
      const name = words[expect(T.Ident)];
      expect(T.Equals);
      const value = parseExpr();
      return { __proto__: LET_STMT, first: s, last: at - 1, name, value } as unknown as Stmt;
    }
    case T.Return: {
      at++;
      const value = parseExpr();
      return { __proto__: RETURN_STMT, first: s, last: at - 1, value } as unknown as Stmt;
    }
  }
  const expr = parseExpr();
  if (kinds[at] === T.Arrow) {
    at++;
    const target = parseIdentPath();
    return { __proto__: EXPR_STMT, first: s, last: at - 1, expr, target } as unknown as Stmt;
  }
  return { __proto__: EXPR_STMT, first: s, last: at - 1, expr } as unknown as Stmt;
}

function parseFnDecl(): FnDecl {
  if (++depth > MAX_NESTING) tooDeep();
  const s = at;
  at++;
  const name = words[expect(T.Ident)];
  expect(T.LBrace);
  let params: string[] = NOTHING;
  if (kinds[at] === T.Ident) {
    params = [words[at]];
    at++;
    while (kinds[at] === T.Comma && kinds[at + 1] === T.Ident) {
      params.push(words[at + 1]);
      at += 2;
    }
    if (kinds[at] === T.Comma) at++;
  }
  expect(T.RBrace);
  const body = parseBlock();
  depth--;
  return { __proto__: FN_DECL, first: s, last: at - 1, name, params, body } as unknown as FnDecl;
}

function parseBlock(): Stmt[] {
  expect(T.LBrace);
  const body: Stmt[] = [];
  // Lists grow by an indexed store here and below: a push is a method call, dearer in goja.
  while (STMT_START[kinds[at]]) body[body.length] = parseStatement();
  expect(T.RBrace);
  return body;
}

// `{ IDENT }` of match arms and catch.
function parseBinder(): string {
  expect(T.LBrace);
  const name = words[expect(T.Ident)];
  expect(T.RBrace);
  return name;
}

function parseIdentPath(): IdentPath {
  const s = at;
  return pathNode(s, dottedName());
}

// dottedName consumes the segments of an IdentPath and returns their text joined by dots
// (segments hold no dots). A called name becomes no node (see FnCallExpr).
function dottedName(): string {
  const s = at;
  if (kinds[s] !== T.Ident) failAt(s, "expected", T.Ident);
  at = s + 1;
  if (kinds[at] !== T.Dot) return words[s];
  let name = words[s];
  while (kinds[at] === T.Dot) {
    at++;
    if (!KEY_NAME[kinds[at]]) failAt(at, "unexpected");
    name += "." + words[at];
    at++;
  }
  return name;
}

// pathNode is the IdentPath of the dotted name that ends before the current token and
// starts at token s.
function pathNode(s: number, name: string): IdentPath {
  if (at === s + 1) {
    return { __proto__: ONE_SEGMENT_PATH, token: s, parts: onePart(name) } as unknown as IdentPath;
  }
  return { __proto__: IDENT_PATH, first: s, last: at - 1, parts: name.split(".") } as unknown as IdentPath;
}

/**
 * The span of the name a call, call? or do names (spec §3.2's IdentPath): the tokens
 * between the keyword, if any, and the argument record; for the `filter` of a filter
 * record without a block (spec §2.8), the whole call. Valid until the next parse.
 */
export function nameSpan(call: FnCallExpr | CallExpr | DoExpr): Span {
  const first = (call as unknown as TokenRange).first;
  if (kinds[first] === T.Filter) return call.span;
  return span(call.kind === "FnCallExpr" ? first : first + 1, recordStart(call) - 1);
}

/**
 * The span of the argument record of a call (the record a RecordExpr would be). Valid
 * until the next parse.
 */
export function argsSpan(call: WithRecord): Span {
  return span(recordStart(call), (call as unknown as TokenRange).last);
}

// recordStart is the token of the opening brace of a record literal or of a call's
// argument record: the first brace of the node (a call's name, dotted or not, holds none).
function recordStart(node: WithRecord): number {
  let t = (node as unknown as TokenRange).first;
  while (kinds[t] !== T.LBrace) t++;
  return t;
}

// ---- expressions ----

// parseExpr parses an Expression; it is one nesting level (see MAX_NESTING in
// limits.ts). The control-flow forms are told apart from operands by one table lookup
// (goja tries a switch's cases one by one, and most expressions are operands). Most
// expressions are a single operand, returned as it is when no operator follows.
function parseExpr(): Expr {
  if (++depth > MAX_NESTING) tooDeep();
  const s = at;
  const k = kinds[s];
  let e: Expr;
  if (FORM[k]) {
    e = parseForm(s, k);
  } else {
    e = k === T.Minus ? parseUnary() : parsePrimary();
    if (OPERATOR[kinds[at]]) e = parseComparison(s, e);
  }
  depth--;
  return e;
}

// tooDeep ends the parse of a program nested deeper than MAX_NESTING levels. It is a
// harness limit, not a syntax error, and is thrown as one out of parse. Nothing needs
// undoing: parse resets depth before every parse.
function tooDeep(): never {
  throw new HarnessLimitError("maxNesting", `program nested deeper than ${MAX_NESTING} levels`);
}

// parseForm parses the control-flow form or call whose keyword k is token s.
function parseForm(s: number, k: number): Expr {
  switch (k) {
    case T.If: {
      const next = kinds[s + 1];
      if (next === T.LParen) return parseIfBlock();
      if (next === T.LBrace) return parseIfRecord();
      return failAt(s, "unexpected");
    }
    case T.CallQ:
    case T.Do: {
      at++;
      const tool = dottedName();
      const args = parseEntries();
      return { __proto__: k === T.CallQ ? CALL_EXPR : DO_EXPR, first: s, last: at - 1, tool, args } as unknown as Expr;
    }
    case T.For:
    case T.Filter:
    case T.Loop:
      return parseIteration();
    case T.Match:
      return parseMatch();
    case T.Assert:
    case T.Check: {
      at++;
      const args = parseEntries();
      return { __proto__: k === T.Assert ? ASSERT_EXPR : CHECK_EXPR, first: s, last: at - 1, args } as unknown as Expr;
    }
  }
  // T.Try
  at++;
  const tryBody = parseBlock();
  expect(T.Catch);
  const catchBinding = parseBinder();
  const catchBody = parseBlock();
  return { __proto__: TRY_EXPR, first: s, last: at - 1, tryBody, catchBinding, catchBody } as unknown as Expr;
}

// parseComparison completes the expression starting at token s, whose first operand has
// been parsed, when an operator follows it.
function parseComparison(s: number, first: Expr): Expr {
  const left = parseAdditive(s, first);
  let op: BinaryOp;
  switch (kinds[at]) {
    case T.Gt: op = ">"; break;
    case T.Lt: op = "<"; break;
    case T.GtEq: op = ">="; break;
    case T.LtEq: op = "<="; break;
    case T.EqEq: op = "=="; break;
    case T.BangEq: op = "!="; break;
    default: return left;
  }
  at++;
  const right = parseAdditive(at, null);
  return { __proto__: BINARY_EXPR, first: s, last: at - 1, op, left, right } as unknown as Expr;
}

// A BinaryExpr of an additive or multiplicative chain, whose last token is set by
// endChain when the chain ends.
interface ChainLink {
  last: number;
  left: Expr;
}

// endChain sets the last token of the n BinaryExprs of the chain that ends before the
// current token and whose last operator made node: they nest to the left.
function endChain(node: Expr, n: number): void {
  let link = node as unknown as ChainLink;
  for (let i = 0; i < n; i++) {
    link.last = at - 1;
    link = link.left as unknown as ChainLink;
  }
}

// Additive and Multiplicative chains starting at token s, whose first unary operand may
// already have been parsed. Every BinaryExpr of one chain has the chain's span (spec
// §3.1): the chain's token range, its end completed at the chain's end.
function parseAdditive(s: number, first: Expr | null): Expr {
  let sum: Expr | null = null;
  let sums = 0;
  let sumOp: BinaryOp = "+";
  let termStart = s;
  for (;;) {
    let term: Expr;
    if (first !== null) {
      term = first;
      first = null;
    } else {
      termStart = at;
      term = parseUnary();
    }
    let k = kinds[at];
    if (k === T.Star || k === T.Slash || k === T.Percent) {
      let products = 0;
      do {
        at++;
        const right = parseUnary();
        const op = k === T.Star ? "*" : k === T.Slash ? "/" : "%";
        term = { __proto__: BINARY_EXPR, first: termStart, last: 0, op, left: term, right } as unknown as Expr;
        products++;
        k = kinds[at];
      } while (k === T.Star || k === T.Slash || k === T.Percent);
      endChain(term, products);
    }
    if (sum === null) {
      sum = term;
    } else {
      sum = { __proto__: BINARY_EXPR, first: s, last: 0, op: sumOp, left: sum, right: term } as unknown as Expr;
      sums++;
    }
    if (k !== T.Plus && k !== T.Minus) break;
    sumOp = k === T.Plus ? "+" : "-";
    at++;
  }
  endChain(sum, sums);
  return sum;
}

// Unary = "-" Unary | Primary, with the leading minus signs taken in a loop. The unary
// nodes nest right to left, each spanning from its minus to the operand's last token.
function parseUnary(): Expr {
  const s = at;
  if (kinds[s] !== T.Minus) return parsePrimary();
  do at++; while (kinds[at] === T.Minus);
  const operandStart = at;
  // Every minus is a nesting level; nothing between them can fail the parse, so checking
  // the whole run of them at once fails where level-by-level checks would.
  depth += operandStart - s;
  if (depth > MAX_NESTING) tooDeep();
  let e = parsePrimary();
  depth -= operandStart - s;
  const last = at - 1;
  for (let m = operandStart - 1; m >= s; m--) {
    e = { __proto__: UNARY_EXPR, first: m, last, op: "-", operand: e } as unknown as Expr;
  }
  return e;
}

function parsePrimary(): Expr {
  const s = at;
  switch (kinds[s]) {
    case T.Ident: {
      const name = dottedName();
      if (kinds[at] !== T.LBrace) return pathNode(s, name);
      const args = parseEntries();
      return { __proto__: FN_CALL_EXPR, first: s, last: at - 1, name, args } as unknown as Expr;
    }
    case T.IntLit:
      at++;
      literalValues[s] = Number(image(s));
      return s;
    case T.StringLit:
      at++;
      literalValues[s] = stringValue(s);
      return s;
    case T.LBrace:
      return parseRecord();
    case T.LParen: {
      at++;
      const inner = parseExpr();
      expect(T.RParen);
      return inner;
    }
    case T.LBracket: {
      at++;
      let elements: Expr[] = NOTHING;
      if (EXPR_START[kinds[at]]) {
        elements = [parseExpr()];
        while (kinds[at] === T.Comma && EXPR_START[kinds[at + 1]]) {
          at++;
          elements[elements.length] = parseExpr();
        }
        if (kinds[at] === T.Comma) at++;
      }
      expect(T.RBracket);
      return { __proto__: LIST_EXPR, first: s, last: at - 1, elements } as unknown as Expr;
    }
    case T.FloatLit:
      at++;
      literalValues[s] = Number(image(s));
      return s;
    case T.True:
    case T.False:
      at++;
      literalValues[s] = kinds[s] === T.True;
      return s;
    case T.Null:
      at++;
      literalValues[s] = null;
      return s;
  }
  return failAt(s, "unexpected");
}

function parseRecord(): RecordExpr {
  const s = at;
  const entries = parseEntries();
  return { __proto__: RECORD_EXPR, first: s, last: at - 1, entries } as unknown as RecordExpr;
}

// parseEntries parses a record and returns its entries: a key and a value each, in one
// list (see RecordExpr). The most frequent tokens are expected here without calling expect.
function parseEntries(): RecordEntries {
  const s = at;
  if (kinds[s] !== T.LBrace) failAt(s, "expected", T.LBrace);
  at = s + 1;
  let entries: RecordEntries = NOTHING;
  if (ENTRY_START[kinds[at]]) {
    entries = [entryKey(), parseExpr()];
    while (kinds[at] === T.Comma && ENTRY_START[kinds[at + 1]]) {
      at++;
      entries[entries.length] = entryKey();
      entries[entries.length] = parseExpr();
    }
    if (kinds[at] === T.Comma) at++;
  }
  if (kinds[at] !== T.RBrace) failAt(at, "expected", T.RBrace);
  at++;
  return entries;
}

// entryKey consumes an entry's key and its colon, or the `...` of a spread (null).
function entryKey(): string | null {
  const s = at;
  if (kinds[s] === T.DotDotDot) {
    at++;
    return null;
  }
  let key = words[s];
  at++;
  while (kinds[at] === T.Dot) {
    at++;
    if (!KEY_NAME[kinds[at]]) failAt(at, "unexpected");
    key += "." + words[at];
    at++;
  }
  if (kinds[at] !== T.Colon) failAt(at, "expected", T.Colon);
  at++;
  return key;
}

/**
 * The span of entry i of a parsed record, a record literal or a call's argument record
 * (spec §3.2's RecordPair or SpreadPair: from its key or `...` to the last token of its
 * value), found again in the token table: the entry starts after the record's brace or
 * the comma that ends entry i - 1 and ends before the next comma or brace outside
 * brackets. Like lazy spans, valid until the next parse; only errors read it.
 */
export function entrySpan(record: WithRecord, i: number): Span {
  let t = recordStart(record) + 1;
  let start = t;
  let entry = 0;
  let nesting = 0;
  for (;; t++) {
    const k = kinds[t];
    if (k === T.LBrace || k === T.LBracket || k === T.LParen) {
      nesting++;
    } else if (nesting > 0) {
      if (k === T.RBrace || k === T.RBracket || k === T.RParen) nesting--;
    } else if (k === T.Comma || k === T.RBrace) {
      if (entry === i) return span(start, t - 1);
      entry++;
      start = t + 1;
    }
  }
}

// ---- control-flow forms and their desugaring (spec §2.8) ----

// The value of the last pair with the given key, ignoring spreads.
function field(rec: RecordExpr, key: string): Expr | undefined {
  let found: Expr | undefined;
  const entries = rec.entries;
  for (let i = 0; i < entries.length; i += 2) if (entries[i] === key) found = entries[i + 1] as Expr;
  return found;
}

// The `as` binding: the last `as` pair whose value is a string literal; "" means missing.
function binding(rec: RecordExpr): string {
  let found = "";
  const entries = rec.entries;
  for (let i = 0; i < entries.length; i += 2) {
    if (entries[i] !== "as") continue;
    const v = entries[i + 1] as Expr;
    if (typeof v === "number") {
      const value = literalValues[v];
      if (typeof value === "string") found = value;
    }
  }
  return found;
}

// What a form that fails its desugaring check (astError) stands for, and the span its
// diagnostic has until the form's end is known. Neither is ever read: a parse with an
// astError returns the diagnostic alone.
const MISSING: Expr = -1;
const NO_SPAN: Span = { file: "", startLine: 1, startCol: 1, endLine: 1, endCol: 2 };

function parseIfBlock(): Expr {
  const s = at;
  at += 2; // `if (`
  const cond = parseExpr();
  expect(T.RParen);
  const thenBody = parseBlock();
  expect(T.Else);
  const elseBody = parseBlock();
  return { __proto__: IF_BLOCK_EXPR, first: s, last: at - 1, cond, thenBody, elseBody } as unknown as Expr;
}

function parseIfRecord(): Expr {
  const s = at;
  at++;
  const rec = parseRecord();
  const cond = field(rec, "cond");
  const then = field(rec, "then");
  const otherwise = field(rec, "else");
  if (cond === undefined || then === undefined || otherwise === undefined) {
    reportAst("if expression requires cond, then, and else fields", span(s, at - 1),
      "Use syntax: if { cond: ..., then: ..., else: ... }.");
    return MISSING;
  }
  return { __proto__: IF_EXPR, first: s, last: at - 1, cond, then, else: otherwise } as unknown as Expr;
}

// for / filter / loop: `KEYWORD Record Block`, and `filter Record` without a block.
function parseIteration(): Expr {
  const s = at;
  const keyword = kinds[s];
  at++;
  const rec = parseRecord();
  if (keyword === T.Filter && kinds[at] !== T.LBrace) {
    return { __proto__: FN_CALL_EXPR, first: s, last: at - 1, name: "filter", args: rec.entries } as unknown as Expr;
  }
  // The record's keys are checked before the body is built; the error's span is the whole
  // construct, completed once the body has been parsed.
  const list = field(rec, "in");
  const times = keyword === T.Loop ? field(rec, "times") : undefined;
  const name = binding(rec);
  let pending: Diagnostic | null = null;
  if (list === undefined || name === "" || (keyword === T.Loop && times === undefined)) {
    if (keyword === T.For) {
      pending = reportAst("for expression requires 'in' and 'as' fields", NO_SPAN,
        "Use syntax: for { in: <list>, as: \"name\" } { ... }.");
    } else if (keyword === T.Filter) {
      pending = reportAst("filter block requires 'in' and 'as' fields", NO_SPAN,
        "Use syntax: filter { in: <list>, as: \"name\" } { ... }.");
    } else {
      pending = reportAst("loop requires 'in', 'times', and 'as' fields", NO_SPAN,
        "Use syntax: loop { in: <init>, times: <N>, as: \"name\" } { ... }.");
    }
  }
  const body = parseBlock();
  if (pending !== null) pending.span = span(s, at - 1);
  if (list === undefined || name === "") return MISSING;
  const last = at - 1;
  if (keyword === T.For) return { __proto__: FOR_EXPR, first: s, last, list, binding: name, body } as unknown as Expr;
  if (keyword === T.Filter) {
    return { __proto__: FILTER_BLOCK_EXPR, first: s, last, list, binding: name, body } as unknown as Expr;
  }
  if (times === undefined) return MISSING;
  return { __proto__: LOOP_EXPR, first: s, last, init: list, times, binding: name, body } as unknown as Expr;
}

function parseMatch(): Expr {
  const s = at;
  at++;
  let subject: Expr;
  if (kinds[at] === T.LParen) {
    at++;
    subject = parseExpr();
    expect(T.RParen);
  } else if (kinds[at] === T.Ident) {
    subject = parseIdentPath();
  } else {
    return failAt(at, "unexpected");
  }
  expect(T.LBrace);
  const first = parseArm();
  const second = parseArm();
  expect(T.RBrace);
  if (first.tag === second.tag) {
    reportAst("match expression requires both ok and err arms", span(s, at - 1),
      "Provide both arms: ok {v} { ... } and err {e} { ... }.");
    return MISSING;
  }
  const okArm = first.tag === "ok" ? first : second;
  const errArm = first.tag === "ok" ? second : first;
  return { __proto__: MATCH_EXPR, first: s, last: at - 1, subject, okArm, errArm } as unknown as Expr;
}

function parseArm(): MatchArm {
  const s = expect(T.Ident);
  const tag = words[s];
  const name = parseBinder();
  const body = parseBlock();
  if (tag !== "ok" && tag !== "err") {
    reportAst("match arm must be 'ok' or 'err', got '" + tag + "'", span(s, at - 1),
      "Use exactly two arms: ok {v} { ... } and err {e} { ... }.");
  }
  return { __proto__: MATCH_ARM, first: s, last: at - 1, tag: tag === "ok" ? "ok" : "err", binding: name, body } as unknown as MatchArm;
}
