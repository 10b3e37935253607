// Checks the v8 line of every case of engine-differences.txt (the case format, read with
// reference/ts/scripts/testfile.cjs: "=== NAME", the expression, "---", "goja: TEXT" and
// "v8: TEXT") against this node:
//   node reference/ts-bundle/testdata/engine-differences.mjs
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";

const { parseCases } = createRequire(import.meta.url)("../../ts/scripts/testfile.cjs");
const text = readFileSync(new URL("./engine-differences.txt", import.meta.url), "utf8");
const cases = parseCases(text, "engine-differences.txt");
let failures = 0;
for (const c of cases) {
  const v8 = c.expect.map((e) => /^v8:\s*(.*)$/.exec(e.text)).find((m) => m);
  if (!v8 || c.source === "") {
    failures++;
    console.log(`${c.where}: ${c.name}: no expression or no v8: line`);
    continue;
  }
  let got;
  try {
    got = String((0, eval)(c.source));
  } catch (e) {
    got = "throws " + String(e);
  }
  if (got !== v8[1]) {
    failures++;
    console.log(`${c.where}: ${c.name}: ${c.source}\n  node: ${got}\n  file: ${v8[1]}`);
  }
}
console.log(`${cases.length - failures} of ${cases.length} V8 results confirmed (node ${process.version})`);
process.exit(failures === 0 ? 0 : 1);
