// Development harness for the bundled reference: loads ../ts-bundle/a0-reference.js into
// node, runs programs against the in-memory tool kit of fake-host.cjs, and reads/checks the
// table-driven cases of test/testdata/eval/*.txt (format: test/testdata/eval/README.md;
// read with testfile.cjs).

"use strict";

const fs = require("node:fs");
const path = require("node:path");
const vm = require("node:vm");
const { makeHost } = require("./fake-host.cjs");
const { parseCases } = require("./testfile.cjs");

const BUNDLE = path.join(__dirname, "..", "..", "ts-bundle", "a0-reference.js");

let loaded = null;

// loadReference evaluates the bundle (once) and returns globalThis.A0Reference.
function loadReference(bundlePath = BUNDLE) {
  if (loaded === null) {
    vm.runInThisContext(fs.readFileSync(bundlePath, "utf8"), { filename: bundlePath });
    loaded = globalThis.A0Reference;
  }
  return loaded;
}

// runProgram runs source and returns the parsed Outcome object (canonical values kept as
// they are, e.g. {"$number":"NaN"}).
function runProgram(source, setup = {}) {
  const ref = loadReference();
  const config = { file: setup.name || "test.a0", allow: setup.allow || [], limits: setup.limits || {} };
  const host = makeHost(setup.fixtures);
  const text = ref.run(source, JSON.stringify(config), host);
  return { text, outcome: JSON.parse(text), calls: host.calls };
}

// ---- case files ----

function parseSpan(s) {
  if (s === "-") return null;
  const m = /^(\d+):(\d+)-(\d+):(\d+)$/.exec(s);
  if (!m) throw new Error(`bad span ${s}`);
  return m.slice(1).map(Number);
}

function spanText(span) {
  return span ? `${span.startLine}:${span.startCol}-${span.endLine}:${span.endCol}` : "-";
}

function canon(jsonText) {
  return JSON.stringify(JSON.parse(jsonText));
}

// splitWords splits off the first n space-separated words; the rest is returned whole.
function splitWords(text, n) {
  const out = [];
  let rest = text;
  for (let i = 0; i < n; i++) {
    const k = rest.indexOf(" ");
    if (k < 0) {
      out.push(rest);
      rest = "";
    } else {
      out.push(rest.slice(0, k));
      rest = rest.slice(k + 1);
    }
  }
  out.push(rest);
  return out;
}

// readExpectations turns a case's expectation lines into its setup and its expectations.
function readExpectations(c) {
  const setup = { fixtures: { files: {}, dirs: [], http: {}, sh: {} }, allow: [], limits: {} };
  const want = { status: "ok", exit: null, value: undefined, errors: [], evidence: undefined, trace: undefined, events: [] };
  for (const { text, line } of c.expect) {
    if (text.trim() === "") continue;
    const [kw, rest] = splitWords(text, 1);
    try {
      switch (kw) {
        case "name":
          setup.name = rest;
          break;
        case "allow":
          setup.allow = rest.split(",").map((s) => s.trim()).filter((s) => s !== "");
          break;
        case "limits":
          for (const kv of rest.split(/\s+/)) {
            const [k, v] = kv.split("=");
            setup.limits[k] = Number(v);
          }
          break;
        case "file": {
          const [p, content] = splitWords(rest, 1);
          setup.fixtures.files[p] = JSON.parse(content);
          break;
        }
        case "dir":
          setup.fixtures.dirs.push(rest);
          break;
        case "http": {
          const [url, resp] = splitWords(rest, 1);
          setup.fixtures.http[url] = JSON.parse(resp);
          break;
        }
        case "sh": {
          const m = /^("(?:[^"\\]|\\.)*")\s+(.*)$/.exec(rest);
          setup.fixtures.sh[JSON.parse(m[1])] = JSON.parse(m[2]);
          break;
        }
        case "status":
          want.status = rest;
          break;
        case "limit":
          want.limit = rest;
          break;
        case "exit":
          want.exit = Number(rest);
          break;
        case "value":
          want.value = canon(rest);
          break;
        case "error": {
          const [code, span, message] = splitWords(rest, 2);
          want.errors.push({ code, span: parseSpan(span) ? span : "-", message, details: undefined });
          break;
        }
        case "details":
          want.errors[want.errors.length - 1].details = canon(rest);
          break;
        case "evidence":
          want.evidence = canon(rest);
          break;
        case "trace":
          want.trace = rest.split(/\s+/).filter((s) => s !== "");
          break;
        case "event": {
          const [index, name, span, data] = splitWords(rest, 3);
          want.events.push({ index: Number(index), name, span, data: data === "-" ? "-" : canon(data) });
          break;
        }
        default:
          throw new Error(`unknown expectation keyword ${JSON.stringify(kw)}`);
      }
    } catch (e) {
      throw new Error(`${c.where.split(":")[0]}:${line}: ${e.message}`);
    }
  }
  if (want.exit === null && want.status === "ok") throw new Error(`${c.where}: case ${JSON.stringify(c.name)} has no "exit" line`);
  return { setup, want };
}

function stripDurations(event, data) {
  if (data === undefined) return "-";
  if (event === "run_end" || event === "tool_end") {
    const copy = {};
    for (const k of Object.keys(data)) if (k !== "durationMs") copy[k] = data[k];
    return JSON.stringify(copy);
  }
  return JSON.stringify(data);
}

// checkCase runs a case and returns a list of mismatch descriptions (empty when it passes).
function checkCase(c) {
  const { setup, want } = readExpectations(c);
  const { outcome } = runProgram(c.source, setup);
  const problems = [];
  const eq = (what, got, exp) => {
    if (got !== exp) problems.push(`${what}:\n    got  ${got}\n    want ${exp}`);
  };
  eq("status", outcome.status, want.status);
  if (want.status !== "ok") {
    // A run ended by a harness limit: the limit's name, and the partial trace and
    // evidence when the case gives them.
    if (want.limit !== undefined) eq("limit", outcome.limit, want.limit);
    if (want.evidence !== undefined) eq("evidence", JSON.stringify(outcome.evidence), want.evidence);
    if (want.trace !== undefined) eq("trace", outcome.trace.map((e) => e.event).join(" "), want.trace.join(" "));
    return problems;
  }
  eq("exit", outcome.exitCode, want.exit);
  eq("value", "value" in outcome ? JSON.stringify(outcome.value) : "(none)", want.value === undefined ? "(none)" : want.value);
  const gotErrors = outcome.errors.map(
    (e) => `${e.code} ${spanText(e.span)} ${e.message}${e.details !== undefined ? ` details=${JSON.stringify(e.details)}` : ""}`,
  );
  const wantErrors = want.errors.map(
    (e) => `${e.code} ${e.span} ${e.message}${e.details !== undefined ? ` details=${e.details}` : ""}`,
  );
  eq("errors", gotErrors.join("\n           "), wantErrors.join("\n           "));
  if (want.evidence !== undefined) eq("evidence", JSON.stringify(outcome.evidence), want.evidence);
  if (want.trace !== undefined) eq("trace", outcome.trace.map((e) => e.event).join(" "), want.trace.join(" "));
  for (const ev of want.events) {
    const got = outcome.trace[ev.index];
    const gotText = got === undefined ? "(no event)" : `${got.event} ${spanText(got.span)} ${stripDurations(got.event, got.data)}`;
    eq(`trace[${ev.index}]`, gotText, `${ev.name} ${ev.span} ${ev.data}`);
  }
  return problems;
}

// directivesOf reads corpus-style host directives (# @allow, # @file, # @dir, # @http,
// # @sh, # @name, # @cwd) from an .a0 file, for run-node.mjs.
function directivesOf(source) {
  const setup = { fixtures: { files: {}, dirs: [], http: {}, sh: {} }, allow: [], limits: {} };
  for (const line of source.split("\n")) {
    const m = /^#\s*@(\w+)\s*(.*)$/.exec(line.trim());
    if (!m) continue;
    const [, kw, rest] = m;
    if (kw === "allow") setup.allow = rest.split(",").map((s) => s.trim()).filter((s) => s !== "");
    else if (kw === "name") setup.name = rest.trim();
    else if (kw === "cwd") setup.fixtures.cwd = rest.trim();
    else if (kw === "file") {
      const [p, content] = splitWords(rest.trim(), 1);
      setup.fixtures.files[p] = JSON.parse(content);
    } else if (kw === "dir") setup.fixtures.dirs.push(rest.trim());
    else if (kw === "http") {
      const [url, resp] = splitWords(rest.trim(), 1);
      setup.fixtures.http[url] = JSON.parse(resp);
    } else if (kw === "sh") {
      const mm = /^("(?:[^"\\]|\\.)*")\s+(.*)$/.exec(rest.trim());
      if (mm) setup.fixtures.sh[JSON.parse(mm[1])] = JSON.parse(mm[2]);
    }
  }
  return setup;
}

module.exports = { loadReference, runProgram, parseCases, checkCase, readExpectations, directivesOf, BUNDLE };
