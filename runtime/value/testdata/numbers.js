// Regenerates numbers.txt: node numbers.js > numbers.txt
// Each line: a number as a JavaScript literal (the Go test parses it with
// strconv.ParseFloat), a tab, and String(x) as computed by node.
const fixed = ["0", "-0", "1", "-1", "0.1", "0.30000000000000004", "2.5", "1e21", "1e20",
  "1e-7", "1e-6", "0.000001", "0.0000001", "5e-324", "-5e-324", "1.7976931348623157e+308",
  "123456789012345680000", "12345678901234567890", "1.5e300", "-1.5e-300", "9007199254740992",
  "9007199254740993", "-9007199254740991", "4294967295", "1e100", "1.23e-18", "100", "1e15",
  "123456.789", "0.5", "-0.5", "1e-323", "2.2250738585072014e-308", "999999999999999900000",
  "1e+21", "9.999999999999999e20", "0.00001", "0.000012345", "1.2345e-7", "Infinity",
  "-Infinity", "NaN", "3.14159", "1e308", "2e-7", "7e-7", "4.35", "0.1e1", "144115188075855870",
  "18014398509481984", "1.0000000000000002", "0.9999999999999999"];
const lines = [];
for (const s of fixed) lines.push(s + "\t" + String(Number(s)));
// Pseudo-random doubles over the whole exponent range (deterministic LCG).
let seed = 12345n;
const buf = new DataView(new ArrayBuffer(8));
for (let i = 0; i < 300; i++) {
  seed = (seed * 6364136223846793005n + 1442695040888963407n) & 0xffffffffffffffffn;
  buf.setBigUint64(0, seed);
  const x = buf.getFloat64(0);
  if (!Number.isFinite(x)) continue;
  lines.push(x.toPrecision(17) + "\t" + String(x));
}
// Integers and short decimals around the layout boundaries.
for (let e = -9; e <= 23; e++) {
  for (const m of [1, 1.5, 7.25, 123]) {
    const x = m * Math.pow(10, e);
    lines.push(x.toPrecision(17) + "\t" + String(x));
  }
}
console.log(lines.join("\n"));
