#!/usr/bin/env node
// Benchmarks the bundled reference in node, for comparison with the goja figures of
// `go test -bench . ./reference/ts-bundle` (see reference/ts-bundle/README.md):
//
//   * context creation: a fresh V8 context evaluating the (already compiled) bundle — the
//     counterpart of BenchmarkRuntimeCreation;
//   * programs/s: every Appendix B program in turn on one context, sequentially — the
//     counterpart of BenchmarkAppendixB. Tools run against the in-memory kit of
//     fake-host.cjs, with each entry's host directives.
//
//   node scripts/bench-node.mjs [--bundle FILE.js] [--dir CORPUSDIR] [--seconds N]

import { readFileSync, readdirSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import vm from "node:vm";

const require = createRequire(import.meta.url);
const { directivesOf } = require("./harness.cjs");
const { makeHost } = require("./fake-host.cjs");

const here = dirname(fileURLToPath(import.meta.url));
const opts = {
  bundle: join(here, "..", "..", "ts-bundle", "a0-reference.js"),
  dir: join(here, "..", "..", "..", "corpus", "spec", "appendix-b"),
  seconds: 3,
};
const args = process.argv.slice(2);
for (let i = 0; i < args.length; i++) {
  const flag = args[i];
  const val = args[++i];
  if (val === undefined) usage(`${flag} needs a value`);
  if (flag === "--bundle") opts.bundle = val;
  else if (flag === "--dir") opts.dir = val;
  else if (flag === "--seconds") opts.seconds = Number(val);
  else usage(`unknown option ${flag}`);
}

function usage(message) {
  process.stderr.write(`bench-node: ${message}\nusage: node scripts/bench-node.mjs [--bundle FILE.js] [--dir CORPUSDIR] [--seconds N]\n`);
  process.exit(2);
}

function read(path) {
  try {
    return readFileSync(path, "utf8");
  } catch (e) {
    usage(`${path}: ${e.message}`);
  }
}

// timeLoop calls fn repeatedly for about `seconds` and returns the mean time per call (ms).
function timeLoop(seconds, fn) {
  const limit = seconds * 1000;
  let n = 0;
  const start = performance.now();
  let elapsed = 0;
  while (elapsed < limit) {
    fn();
    n++;
    elapsed = performance.now() - start;
  }
  return { perCall: elapsed / n, calls: n };
}

const script = new vm.Script(read(opts.bundle), { filename: opts.bundle });

// Context creation: the bundle is compiled once (like goja.Compile) and evaluated in a new
// context each time.
const creation = timeLoop(Math.min(opts.seconds, 2), () => {
  const ctx = vm.createContext({});
  script.runInContext(ctx);
  if (typeof ctx.A0Reference?.run !== "function") usage(`${opts.bundle}: does not define A0Reference.run`);
});

// Programs: one context serves every run, as one pooled goja runtime does.
const ctx = vm.createContext({});
script.runInContext(ctx);
const ref = ctx.A0Reference;
const entries = readdirSync(opts.dir)
  .filter((f) => f.endsWith(".a0"))
  .sort()
  .map((f) => {
    const source = read(join(opts.dir, f));
    const setup = directivesOf(source);
    const config = JSON.stringify({ file: setup.name ?? basename(f), allow: setup.allow, limits: {} });
    return { source, config, fixtures: setup.fixtures };
  });
if (entries.length === 0) usage(`${opts.dir}: no .a0 files`);
const runAll = () => {
  for (const e of entries) ref.run(e.source, e.config, makeHost(e.fixtures));
};
for (let i = 0; i < 20; i++) runAll(); // let V8 optimise before timing
const pass = timeLoop(opts.seconds, runAll);

console.log(`bundle:            ${opts.bundle} (${ref.version})`);
console.log(`node:              ${process.version}`);
console.log(`context creation:  ${creation.perCall.toFixed(3)} ms/op (${creation.calls} ops)`);
console.log(`programs:          ${(entries.length / (pass.perCall / 1000)).toFixed(0)} programs/s (${entries.length} programs × ${pass.calls} passes)`);
