// canon(v) is value.MarshalCanonical written in JavaScript: compact JSON except that -0,
// NaN and ±Infinity are {"$number": …} and a record whose only key is $number, $function
// or $record is wrapped in {"$record": …}. Shared by the generator scripts.
function canon(v) {
  if (v === null) return "null";
  if (typeof v === "number") {
    if (Number.isNaN(v)) return '{"$number":"NaN"}';
    if (v === Infinity) return '{"$number":"Infinity"}';
    if (v === -Infinity) return '{"$number":"-Infinity"}';
    if (Object.is(v, -0)) return '{"$number":"-0"}';
    return String(v);
  }
  if (typeof v === "string" || typeof v === "boolean") return JSON.stringify(v);
  if (typeof v === "function") return '{"$function":' + JSON.stringify(v.name) + "}";
  if (Array.isArray(v)) return "[" + v.map(canon).join(",") + "]";
  const keys = Object.keys(v);
  const body = "{" + keys.map(k => JSON.stringify(k) + ":" + canon(v[k])).join(",") + "}";
  if (keys.length === 1 && ["$number", "$function", "$record"].includes(keys[0])) return '{"$record":' + body + "}";
  return body;
}
module.exports.canon = canon;

// uncanon is the inverse of canon, applied to an already JSON.parse'd value; a
// {"$function": NAME} becomes Object.prototype's method of that name.
function uncanon(v) {
  if (Array.isArray(v)) return v.map(uncanon);
  if (v === null || typeof v !== "object") return v;
  const keys = Object.keys(v);
  if (keys.length === 1) {
    const k = keys[0], x = v[k];
    if (k === "$number") return { "NaN": NaN, "Infinity": Infinity, "-Infinity": -Infinity, "-0": -0 }[x];
    if (k === "$function") return x === "Object" ? Object : Object.prototype[x];
    if (k === "$record") v = x;
  }
  const out = {};
  for (const k of Object.keys(v)) Object.defineProperty(out, k, { value: uncanon(v[k]), enumerable: true, writable: true, configurable: true });
  return out;
}
module.exports.uncanon = uncanon;
