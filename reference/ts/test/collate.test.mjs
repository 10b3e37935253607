// The reference's localeCompare (src/collate.ts) must answer as node's own (V8, ICU)
// does — its rewrite changes nothing ICU can see — on every pair of strings made of the
// characters where goja's collator differs from ICU (other scripts' digits, lone
// surrogates, U+FFFD, U+FFFF) mixed with ordinary ones; and its digit table must be
// node's (runtime/locale/testdata/digits.txt, which the Go evaluator's table is held to).

import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { createRequire } from "node:module";
import { loadTs } from "../scripts/load-ts.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const testfile = createRequire(import.meta.url)("../scripts/testfile.cjs");
const { localeCompare, DIGIT_ZEROS } = await loadTs('export { localeCompare, DIGIT_ZEROS } from "./src/collate";', "collate");

test("the digit table is node's", () => {
  const text = readFileSync(join(here, "../../../runtime/locale/testdata/digits.txt"), "utf8");
  const zeros = testfile.parseTable(text, "digits.txt").map(({ fields: [u] }) => parseInt(u.slice(2), 16));
  assert.deepEqual(DIGIT_ZEROS, zeros);
});

test("the same sign as node's localeCompare on mixed strings", () => {
  const pieces = ["", "a", "A", "z", "é", "1", "2", "9", "0", " ", "_", "-", "中", "😀", "\u0661", "\u0662", "\u06f1", "\u0967",
    "\u0e51", "\uff11", "\ud835\udfcf", "\ud804\udc67", "\ud800", "\ud801", "\udbff", "\udc00", "\udfff", "\ufffd", "\uffff", "e\u0301"];
  const strings = [];
  // Two pieces that would join into a surrogate pair make a code point of their own
  // (mostly unassigned, which the rewrite's stand-ins are not ordered against): left out.
  const joins = (a, b) => /[\ud800-\udbff]$/.test(a) && /^[\udc00-\udfff]/.test(b);
  for (const a of pieces) for (const b of pieces) if (!joins(a, b)) strings.push(a + b);
  let checked = 0;
  for (const x of strings) {
    for (const y of strings) {
      const want = Math.sign(x.localeCompare(y));
      const got = Math.sign(localeCompare(x, y));
      if (got !== want) assert.fail(`${JSON.stringify(x)} vs ${JSON.stringify(y)}: ${got}, node ${want}`);
      checked++;
    }
  }
  assert.ok(checked > 700000);
});
