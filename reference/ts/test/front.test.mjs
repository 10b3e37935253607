// Table-driven tests of the reference front end (lexer, parser, validator). The cases live in
// testdata/*.txt; see testdata/README.md for the format. The TypeScript sources are bundled
// with esbuild into a temporary ES module first, exactly as the production bundle sees them.

import { test } from "node:test";
import assert from "node:assert/strict";
import { loadTs } from "../scripts/load-ts.mjs";
import { readFileSync, readdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { createRequire } from "node:module";

const here = dirname(fileURLToPath(import.meta.url));
const testfile = createRequire(import.meta.url)("../scripts/testfile.cjs");
const FILE = "test.a0";


const front = await loadTs('export { parse, argsSpan, entrySpan, exprSpan, literalKind, literalValues, nameSpan } from "./src/parser"; export { validate } from "./src/validator";', "front");

// Hints that depend only on the code (spec §1.9, §2.8-2.9, §4.7); an expectation without a
// `hint:` line must carry this one.
const DEFAULT_HINTS = {
  E_LEX: "Check for invalid characters or unclosed strings.",
  E_PARSE: "Check syntax near this location.",
  E_AST: null,
  E_DUP_BUDGET: "Combine all budget fields into a single 'budget { ... }' header.",
  E_IMPORT_UNSUPPORTED: "Remove 'import ... as ...' for now.",
  E_RETURN_NOT_LAST: "Move any statements after return before it, or remove them.",
  E_UNKNOWN_CAP: "Valid capabilities: fs.read, fs.write, http.get, sh.exec",
  E_CAP_VALUE: "Use capability declarations like 'cap { fs.read: true }'.",
  E_UNKNOWN_BUDGET: "Valid budget fields: timeMs, maxToolCalls, maxBytesWritten, maxIterations",
  E_BUDGET_TYPE: "Use integer values, for example: budget { timeMs: 5000 }.",
  E_UNBOUND: "Make sure the variable is defined with 'let' before use.",
  E_UNKNOWN_TOOL: "Valid tools: fs.read, fs.write, fs.list, fs.exists, http.get, sh.exec",
};

// parseCases reads a case file (scripts/testfile.cjs); the expected lines are the
// diagnostics, then optionally a line "--- ast" and the AST dump.
function parseCases(path) {
  const cases = testfile.parseCases(readFileSync(path, "utf8"), path);
  for (const c of cases) {
    const cut = c.expect.findIndex((e) => e.text === "--- ast");
    const diags = cut < 0 ? c.expect : c.expect.slice(0, cut);
    c.want = diags.filter((e) => e.text.trim() !== "").map((e) => ({ line: e.text, where: `${path}:${e.line}` }));
    c.ast = cut < 0 ? [] : c.expect.slice(cut + 1).map((e) => e.text);
    c.expect = parseExpectations(c);
  }
  return cases;
}

function parseSpan(text, where) {
  if (text === "-") return undefined;
  const m = /^(\d+):(\d+)-(\d+):(\d+)$/.exec(text);
  if (!m) throw new Error(`${where}: bad span ${text}`);
  return { file: FILE, startLine: +m[1], startCol: +m[2], endLine: +m[3], endCol: +m[4] };
}

function parseExpectations(c) {
  const out = { ok: false, crash: false, diagnostics: [] };
  for (const { line, where } of c.want) {
    const text = line;
    if (line === "OK") { out.ok = true; continue; }
    if (line === "CRASH") { out.crash = true; continue; }
    const hint = /^ {2}hint: (.*)$/s.exec(text);
    if (hint) {
      const last = out.diagnostics[out.diagnostics.length - 1];
      if (!last) throw new Error(`${where}: hint without diagnostic`);
      last.hint = hint[1] === "-" ? undefined : hint[1];
      last.explicitHint = true;
      continue;
    }
    const m = /^(E_[A-Z_]+) (\S+) (.*)$/s.exec(text);
    if (!m) throw new Error(`${where}: cannot read expectation: ${line}`);
    out.diagnostics.push({ code: m[1], span: parseSpan(m[2], where), message: m[3], where });
  }
  for (const d of out.diagnostics) {
    if (d.explicitHint) continue;
    if (!(d.code in DEFAULT_HINTS)) throw new Error(`${d.where}: ${d.code} needs an explicit hint line`);
    d.hint = DEFAULT_HINTS[d.code] ?? undefined;
  }
  const kinds = (out.ok ? 1 : 0) + (out.crash ? 1 : 0) + (out.diagnostics.length > 0 ? 1 : 0);
  if (kinds !== 1) throw new Error(`${c.where}: expect OK, CRASH or diagnostics`);
  return out;
}

function expectedDiagnostic(d) {
  const o = { code: d.code, message: d.message };
  if (d.span !== undefined) o.span = d.span;
  if (d.hint !== undefined) o.hint = d.hint;
  return o;
}

// Runs the front end as the back end will: parse, then validate a parsed program.
function runFront(source) {
  const parsed = front.parse(source, FILE);
  if (parsed.diagnostics.length > 0) {
    assert.equal(parsed.program, undefined, "no program alongside diagnostics");
    return { diagnostics: parsed.diagnostics, crash: false, program: undefined };
  }
  const v = front.validate(parsed.program);
  return { diagnostics: v.diagnostics, crash: v.unsupportedSpread, program: parsed.program };
}

// ---- AST dump: a compact S-expression with spans as L:C-L:C ----

function sp(s) {
  assert.equal(s.file, FILE, "span file");
  return `${s.startLine}:${s.startCol}-${s.endLine}:${s.endCol}`;
}

function dumpBody(tag, body) {
  return `(${tag}${body.map((s) => " " + dump(s)).join("")})`;
}

// Entry i of node's record (a record literal, or a call whose argument record has the
// entries given): a key and a value, or a spread (a null key), with entrySpan's span.
function dumpEntry(node, entries, i) {
  const key = entries[2 * i];
  const value = entries[2 * i + 1];
  const where = sp(front.entrySpan(node, i));
  return key === null ? `(Spread ${where} ${dump(value)})` : `(Pair ${key} ${where} ${dump(value)})`;
}

// A record: a record literal's span and entries, or a call's argument record's.
function dumpRecord(node, where, entries) {
  const numbers = Array.from({ length: entries.length / 2 }, (_, i) => i);
  return `(Record ${sp(where)}${numbers.map((i) => " " + dumpEntry(node, entries, i)).join("")})`;
}

// A call's argument record, dumped as the record literal it is in the source.
function dumpArgs(call) {
  return dumpRecord(call, front.argsSpan(call), call.args);
}

// The name of a call, call? or do: the Path node of spec §3.2, with nameSpan's span.
function dumpName(call, name) {
  return `(Path ${name} ${sp(front.nameSpan(call))})`;
}

// A literal: its token number (see Literal in src/ast.ts).
function dumpLiteral(t) {
  const value = front.literalValues[t];
  const where = sp(front.exprSpan(t));
  switch (front.literalKind(t)) {
    case "IntLiteral": return `(Int ${String(value)} ${where})`;
    case "FloatLiteral": return `(Float ${String(value)} ${where})`;
    case "BoolLiteral": return `(Bool ${value} ${where})`;
    case "StrLiteral": return `(Str ${JSON.stringify(value)} ${where})`;
    default: return `(Null ${where})`;
  }
}

function dump(n) {
  if (typeof n === "number") return dumpLiteral(n);
  switch (n.kind) {
    case "Program":
      return `(Program ${sp(n.span)}${n.headers.map((h) => " " + dump(h)).join("")}${n.statements.map((s) => " " + dump(s)).join("")})`;
    case "CapDecl": return `(Cap ${sp(n.span)} ${dump(n.capabilities)})`;
    case "BudgetDecl": return `(Budget ${sp(n.span)} ${dump(n.budget)})`;
    case "ImportDecl": return `(Import ${JSON.stringify(n.path)} ${n.alias} ${sp(n.span)})`;
    case "LetStmt": return `(Let ${n.name} ${sp(n.span)} ${dump(n.value)})`;
    case "ExprStmt": return `(Expr ${sp(n.span)} ${dump(n.expr)}${n.target ? " -> " + dump(n.target) : ""})`;
    case "ReturnStmt": return `(Return ${sp(n.span)} ${dump(n.value)})`;
    case "FnDecl": return `(Fn ${n.name} [${n.params.join(" ")}] ${sp(n.span)}${n.body.map((s) => " " + dump(s)).join("")})`;
    case "IdentPath": return `(Path ${n.parts.join(".")} ${sp(n.span)})`;
    case "RecordExpr": return dumpRecord(n, n.span, n.entries);
    case "ListExpr": return `(List ${sp(n.span)}${n.elements.map((e) => " " + dump(e)).join("")})`;
    case "CallExpr": return `(Call ${sp(n.span)} ${dumpName(n, n.tool)} ${dumpArgs(n)})`;
    case "DoExpr": return `(Do ${sp(n.span)} ${dumpName(n, n.tool)} ${dumpArgs(n)})`;
    case "AssertExpr": return `(Assert ${sp(n.span)} ${dumpArgs(n)})`;
    case "CheckExpr": return `(Check ${sp(n.span)} ${dumpArgs(n)})`;
    case "FnCallExpr": return `(FnCall ${sp(n.span)} ${dumpName(n, n.name)} ${dumpArgs(n)})`;
    case "IfExpr": return `(If ${sp(n.span)} ${dump(n.cond)} ${dump(n.then)} ${dump(n.else)})`;
    case "IfBlockExpr": return `(IfBlock ${sp(n.span)} ${dump(n.cond)} ${dumpBody("then", n.thenBody)} ${dumpBody("else", n.elseBody)})`;
    case "ForExpr": return `(For ${JSON.stringify(n.binding)} ${sp(n.span)} ${dump(n.list)} ${dumpBody("body", n.body)})`;
    case "FilterBlockExpr": return `(Filter ${JSON.stringify(n.binding)} ${sp(n.span)} ${dump(n.list)} ${dumpBody("body", n.body)})`;
    case "LoopExpr": return `(Loop ${JSON.stringify(n.binding)} ${sp(n.span)} ${dump(n.init)} ${dump(n.times)} ${dumpBody("body", n.body)})`;
    case "MatchExpr": return `(Match ${sp(n.span)} ${dump(n.subject)} ${dump(n.okArm)} ${dump(n.errArm)})`;
    case "MatchArm": return `(${n.tag} ${n.binding} ${sp(n.span)}${n.body.map((s) => " " + dump(s)).join("")})`;
    case "TryExpr": return `(Try ${sp(n.span)} ${dumpBody("try", n.tryBody)} ${n.catchBinding} ${dumpBody("catch", n.catchBody)})`;
    case "BinaryExpr": return `(Binary ${n.op} ${sp(n.span)} ${dump(n.left)} ${dump(n.right)})`;
    case "UnaryExpr": return `(Unary ${n.op} ${sp(n.span)} ${dump(n.operand)})`;
    default: throw new Error("unknown node kind " + n.kind);
  }
}

function normalise(text) {
  return text.replace(/\s+/g, " ").replace(/\( /g, "(").replace(/ \)/g, ")").trim();
}

// ---- the tables ----

const dataDir = join(here, "testdata");
for (const name of readdirSync(dataDir).filter((f) => f.endsWith(".txt")).sort()) {
  const cases = parseCases(join(dataDir, name));
  for (const c of cases) {
    test(`${name}: ${c.name}`, () => {
      const got = runFront(c.source);
      const e = c.expect;
      // Diagnostic objects must carry their keys in the order code, message, span, hint.
      for (const d of got.diagnostics) {
        const keys = Object.keys(d);
        const order = ["code", "message", "span", "hint"].filter((k) => k in d);
        assert.deepEqual(keys, order, `${c.where}: diagnostic key order`);
        if (d.span) assert.deepEqual(Object.keys(d.span), ["file", "startLine", "startCol", "endLine", "endCol"]);
      }
      if (e.crash) {
        assert.equal(got.crash, true, `${c.where}: expected the unsupported-spread crash`);
      } else {
        assert.equal(got.crash, false, `${c.where}: unexpected unsupported-spread crash`);
        assert.deepEqual(got.diagnostics, e.diagnostics.map(expectedDiagnostic), c.where);
      }
      if (c.ast.length > 0) {
        assert.ok(got.program, `${c.where}: no program`);
        assert.equal(normalise(dump(got.program)), normalise(c.ast.join("\n")), c.where);
      }
    });
  }
}

test("deep nesting parses", () => {
  const depth = 500;
  const src = "return " + "(".repeat(depth) + "1" + ")".repeat(depth);
  const got = front.parse(src, FILE);
  assert.deepEqual(got.diagnostics, []);
});

test("a string literal of every escape decodes like JSON.parse", () => {
  const lit = '"\\" \\\\ \\/ \\b \\f \\n \\r \\t \\u0041 \\ud83d \\uDE00 é 😀 \u007f"';
  const got = front.parse("return " + lit, FILE);
  assert.deepEqual(got.diagnostics, []);
  assert.equal(front.literalValues[got.program.statements[0].value], JSON.parse(lit));
});

test("a 400-digit integer literal is Infinity and long literals round correctly", () => {
  const got = front.parse(`return [${"9".repeat(400)}, 9007199254740993, 123456789012345678901234567890, 0.1e-400]`, FILE);
  assert.deepEqual(got.diagnostics, []);
  const values = got.program.statements[0].value.elements.map((e) => front.literalValues[e]);
  assert.deepEqual(values, [Infinity, 9007199254740992, 1.2345678901234568e29, 0]);
});

test("the next parse lets go of a long string literal's value but not of a short one's", () => {
  const long = "x".repeat(2000);
  const first = front.parse(`return ["${long}", "short"]`, FILE);
  assert.deepEqual(first.diagnostics, []);
  const [longToken, shortToken] = first.program.statements[0].value.elements;
  assert.equal(front.literalValues[longToken], long);
  const second = front.parse("return 1", FILE);
  assert.deepEqual(second.diagnostics, []);
  assert.equal(front.literalValues[longToken], null);
  assert.equal(front.literalValues[shortToken], "short", "a short literal's stale slot is kept (as stale words are)");
});
