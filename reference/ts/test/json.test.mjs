// The reference parses parse.json input with its own JSON parser (src/json.ts) because
// goja's JSON.parse differs from V8's. V8 — node's JSON.parse — is the authority here:
// for every input of testdata/json/inputs.txt the parser must give the same value (in
// canonical form) or the same error message.

import { test } from "node:test";
import assert from "node:assert/strict";
import { loadTs } from "../scripts/load-ts.mjs";
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { createRequire } from "node:module";

const here = dirname(fileURLToPath(import.meta.url));
const testfile = createRequire(import.meta.url)("../scripts/testfile.cjs");


const { parseJSON, decodeCanonical, encodeCanonical, Limits } = await loadTs('export { parseJSON, decodeCanonical } from "./src/json"; export { encodeCanonical } from "./src/values"; export { Limits } from "./src/limits";', "json");
const limits = new Limits(2000, 1 << 20);

function outcome(parse, text) {
  try {
    return "value " + encodeCanonical(parse(text), limits, "test");
  } catch (e) {
    return "error " + e.message;
  }
}

// inputs.txt is a table of one column (scripts/testfile.cjs).
const rows = testfile.parseTable(readFileSync(join(here, "testdata", "json", "inputs.txt"), "utf8"), "inputs.txt");
rows.forEach(({ line: n, fields: [line] }) => {
  const input = JSON.parse(line);
  test(`inputs.txt:${n} ${line}`, () => {
    assert.equal(outcome(parseJSON, input), outcome((t) => JSON.parse(t), input));
  });
});

// Canonical JSON round trip: what encodeCanonical writes, decodeCanonical reads back.
const roundTrip = [
  '{"$number":"-0"}',
  '[{"$number":"NaN"},{"$number":"Infinity"},{"$number":"-Infinity"},0,-1.5]',
  '{"$record":{"$number":"NaN"}}',
  '{"$record":{"$record":{"$function":"toString"}}}',
  '{"a":{"$function":"toString"},"b":[{"$function":"Object"},{"$function":"__lookupSetter__"}]}',
  '{"__proto__":{"x":1},"2":"\\ud83d","1":null}',
];
for (const text of roundTrip) {
  test(`canonical round trip ${text}`, () => {
    const expected = JSON.stringify(JSON.parse(text));
    assert.equal(encodeCanonical(decodeCanonical(text), limits, "test"), expected);
  });
}

test("decodeCanonical restores special numbers and keeps lone surrogates", () => {
  const v = decodeCanonical('[{"$number":"-0"},{"$number":"NaN"},"\\udc00x"]');
  assert.ok(Object.is(v[0], -0));
  assert.ok(Number.isNaN(v[1]));
  assert.equal(v[2], "\udc00x");
});
