// fs.write's text is serialised by the reference itself (src/tooldata.ts). With format
// "json" it is JSON.stringify(data, null, 2) as V8 writes it; goja indents wrongly after
// empty containers, so the reference re-indents the compact text (indentJSON). node's
// own JSON.stringify is the authority.

import { test } from "node:test";
import assert from "node:assert/strict";
import { loadTs } from "../scripts/load-ts.mjs";

const { indentJSON, fsWriteText, Limits } = await loadTs(
  'export { indentJSON } from "./src/v8compat"; export { fsWriteText } from "./src/tooldata"; export { Limits } from "./src/limits";',
  "tooldata",
);
const limits = new Limits(2000, 1 << 20);

const samples = [
  [], {}, [[]], [{}], [[], {}, [1, [2]]], { a: [], b: {}, c: { d: [1, { e: [] }] } },
  "a:b,c[d]{e}", ["x\"y:", "\\", "{[,]}"], { "k:1": "v,2", "": [] }, [1.5, -0, NaN, Infinity, null, true],
  { "10": 1, a: [{}, [], [[]]] }, ["\ud800", "😀"],
];

test("indentJSON is V8's JSON.stringify(v, null, indent)", () => {
  for (const v of samples) {
    for (const indent of ["  ", "\t", "    "]) {
      assert.equal(indentJSON(JSON.stringify(v), indent), JSON.stringify(v, null, indent), JSON.stringify(v));
    }
  }
});

test("indentJSON on random values", () => {
  let seed = 7;
  const rand = (n) => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed % n;
  };
  const make = (d) => {
    switch (rand(d > 3 ? 3 : 6)) {
      case 0: return rand(100) - 50;
      case 1: return ["", "a", "q\"", "{,}", ":"][rand(5)];
      case 2: return [null, true, false][rand(3)];
      case 3: return Array.from({ length: rand(4) }, () => make(d + 1));
      default: {
        const o = {};
        for (let i = rand(4); i > 0; i--) o[["a", "b", "1", "x y"][rand(4)]] = make(d + 1);
        return o;
      }
    }
  };
  for (let i = 0; i < 500; i++) {
    const v = make(0);
    assert.equal(indentJSON(JSON.stringify(v), "  "), JSON.stringify(v, null, 2), JSON.stringify(v));
  }
});

test("fsWriteText", () => {
  const cases = [
    [{ data: "raw\ntext" }, "raw\ntext"],
    [{ data: [-0, NaN] }, "[0,null]"],
    [{ data: [[], [1]], format: "json" }, "[\n  [],\n  [\n    1\n  ]\n]"],
    [{ data: "s", format: "json" }, '"s"'],
    [{ data: "s", format: 1 }, "s"],
    [{ path: "p" }, undefined],
    [{ format: "json" }, undefined],
    [{ data: null }, "null"],
    [{ data: Object.prototype.toString }, undefined],
  ];
  for (const [args, want] of cases) assert.equal(fsWriteText(args, limits), want, JSON.stringify(args));
});
