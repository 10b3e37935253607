// Regenerates digits.txt: the first code point of every block of ten decimal digits
// (general category Nd) that V8's localeCompare (ICU, node 20) collates exactly as the
// ASCII digits "0"…"9" — each digit's localeCompare with its ASCII digit is 0. The Go
// evaluator (runtime/locale/fold.go) and the reference (reference/ts/src/collate.ts)
// rewrite these digits to ASCII before collating. From the repository root:
//   node runtime/locale/testdata/digits.js > runtime/locale/testdata/digits.txt
const zeros = [];
for (let cp = 0x80; cp <= 0x10ffff; cp++) {
  if (cp >= 0xd800 && cp <= 0xdfff) continue;
  if (!/\p{Nd}/u.test(String.fromCodePoint(cp))) continue;
  let all = true;
  for (let d = 0; d < 10 && all; d++) all = String.fromCodePoint(cp + d).localeCompare(String(d)) === 0;
  if (all) zeros.push(cp);
}
console.log(`# node ${process.version}, ICU ${process.versions.icu}, Unicode ${process.versions.unicode}: ${zeros.length} blocks`);
for (const z of zeros) console.log("U+" + z.toString(16).toUpperCase().padStart(4, "0"));
