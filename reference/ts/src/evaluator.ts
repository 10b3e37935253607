// The A0 evaluator (spec §5, §6, §9.1): a tree walk over a validated Program that
// produces the result value or the runtime error, the evidence list and the trace.
//
// Evaluation is synchronous: tools run through the host's synchronous ABI calls.
// Runtime errors are A0Error values; any other exception raised while evaluating (a
// JavaScript TypeError, say) is an internal error, reported and caught as E_RUNTIME.
// HarnessLimitError (limits.ts) and HostProtocolError are neither: they end the run, no
// A0 try can catch them, and a HostProtocolError escapes run() as a crash of the bundle.

import type * as AST from "./ast";
import { decodeCanonical } from "./json";
import { HarnessLimitError, Limits } from "./limits";
import { argsSpan, entrySpan, exprSpan, isIntLiteral, literalValues, requestedCapabilities } from "./parser";
import { stdlib } from "./stdlib";
import { fsWriteText } from "./tooldata";
import { multiply, v8ErrorMessage } from "./v8compat";
import {
  Rec,
  Value,
  deepEqual,
  encodeCanonical,
  isRecord,
  isTruthy,
  jsonText,
  rawTypeofName,
  shapeName,
  singleKeyRecord,
  typeofName,
} from "./values";

// HostProtocolError reports a host that broke the ABI (an undecodable host.call reply). It
// is not an Error subclass so that evaluation never mistakes it for an internal error.
export class HostProtocolError {
  constructor(readonly message: string) {}
  toString(): string {
    return `HostProtocolError: ${this.message}`;
  }
}

// passesThrough reports the exceptions that no A0 construct may catch.
function passesThrough(e: unknown): boolean {
  return e instanceof HarnessLimitError || e instanceof HostProtocolError;
}

// A0Error is a runtime error with an A0 code (spec §5.17).
export class A0Error {
  constructor(
    readonly code: string,
    readonly message: string,
    readonly span?: AST.Span,
    readonly details?: Rec,
  ) {}
}

// The trace, flat: each event (spec §6) is three entries in a row — its name, its span and
// its data (undefined when it has none). goja allocates an object and a property map for
// every object literal, and a run emits an event for nearly every step; encodeOutcome
// makes the {event, span, data} objects of the Outcome JSON only where the text is written.
export type Trace = (string | AST.Span | Rec | undefined)[];

export interface ToolInfo {
  name: string;
  mode: string;
  capability: string;
}

// ToolHost is what the evaluator needs from the bundle host (reference/ts-bundle/README.md).
export interface ToolHost {
  tools: Map<string, ToolInfo>;
  validate(tool: string, argsJSON: string): string;
  // dataText is the text the reference serialised for the tool (fs.write), if any.
  call(tool: string, argsJSON: string, dataText?: string): string;
}

export type RunResult =
  | { kind: "ok"; value: Value; evidence: Rec[]; trace: Trace }
  | { kind: "error"; error: A0Error; evidence: Rec[]; trace: Trace }
  // A harness limit ended the run: what it produced before the limit.
  | { kind: "limit"; limit: HarnessLimitError; evidence: Rec[]; trace: Trace };

// The variables of one scope. Most scopes hold a single variable (a loop item, a
// callback's parameter): it is kept in two slots, and a Map is made only for more. A
// scope is a four-slot array rather than an object: goja gives every object literal a
// property map of its own (several allocations, and a hashed lookup per field read),
// where an array literal is one slice read by index.
const enum Slot {
  Parent,
  FirstName,
  FirstValue,
  Others,
}
type Scope = [parent: Scope | null, firstName: string | null, firstValue: Value | undefined, others: Map<string, Value> | null];

function newScope(parent: Scope | null): Scope {
  return [parent, null, undefined, null];
}

// bind binds name in scope, replacing its binding there if it has one.
function bind(scope: Scope, name: string, v: Value): void {
  const first = scope[Slot.FirstName];
  if (first === null || first === name) {
    scope[Slot.FirstName] = name;
    scope[Slot.FirstValue] = v;
    return;
  }
  let others = scope[Slot.Others];
  if (others === null) others = scope[Slot.Others] = new Map<string, Value>();
  others.set(name, v);
}

// lookup finds name in scope or its parents.
function lookup(scope: Scope, name: string): Value | undefined {
  let s: Scope | null = scope;
  do {
    if (s[Slot.FirstName] === name) {
      const v = s[Slot.FirstValue];
      if (v !== undefined) return v;
    } else {
      const others = s[Slot.Others];
      if (others !== null) {
        const v = others.get(name);
        if (v !== undefined) return v;
      }
    }
    s = s[Slot.Parent];
  } while (s !== null);
  return undefined;
}

interface UserFn {
  decl: AST.FnDecl;
  closure: Scope;
}

const BUDGET_FIELDS = ["timeMs", "maxToolCalls", "maxBytesWritten", "maxIterations"];

// spanRecord is a span as an A0 record (evidence records carry their span as a value).
export function spanRecord(s: AST.Span): Rec {
  return { file: s.file, startLine: s.startLine, startCol: s.startCol, endLine: s.endLine, endCol: s.endCol };
}

// errorMessage is the message of an internal error, in V8's words where goja's differ.
export function errorMessage(e: unknown): string {
  return e instanceof Error ? v8ErrorMessage(e.message) : String(e);
}

// declaredBudget collects the budget fields in order of first appearance; later headers
// override earlier values field by field (spec §5.16). It is null when there are none.
function declaredBudget(program: AST.Program): Rec | null {
  let budget: Rec | null = null;
  const headers = program.headers;
  for (let i = 0; i < headers.length; i++) {
    const h = headers[i];
    if (h.kind !== "BudgetDecl") continue;
    const entries = h.budget.entries;
    for (let j = 0; j < entries.length; j += 2) {
      const key = entries[j] as string | null;
      const v = entries[j + 1] as AST.Expr;
      if (key !== null && BUDGET_FIELDS.indexOf(key) >= 0 && isIntLiteral(v)) {
        if (budget === null) budget = {};
        budget[key] = literalValues[v as AST.Literal];
      }
    }
  }
  return budget;
}

// The state of the run in progress. Module-level variables rather than an object's
// fields: goja reaches them by slot, where every this.field is a property lookup (and
// every method call one more, through the prototype). evaluateProgram sets them all; it is
// never re-entered.
let fileName = "";
let toolHost!: ToolHost;
let limits = new Limits(0, 0, 0);
let traceEvents: Trace = [];
// The run's evidence records; NONE until the first one (most runs have none, and a new
// empty list costs goja a property map and four more Go allocations).
let evidenceList: Rec[] = [];
// The one empty list that results without evidence or trace share (nothing writes to a
// RunResult's lists once it is made).
const NONE: never[] = [];
const userFns = new Map<string, UserFn>();
// The capabilities the policy allows: a few names, searched in place (a Set made per run
// cost goja an iterator and a result object per name).
let allowedCaps: string[] = [];
let timeMs: number | undefined;
let maxIterations: number | undefined;
let maxToolCalls: number | undefined;
let maxBytesWritten: number | undefined;
let startMs = 0;
let iterationCount = 0;
let toolCalls = 0;
let bytesWritten = 0;
let callDepth = 0;
let stepsLeft = 0;

/** Evaluates a validated program (spec §5.2) with the given policy, tools and limits. */
export function evaluateProgram(program: AST.Program, file: string, allowed: string[], host: ToolHost, runLimits: Limits): RunResult {
  fileName = file;
  toolHost = host;
  limits = runLimits;
  traceEvents = [];
  evidenceList = NONE;
  userFns.clear(); // one Map for every run (a run's functions are dropped at its end)
  allowedCaps = allowed;
  timeMs = undefined;
  maxIterations = undefined;
  maxToolCalls = undefined;
  maxBytesWritten = undefined;
  startMs = 0;
  iterationCount = 0;
  toolCalls = 0;
  bytesWritten = 0;
  callDepth = 0;
  stepsLeft = runLimits.maxSteps;
  try {
    return runProgram(program);
  } finally {
    userFns.clear();
  }
}

// runProgram executes the program (spec §5.2). A capability-gate failure returns an error
// result with no trace at all.
function runProgram(program: AST.Program): RunResult {
  const caps = requestedCapabilities(program);
  for (let i = 0; i < caps.length; i++) {
    const cap = caps[i];
    if (allowedCaps.indexOf(cap) < 0) {
      const first = program.headers.find((h) => h.kind === "CapDecl");
      const error = new A0Error("E_CAP_DENIED", `Capability '${cap}' is not allowed by policy.`, first?.span, {
        capability: cap,
      });
      return { kind: "error", error, evidence: NONE, trace: NONE };
    }
  }

  const budget = declaredBudget(program);
  if (budget !== null) {
    timeMs = budget.timeMs as number | undefined;
    maxIterations = budget.maxIterations as number | undefined;
    maxToolCalls = budget.maxToolCalls as number | undefined;
    maxBytesWritten = budget.maxBytesWritten as number | undefined;
  }
  startMs = Date.now();

  const startData: Rec = { file: fileName, capabilities: caps };
  if (budget !== null) startData.budget = budget;
  emit("run_start", program.span, startData);

  try {
    const value = execBlock(program.statements, newScope(null));
    emit("run_end", program.span, { durationMs: Date.now() - startMs });
    return { kind: "ok", value, evidence: evidenceList, trace: traceEvents };
  } catch (e) {
    if (e instanceof HarnessLimitError) return { kind: "limit", limit: e, evidence: evidenceList, trace: traceEvents };
    if (passesThrough(e)) throw e;
    const error = toA0Error(e);
    try {
      // run_end is a step too, and may be the one over maxSteps.
      emit("run_end", program.span, { durationMs: Date.now() - startMs, error: error.code, message: error.message });
    } catch (limit) {
      if (limit instanceof HarnessLimitError) return { kind: "limit", limit, evidence: evidenceList, trace: traceEvents };
      throw limit;
    }
    // Only an A0 error carries the evidence gathered before it (spec §5.2): upstream's
    // run attaches the list to the A0 error it raises, and an internal error (a
    // JavaScript exception surfacing as E_RUNTIME) is not one, so its run reports none.
    // The trace (run_end included) and the tool calls stay: they were written as they
    // happened.
    const evidence = e instanceof A0Error ? evidenceList : NONE;
    return { kind: "error", error, evidence, trace: traceEvents };
  }
}

// A step of maxSteps is one trace event or one counted iteration; each is taken as
// `if (stepsLeft === 0) tooManySteps(); stepsLeft--;` (written out at each point rather
// than called, as the steps are the most frequent thing a run does). The step over the
// limit ends the run before it happens (the Go evaluator counts the same steps at the same
// points: runtime/outcome.Limits).
function tooManySteps(): never {
  throw new HarnessLimitError("maxSteps", `the run took more than ${limits.maxSteps} steps (trace events and iterations)`);
}

function emit(event: string, span: AST.Span, data?: Rec): void {
  if (stepsLeft === 0) tooManySteps();
  stepsLeft--;
  traceEvents.push(event, span, data);
}

// ---- budgets (spec §5.16) ----

function budgetExceeded(budget: string, limit: number, actual: number, span: AST.Span, message: string): never {
  const details: Rec = { budget, limit, actual };
  emit("budget_exceeded", span, details);
  throw new A0Error("E_BUDGET", message, span, details);
}

// checkTime takes the node rather than its span: nodes compute their span only when it is
// read (see the parser's rangeKind), here only when the budget is exceeded.
function checkTime(node: AST.Expr | AST.Stmt): void {
  const limit = timeMs as number;
  const elapsed = Date.now() - startMs;
  if (elapsed > limit) {
    budgetExceeded("timeMs", limit, elapsed, typeof node === "number" ? exprSpan(node) : node.span, `Budget exceeded: timeMs limit of ${limit}ms exceeded (${elapsed}ms elapsed).`);
  }
}

// countIteration counts one iteration: first as a step, then for maxIterations.
function countIteration(span: AST.Span): void {
  if (stepsLeft === 0) tooManySteps();
  stepsLeft--;
  iterationCount++;
  const limit = maxIterations;
  if (limit !== undefined && iterationCount > limit) {
    budgetExceeded("maxIterations", limit, iterationCount, span, `Budget exceeded: maxIterations limit of ${limit} reached.`);
  }
}

// enterFunction is the maxDepth check, made immediately before a user-function body
// (direct call or callback) starts executing.
function enterFunction(name: string): void {
  if (callDepth >= limits.maxDepth) {
    throw new HarnessLimitError("maxDepth", `call of '${name}' exceeds maxDepth ${limits.maxDepth}`);
  }
  callDepth++;
}

// ---- statements (spec §5.4) ----

function execBlock(stmts: AST.Stmt[], scope: Scope): Value {
  for (let i = 0; i < stmts.length; i++) {
    const stmt = stmts[i];
    if (timeMs !== undefined) checkTime(stmt);
    if (stepsLeft === 0) tooManySteps();
    stepsLeft--;
    traceEvents.push("stmt_start", stmt.span, undefined);
    switch (stmt.kind) {
      case "LetStmt":
        bind(scope, stmt.name, evalExpr(stmt.value, scope));
        break;
      case "ExprStmt": {
        const v = evalExpr(stmt.expr, scope);
        if (stmt.target !== undefined) bindTarget(stmt.target.parts, v, scope);
        break;
      }
      case "FnDecl":
        userFns.set(stmt.name, { decl: stmt, closure: scope });
        break;
      case "ReturnStmt": {
        const v = evalExpr(stmt.value, scope);
        if (stepsLeft === 0) tooManySteps();
        stepsLeft--;
        traceEvents.push("stmt_end", stmt.span, undefined);
        return v;
      }
    }
    if (stepsLeft === 0) tooManySteps();
    stepsLeft--;
    traceEvents.push("stmt_end", stmt.span, undefined);
  }
  return null;
}

// bindTarget binds `-> p0.p1.….pn`: the value wrapped as { p1: { …{ pn: v } } } under p0.
// The wrappers are literals with computed keys, which define their key (a segment named
// __proto__ becomes an own key, not a prototype).
function bindTarget(parts: string[], v: Value, scope: Scope): void {
  let wrapped = v;
  for (let i = parts.length - 1; i >= 1; i--) wrapped = singleKeyRecord(parts[i], wrapped);
  bind(scope, parts[0], wrapped);
}

// ---- expressions (spec §5.5) ----

// The cases are ordered by how often the kinds occur, as goja tries them one by one.
function evalExpr(expr: AST.Expr, scope: Scope): Value {
  if (timeMs !== undefined) checkTime(expr);
  if (typeof expr === "number") return literalValues[expr];
  switch (expr.kind) {
    case "IdentPath":
      return evalPath(expr, scope);
    case "RecordExpr":
      return evalEntries(expr, expr.entries, scope);
    case "FnCallExpr":
      return evalCall(expr, scope);
    case "ListExpr": {
      const out: Value[] = [];
      const elements = expr.elements;
      for (let i = 0; i < elements.length; i++) out.push(evalExpr(elements[i], scope));
      limits.checkLength(out.length, "list literal");
      return out;
    }
    case "BinaryExpr":
      return evalBinary(expr, scope);
    case "UnaryExpr": {
      const v = evalExpr(expr.operand, scope);
      if (typeof v !== "number") throw new A0Error("E_TYPE", `Unary '-' requires a number, got ${typeofName(v)}.`, expr.span);
      return -v;
    }
    case "IfExpr":
      return isTruthy(evalExpr(expr.cond, scope)) ? evalExpr(expr.then, scope) : evalExpr(expr.else, scope);
    case "CallExpr":
    case "DoExpr":
      return evalTool(expr, scope);
    case "TryExpr":
      return evalTry(expr, scope);
    case "ForExpr":
      return evalFor(expr, scope);
    case "IfBlockExpr": {
      const cond = evalExpr(expr.cond, scope);
      return execBlock(isTruthy(cond) ? expr.thenBody : expr.elseBody, newScope(scope));
    }
    case "MatchExpr":
      return evalMatch(expr, scope);
    case "AssertExpr":
    case "CheckExpr":
      return evalEvidence(expr, scope);
    case "LoopExpr":
      return evalLoop(expr, scope);
    case "FilterBlockExpr":
      return evalFilterBlock(expr, scope);
  }
}

function evalPath(expr: AST.IdentPath, scope: Scope): Value {
  const parts = expr.parts;
  let v = lookup(scope, parts[0]);
  if (v === undefined) throw new A0Error("E_UNBOUND", `Unbound variable '${parts[0]}'.`, expr.span);
  for (let i = 1; i < parts.length; i++) {
    if (!isRecord(v)) throw new A0Error("E_PATH", `Cannot access '${parts[i]}' on non-record value.`, expr.span);
    // A JavaScript property read: inherited properties count (spec §10.2).
    const next: Value | undefined = v[parts[i]];
    v = next === undefined ? null : next;
  }
  return v;
}

// evalEntries evaluates a record literal (spec §5.9), or the argument record of a call,
// tool call or assert/check (node, whose entries are given): its entries in order, keys
// stored by assignment, and a spread copies the operand's own keys by assignment
// (Object.assign). The validator rejects spreads in arguments (spec §4.5); one that gets
// through is evaluated like a literal's.
function evalEntries(node: AST.WithRecord, entries: AST.RecordEntries, scope: Scope): Rec {
  const out: Rec = {};
  for (let i = 0; i < entries.length; i += 2) {
    const key = entries[i] as string | null;
    if (key !== null) {
      out[key] = evalExpr(entries[i + 1] as AST.Expr, scope);
    } else {
      const v = evalExpr(entries[i + 1] as AST.Expr, scope);
      if (!isRecord(v)) throw new A0Error("E_TYPE", `Spread requires a record, got ${shapeName(v)}.`, entrySpan(node, i / 2));
      Object.assign(out, v);
    }
  }
  return out;
}

// ---- operators (spec §5.6) ----

function evalBinary(expr: AST.BinaryExpr, scope: Scope): Value {
  const l = evalExpr(expr.left, scope);
  const r = evalExpr(expr.right, scope);
  const op = expr.op;
  switch (op) {
    case "+":
      if (typeof l === "number" && typeof r === "number") return l + r;
      if (typeof l === "string" && typeof r === "string") {
        limits.checkLength(l.length + r.length, "string concatenation");
        return l + r;
      }
      throw new A0Error("E_TYPE", `Operator '+' requires two numbers or two strings, got ${typeofName(l)} and ${typeofName(r)}.`, expr.span);
    case "-":
    case "*":
    case "/":
    case "%":
      if (typeof l !== "number" || typeof r !== "number") {
        throw new A0Error("E_TYPE", `Operator '${op}' requires numbers, got ${typeofName(l)} and ${typeofName(r)}.`, expr.span);
      }
      if (op === "-") return l - r;
      if (op === "*") return multiply(l, r);
      if (r === 0) throw new A0Error("E_TYPE", op === "/" ? "Division by zero." : "Modulo by zero.", expr.span);
      return op === "/" ? l / r : l % r;
    case "==":
      return deepEqual(l, r);
    case "!=":
      return !deepEqual(l, r);
    case "<":
    case ">":
    case "<=":
    case ">=":
      if (!((typeof l === "number" && typeof r === "number") || (typeof l === "string" && typeof r === "string"))) {
        throw new A0Error(
          "E_TYPE",
          `Operator '${op}' requires numbers or strings of the same type, got ${typeofName(l)} and ${typeofName(r)}.`,
          expr.span,
        );
      }
      if (op === "<") return l < r;
      if (op === ">") return l > r;
      if (op === "<=") return l <= r;
      return l >= r;
  }
}

// ---- calls (spec §5.10, §5.11, §5.15) ----

function evalCall(expr: AST.FnCallExpr, scope: Scope): Value {
  const name = expr.name;
  if (name === "map") return evalMap(expr, scope);
  if (name === "reduce") return evalReduce(expr, scope);
  if (name === "filter") return evalFilterCall(expr, scope);

  const fn = userFns.get(name);
  if (fn !== undefined) {
    // The start and end events carry equal data; one record serves both (trace data is
    // only ever written out).
    const data: Rec = { fn: name };
    emit("fn_call_start", expr.span, data);
    const args = evalEntries(expr, expr.args, scope);
    const local = newScope(fn.closure);
    const params = fn.decl.params;
    for (let i = 0; i < params.length; i++) {
      const p = params[i];
      const v: Value | undefined = args[p];
      bind(local, p, v === undefined ? null : v);
    }
    const result = runBody(fn, local);
    emit("fn_call_end", expr.span, data);
    return result;
  }

  const lib = stdlib.get(name);
  if (lib === undefined) throw new A0Error("E_UNKNOWN_FN", `Unknown function '${name}'.`, expr.span);
  const args = evalEntries(expr, expr.args, scope);
  const result = callStdlib(name, lib, args, expr);
  if (timeMs !== undefined) checkTime(expr);
  return result;
}

// callStdlib takes the call's node rather than its span, which is read (and so made: see
// the parser's rangeKind) only when the function fails.
function callStdlib(name: string, lib: (args: Rec, limits: Limits) => Value, args: Rec, call: AST.FnCallExpr): Value {
  let result: Value;
  try {
    result = lib(args, limits);
  } catch (e) {
    if (passesThrough(e)) throw e;
    throw new A0Error("E_FN", `Function '${name}' failed: ${errorMessage(e)}`, call.span, { fn: name });
  }
  // limits.checkProduced(result, `${name} result`), without making the name first.
  if ((typeof result === "string" || Array.isArray(result)) && result.length > limits.maxSize) {
    limits.checkLength(result.length, `${name} result`);
  }
  return result;
}

function runBody(fn: UserFn, local: Scope): Value {
  enterFunction(fn.decl.name);
  const result = execBlock(fn.decl.body, local);
  callDepth--;
  return result;
}

// callbackScope binds a map/filter callback's parameters for one item: a single
// parameter takes the item, otherwise the item must be a record supplying each
// parameter by name.
function callbackScope(op: string, fn: UserFn, fnName: string, item: Value, span: AST.Span): Scope {
  const local = newScope(fn.closure);
  const params = fn.decl.params;
  if (params.length === 1) {
    bind(local, params[0], item);
    return local;
  }
  if (!isRecord(item)) {
    throw new A0Error(
      "E_TYPE",
      `${op} item must be a record when function '${fnName}' expects ${params.length} parameters; got ${shapeName(item)}.`,
      span,
    );
  }
  for (let i = 0; i < params.length; i++) {
    const p = params[i];
    const v: Value | undefined = item[p];
    bind(local, p, v === undefined ? null : v);
  }
  return local;
}

function lookupCallback(fnName: string, span: AST.Span): UserFn {
  const fn = userFns.get(fnName);
  if (fn === undefined) throw new A0Error("E_UNKNOWN_FN", `Unknown function '${fnName}'.`, span);
  return fn;
}

function evalMap(expr: AST.FnCallExpr, scope: Scope): Value {
  const span = expr.span;
  const args = evalEntries(expr, expr.args, scope);
  const list = args.in;
  if (!Array.isArray(list)) throw new A0Error("E_TYPE", `map 'in' must be a list, got ${typeofName(list)}.`, span);
  const fnName = args.fn;
  if (typeof fnName !== "string") throw new A0Error("E_TYPE", `map 'fn' must be a string, got ${typeofName(fnName)}.`, span);
  const fn = lookupCallback(fnName, span);
  emit("map_start", span, { fn: fnName, listLength: list.length });
  const out: Value[] = [];
  const callData: Rec = { fn: fnName }; // the data of every callback's start and end event
  for (let i = 0; i < list.length; i++) {
    const item = list[i];
    countIteration(span);
    emit("fn_call_start", span, callData);
    const local = callbackScope("map", fn, fnName, item, span);
    out.push(runBody(fn, local));
    emit("fn_call_end", span, callData);
  }
  emit("map_end", span, { fn: fnName, iterations: list.length });
  return out;
}

function evalFilterCall(expr: AST.FnCallExpr, scope: Scope): Value {
  const args = evalEntries(expr, expr.args, scope);
  const fnGiven = args.fn !== null && args.fn !== undefined;
  const byGiven = args.by !== null && args.by !== undefined;
  if (fnGiven && byGiven) {
    throw new A0Error("E_FN", "filter requires exactly one of 'by' or 'fn', not both.", expr.span, { fn: "filter" });
  }
  if (!fnGiven) return callStdlib("filter", stdlib.get("filter")!, args, expr);
  const span = expr.span;

  const list = args.in;
  if (!Array.isArray(list)) throw new A0Error("E_TYPE", `filter 'in' must be a list, got ${typeofName(list)}.`, span);
  const fnName = args.fn;
  if (typeof fnName !== "string") throw new A0Error("E_TYPE", `filter 'fn' must be a string, got ${typeofName(fnName)}.`, span);
  const fn = lookupCallback(fnName, span);
  const kept: Value[] = [];
  const callData: Rec = { fn: fnName }; // the data of every callback's start and end event
  for (let i = 0; i < list.length; i++) {
    const item = list[i];
    countIteration(span);
    emit("fn_call_start", span, callData);
    const local = callbackScope("filter", fn, fnName, item, span);
    const verdict = runBody(fn, local);
    emit("fn_call_end", span, callData);
    if (isTruthy(unwrapPredicate(verdict))) kept.push(item);
  }
  return kept;
}

function evalReduce(expr: AST.FnCallExpr, scope: Scope): Value {
  const span = expr.span;
  const args = evalEntries(expr, expr.args, scope);
  const list = args.in;
  if (!Array.isArray(list)) throw new A0Error("E_TYPE", `reduce 'in' must be a list, got ${typeofName(list)}.`, span);
  const fnName = args.fn;
  if (typeof fnName !== "string") throw new A0Error("E_TYPE", `reduce 'fn' must be a string, got ${typeofName(fnName)}.`, span);
  const init: Value | undefined = args.init;
  let acc: Value = init === undefined ? null : init;
  const fn = lookupCallback(fnName, span);
  const params = fn.decl.params;
  if (params.length !== 2) {
    throw new A0Error(
      "E_TYPE",
      `reduce callback '${fnName}' must accept exactly 2 parameters (accumulator, item), got ${params.length}.`,
      span,
    );
  }
  emit("reduce_start", span, { fn: fnName, listLength: list.length });
  const callData: Rec = { fn: fnName }; // the data of every callback's start and end event
  for (let i = 0; i < list.length; i++) {
    const item = list[i];
    countIteration(span);
    emit("fn_call_start", span, callData);
    const local = newScope(fn.closure);
    bind(local, params[0], acc);
    bind(local, params[1], item);
    acc = runBody(fn, local);
    emit("fn_call_end", span, callData);
  }
  emit("reduce_end", span, { fn: fnName, iterations: list.length });
  return acc;
}

// ---- control flow (spec §5.12) ----

function evalFor(expr: AST.ForExpr, scope: Scope): Value {
  const list = evalExpr(expr.list, scope);
  if (!Array.isArray(list)) {
    throw new A0Error("E_FOR_NOT_LIST", `for-in expression must evaluate to a list, got ${rawTypeofName(list)}.`, exprSpan(expr.list));
  }
  emit("for_start", expr.span, { listLength: list.length, as: expr.binding });
  const out: Value[] = [];
  for (let i = 0; i < list.length; i++) {
    const item = list[i];
    countIteration(expr.span);
    const local = newScope(scope);
    bind(local, expr.binding, item);
    out.push(execBlock(expr.body, local));
  }
  emit("for_end", expr.span, { iterations: list.length });
  return out;
}

function evalFilterBlock(expr: AST.FilterBlockExpr, scope: Scope): Value {
  const list = evalExpr(expr.list, scope);
  if (!Array.isArray(list)) {
    throw new A0Error("E_TYPE", `filter 'in' must be a list, got ${typeofName(list)}.`, exprSpan(expr.list));
  }
  emit("filter_start", expr.span, { listLength: list.length, as: expr.binding });
  const kept: Value[] = [];
  for (let i = 0; i < list.length; i++) {
    const item = list[i];
    countIteration(expr.span);
    const local = newScope(scope);
    bind(local, expr.binding, item);
    if (isTruthy(unwrapPredicate(execBlock(expr.body, local)))) kept.push(item);
  }
  emit("filter_end", expr.span, { iterations: list.length });
  return kept;
}

function evalLoop(expr: AST.LoopExpr, scope: Scope): Value {
  const init = evalExpr(expr.init, scope);
  const times = evalExpr(expr.times, scope);
  if (typeof times !== "number" || !Number.isInteger(times) || times < 0) {
    const shown = times === null ? "null" : jsonText(times, limits);
    throw new A0Error("E_TYPE", `loop 'times' must be a non-negative integer, got ${shown}.`, expr.span);
  }
  emit("loop_start", expr.span, { times, as: expr.binding });
  let current = init;
  for (let i = 0; i < times; i++) {
    countIteration(expr.span);
    const local = newScope(scope);
    bind(local, expr.binding, current);
    current = execBlock(expr.body, local);
  }
  emit("loop_end", expr.span, { iterations: times });
  return current;
}

function evalMatch(expr: AST.MatchExpr, scope: Scope): Value {
  const subject = evalExpr(expr.subject, scope);
  if (!isRecord(subject)) {
    throw new A0Error("E_MATCH_NOT_RECORD", `match subject must be a record, got ${shapeName(subject)}.`, exprSpan(expr.subject));
  }
  // Presence, not truthiness; inherited keys count (the `in` operator).
  let arm: AST.MatchArm;
  if ("ok" in subject) arm = expr.okArm;
  else if ("err" in subject) arm = expr.errArm;
  else throw new A0Error("E_MATCH_NO_ARM", "match subject record has neither 'ok' nor 'err' key.", exprSpan(expr.subject));
  const tag = arm.tag;
  const data: Rec = { arm: tag }; // the data of both the start and the end event
  emit("match_start", expr.span, data);
  const local = newScope(scope);
  const bound: Value | undefined = subject[tag];
  bind(local, arm.binding, bound === undefined ? null : bound);
  const result = execBlock(arm.body, local);
  emit("match_end", expr.span, data);
  return result;
}

function evalTry(expr: AST.TryExpr, scope: Scope): Value {
  const depth = callDepth;
  try {
    return execBlock(expr.tryBody, newScope(scope));
  } catch (e) {
    if (passesThrough(e)) throw e;
    callDepth = depth;
    const error = toA0Error(e);
    const caught: Rec = { code: error.code, message: error.message };
    if (error.details !== undefined) caught.details = error.details;
    const local = newScope(scope);
    bind(local, expr.catchBinding, caught);
    return execBlock(expr.catchBody, local);
  }
}

// ---- evidence (spec §5.13) ----

function evalEvidence(expr: AST.AssertExpr | AST.CheckExpr, scope: Scope): Value {
  const args = evalEntries(expr, expr.args, scope);
  const kind = expr.kind === "AssertExpr" ? "assert" : "check";
  const ok = isTruthy(args.that);
  const msgArg = args.msg;
  const msg = typeof msgArg === "string" ? msgArg : "";
  const ev: Rec = { kind, ok, msg, span: spanRecord(expr.span) };
  const details = args.details;
  if (isRecord(details)) ev.details = details;
  if (evidenceList === NONE) evidenceList = [];
  evidenceList.push(ev);
  emit("evidence", expr.span, ev);
  if (kind === "assert" && !ok) {
    throw new A0Error("E_ASSERT", `Assertion failed: ${msg}`, expr.span, { evidence: ev });
  }
  return ev;
}

// ---- tools (spec §5.14) ----

// decodeReply reads host.call's reply: {"ok": VALUE} or {"err": "MESSAGE"}.
function decodeReply(tool: string, text: unknown): Rec {
  let reply: Value;
  try {
    reply = decodeCanonical(String(text));
  } catch (e) {
    throw new HostProtocolError(`host.call(${tool}) returned text that is not canonical JSON: ${errorMessage(e)}`);
  }
  if (isRecord(reply) && ("ok" in reply || typeof reply.err === "string")) return reply;
  throw new HostProtocolError(`host.call(${tool}) must return {"ok": VALUE} or {"err": "MESSAGE"}`);
}

// callFsWrite serialises fs.write's data and hands the text to the host. Serialising
// is part of the tool (spec §9.2): an exception it throws (a toJSON that fails, or
// never ends) is the tool's failure, E_TOOL with tool_end, as in upstream, where the
// tool itself calls JSON.stringify; only harness limits pass through.
function callFsWrite(args: Rec, argsJSON: string): Rec {
  let dataText: string | undefined;
  try {
    dataText = fsWriteText(args, limits);
  } catch (e) {
    if (passesThrough(e)) throw e;
    return { err: errorMessage(e) };
  }
  return decodeReply("fs.write", toolHost.call("fs.write", argsJSON, dataText));
}

function evalTool(expr: AST.CallExpr | AST.DoExpr, scope: Scope): Value {
  const span = expr.span;
  const name = expr.tool;
  const tool = toolHost.tools.get(name);
  if (tool === undefined) throw new A0Error("E_UNKNOWN_TOOL", `Unknown tool '${name}'.`, span);
  if (expr.kind === "CallExpr" && tool.mode === "effect") {
    throw new A0Error("E_CALL_EFFECT", `Cannot use 'call?' with effectful tool '${name}'. Use 'do' instead.`, span);
  }
  if (allowedCaps.indexOf(tool.capability) < 0) {
    throw new A0Error("E_CAP_DENIED", `Capability '${tool.capability}' required by tool '${name}' is not allowed.`, span, {
      capability: tool.capability,
      tool: name,
    });
  }
  const args = evalEntries(expr, expr.args, scope);
  const argsJSON = encodeCanonical(args, limits, `arguments of ${name}`);
  const issues: unknown = toolHost.validate(name, argsJSON);
  if (typeof issues !== "string") throw new HostProtocolError(`host.validate(${name}) must return a string`);
  if (issues !== "") {
    throw new A0Error("E_TOOL_ARGS", `Invalid arguments for tool '${name}': ${issues}`, argsSpan(expr), { tool: name });
  }

  toolCalls++;
  const maxCalls = maxToolCalls;
  if (maxCalls !== undefined && toolCalls > maxCalls) {
    budgetExceeded("maxToolCalls", maxCalls, toolCalls, span, `Budget exceeded: maxToolCalls limit of ${maxCalls} reached.`);
  }
  emit("tool_start", span, { tool: name, args, mode: tool.mode });
  const started = Date.now();
  const reply = name === "fs.write" ? callFsWrite(args, argsJSON) : decodeReply(name, toolHost.call(name, argsJSON, undefined));
  const durationMs = Date.now() - started;
  if (!("ok" in reply)) {
    const message = reply.err as string;
    emit("tool_end", span, { tool: name, outcome: "err", durationMs, error: message });
    throw new A0Error("E_TOOL", `Tool '${name}' failed: ${message}`, span, { tool: name });
  }
  const result = reply.ok;
  // A tool result is a value the run now holds: bounded like every serialised value
  // (the Go evaluator checks it at the same point, before tool_end).
  limits.checkNodes(result, true, `result of ${name}`);
  emit("tool_end", span, { tool: name, outcome: "ok", durationMs });

  if (isRecord(result) && typeof result.bytes === "number") {
    bytesWritten += result.bytes;
    const maxBytes = maxBytesWritten;
    if (maxBytes !== undefined && bytesWritten > maxBytes) {
      budgetExceeded(
        "maxBytesWritten",
        maxBytes,
        bytesWritten,
        span,
        `Budget exceeded: maxBytesWritten limit of ${maxBytes} bytes exceeded (${bytesWritten} bytes written).`,
      );
    }
  }
  if (timeMs !== undefined) checkTime(expr);
  return result;
}

// unwrapPredicate is the filter rule for a predicate's value (spec §5.11): a record stands
// for its first property value in key order (null when empty); anything else for itself.
function unwrapPredicate(v: Value): Value {
  if (!isRecord(v)) return v;
  const keys = Object.keys(v);
  return keys.length === 0 ? null : v[keys[0]];
}

// toA0Error turns anything thrown during evaluation into the runtime error it reports:
// A0 errors as they are, everything else as E_RUNTIME with its message.
function toA0Error(e: unknown): A0Error {
  if (e instanceof A0Error) return e;
  return new A0Error("E_RUNTIME", errorMessage(e));
}
