// Checks the V8 line of every case of engine-differences.txt (the case format of the Go
// package testfile: "=== NAME", the expression, "---", "goja: TEXT" and "v8: TEXT")
// against this node:
//   node reference/ts-bundle/testdata/engine-differences.mjs
import { readFileSync } from "node:fs";

const text = readFileSync(new URL("./engine-differences.txt", import.meta.url), "utf8");
const cases = [];
let cur = null;
text.split("\n").forEach((line, i) => {
  if (line.startsWith("=== ")) {
    cur = { name: line.slice(4).trim(), line: i + 1, js: [], expect: [], inExpect: false };
    cases.push(cur);
  } else if (cur === null) {
    // the file's preamble
  } else if (!cur.inExpect && line === "---") {
    cur.inExpect = true;
  } else if (!cur.inExpect) {
    cur.js.push(line);
  } else if (!line.startsWith("#") && line.trim() !== "") {
    cur.expect.push(line);
  }
});
let failures = 0;
for (const c of cases) {
  const v8 = c.expect.map((l) => /^v8:\s*(.*)$/.exec(l)).find((m) => m);
  if (!v8 || c.js.length === 0) {
    failures++;
    console.log(`engine-differences.txt:${c.line}: ${c.name}: no expression or no v8: line`);
    continue;
  }
  const js = c.js.join("\n");
  let got;
  try {
    got = String((0, eval)(js));
  } catch (e) {
    got = "throws " + String(e);
  }
  if (got !== v8[1]) {
    failures++;
    console.log(`engine-differences.txt:${c.line}: ${c.name}: ${js}\n  node: ${got}\n  file: ${v8[1]}`);
  }
}
console.log(`${cases.length - failures} of ${cases.length} V8 results confirmed (node ${process.version})`);
process.exit(failures === 0 ? 0 : 1);
