// The A0 static validator (spec §4): header checks, binding and reference checks, and tool
// usage checks, collecting every diagnostic in the pass order of §4.2.

import type {
  CallExpr, Diagnostic, DoExpr, Expr, FnDecl, IdentPath, Program, RecordEntries, RecordExpr, Span, Stmt,
} from "./ast";
import { entrySpan, exprSpan, isIntLiteral, isTrueLiteral, literalValues, nameSpan, requestedCapabilities } from "./parser";

export interface ValidationResult {
  /** Every validation diagnostic, in pass order. */
  diagnostics: Diagnostic[];
  /**
   * True when the program has a spread entry where the upstream validator crashes with a
   * TypeError (spec §4.5): the run then ends with exit status 1 and nothing else.
   */
  unsupportedSpread: boolean;
}

// Known sets of spec §4.1, in the orders that appear in hints.
export const CAPABILITIES: readonly string[] = ["fs.read", "fs.write", "http.get", "sh.exec"];
export const BUDGET_FIELDS: readonly string[] = ["timeMs", "maxToolCalls", "maxBytesWritten", "maxIterations"];
export interface ToolInfo { name: string; mode: "read" | "effect"; capability: string }
export const TOOLS: readonly ToolInfo[] = [
  { name: "fs.read", mode: "read", capability: "fs.read" },
  { name: "fs.write", mode: "effect", capability: "fs.write" },
  { name: "fs.list", mode: "read", capability: "fs.read" },
  { name: "fs.exists", mode: "read", capability: "fs.read" },
  { name: "http.get", mode: "read", capability: "http.get" },
  { name: "sh.exec", mode: "effect", capability: "sh.exec" },
];
export const STDLIB_NAMES: readonly string[] = [
  "parse.json", "get", "put", "patch", "eq", "contains", "not", "and", "or", "len", "map",
  "append", "concat", "sort", "filter", "find", "range", "join", "str.concat", "str.split",
  "str.starts", "str.replace", "keys", "values", "merge", "math.max", "math.min", "str.ends",
  "unique", "reduce", "coalesce", "typeof", "pluck", "flat", "entries", "str.template",
];

const stdlib = new Set(STDLIB_NAMES);
const toolsByName = new Map<string, ToolInfo>();
for (const t of TOOLS) toolsByName.set(t.name, t);

const HINT_UNKNOWN_FN = "Known stdlib functions: " + STDLIB_NAMES.join(", ") +
  ". User-defined functions must be declared before use.";
const HINT_UNKNOWN_TOOL = "Valid tools: " + TOOLS.map((t) => t.name).join(", ");
const HINT_BLOCK_NO_RETURN = "Add a 'return <expr>' statement at the end of the body.";
const HINT_RETURN_NOT_LAST = "Move any statements after return before it, or remove them.";
const HINT_DUP_BINDING = "Use a different variable name.";

// The binding scopes of §4.3, as two stacks of names: the variables and the functions
// declared in every scope enclosing the point being checked, outermost first; the current
// scope's are those from varBase and fnBase on. A block's visible sets are copies of the
// enclosing ones taken when the block is entered; since a block is validated completely
// before the enclosing scope declares anything further, the names below its bases are
// exactly what those copies would hold, and its own are dropped when it ends. Two arrays
// serve every program: a scope object and its arrays per block cost goja a property map
// each.
const varNames: string[] = [];
const fnNames: string[] = [];
let varBase = 0;
let fnBase = 0;

// A program's diagnostics: NONE until the first is reported. The result of a program
// without diagnostics is VALID, shared (nothing writes to a ValidationResult).
const NONE: Diagnostic[] = [];
const VALID: ValidationResult = { diagnostics: NONE, unsupportedSpread: false };
let diagnostics: Diagnostic[] = NONE;
let unsupportedSpread = false;
// The call?/do expressions met by pass 7, in the order pass 8 checks them (see
// checkTools); one array for every program.
const toolUses: (CallExpr | DoExpr)[] = [];

function report(code: string, message: string, where: Span | undefined, hint: string): void {
  if (diagnostics === NONE) diagnostics = [];
  if (where === undefined) diagnostics.push({ code, message, hint });
  else diagnostics.push({ code, message, span: where, hint });
}

/** Validates a parsed program (spec §4). */
export function validate(program: Program): ValidationResult {
  diagnostics = NONE;
  unsupportedSpread = false;
  toolUses.length = 0;
  varNames.length = 0;
  fnNames.length = 0;
  varBase = 0;
  fnBase = 0;
  try {
    checkHeaders(program);
    const stmts = program.statements;
    for (let i = 0; i < stmts.length; i++) checkStatement(stmts[i]);
    checkTools(program);
    if (diagnostics === NONE && !unsupportedSpread) return VALID;
    return { diagnostics, unsupportedSpread };
  } finally {
    // Drop this program's nodes and names (validate always starts afresh).
    diagnostics = NONE;
    toolUses.length = 0;
    varNames.length = 0;
    fnNames.length = 0;
  }
}

// ---- passes 1-6: headers and program-level returns ----

function checkHeaders(program: Program): void {
  const headers = program.headers;
  let budgets = 0;
  for (let i = 0; i < headers.length; i++) {
    const h = headers[i];
    if (h.kind === "BudgetDecl" && ++budgets > 1) {
      report("E_DUP_BUDGET", "Only one budget header is allowed.", h.span,
        "Combine all budget fields into a single 'budget { ... }' header.");
    }
  }
  for (let i = 0; i < headers.length; i++) {
    const h = headers[i];
    if (h.kind === "ImportDecl") {
      report("E_IMPORT_UNSUPPORTED", "Import declarations are not supported yet.", h.span,
        "Remove 'import ... as ...' for now.");
    }
  }
  const stmts = program.statements;
  let hasReturn = false;
  for (let i = 0; i < stmts.length; i++) if (stmts[i].kind === "ReturnStmt") hasReturn = true;
  if (!hasReturn) {
    report("E_NO_RETURN", "Program must end with a return statement.", program.span,
      "Add a 'return <expr>' statement at the end of your program.");
  }
  for (let i = 0; i < stmts.length - 1; i++) {
    if (stmts[i].kind === "ReturnStmt") {
      report("E_RETURN_NOT_LAST", "Return statement must be the last statement in the program.",
        stmts[i].span, HINT_RETURN_NOT_LAST);
    }
  }
  for (let i = 0; i < headers.length; i++) {
    const h = headers[i];
    if (h.kind !== "CapDecl") continue;
    const rec = h.capabilities;
    const entries = rec.entries;
    for (let j = 0; j < entries.length; j += 2) {
      const key = entries[j] as string | null;
      if (key === null) {
        unsupportedSpread = true;
        continue;
      }
      if (CAPABILITIES.indexOf(key) < 0) {
        report("E_UNKNOWN_CAP", "Unknown capability '" + key + "'.", entrySpan(rec, j / 2),
          "Valid capabilities: " + CAPABILITIES.join(", "));
      }
      const value = entries[j + 1] as Expr;
      if (!isTrueLiteral(value)) {
        report("E_CAP_VALUE", "Capability '" + key + "' must be set to true.", exprSpan(value),
          "Use capability declarations like 'cap { fs.read: true }'.");
      }
    }
  }
  for (let i = 0; i < headers.length; i++) {
    const h = headers[i];
    if (h.kind !== "BudgetDecl") continue;
    const rec = h.budget;
    const entries = rec.entries;
    for (let j = 0; j < entries.length; j += 2) {
      // A spread has no key: the upstream validator reads it as 'undefined'.
      const key = entries[j] as string | null;
      const value = entries[j + 1] as Expr;
      if (key === null || BUDGET_FIELDS.indexOf(key) < 0) {
        report("E_UNKNOWN_BUDGET", "Unknown budget field '" + (key === null ? "undefined" : key) + "'.",
          entrySpan(rec, j / 2), "Valid budget fields: " + BUDGET_FIELDS.join(", "));
      } else if (!isIntLiteral(value)) {
        report("E_BUDGET_TYPE", "Budget field '" + key + "' must be an integer literal.", exprSpan(value),
          "Use integer values, for example: budget { timeMs: 5000 }.");
      }
    }
  }
}

// ---- pass 7: bindings, functions and references ----

function isVisibleFn(name: string): boolean {
  return fnNames.indexOf(name) >= 0;
}

// isLocal reports whether name is declared in the current scope, as a variable or a
// function.
function isLocal(name: string): boolean {
  return varNames.indexOf(name, varBase) >= 0 || fnNames.indexOf(name, fnBase) >= 0;
}

// checkStatement checks a statement of the current scope (at top level, the program's).
function checkStatement(stmt: Stmt): void {
  switch (stmt.kind) {
    case "LetStmt":
      if (isLocal(stmt.name)) {
        report("E_DUP_BINDING", "Duplicate binding '" + stmt.name + "'.", stmt.span, HINT_DUP_BINDING);
      }
      checkExpr(stmt.value);
      varNames.push(stmt.name);
      return;
    case "ReturnStmt":
      checkExpr(stmt.value);
      return;
    case "ExprStmt":
      checkExpr(stmt.expr);
      if (stmt.target !== undefined) declareTarget(stmt.target);
      return;
    case "FnDecl":
      // Any visible function, but only a local variable.
      if (isVisibleFn(stmt.name) || varNames.indexOf(stmt.name, varBase) >= 0) reportFnDup(stmt);
      checkFnSignature(stmt);
      return;
  }
}

// Checks the statements of a block (function body or control-flow body) in a new scope
// holding the block's extra names (§4.3, "Blocks"): those the caller pushed on varNames
// from index extra on.
function checkBlock(body: Stmt[], extra: number, context: string): void {
  const outerVars = varBase;
  const outerFns = fnBase;
  varBase = extra;
  fnBase = fnNames.length;
  const n = body.length;
  // E_NO_RETURN when no statement returns; otherwise E_RETURN_NOT_LAST for each return
  // before the last statement (one pass: a block with such a return has a return).
  if (n === 0 || body[n - 1].kind !== "ReturnStmt") {
    let early = -1;
    for (let i = 0; i < n - 1 && early < 0; i++) if (body[i].kind === "ReturnStmt") early = i;
    if (early < 0) {
      const last = n > 0 ? body[n - 1].span : undefined;
      report("E_NO_RETURN", context + " must end with a return statement.", last, HINT_BLOCK_NO_RETURN);
    }
  }
  for (let i = 0; i < n - 1; i++) {
    if (body[i].kind === "ReturnStmt") {
      report("E_RETURN_NOT_LAST", "Return statement must be the last statement in " + context + ".",
        body[i].span, HINT_RETURN_NOT_LAST);
    }
  }
  for (let i = 0; i < n; i++) checkStatement(body[i]);
  varNames.length = extra;
  fnNames.length = fnBase;
  varBase = outerVars;
  fnBase = outerFns;
}

// checkBlockBinding checks a block whose scope holds one extra name (a loop's or an arm's
// binding).
function checkBlockBinding(body: Stmt[], name: string, context: string): void {
  const extra = varNames.length;
  varNames.push(name);
  checkBlock(body, extra, context);
}

// `E -> T` binds the first segment of T in the current scope (local names only).
function declareTarget(target: IdentPath): void {
  const root = target.parts[0];
  if (isLocal(root)) {
    report("E_DUP_BINDING", "Duplicate binding '" + root + "'.", target.span, HINT_DUP_BINDING);
  }
  varNames.push(root);
}

function reportFnDup(fn: FnDecl): void {
  report("E_FN_DUP", "Duplicate function definition '" + fn.name + "'.", fn.span,
    "Use a different function name.");
}

// Steps 2-5 of a function declaration: parameters, the stdlib-name check, declaring the
// function, and its body, whose scope holds the parameters and the function's own name.
function checkFnSignature(fn: FnDecl): void {
  const params = fn.params;
  for (let i = 1; i < params.length; i++) {
    if (params.lastIndexOf(params[i], i - 1) >= 0) {
      report("E_DUP_BINDING", "Duplicate parameter '" + params[i] + "' in function '" + fn.name + "'.",
        fn.span, "Use unique parameter names in function declarations.");
    }
  }
  if (stdlib.has(fn.name)) {
    report("E_FN_DUP", "Function name '" + fn.name + "' conflicts with a built-in stdlib function.",
      fn.span, "Use a different function name to avoid shadowing the stdlib.");
  }
  fnNames.push(fn.name);
  const extra = varNames.length;
  for (let i = 0; i < params.length; i++) varNames.push(params[i]);
  varNames.push(fn.name);
  checkBlock(fn.body, extra, "function '" + fn.name + "'");
}

// Expression checks of §4.4 (a literal has none). The cases are ordered by how often the
// kinds occur, as goja tries them one by one.
function checkExpr(e: Expr): void {
  if (typeof e === "number") return;
  switch (e.kind) {
    case "IdentPath": {
      const name = e.parts[0];
      if (varNames.indexOf(name) >= 0) return;
      report("E_UNBOUND", "Unbound variable '" + name + "'.", e.span,
        "Make sure the variable is defined with 'let' before use.");
      return;
    }
    case "RecordExpr": {
      const entries = e.entries;
      for (let i = 1; i < entries.length; i += 2) checkExpr(entries[i] as Expr);
      return;
    }
    case "FnCallExpr": {
      const name = e.name;
      // Most calls are of the stdlib: one lookup, before walking the scopes.
      if (!stdlib.has(name) && !isVisibleFn(name)) {
        report("E_UNKNOWN_FN", "Unknown function '" + name + "'.", nameSpan(e), HINT_UNKNOWN_FN);
      }
      if (name === "map" || name === "reduce" || name === "filter") checkCallback(name, e.args);
      checkArgs(e.args);
      return;
    }
    case "ListExpr": {
      const elements = e.elements;
      for (let i = 0; i < elements.length; i++) checkExpr(elements[i]);
      return;
    }
    case "BinaryExpr":
      checkExpr(e.left);
      checkExpr(e.right);
      return;
    case "CallExpr":
    case "DoExpr":
      toolUses.push(e);
      checkArgs(e.args);
      return;
    case "AssertExpr":
    case "CheckExpr":
      checkArgs(e.args);
      return;
    case "IfBlockExpr":
      checkExpr(e.cond);
      checkBlock(e.thenBody, varNames.length, "if body");
      checkBlock(e.elseBody, varNames.length, "else body");
      return;
    case "IfExpr":
      checkExpr(e.cond);
      checkExpr(e.then);
      checkExpr(e.else);
      return;
    case "ForExpr":
      checkExpr(e.list);
      checkBlockBinding(e.body, e.binding, "for body");
      return;
    case "MatchExpr":
      checkExpr(e.subject);
      checkBlockBinding(e.okArm.body, e.okArm.binding, "match ok arm");
      checkBlockBinding(e.errArm.body, e.errArm.binding, "match err arm");
      return;
    case "TryExpr":
      checkBlock(e.tryBody, varNames.length, "try body");
      checkBlockBinding(e.catchBody, e.catchBinding, "catch body");
      return;
    case "UnaryExpr":
      checkExpr(e.operand);
      return;
    case "FilterBlockExpr":
      checkExpr(e.list);
      checkBlockBinding(e.body, e.binding, "filter body");
      return;
    case "LoopExpr":
      checkExpr(e.init);
      checkExpr(e.times);
      checkBlockBinding(e.body, e.binding, "loop body");
      return;
    default:
      return;
  }
}

// The argument values of a call; a spread entry here is where the upstream validator
// crashes (§4.5).
function checkArgs(entries: RecordEntries): void {
  for (let i = 0; i < entries.length; i += 2) {
    if (entries[i] === null) unsupportedSpread = true;
    else checkExpr(entries[i + 1] as Expr);
  }
}

// The first `fn:` argument of map/reduce/filter, when a string literal, must name a
// visible user function.
function checkCallback(name: string, entries: RecordEntries): void {
  for (let i = 0; i < entries.length; i += 2) {
    if (entries[i] !== "fn") continue;
    const v = entries[i + 1] as Expr;
    const fn = typeof v === "number" ? literalValues[v] : null;
    if (typeof fn === "string" && !isVisibleFn(fn)) {
      report("E_UNKNOWN_FN", "Unknown function '" + fn + "'.", exprSpan(v),
        "For " + name + ", define the user function with 'fn' before use and pass its name as a string.");
    }
    return;
  }
}

// ---- pass 8: tool usage ----

// Pass 8 checks every call?/do expression in pre-order over the statements. Pass 7 visits
// the same nodes in that same order (statements in order, function bodies where declared,
// each node before its children) and has collected them in toolUses, so no second walk is
// needed.
function checkTools(program: Program): void {
  if (toolUses.length === 0) return;
  const declared = new Set(requestedCapabilities(program));
  for (let i = 0; i < toolUses.length; i++) {
    const e = toolUses[i];
    const name = e.tool;
    const tool = toolsByName.get(name);
    if (tool === undefined) {
      report("E_UNKNOWN_TOOL", "Unknown tool '" + name + "'.", nameSpan(e), HINT_UNKNOWN_TOOL);
    } else if (!declared.has(tool.capability)) {
      report("E_UNDECLARED_CAP",
        "Tool '" + name + "' is used but its capability is not declared in a 'cap { ... }' header.",
        nameSpan(e), "Add '" + tool.capability + ": true' to your cap { ... } declaration.");
    }
    if (e.kind === "CallExpr" && tool !== undefined && tool.mode === "effect") {
      report("E_CALL_EFFECT", "Cannot use 'call?' with effectful tool '" + name + "'. Use 'do' instead.",
        e.span, "Replace 'call? " + name + "' with 'do " + name + "'.");
    }
  }
}
