#!/usr/bin/env node
// Runs one A0 program through the bundled reference (../ts-bundle/a0-reference.js, built
// by `npm run bundle`) in node, against the in-memory tool kit of fake-host.cjs, and prints
// the Outcome JSON. Host configuration comes from corpus-style directives in the file
// (# @allow fs.read, # @file PATH "CONTENT", # @name FILE, …) and from the options.
//
//   node scripts/run-node.mjs [--pretty] [--allow CAPS] [--max-depth N] [--max-size N] FILE.a0

import { readFileSync } from "node:fs";
import { basename } from "node:path";
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);
const { runProgram, directivesOf } = require("./harness.cjs");

function usage(message) {
  process.stderr.write(`run-node: ${message}\nusage: node scripts/run-node.mjs [--pretty] [--allow CAPS] [--max-depth N] [--max-size N] FILE.a0\n`);
  process.exit(2);
}

const args = process.argv.slice(2);
let pretty = false;
let file = null;
const overrides = { limits: {} };
for (let i = 0; i < args.length; i++) {
  const a = args[i];
  if (a === "--pretty") pretty = true;
  else if (a === "--allow") overrides.allow = (args[++i] ?? usage("--allow needs a value")).split(",").filter((s) => s !== "");
  else if (a === "--max-depth") overrides.limits.maxDepth = Number(args[++i] ?? usage("--max-depth needs a value"));
  else if (a === "--max-size") overrides.limits.maxSize = Number(args[++i] ?? usage("--max-size needs a value"));
  else if (a.startsWith("-")) usage(`unknown option ${a}`);
  else if (file === null) file = a;
  else usage("only one FILE");
}
if (file === null) usage("missing FILE");

let source;
try {
  source = readFileSync(file, "utf8");
} catch (e) {
  usage(`${file}: ${e.message}`);
}
let setup;
try {
  setup = directivesOf(source);
} catch (e) {
  usage(`${file}: bad directive: ${e.message}`);
}
setup.name ??= basename(file);
if (overrides.allow) setup.allow = overrides.allow;
Object.assign(setup.limits, overrides.limits);

const { text, outcome } = runProgram(source, setup);
process.stdout.write((pretty ? JSON.stringify(outcome, null, 2) : text) + "\n");
