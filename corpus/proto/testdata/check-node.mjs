// Checks the pinned outcome of every corpus/proto entry against its plain-JavaScript
// equivalent (node-equivalents.txt) run by node, i.e. V8: the value as canonical JSON
// (function values as {"$function": NAME}), or the error message.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { createRequire } from "node:module";

const here = path.dirname(fileURLToPath(import.meta.url));
const testfile = createRequire(import.meta.url)("../../../reference/ts/scripts/testfile.cjs");
const prelude = `"use strict";
const o = {};
function clone(v) {
  if (Array.isArray(v)) return v.map(clone);
  if (v !== null && typeof v === "object") {
    const out = {};
    for (const k of Object.keys(v)) out[k] = clone(v[k]);
    return out;
  }
  return v;
}
function stdlib(name, f) {
  try { return f(); } catch (e) { throw new Error("Function '" + name + "' failed: " + e.message); }
}
`;

// node-equivalents.txt is a txtar archive of NAME.js files (reference/ts/scripts/testfile.cjs).
const archive = testfile.parseArchive(fs.readFileSync(path.join(here, "node-equivalents.txt"), "utf8"), "node-equivalents.txt");
const blocks = [];
for (const name of archive.names) {
  if (!name.endsWith(".js")) {
    console.log(`node-equivalents.txt:${archive.lines[name]}: ${name}: not NAME.js`);
    process.exit(1);
  }
  blocks.push({ name: name.slice(0, -".js".length), body: archive.files[name] });
}
const entries = fs.readdirSync(path.dirname(here)).filter((f) => f.endsWith(".a0"));
let failures = 0;
for (const b of blocks) {
  const file = path.join(path.dirname(here), b.name + ".a0");
  if (!fs.existsSync(file)) {
    console.log(`${b.name}: no entry ${file}`);
    failures++;
    continue;
  }
  const src = fs.readFileSync(file, "utf8");
  const value = src.match(/^# @expect value (.*)$/m);
  const error = src.match(/^# @expect error \S+ \S+ (.*)$/m);
  const want = value ? "value " + value[1] : error ? "error " + error[1] : "nothing pinned";
  let got;
  try {
    const v = new Function(prelude + b.body)();
    got = "value " + JSON.stringify(v, (k, x) => (typeof x === "function" ? { $function: x.name } : x));
  } catch (e) {
    got = "error " + e.message;
  }
  if (got !== want) {
    console.log(`${b.name}:\n  node:   ${got}\n  pinned: ${want}`);
    failures++;
  }
}
const missing = entries.filter((f) => !blocks.some((b) => b.name + ".a0" === f));
for (const f of missing) console.log(`${f}: no equivalent in node-equivalents.txt`);
console.log(`${blocks.length} equivalents checked against ${entries.length} entries: ${failures + missing.length} problems (node ${process.version})`);
process.exit(failures + missing.length > 0 ? 1 : 0);
