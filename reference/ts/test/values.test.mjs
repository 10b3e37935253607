// jsonText (src/values.ts) writes a value whose text is long by quoting each distinct
// long string once (jsonSharingStrings) rather than through JSON.stringify: its text must
// be node's JSON.stringify's, for plain data and for everything it leaves to
// JSON.stringify.

import { test } from "node:test";
import assert from "node:assert/strict";
import { loadTs } from "../scripts/load-ts.mjs";

const { jsonText, Limits } = await loadTs(
  'export { jsonText } from "./src/values"; export { Limits } from "./src/limits";',
  "values",
);
const limits = new Limits(100000, 10000, 1 << 20);

const long = "x".repeat(1 << 16);
const quoted = "q\"\\\n\ud800é😀".repeat(1 << 12); // escapes and a lone surrogate
const withProto = {};
Object.defineProperty(withProto, "__proto__", { value: long, writable: true, enumerable: true, configurable: true });
const nullProto = Object.create(null);
nullProto.a = long;
nullProto.b = [quoted, quoted];
const listProto = { a: long };
Object.setPrototypeOf(listProto, [1, 2]);
let deep = [long];
for (let i = 0; i < 100; i++) deep = [deep, long];

const samples = [
  [long, long, long, "y"],
  { a: long, b: [long, quoted], c: { d: quoted, e: 1.5 } },
  [long, -0, NaN, Infinity, -Infinity, null, true, false, 1e21, 5e-7],
  { f: Object.prototype.toString, a: long, g: Object.prototype.valueOf }, // function values: left out
  [Object.prototype.toString, long], // written as null
  withProto,
  nullProto,
  listProto, // not plain data: JSON.stringify writes it
  [Array.prototype, Object.prototype, long],
  deep, // deeper than jsonSharingStrings goes
  [quoted.slice(0, 100), long.slice(0, 1023), long.slice(0, 1024)],
  { "": long, "k\"": long, "10": long, "2": [] },
];

test("jsonText is JSON.stringify on long texts", () => {
  for (const v of samples) {
    assert.equal(jsonText(v, limits), JSON.stringify(v));
  }
});

test("jsonText still counts the text against the bound", () => {
  const small = new Limits(100000, 10000, 1000); // text bound: 32 Mi units
  const big = "z".repeat((1 << 20) - 2);
  const over = new Array(33).fill(big); // 33 × (2^20 − 2) + 34 units; 32 copies: within
  assert.throws(() => jsonText(over, small), (e) => e.limit === "maxSize");
  assert.equal(jsonText(over.slice(1), small), JSON.stringify(over.slice(1)));
});

const { v8ErrorMessage } = await loadTs('export { v8ErrorMessage } from "./src/v8compat";', "v8compat");

test("v8ErrorMessage completes exactly goja's read-only assignment messages", () => {
  const readOnly = /^Cannot assign to read only property '[^']*'$/;
  const p = "Cannot assign to read only property '";
  for (const m of [p, p + "'", p + "length'", p + "name'", p + "a'b'", p + "x", p + "x' ", " " + p + "x'", p + "\n'",
    "Cannot assign to read only property 'length' of object '[object Object]'", "", "'", "other"]) {
    assert.equal(v8ErrorMessage(m), readOnly.test(m) ? m + " of object '[object Object]'" : m, JSON.stringify(m));
  }
});
