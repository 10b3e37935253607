// Checks the V8 column of engine-differences.txt against this node:
//   node reference/ts-bundle/testdata/engine-differences.mjs
import { readFileSync } from "node:fs";

const text = readFileSync(new URL("./engine-differences.txt", import.meta.url), "utf8");
let failures = 0, cases = 0;
for (const block of text.split(/\n\s*\n/)) {
  const fields = {};
  for (const line of block.split("\n")) {
    const m = /^(js|goja|v8):\s*(.*)$/.exec(line);
    if (m) fields[m[1]] = m[2];
  }
  if (fields.js === undefined) continue;
  cases++;
  let got;
  try {
    got = String((0, eval)(fields.js));
  } catch (e) {
    got = "throws " + String(e);
  }
  if (got !== fields.v8) {
    failures++;
    console.log(`${fields.js}\n  node: ${got}\n  file: ${fields.v8}`);
  }
}
console.log(`${cases - failures} of ${cases} V8 results confirmed (node ${process.version})`);
process.exit(failures === 0 ? 0 : 1);
