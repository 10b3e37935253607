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

// A trace event. encodeOutcome serialises these objects (and their spans) with
// JSON.stringify as they are, so they are always created with their keys in this order.
export interface TraceEvent {
  event: string;
  span: AST.Span;
  data?: Rec;
}

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
  | { kind: "ok"; value: Value; evidence: Rec[]; trace: TraceEvent[] }
  | { kind: "error"; error: A0Error; evidence: Rec[]; trace: TraceEvent[] }
  // A harness limit ended the run: what it produced before the limit.
  | { kind: "limit"; limit: HarnessLimitError; evidence: Rec[]; trace: TraceEvent[] };

// The variables of one scope. Most scopes hold a single variable (a loop item, a
// callback's parameter): it is kept in two fields, and a Map is made only for more.
class Scope {
  private firstName: string | null = null;
  private firstValue: Value | undefined = undefined;
  private others: Map<string, Value> | null = null;
  constructor(readonly parent: Scope | null) {}

  // set binds name in this scope, replacing its binding here if it has one.
  set(name: string, v: Value): void {
    if (this.firstName === null || this.firstName === name) {
      this.firstName = name;
      this.firstValue = v;
      return;
    }
    if (this.others === null) this.others = new Map<string, Value>();
    this.others.set(name, v);
  }

  lookup(name: string): Value | undefined {
    let s: Scope | null = this;
    do {
      if (s.firstName === name) {
        if (s.firstValue !== undefined) return s.firstValue;
      } else if (s.others !== null) {
        const v = s.others.get(name);
        if (v !== undefined) return v;
      }
      s = s.parent;
    } while (s !== null);
    return undefined;
  }
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

// requestedCapabilities lists the keys of all cap pairs set to the literal true, in header
// order, duplicates kept (spec §5.2).
function requestedCapabilities(program: AST.Program): string[] {
  const caps: string[] = [];
  const headers = program.headers;
  for (let i = 0; i < headers.length; i++) {
    const h = headers[i];
    if (h.kind !== "CapDecl") continue;
    const pairs = h.capabilities.pairs;
    for (let j = 0; j < pairs.length; j++) {
      const p = pairs[j];
      if (p.kind === "RecordPair" && p.value.kind === "BoolLiteral" && p.value.value === true) caps.push(p.key);
    }
  }
  return caps;
}

// declaredBudget collects the budget fields in order of first appearance; later headers
// override earlier values field by field (spec §5.16).
function declaredBudget(program: AST.Program): Rec {
  const budget: Rec = {};
  const headers = program.headers;
  for (let i = 0; i < headers.length; i++) {
    const h = headers[i];
    if (h.kind !== "BudgetDecl") continue;
    const pairs = h.budget.pairs;
    for (let j = 0; j < pairs.length; j++) {
      const p = pairs[j];
      if (p.kind === "RecordPair" && BUDGET_FIELDS.indexOf(p.key) >= 0 && p.value.kind === "IntLiteral") {
        budget[p.key] = p.value.value;
      }
    }
  }
  return budget;
}

export class Evaluator {
  private readonly trace: TraceEvent[] = [];
  private readonly evidence: Rec[] = [];
  private readonly fns = new Map<string, UserFn>();
  private readonly allowed: Set<string>;

  private timeMs: number | undefined;
  private maxIterations: number | undefined;
  private maxToolCalls: number | undefined;
  private maxBytesWritten: number | undefined;
  private startMs = 0;
  private iterations = 0;
  private toolCalls = 0;
  private bytesWritten = 0;
  private depth = 0;
  private stepsLeft = 0;

  constructor(
    private readonly program: AST.Program,
    private readonly file: string,
    allowed: string[],
    private readonly host: ToolHost,
    private readonly limits: Limits,
  ) {
    this.allowed = new Set(allowed);
    this.stepsLeft = limits.maxSteps;
  }

  // run executes the program (spec §5.2). A capability-gate failure returns an error
  // result with no trace at all.
  run(): RunResult {
    const program = this.program;
    const caps = requestedCapabilities(program);
    for (let i = 0; i < caps.length; i++) {
      const cap = caps[i];
      if (!this.allowed.has(cap)) {
        const first = program.headers.find((h) => h.kind === "CapDecl");
        const error = new A0Error("E_CAP_DENIED", `Capability '${cap}' is not allowed by policy.`, first?.span, {
          capability: cap,
        });
        return { kind: "error", error, evidence: [], trace: [] };
      }
    }

    const budget = declaredBudget(program);
    this.timeMs = budget.timeMs as number | undefined;
    this.maxIterations = budget.maxIterations as number | undefined;
    this.maxToolCalls = budget.maxToolCalls as number | undefined;
    this.maxBytesWritten = budget.maxBytesWritten as number | undefined;
    this.startMs = Date.now();

    const startData: Rec = { file: this.file, capabilities: caps };
    if (Object.keys(budget).length > 0) startData.budget = budget;
    this.emit("run_start", program.span, startData);

    try {
      const value = this.execBlock(program.statements, new Scope(null));
      this.emit("run_end", program.span, { durationMs: Date.now() - this.startMs });
      return { kind: "ok", value, evidence: this.evidence, trace: this.trace };
    } catch (e) {
      if (e instanceof HarnessLimitError) return { kind: "limit", limit: e, evidence: this.evidence, trace: this.trace };
      if (passesThrough(e)) throw e;
      const error = toA0Error(e);
      try {
        // run_end is a step too, and may be the one over maxSteps.
        this.emit("run_end", program.span, { durationMs: Date.now() - this.startMs, error: error.code, message: error.message });
      } catch (limit) {
        if (limit instanceof HarnessLimitError) return { kind: "limit", limit, evidence: this.evidence, trace: this.trace };
        throw limit;
      }
      // Only an A0 error carries the evidence gathered before it (spec §5.2): upstream's
      // run attaches the list to the A0 error it raises, and an internal error (a
      // JavaScript exception surfacing as E_RUNTIME) is not one, so its run reports none.
      // The trace (run_end included) and the tool calls stay: they were written as they
      // happened.
      const evidence = e instanceof A0Error ? this.evidence : [];
      return { kind: "error", error, evidence, trace: this.trace };
    }
  }

  // takeStep takes one step of maxSteps: one trace event or one counted iteration. The
  // step over the limit ends the run before it happens (the Go evaluator counts the same
  // steps at the same points: runtime/outcome.Limits).
  private takeStep(): void {
    if (this.stepsLeft === 0) {
      throw new HarnessLimitError("maxSteps", `the run took more than ${this.limits.maxSteps} steps (trace events and iterations)`);
    }
    this.stepsLeft--;
  }

  private emit(event: string, span: AST.Span, data?: Rec): void {
    this.takeStep();
    this.trace.push(data === undefined ? { event, span } : { event, span, data });
  }

  // ---- budgets (spec §5.16) ----

  private budgetExceeded(budget: string, limit: number, actual: number, span: AST.Span, message: string): never {
    const details: Rec = { budget, limit, actual };
    this.emit("budget_exceeded", span, details);
    throw new A0Error("E_BUDGET", message, span, details);
  }

  // checkTime takes the node rather than its span: most expression nodes compute their span
  // only when it is read (see the parser's LAZY_SPAN), here only when the budget is exceeded.
  private checkTime(node: { span: AST.Span }): void {
    const limit = this.timeMs as number;
    const elapsed = Date.now() - this.startMs;
    if (elapsed > limit) {
      this.budgetExceeded("timeMs", limit, elapsed, node.span, `Budget exceeded: timeMs limit of ${limit}ms exceeded (${elapsed}ms elapsed).`);
    }
  }

  // countIteration counts one iteration: first as a step, then for maxIterations.
  private countIteration(span: AST.Span): void {
    this.takeStep();
    this.iterations++;
    const limit = this.maxIterations;
    if (limit !== undefined && this.iterations > limit) {
      this.budgetExceeded("maxIterations", limit, this.iterations, span, `Budget exceeded: maxIterations limit of ${limit} reached.`);
    }
  }

  // enterFunction is the maxDepth check, made immediately before a user-function body
  // (direct call or callback) starts executing.
  private enterFunction(name: string): void {
    if (this.depth >= this.limits.maxDepth) {
      throw new HarnessLimitError("maxDepth", `call of '${name}' exceeds maxDepth ${this.limits.maxDepth}`);
    }
    this.depth++;
  }

  // ---- statements (spec §5.4) ----

  private execBlock(stmts: AST.Stmt[], scope: Scope): Value {
    for (let i = 0; i < stmts.length; i++) {
      const stmt = stmts[i];
      if (this.timeMs !== undefined) this.checkTime(stmt);
      this.takeStep();
      this.trace.push({ event: "stmt_start", span: stmt.span });
      switch (stmt.kind) {
        case "LetStmt":
          scope.set(stmt.name, this.evalExpr(stmt.value, scope));
          break;
        case "ExprStmt": {
          const v = this.evalExpr(stmt.expr, scope);
          if (stmt.target !== undefined) this.bindTarget(stmt.target.parts, v, scope);
          break;
        }
        case "FnDecl":
          this.fns.set(stmt.name, { decl: stmt, closure: scope });
          break;
        case "ReturnStmt": {
          const v = this.evalExpr(stmt.value, scope);
          this.takeStep();
          this.trace.push({ event: "stmt_end", span: stmt.span });
          return v;
        }
      }
      this.takeStep();
      this.trace.push({ event: "stmt_end", span: stmt.span });
    }
    return null;
  }

  // bindTarget binds `-> p0.p1.….pn`: the value wrapped as { p1: { …{ pn: v } } } under p0.
  // The wrappers are literals with computed keys, which define their key (a segment named
  // __proto__ becomes an own key, not a prototype).
  private bindTarget(parts: string[], v: Value, scope: Scope): void {
    let wrapped = v;
    for (let i = parts.length - 1; i >= 1; i--) wrapped = singleKeyRecord(parts[i], wrapped);
    scope.set(parts[0], wrapped);
  }

  // ---- expressions (spec §5.5) ----

  // The cases are ordered by how often the kinds occur, as goja tries them one by one.
  private evalExpr(expr: AST.Expr, scope: Scope): Value {
    if (this.timeMs !== undefined) this.checkTime(expr);
    switch (expr.kind) {
      case "IdentPath":
        return this.evalPath(expr, scope);
      case "StrLiteral":
      case "IntLiteral":
        return expr.value;
      case "RecordExpr":
        return this.evalRecord(expr, scope);
      case "FnCallExpr":
        return this.evalCall(expr, scope);
      case "ListExpr": {
        const out: Value[] = [];
        const elements = expr.elements;
        for (let i = 0; i < elements.length; i++) out.push(this.evalExpr(elements[i], scope));
        this.limits.checkLength(out.length, "list literal");
        return out;
      }
      case "BinaryExpr":
        return this.evalBinary(expr, scope);
      case "FloatLiteral":
      case "BoolLiteral":
        return expr.value;
      case "NullLiteral":
        return null;
      case "UnaryExpr": {
        const v = this.evalExpr(expr.operand, scope);
        if (typeof v !== "number") throw new A0Error("E_TYPE", `Unary '-' requires a number, got ${typeofName(v)}.`, expr.span);
        return -v;
      }
      case "IfExpr":
        return isTruthy(this.evalExpr(expr.cond, scope)) ? this.evalExpr(expr.then, scope) : this.evalExpr(expr.else, scope);
      case "CallExpr":
      case "DoExpr":
        return this.evalTool(expr, scope);
      case "TryExpr":
        return this.evalTry(expr, scope);
      case "ForExpr":
        return this.evalFor(expr, scope);
      case "IfBlockExpr": {
        const cond = this.evalExpr(expr.cond, scope);
        return this.execBlock(isTruthy(cond) ? expr.thenBody : expr.elseBody, new Scope(scope));
      }
      case "MatchExpr":
        return this.evalMatch(expr, scope);
      case "AssertExpr":
      case "CheckExpr":
        return this.evalEvidence(expr, scope);
      case "LoopExpr":
        return this.evalLoop(expr, scope);
      case "FilterBlockExpr":
        return this.evalFilterBlock(expr, scope);
    }
  }

  private evalPath(expr: AST.IdentPath, scope: Scope): Value {
    const parts = expr.parts;
    let v = scope.lookup(parts[0]);
    if (v === undefined) throw new A0Error("E_UNBOUND", `Unbound variable '${parts[0]}'.`, expr.span);
    for (let i = 1; i < parts.length; i++) {
      if (!isRecord(v)) throw new A0Error("E_PATH", `Cannot access '${parts[i]}' on non-record value.`, expr.span);
      // A JavaScript property read: inherited properties count (spec §10.2).
      const next: Value | undefined = v[parts[i]];
      v = next === undefined ? null : next;
    }
    return v;
  }

  // evalRecord evaluates a record literal (spec §5.9): keys are stored by assignment, and a
  // spread copies the operand's own keys by assignment (Object.assign).
  private evalRecord(expr: AST.RecordExpr, scope: Scope): Rec {
    const out: Rec = {};
    const pairs = expr.pairs;
    for (let i = 0; i < pairs.length; i++) {
      const p = pairs[i];
      if (p.kind === "RecordPair") {
        out[p.key] = this.evalExpr(p.value, scope);
      } else {
        const v = this.evalExpr(p.expr, scope);
        if (!isRecord(v)) throw new A0Error("E_TYPE", `Spread requires a record, got ${shapeName(v)}.`, p.span);
        Object.assign(out, v);
      }
    }
    return out;
  }

  // evalArgs evaluates the argument record of a call, tool call or assert/check: its
  // entries in order, keys stored by assignment.
  private evalArgs(args: AST.RecordExpr, scope: Scope): Rec {
    const out: Rec = {};
    const pairs = args.pairs;
    for (let i = 0; i < pairs.length; i++) {
      const p = pairs[i];
      if (p.kind === "RecordPair") {
        out[p.key] = this.evalExpr(p.value, scope);
      } else {
        // The validator rejects spreads here (spec §4.5); evaluate them like a literal's.
        const v = this.evalExpr(p.expr, scope);
        if (!isRecord(v)) throw new A0Error("E_TYPE", `Spread requires a record, got ${shapeName(v)}.`, p.span);
        Object.assign(out, v);
      }
    }
    return out;
  }

  // ---- operators (spec §5.6) ----

  private evalBinary(expr: AST.BinaryExpr, scope: Scope): Value {
    const l = this.evalExpr(expr.left, scope);
    const r = this.evalExpr(expr.right, scope);
    const op = expr.op;
    switch (op) {
      case "+":
        if (typeof l === "number" && typeof r === "number") return l + r;
        if (typeof l === "string" && typeof r === "string") {
          this.limits.checkLength(l.length + r.length, "string concatenation");
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

  private evalCall(expr: AST.FnCallExpr, scope: Scope): Value {
    const parts = expr.name.parts;
    const name = parts.length === 1 ? parts[0] : parts.join(".");
    if (name === "map") return this.evalMap(expr, scope);
    if (name === "reduce") return this.evalReduce(expr, scope);
    if (name === "filter") return this.evalFilterCall(expr, scope);

    const fn = this.fns.get(name);
    if (fn !== undefined) {
      // The start and end events carry equal data; one record serves both (trace data is
      // only ever written out).
      const data: Rec = { fn: name };
      this.emit("fn_call_start", expr.span, data);
      const args = this.evalArgs(expr.args, scope);
      const local = new Scope(fn.closure);
      const params = fn.decl.params;
      for (let i = 0; i < params.length; i++) {
        const p = params[i];
        const v: Value | undefined = args[p];
        local.set(p, v === undefined ? null : v);
      }
      const result = this.runBody(fn, local);
      this.emit("fn_call_end", expr.span, data);
      return result;
    }

    const lib = stdlib.get(name);
    if (lib === undefined) throw new A0Error("E_UNKNOWN_FN", `Unknown function '${name}'.`, expr.span);
    const args = this.evalArgs(expr.args, scope);
    const result = this.callStdlib(name, lib, args, expr.span);
    if (this.timeMs !== undefined) this.checkTime(expr);
    return result;
  }

  private callStdlib(name: string, lib: (args: Rec, limits: Limits) => Value, args: Rec, span: AST.Span): Value {
    let result: Value;
    try {
      result = lib(args, this.limits);
    } catch (e) {
      if (passesThrough(e)) throw e;
      throw new A0Error("E_FN", `Function '${name}' failed: ${errorMessage(e)}`, span, { fn: name });
    }
    this.limits.checkProduced(result, `${name} result`);
    return result;
  }

  private runBody(fn: UserFn, local: Scope): Value {
    this.enterFunction(fn.decl.name);
    const result = this.execBlock(fn.decl.body, local);
    this.depth--;
    return result;
  }

  // callbackScope binds a map/filter callback's parameters for one item: a single
  // parameter takes the item, otherwise the item must be a record supplying each
  // parameter by name.
  private callbackScope(op: string, fn: UserFn, fnName: string, item: Value, span: AST.Span): Scope {
    const local = new Scope(fn.closure);
    const params = fn.decl.params;
    if (params.length === 1) {
      local.set(params[0], item);
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
      local.set(p, v === undefined ? null : v);
    }
    return local;
  }

  private lookupCallback(fnName: string, span: AST.Span): UserFn {
    const fn = this.fns.get(fnName);
    if (fn === undefined) throw new A0Error("E_UNKNOWN_FN", `Unknown function '${fnName}'.`, span);
    return fn;
  }

  private evalMap(expr: AST.FnCallExpr, scope: Scope): Value {
    const span = expr.span;
    const args = this.evalArgs(expr.args, scope);
    const list = args.in;
    if (!Array.isArray(list)) throw new A0Error("E_TYPE", `map 'in' must be a list, got ${typeofName(list)}.`, span);
    const fnName = args.fn;
    if (typeof fnName !== "string") throw new A0Error("E_TYPE", `map 'fn' must be a string, got ${typeofName(fnName)}.`, span);
    const fn = this.lookupCallback(fnName, span);
    this.emit("map_start", span, { fn: fnName, listLength: list.length });
    const out: Value[] = [];
    const callData: Rec = { fn: fnName }; // the data of every callback's start and end event
    for (let i = 0; i < list.length; i++) {
      const item = list[i];
      this.countIteration(span);
      this.emit("fn_call_start", span, callData);
      const local = this.callbackScope("map", fn, fnName, item, span);
      out.push(this.runBody(fn, local));
      this.emit("fn_call_end", span, callData);
    }
    this.emit("map_end", span, { fn: fnName, iterations: list.length });
    return out;
  }

  private evalFilterCall(expr: AST.FnCallExpr, scope: Scope): Value {
    const span = expr.span;
    const args = this.evalArgs(expr.args, scope);
    const fnGiven = args.fn !== null && args.fn !== undefined;
    const byGiven = args.by !== null && args.by !== undefined;
    if (fnGiven && byGiven) {
      throw new A0Error("E_FN", "filter requires exactly one of 'by' or 'fn', not both.", span, { fn: "filter" });
    }
    if (!fnGiven) return this.callStdlib("filter", stdlib.get("filter")!, args, span);

    const list = args.in;
    if (!Array.isArray(list)) throw new A0Error("E_TYPE", `filter 'in' must be a list, got ${typeofName(list)}.`, span);
    const fnName = args.fn;
    if (typeof fnName !== "string") throw new A0Error("E_TYPE", `filter 'fn' must be a string, got ${typeofName(fnName)}.`, span);
    const fn = this.lookupCallback(fnName, span);
    const kept: Value[] = [];
    const callData: Rec = { fn: fnName }; // the data of every callback's start and end event
    for (let i = 0; i < list.length; i++) {
      const item = list[i];
      this.countIteration(span);
      this.emit("fn_call_start", span, callData);
      const local = this.callbackScope("filter", fn, fnName, item, span);
      const verdict = this.runBody(fn, local);
      this.emit("fn_call_end", span, callData);
      if (isTruthy(unwrapPredicate(verdict))) kept.push(item);
    }
    return kept;
  }

  private evalReduce(expr: AST.FnCallExpr, scope: Scope): Value {
    const span = expr.span;
    const args = this.evalArgs(expr.args, scope);
    const list = args.in;
    if (!Array.isArray(list)) throw new A0Error("E_TYPE", `reduce 'in' must be a list, got ${typeofName(list)}.`, span);
    const fnName = args.fn;
    if (typeof fnName !== "string") throw new A0Error("E_TYPE", `reduce 'fn' must be a string, got ${typeofName(fnName)}.`, span);
    const init: Value | undefined = args.init;
    let acc: Value = init === undefined ? null : init;
    const fn = this.lookupCallback(fnName, span);
    const params = fn.decl.params;
    if (params.length !== 2) {
      throw new A0Error(
        "E_TYPE",
        `reduce callback '${fnName}' must accept exactly 2 parameters (accumulator, item), got ${params.length}.`,
        span,
      );
    }
    this.emit("reduce_start", span, { fn: fnName, listLength: list.length });
    const callData: Rec = { fn: fnName }; // the data of every callback's start and end event
    for (let i = 0; i < list.length; i++) {
      const item = list[i];
      this.countIteration(span);
      this.emit("fn_call_start", span, callData);
      const local = new Scope(fn.closure);
      local.set(params[0], acc);
      local.set(params[1], item);
      acc = this.runBody(fn, local);
      this.emit("fn_call_end", span, callData);
    }
    this.emit("reduce_end", span, { fn: fnName, iterations: list.length });
    return acc;
  }

  // ---- control flow (spec §5.12) ----

  private evalFor(expr: AST.ForExpr, scope: Scope): Value {
    const list = this.evalExpr(expr.list, scope);
    if (!Array.isArray(list)) {
      throw new A0Error("E_FOR_NOT_LIST", `for-in expression must evaluate to a list, got ${rawTypeofName(list)}.`, expr.list.span);
    }
    this.emit("for_start", expr.span, { listLength: list.length, as: expr.binding });
    const out: Value[] = [];
    for (let i = 0; i < list.length; i++) {
      const item = list[i];
      this.countIteration(expr.span);
      const local = new Scope(scope);
      local.set(expr.binding, item);
      out.push(this.execBlock(expr.body, local));
    }
    this.emit("for_end", expr.span, { iterations: list.length });
    return out;
  }

  private evalFilterBlock(expr: AST.FilterBlockExpr, scope: Scope): Value {
    const list = this.evalExpr(expr.list, scope);
    if (!Array.isArray(list)) {
      throw new A0Error("E_TYPE", `filter 'in' must be a list, got ${typeofName(list)}.`, expr.list.span);
    }
    this.emit("filter_start", expr.span, { listLength: list.length, as: expr.binding });
    const kept: Value[] = [];
    for (let i = 0; i < list.length; i++) {
      const item = list[i];
      this.countIteration(expr.span);
      const local = new Scope(scope);
      local.set(expr.binding, item);
      if (isTruthy(unwrapPredicate(this.execBlock(expr.body, local)))) kept.push(item);
    }
    this.emit("filter_end", expr.span, { iterations: list.length });
    return kept;
  }

  private evalLoop(expr: AST.LoopExpr, scope: Scope): Value {
    const init = this.evalExpr(expr.init, scope);
    const times = this.evalExpr(expr.times, scope);
    if (typeof times !== "number" || !Number.isInteger(times) || times < 0) {
      const shown = times === null ? "null" : jsonText(times, this.limits);
      throw new A0Error("E_TYPE", `loop 'times' must be a non-negative integer, got ${shown}.`, expr.span);
    }
    this.emit("loop_start", expr.span, { times, as: expr.binding });
    let current = init;
    for (let i = 0; i < times; i++) {
      this.countIteration(expr.span);
      const local = new Scope(scope);
      local.set(expr.binding, current);
      current = this.execBlock(expr.body, local);
    }
    this.emit("loop_end", expr.span, { iterations: times });
    return current;
  }

  private evalMatch(expr: AST.MatchExpr, scope: Scope): Value {
    const subject = this.evalExpr(expr.subject, scope);
    if (!isRecord(subject)) {
      throw new A0Error("E_MATCH_NOT_RECORD", `match subject must be a record, got ${shapeName(subject)}.`, expr.subject.span);
    }
    // Presence, not truthiness; inherited keys count (the `in` operator).
    let arm: AST.MatchArm;
    if ("ok" in subject) arm = expr.okArm;
    else if ("err" in subject) arm = expr.errArm;
    else throw new A0Error("E_MATCH_NO_ARM", "match subject record has neither 'ok' nor 'err' key.", expr.subject.span);
    const tag = arm.tag;
    const data: Rec = { arm: tag }; // the data of both the start and the end event
    this.emit("match_start", expr.span, data);
    const local = new Scope(scope);
    const bound: Value | undefined = subject[tag];
    local.set(arm.binding, bound === undefined ? null : bound);
    const result = this.execBlock(arm.body, local);
    this.emit("match_end", expr.span, data);
    return result;
  }

  private evalTry(expr: AST.TryExpr, scope: Scope): Value {
    const depth = this.depth;
    try {
      return this.execBlock(expr.tryBody, new Scope(scope));
    } catch (e) {
      if (passesThrough(e)) throw e;
      this.depth = depth;
      const error = toA0Error(e);
      const caught: Rec = { code: error.code, message: error.message };
      if (error.details !== undefined) caught.details = error.details;
      const local = new Scope(scope);
      local.set(expr.catchBinding, caught);
      return this.execBlock(expr.catchBody, local);
    }
  }

  // ---- evidence (spec §5.13) ----

  private evalEvidence(expr: AST.AssertExpr | AST.CheckExpr, scope: Scope): Value {
    const args = this.evalArgs(expr.args, scope);
    const kind = expr.kind === "AssertExpr" ? "assert" : "check";
    const ok = isTruthy(args.that);
    const msgArg = args.msg;
    const msg = typeof msgArg === "string" ? msgArg : "";
    const ev: Rec = { kind, ok, msg, span: spanRecord(expr.span) };
    const details = args.details;
    if (isRecord(details)) ev.details = details;
    this.evidence.push(ev);
    this.emit("evidence", expr.span, ev);
    if (kind === "assert" && !ok) {
      throw new A0Error("E_ASSERT", `Assertion failed: ${msg}`, expr.span, { evidence: ev });
    }
    return ev;
  }

  // ---- tools (spec §5.14) ----

  // decodeReply reads host.call's reply: {"ok": VALUE} or {"err": "MESSAGE"}.
  private decodeReply(tool: string, text: unknown): Rec {
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
  private callFsWrite(args: Rec, argsJSON: string): Rec {
    let dataText: string | undefined;
    try {
      dataText = fsWriteText(args, this.limits);
    } catch (e) {
      if (passesThrough(e)) throw e;
      return { err: errorMessage(e) };
    }
    return this.decodeReply("fs.write", this.host.call("fs.write", argsJSON, dataText));
  }

  private evalTool(expr: AST.CallExpr | AST.DoExpr, scope: Scope): Value {
    const span = expr.span;
    const name = expr.tool.parts.join(".");
    const tool = this.host.tools.get(name);
    if (tool === undefined) throw new A0Error("E_UNKNOWN_TOOL", `Unknown tool '${name}'.`, span);
    if (expr.kind === "CallExpr" && tool.mode === "effect") {
      throw new A0Error("E_CALL_EFFECT", `Cannot use 'call?' with effectful tool '${name}'. Use 'do' instead.`, span);
    }
    if (!this.allowed.has(tool.capability)) {
      throw new A0Error("E_CAP_DENIED", `Capability '${tool.capability}' required by tool '${name}' is not allowed.`, span, {
        capability: tool.capability,
        tool: name,
      });
    }
    const args = this.evalArgs(expr.args, scope);
    const argsJSON = encodeCanonical(args, this.limits, `arguments of ${name}`);
    const issues: unknown = this.host.validate(name, argsJSON);
    if (typeof issues !== "string") throw new HostProtocolError(`host.validate(${name}) must return a string`);
    if (issues !== "") {
      throw new A0Error("E_TOOL_ARGS", `Invalid arguments for tool '${name}': ${issues}`, expr.args.span, { tool: name });
    }

    this.toolCalls++;
    const maxCalls = this.maxToolCalls;
    if (maxCalls !== undefined && this.toolCalls > maxCalls) {
      this.budgetExceeded("maxToolCalls", maxCalls, this.toolCalls, span, `Budget exceeded: maxToolCalls limit of ${maxCalls} reached.`);
    }
    this.emit("tool_start", span, { tool: name, args, mode: tool.mode });
    const started = Date.now();
    const reply = name === "fs.write" ? this.callFsWrite(args, argsJSON) : this.decodeReply(name, this.host.call(name, argsJSON, undefined));
    const durationMs = Date.now() - started;
    if (!("ok" in reply)) {
      const message = reply.err as string;
      this.emit("tool_end", span, { tool: name, outcome: "err", durationMs, error: message });
      throw new A0Error("E_TOOL", `Tool '${name}' failed: ${message}`, span, { tool: name });
    }
    const result = reply.ok;
    // A tool result is a value the run now holds: bounded like every serialised value
    // (the Go evaluator checks it at the same point, before tool_end).
    this.limits.checkNodes(result, true, `result of ${name}`);
    this.emit("tool_end", span, { tool: name, outcome: "ok", durationMs });

    if (isRecord(result) && typeof result.bytes === "number") {
      this.bytesWritten += result.bytes;
      const maxBytes = this.maxBytesWritten;
      if (maxBytes !== undefined && this.bytesWritten > maxBytes) {
        this.budgetExceeded(
          "maxBytesWritten",
          maxBytes,
          this.bytesWritten,
          span,
          `Budget exceeded: maxBytesWritten limit of ${maxBytes} bytes exceeded (${this.bytesWritten} bytes written).`,
        );
      }
    }
    if (this.timeMs !== undefined) this.checkTime(expr);
    return result;
  }
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
