// The reference's sort is V8's TimSort (src/timsort.ts): for any comparator, consistent
// or not, it must give the permutation node's Array.prototype.sort gives and call the
// comparator in the same order (an exception from the n-th call is the one V8 reports).
// Checked on random lists with random comparators (seeded), NaN among numbers, and long
// runs that make the merges gallop.

import { test } from "node:test";
import assert from "node:assert/strict";
import { loadTs } from "../scripts/load-ts.mjs";

const { timSort } = await loadTs('export { timSort } from "./src/timsort";', "timsort");

// rand is a small seeded generator (mulberry32), so that a failure replays.
function rand(seed) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// both sorts a copy of items with node's sort and with timSort under the same comparator
// and returns the two results and call logs.
function both(items, cmp) {
  const logV8 = [], logOwn = [];
  const v8 = items.slice().sort((a, b) => (logV8.push([a, b]), cmp(a, b)));
  const own = items.slice();
  timSort(own, (a, b) => (logOwn.push([a, b]), cmp(a, b) < 0));
  return { v8, own, logV8, logOwn };
}

function lengths(r) {
  const out = [];
  for (let i = 0; i < 60; i++) out.push(Math.floor(r() * 80));
  for (let i = 0; i < 15; i++) out.push(64 + Math.floor(r() * 2000));
  return out;
}

test("numbers with NaN: the same permutation and comparisons as V8", () => {
  const r = rand(1);
  for (const n of lengths(r)) {
    const items = [];
    for (let i = 0; i < n; i++) items.push(r() < 0.2 ? NaN : Math.floor(r() * 50));
    const { v8, own, logV8, logOwn } = both(items, (a, b) => a - b);
    assert.deepEqual(own, v8, `n=${n}: ${JSON.stringify(items)}`);
    assert.equal(logOwn.length, logV8.length, `n=${n}: comparisons`);
  }
});

test("random inconsistent comparators: the same permutation and call order as V8", () => {
  const r = rand(2);
  for (const n of lengths(r)) {
    const items = Array.from({ length: n }, (_, i) => i);
    const answers = new Map();
    const bias = r(); // how often "less"
    const cmp = (a, b) => {
      const k = a * 4096 + b;
      if (!answers.has(k)) {
        const x = r();
        answers.set(k, x < bias ? -1 : x < bias + (1 - bias) / 2 ? 1 : r() < 0.5 ? 0 : NaN);
      }
      return answers.get(k);
    };
    const { v8, own, logV8, logOwn } = both(items, cmp);
    assert.deepEqual(logOwn, logV8, `n=${n}: call order`);
    assert.deepEqual(own, v8, `n=${n}: permutation`);
  }
});

test("mostly ordered input (long runs, galloping): as V8", () => {
  const r = rand(3);
  for (const n of lengths(r)) {
    const items = [];
    for (let i = 0; i < n; i++) items.push(r() < 0.05 ? NaN : r() < 0.1 ? Math.floor(r() * n) : (i * 7) % (n + 13));
    if (r() < 0.5) items.reverse();
    const { v8, own, logV8, logOwn } = both(items, (a, b) => a - b);
    assert.deepEqual(logOwn, logV8, `n=${n}: call order`);
    assert.deepEqual(own, v8, `n=${n}: permutation`);
  }
});
