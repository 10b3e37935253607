// Regenerates the result column of jsonlimit.txt: node jsonlimit.js > jsonlimit.txt.new
// The count is the reference's Limits.checkNodes (reference/ts/src/limits.ts) with
// intoRecords set; the text is JSON.stringify's.
"use strict";
const fs = require("fs");

function fixture(v) {
  if (Array.isArray(v)) return v.map(fixture);
  if (v === null || typeof v !== "object") return v;
  const keys = Object.keys(v);
  if (keys.length === 1 && keys[0] === "$function") {
    const [owner, name] = v.$function.includes(".") ? v.$function.split(".") : ["Object", v.$function];
    return globalThis[owner].prototype[name];
  }
  const out = {};
  for (const k of keys) {
    if (k === "__proto__") Object.setPrototypeOf(out, fixture(v[k]));
    else out[k] = fixture(v[k]);
  }
  return out;
}

function overLimit(v, max) {
  let count = 0;
  const stack = [v];
  while (stack.length > 0) {
    const x = stack.pop();
    if (++count > max) return true;
    if (x === null || typeof x !== "object") continue;
    if (Array.isArray(x)) stack.push(...x);
    else for (const k of Object.keys(x)) stack.push(x[k]);
  }
  return false;
}

const lines = fs.readFileSync(__dirname + "/jsonlimit.txt", "utf8").split("\n");
if (lines[lines.length - 1] === "") lines.pop();
for (const line of lines) {
  if (line === "" || line.startsWith("#")) {
    console.log(line);
    continue;
  }
  const [text, max] = line.split("\t");
  const v = fixture(JSON.parse(text));
  let result;
  if (overLimit(v, Number(max))) result = "limit";
  else {
    try {
      const s = JSON.stringify(v);
      result = s === undefined ? "undefined" : s;
    } catch (e) {
      result = "throws " + e.message;
    }
  }
  console.log([text, max, result].join("\t"));
}
