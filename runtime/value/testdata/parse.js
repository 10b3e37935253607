// Regenerates parse.txt: node parse.js > parse.txt
// Each line: the JSON.parse input as a JSON string literal, a tab, then either
// "ok " + the canonical form of the result, or "error " + node's error message.
const { canon } = require("./canon.js");
const inputs = [
  // values
  "5", "null", "true", "false", '"s"', " 1 ", "\t\n\r 2", "-0", "-0.0", "0", "1e400", "-1e400", "1e-400",
  "12345678901234567890", "123456789012345678901", "1.5E+3", "1e-7", "0.1", "[]", "{}", "[ ]", "{ }",
  "[1,[2,[3]]]", '{"a":1,"b":2,"a":3}', '{"b":1,"10":2,"a":3,"2":4,"01":5}', '{"__proto__":1}',
  '{"__proto__":{"a":1}}', '{"4294967294":1,"4294967295":2,"1":3}', '{"-1":1,"1.0":2,"0":3}',
  '"\\ud83d"', '"\\ud83d\\ude00"', '"\\ude00\\ud83d"', '"a\\u00e9b"', '"\\u0000"', '"\\/\\b\\f\\n\\r\\t\\"\\\\"',
  '"\\uD83D\\uDE00"', '"😀é"', '{"$number":"NaN"}', '{"$record":1}', '{"a":{"b":{"c":[true,null]}}}',
  '[1e21,1e20,0.000001,1e-7,-5e-324]', '{"":1}', '{"a":[],"b":{}}', '"\u007f"', '"\u2028"',
  // errors
  "", " ", "{", "[", "[1", "[1,", "[1,2", "{\"a\"", "{\"a\":", "{\"a\":1", "{\"a\":1,", "{\"a\":1,}",
  "[1,]", '"a\tb"', '"a\nb"', '"\u0001"', '"abc', '"ab\\', "tru", "nul", "fals", "tx", "nulx", "tRue",
  '{"a" 1}', "{a:1}", "[1 2]", '{"a":1 "b":2}', "01", "-01", "-", "-a", "1.", "1.e5", "1e", "1e+",
  "1E-x", '"\\x"', '"\\u12"', '"\\u12', '"\\uZZZZ"', '"\\é"', "1 2", "x", "NaN", "Infinity",
  "undefined", "[object Object]", "-Infinity", '{"a":1}x', "é", "😀", "'a'", ".5", "+1", "[-]",
  "{,}", '{"a"}', '"\\ud83d"x', "  }", "[1,]  ", '"' + "x".repeat(40) + '"y', "x".repeat(40),
  '{"aaaaaaaaaaaaaaaaaaaaaaaaa":1,"bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb":2,]', "[1,2,3,4,5,6,7,8,9,10,11,12,13,14,]",
  "[1,2,3,4,5,6,7,8,9,10,]", "[1,2,3,4,5,6,7,8,9,10]]", "[true, tru]", '[tr"]', "[t1]", "[nul]",
  "[\"a\" \"b\"]", "{\"a\":tru}", "[1,2,3,4,5,6,7,8,9,,10,11,12,13,14,15,16,17]", "[😀😀😀😀😀😀😀😀😀😀😀😀,]",
  "\u00a0", "[1]\u00a0", "[\"é\",]", "{\"é\":1,}", "{\"a\":1}}", "[[[[]]]", '"\\u"',
];
const lines = [];
for (const s of inputs) {
  let out;
  try { out = "ok " + canon(JSON.parse(s)); } catch (e) { out = "error " + e.message; }
  lines.push(JSON.stringify(s) + "\t" + out);
}
console.log(lines.join("\n"));
