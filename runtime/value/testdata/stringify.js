// Regenerates stringify.txt: node stringify.js > stringify.txt
// Each line: a value in canonical JSON (see canon.js), a tab, then JSON.stringify of it
// compact, a tab, JSON.stringify(v, null, 2) as a JSON string literal, a tab, String(v)
// as a JSON string literal. "undefined" stands for JSON.stringify returning undefined,
// "throws MESSAGE" for an exception.
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
  // Object.prototype methods installed as toJSON / toString / valueOf
  '{"k":{"toJSON":{"$function":"__lookupGetter__"}},"j":1}', '[{"toJSON":{"$function":"__lookupSetter__"}}]',
  '{"toJSON":{"$function":"__lookupGetter__"}}', '{"k":{"toJSON":{"$function":"__defineGetter__"}}}',
  '{"toJSON":{"$function":"__defineSetter__"}}',
  '{"toString":{"$function":"hasOwnProperty"}}', '{"toString":{"$function":"hasOwnProperty"},"undefined":1}',
  '{"toString":{"$function":"propertyIsEnumerable"},"undefined":1}', '{"toString":{"$function":"isPrototypeOf"}}',
  '{"toString":{"$function":"valueOf"}}', '{"toString":{"$function":"Object"}}', '{"toString":1}',
  '{"toString":{"$function":"__lookupGetter__"}}', '{"toString":{"$function":"__defineSetter__"}}',
  '{"toString":{"$function":"toLocaleString"}}', '{"toLocaleString":{"$function":"toString"}}',
  '{"valueOf":{"$function":"hasOwnProperty"},"toString":{"$function":"valueOf"}}',
  '{"toJSON":{"$function":"toLocaleString"},"toString":{"$function":"valueOf"},"x":1}',
  '[1,{"toString":{"$function":"isPrototypeOf"}},[{"toString":{"$function":"hasOwnProperty"}}]]',
  '[{"$function":"__lookupGetter__"},{"$function":"__defineSetter__"}]',
];
const lines = [];
for (const s of inputs) {
  const v = uncanon(JSON.parse(s));
  const attempt = (f) => {
    try {
      const r = f();
      return r === undefined ? "undefined" : r;
    } catch (e) {
      return "throws " + e.message;
    }
  };
  const c = attempt(() => JSON.stringify(v));
  const i = attempt(() => { const t = JSON.stringify(v, null, 2); return t === undefined ? t : JSON.stringify(t); });
  const str = attempt(() => JSON.stringify(String(v)));
  lines.push(s + "\t" + c + "\t" + i + "\t" + str);
}
console.log(lines.join("\n"));
