// Regenerates stringify.txt: node stringify.js > stringify.txt
// Each line: a value in canonical JSON (see canon.js), a tab, then JSON.stringify of it
// compact, a tab, JSON.stringify(v, null, 2) as a JSON string literal, a tab, String(v)
// as a JSON string literal. "undefined" stands for JSON.stringify returning undefined.
const { uncanon } = require("./canon.js");
const inputs = [
  'null', 'true', 'false', '0', '{"$number":"-0"}', '{"$number":"NaN"}', '{"$number":"Infinity"}',
  '{"$number":"-Infinity"}', '1e21', '1e-7', '5e-324', '123456789012345680000', '0.30000000000000004',
  '"plain"', '"quote\\" backslash\\\\ slash/"', '"\\b\\t\\n\\f\\r\\u0000\\u0001\\u001f\\u007f"',
  '"<>&\\u2028\\u2029é😀"', '"\\ud83d"', '"\\ude00x"', '"a\\ud83d\\ude00b"', '"\\udbff\\udfff"',
  '[]', '{}', '[[]]', '[{}]', '{"a":[]}', '{"a":{}}', '[1,"a",null,true,[2,[3]]]',
  '{"a":1,"b":{"c":[1,2],"d":{}}}', '{"b":1,"10":2,"a":3,"2":4}',
  '[{"$number":"NaN"},{"$number":"-0"},{"$number":"Infinity"}]', '{"x":{"$number":"-Infinity"}}',
  '{"$function":"toString"}', '[{"$function":"toString"}]', '{"f":{"$function":"toString"},"d":1}',
  '{"f":{"$function":"valueOf"}}', '[1,{"f":{"$function":"hasOwnProperty"}},[{"$function":"Object"}]]',
  '{"$record":{"$number":"NaN"}}', '{"$record":{"$record":1}}', '{"$record":{"$function":"x"}}',
  '{"toJSON":{"$function":"toString"},"a":1}', '{"k":{"toJSON":{"$function":"hasOwnProperty"},"toJSONx":1}}',
  '{"k":{"toJSON":{"$function":"propertyIsEnumerable"}}}', '[{"toJSON":{"$function":"hasOwnProperty"}}]',
  '{"k":{"toJSON":{"$function":"Object"}}}', '[{"toJSON":{"$function":"Object"}}]', '{"toJSON":{"$function":"valueOf"},"v":2}',
  '{"k":{"toJSON":{"$function":"isPrototypeOf"}}}', '{"k":{"toJSON":{"$function":"toLocaleString"}}}',
  '{"toJSON":1}', '[1,null,[2,null]]', '[null]', '[[],[]]', '{"a":1}',
  '{"":""}', '{"\\n":"\\ud800"}',
];
const lines = [];
for (const s of inputs) {
  const v = uncanon(JSON.parse(s));
  const c = JSON.stringify(v);
  const i = JSON.stringify(v, null, 2);
  let str;
  try { str = JSON.stringify(String(v)); } catch (e) { str = "throws"; }
  lines.push(s + "\t" + (c === undefined ? "undefined" : c) + "\t" + (i === undefined ? "undefined" : JSON.stringify(i)) + "\t" + str);
}
console.log(lines.join("\n"));
