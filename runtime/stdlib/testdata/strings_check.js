// Checks the JavaScript-defined expectations of strings.txt against node:
//   node strings_check.js
// str.replace is String.prototype.replaceAll, str.split String.prototype.split,
// str.starts/ends startsWith/endsWith, str.template a replace with /\{([^}]+)\}/g.
const fs = require("fs");
const { uncanon, canon } = require("../../value/testdata/canon.js");
const impl = {
  "str.replace": a => a.in.replaceAll(a.from, a.to),
  "str.split": a => a.in.split(a.sep),
  "str.starts": a => a.in.startsWith(a.value),
  "str.ends": a => a.in.endsWith(a.value),
  "str.template": a => a.in.replace(/\{([^}]+)\}/g, (m, k) => (a.vars[k] === undefined || a.vars[k] === null ? m : String(a.vars[k]))),
  "str.concat": a => a.parts.map(String).join(""),
};
let bad = 0, n = 0;
for (const line of fs.readFileSync("strings.txt", "utf8").split("\n")) {
  const [name, args, want] = line.split("\t");
  if (!impl[name] || !want || !want.startsWith("= ")) continue;
  const a = uncanon(JSON.parse(args));
  const got = "= " + canon(impl[name](a));
  n++;
  if (got !== want) { bad++; console.log("MISMATCH", line, "\n   node:", got); }
}
console.log(n + " cases checked, " + bad + " mismatches");
