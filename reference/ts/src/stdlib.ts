// The A0 standard library (spec §8): 34 pure functions, each taking one record of named
// arguments. A function signals failure by throwing an Error whose message is the spec's
// INNER text; the evaluator wraps it as E_FN "Function 'NAME' failed: INNER". An absent
// argument reads as undefined and is treated like null.

import { timSort } from "./timsort";
import { localeCompare } from "./collate";
import { parseJSON } from "./json";
import { Limits } from "./limits";
import { getPath, parsePath, patch, putPath } from "./paths";
import { Rec, Value, a0TypeName, deepEqual, displayString, hasOwn, isRecord, isTruthy, jsonText } from "./values";
import { wrapperPrototypeJSON } from "./v8compat";

export type StdlibFn = (args: Rec, limits: Limits) => Value;

function fail(message: string): never {
  throw new Error(message);
}

// ---- data and paths ----

function parseJson(args: Rec): Value {
  const text = args.in;
  if (typeof text !== "string") fail("parse.json requires 'in' to be a string.");
  return parseJSON(text);
}

function get(args: Rec): Value {
  const path = args.path;
  if (typeof path !== "string") fail("get requires 'path' to be a string.");
  return getPath(args.in ?? null, parsePath(path));
}

function put(args: Rec, limits: Limits): Value {
  const path = args.path;
  if (typeof path !== "string") fail("put requires 'path' to be a string.");
  return putPath(args.in ?? null, parsePath(path), 0, args.value ?? null, limits);
}

function patchFn(args: Rec, limits: Limits): Value {
  return patch(args.in ?? null, args.ops ?? null, limits);
}

// ---- predicates ----

function eq(args: Rec): Value {
  return deepEqual(args.a ?? null, args.b ?? null);
}

function contains(args: Rec): Value {
  const input = args.in ?? null;
  const value = args.value ?? null;
  if (typeof input === "string") return typeof value === "string" && input.includes(value);
  if (Array.isArray(input)) return input.some((x) => deepEqual(x, value));
  if (isRecord(input)) return typeof value === "string" && hasOwn(input, value);
  return false;
}

function not(args: Rec): Value {
  return !isTruthy(args.in);
}

function and(args: Rec): Value {
  return isTruthy(args.a) && isTruthy(args.b);
}

function or(args: Rec): Value {
  return isTruthy(args.a) || isTruthy(args.b);
}

function coalesce(args: Rec): Value {
  const v = args.in;
  return v === null || v === undefined ? args.default ?? null : v;
}

function typeofFn(args: Rec): Value {
  return a0TypeName(args.in);
}

// ---- lists ----

function len(args: Rec): Value {
  const input = args.in;
  if (Array.isArray(input) || typeof input === "string") return input.length;
  if (isRecord(input)) return Object.keys(input).length;
  return fail("len: 'in' must be a list, string, or record");
}

function append(args: Rec, limits: Limits): Value {
  const input = args.in;
  if (!Array.isArray(input)) fail("append: 'in' must be a list");
  limits.checkLength(input.length + 1, "append result");
  const out = input.slice();
  out.push(args.value ?? null);
  return out;
}

function concat(args: Rec, limits: Limits): Value {
  const a = args.a;
  const b = args.b;
  if (!Array.isArray(a) || !Array.isArray(b)) fail("concat: 'a' and 'b' must be lists");
  limits.checkLength(a.length + b.length, "concat result");
  return a.concat(b);
}

// compareValues is sort's comparator (spec §8.4): numbers numerically, strings by locale
// collation, anything else by the JSON texts of both values. The sort asks only whether
// the result is < 0 (a -0 or NaN difference is not), as V8's does.
function compareValues(a: Value, b: Value, limits: Limits): number {
  if (typeof a === "number" && typeof b === "number") return a - b;
  if (typeof a === "string" && typeof b === "string") return localeCompare(a, b);
  const ja = wrapperPrototypeJSON(a) ?? jsonText(a, limits);
  const jb = wrapperPrototypeJSON(b) ?? jsonText(b, limits);
  return ja! < jb! ? -1 : ja! > jb! ? 1 : 0;
}

function sort(args: Rec, limits: Limits): Value {
  const input = args.in;
  if (!Array.isArray(input)) fail("sort: 'in' must be a list");
  const by = args.by;
  let keys: string[] | null = null;
  if (by !== null && by !== undefined) {
    if (typeof by === "string") {
      keys = [by];
    } else if (Array.isArray(by)) {
      if (!by.every((k) => typeof k === "string")) fail("sort: 'by' array elements must be strings");
      keys = by as string[];
    } else {
      fail("sort: 'by' must be a string or list of strings");
    }
  }
  // V8's Array.prototype.sort, run by the reference itself (timsort.ts): with NaN the
  // comparator is no consistent order and the result depends on the algorithm.
  const sorted = input.slice();
  if (keys === null) {
    timSort(sorted, (x, y) => compareValues(x, y, limits) < 0);
    return sorted;
  }
  const byKeys = keys;
  timSort(sorted, (x, y) => {
    for (let i = 0; i < byKeys.length; i++) {
      const key = byKeys[i];
      const c = compareValues(sortKey(x, key), sortKey(y, key), limits);
      if (c !== 0) return c < 0;
    }
    return false;
  });
  return sorted;
}

// sortKey is x[key], a JavaScript property read on whatever the element is (spec §10.2):
// "__proto__" of a non-record reads its wrapper prototype (String.prototype, …), which
// compareValues orders by its JSON text. "-" is answered here: no non-record has it (V8
// reads undefined), but goja panics reading "-" of a string (its index parser indexes the
// empty rest after the sign).
function sortKey(x: Value, key: string): Value {
  if (key === "-" && !isRecord(x)) return null;
  return (x as Rec | null)?.[key] ?? null;
}

function filterBy(args: Rec): Value {
  const input = args.in;
  if (!Array.isArray(input)) fail("filter: 'in' must be a list");
  const by = args.by;
  if (typeof by !== "string") fail("filter: 'by' must be a string");
  return input.filter((el) => isRecord(el) && isTruthy(el[by]));
}

function find(args: Rec): Value {
  const input = args.in;
  if (!Array.isArray(input)) fail("find: 'in' must be a list");
  const key = args.key;
  if (typeof key !== "string") fail("find: 'key' must be a string");
  const value = args.value ?? null;
  for (let i = 0; i < input.length; i++) {
    const el = input[i];
    if (isRecord(el) && deepEqual(el[key] ?? null, value)) return el;
  }
  return null;
}

function range(args: Rec, limits: Limits): Value {
  const from = args.from;
  const to = args.to;
  if (typeof from !== "number" || typeof to !== "number" || !Number.isInteger(from) || !Number.isInteger(to)) {
    fail("range: 'from' and 'to' must be integers");
  }
  const out: number[] = [];
  if (from >= to) return out;
  limits.checkLength(to - from, "range result");
  for (let i = from; i < to; i++) out.push(i);
  return out;
}

function join(args: Rec, limits: Limits): Value {
  const input = args.in;
  if (!Array.isArray(input)) fail("join: 'in' must be a list");
  const sep = args.sep ?? "";
  if (typeof sep !== "string") fail("join: 'sep' must be a string");
  const parts: string[] = [];
  let total = 0;
  for (let i = 0; i < input.length; i++) {
    const s = displayString(input[i], limits);
    total += s.length + (i > 0 ? sep.length : 0);
    limits.checkLength(total, "join result");
    parts.push(s);
  }
  return parts.join(sep);
}

function unique(args: Rec): Value {
  const input = args.in;
  if (!Array.isArray(input)) fail("unique: 'in' must be a list");
  const out: Value[] = [];
  for (let i = 0; i < input.length; i++) {
    const x = input[i];
    if (!out.some((y) => deepEqual(x, y))) out.push(x);
  }
  return out;
}

function pluck(args: Rec): Value {
  const input = args.in;
  if (!Array.isArray(input)) fail("pluck: 'in' must be a list");
  const key = args.key;
  if (typeof key !== "string") fail("pluck: 'key' must be a string");
  return input.map((el) => (isRecord(el) ? el[key] ?? null : null));
}

function flat(args: Rec, limits: Limits): Value {
  const input = args.in;
  if (!Array.isArray(input)) fail("flat: 'in' must be a list");
  const out: Value[] = [];
  for (let i = 0; i < input.length; i++) {
    const x = input[i];
    if (Array.isArray(x)) {
      limits.checkLength(out.length + x.length, "flat result");
      for (let j = 0; j < x.length; j++) out.push(x[j]);
    } else {
      out.push(x);
    }
  }
  return out;
}

// ---- strings ----

function strConcat(args: Rec, limits: Limits): Value {
  const parts = args.parts;
  if (!Array.isArray(parts)) fail("str.concat: 'parts' must be a list");
  const out: string[] = [];
  let total = 0;
  for (let i = 0; i < parts.length; i++) {
    const s = displayString(parts[i], limits);
    total += s.length;
    limits.checkLength(total, "str.concat result");
    out.push(s);
  }
  return out.join("");
}

function strSplit(args: Rec): Value {
  const input = args.in;
  if (typeof input !== "string") fail("str.split: 'in' must be a string");
  const sep = args.sep;
  if (typeof sep !== "string") fail("str.split: 'sep' must be a string");
  return input.split(sep);
}

function strStarts(args: Rec): Value {
  const input = args.in;
  if (typeof input !== "string") fail("str.starts: 'in' must be a string");
  const value = args.value;
  if (typeof value !== "string") fail("str.starts: 'value' must be a string");
  return input.startsWith(value);
}

function strEnds(args: Rec): Value {
  const input = args.in;
  if (typeof input !== "string") fail("str.ends: 'in' must be a string");
  const value = args.value;
  if (typeof value !== "string") fail("str.ends: 'value' must be a string");
  return input.endsWith(value);
}

// strReplace is String.prototype.replaceAll(from, to) with a string pattern, written out
// so that it does not depend on the engine having replaceAll: every non-overlapping match
// left to right (an empty `from` matches at every code-unit boundary), and `to` expanded
// with the substitution patterns $$, $&, $` and $'.
function strReplace(args: Rec, limits: Limits): Value {
  const input = args.in;
  if (typeof input !== "string") fail("str.replace: 'in' must be a string");
  const from = args.from;
  if (typeof from !== "string") fail("str.replace: 'from' must be a string");
  const to = args.to;
  if (typeof to !== "string") fail("str.replace: 'to' must be a string");

  const positions: number[] = [];
  const advance = Math.max(1, from.length);
  let p = input.indexOf(from, 0);
  while (p !== -1) {
    positions.push(p);
    p = p + advance > input.length ? -1 : input.indexOf(from, p + advance);
  }
  const literal = to.indexOf("$") === -1;
  const out: string[] = [];
  let total = 0;
  let end = 0;
  for (let i = 0; i < positions.length; i++) {
    const pos = positions[i];
    const kept = input.slice(end, pos);
    const replacement = literal ? to : substitute(to, input, pos, from.length);
    total += kept.length + replacement.length;
    limits.checkLength(total, "str.replace result");
    out.push(kept, replacement);
    end = pos + from.length;
  }
  const rest = input.slice(end);
  limits.checkLength(total + rest.length, "str.replace result");
  out.push(rest);
  return out.join("");
}

// substitute is GetSubstitution for a match without capture groups.
function substitute(template: string, input: string, pos: number, matchLength: number): string {
  let out = "";
  let i = 0;
  while (i < template.length) {
    const c = template[i];
    if (c === "$" && i + 1 < template.length) {
      const n = template[i + 1];
      if (n === "$") {
        out += "$";
        i += 2;
        continue;
      }
      if (n === "&") {
        out += input.slice(pos, pos + matchLength);
        i += 2;
        continue;
      }
      if (n === "`") {
        out += input.slice(0, pos);
        i += 2;
        continue;
      }
      if (n === "'") {
        out += input.slice(Math.min(pos + matchLength, input.length));
        i += 2;
        continue;
      }
    }
    out += c;
    i++;
  }
  return out;
}

// strTemplate replaces each {KEY} placeholder (matched left to right like /\{([^}]+)\}/g)
// by String(vars[KEY]); absent and null values leave the placeholder as it is.
function strTemplate(args: Rec, limits: Limits): Value {
  const input = args.in;
  if (typeof input !== "string") fail("str.template: 'in' must be a string");
  const vars = args.vars;
  if (!isRecord(vars)) fail("str.template: 'vars' must be a record");
  const out: string[] = [];
  let total = 0;
  let end = 0;
  let i = input.indexOf("{");
  while (i !== -1) {
    const close = input.indexOf("}", i + 1);
    if (close === -1) break;
    if (close === i + 1) {
      i = input.indexOf("{", i + 1);
      continue;
    }
    const key = input.slice(i + 1, close);
    const v = vars[key];
    if (v !== undefined && v !== null) {
      const kept = input.slice(end, i);
      const s = displayString(v, limits);
      total += kept.length + s.length;
      limits.checkLength(total, "str.template result");
      out.push(kept, s);
      end = close + 1;
    }
    i = input.indexOf("{", close + 1);
  }
  const rest = input.slice(end);
  limits.checkLength(total + rest.length, "str.template result");
  out.push(rest);
  return out.join("");
}

// ---- records ----

function keys(args: Rec): Value {
  const input = args.in;
  if (!isRecord(input)) fail("keys: 'in' must be a record");
  return Object.keys(input);
}

function values(args: Rec): Value {
  const input = args.in;
  if (!isRecord(input)) fail("values: 'in' must be a record");
  return Object.keys(input).map((k) => input[k]);
}

function entries(args: Rec): Value {
  const input = args.in;
  if (!isRecord(input)) fail("entries: 'in' must be a record");
  return Object.keys(input).map((k) => ({ key: k, value: input[k] }));
}

function merge(args: Rec): Value {
  const a = args.a;
  const b = args.b;
  if (!isRecord(a) || !isRecord(b)) fail("merge: 'a' and 'b' must be records");
  return { ...a, ...b };
}

// ---- math ----

function extreme(name: "math.max" | "math.min", args: Rec): Value {
  const input = args.in;
  if (!Array.isArray(input)) fail(`${name}: 'in' must be a list`);
  if (input.length === 0) fail(`${name}: list must not be empty`);
  let best = name === "math.max" ? -Infinity : Infinity;
  for (let i = 0; i < input.length; i++) {
    const x = input[i];
    if (typeof x !== "number") fail(`${name}: all elements must be numbers`);
    if (name === "math.max" ? x > best : x < best) best = x;
  }
  return best;
}

function mathMax(args: Rec): Value {
  return extreme("math.max", args);
}

function mathMin(args: Rec): Value {
  return extreme("math.min", args);
}

// stdlib is the registry the evaluator resolves calls against (after the user-function
// registry, spec §5.10). map, reduce and filter-with-fn are evaluator built-ins (§5.11);
// "filter" here is the by: form.
export const stdlib: Map<string, StdlibFn> = new Map<string, StdlibFn>([
  ["parse.json", parseJson],
  ["get", get],
  ["put", put],
  ["patch", patchFn],
  ["eq", eq],
  ["contains", contains],
  ["not", not],
  ["and", and],
  ["or", or],
  ["len", len],
  ["append", append],
  ["concat", concat],
  ["sort", sort],
  ["filter", filterBy],
  ["find", find],
  ["range", range],
  ["join", join],
  ["str.concat", strConcat],
  ["str.split", strSplit],
  ["str.starts", strStarts],
  ["str.replace", strReplace],
  ["keys", keys],
  ["values", values],
  ["merge", merge],
  ["math.max", mathMax],
  ["math.min", mathMin],
  ["str.ends", strEnds],
  ["unique", unique],
  ["coalesce", coalesce],
  ["typeof", typeofFn],
  ["pluck", pluck],
  ["flat", flat],
  ["entries", entries],
  ["str.template", strTemplate],
]);
