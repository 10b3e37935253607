// A0 values as the reference holds them (spec §5.1): plain JavaScript data. Records are
// ordinary objects with Object.prototype as prototype, lists are arrays, strings are JS
// strings (UTF-16), numbers are JS numbers. Function values only appear when a property
// read falls through to an Object.prototype method (spec §10.2).
//
// This file holds the value-level rules every other part shares: type names for messages,
// truthiness, deep equality, the String() and JSON texts, and the canonical encoding used
// across the bundle ABI.

import { HarnessLimitError, Limits, textLimit } from "./limits";

export type Value = null | boolean | number | string | Value[] | Rec | Function;
export type Rec = { [key: string]: Value };

export function isRecord(v: unknown): v is Rec {
  return v !== null && typeof v === "object" && !Array.isArray(v);
}

// Object.hasOwn (ES2022, in goja and Node 20): a native call, where
// hasOwnProperty.call would go through the V8-compatible Function.prototype.call of
// v8compat.ts.
const objectHasOwn = (Object as unknown as { hasOwn(o: object, key: string): boolean }).hasOwn;

export function hasOwn(r: object, key: string): boolean {
  return objectHasOwn(r, key);
}

// singleKeyRecord is the literal { [key]: value }: a computed key defines an own property,
// even "__proto__". goja instead treats a computed "__proto__" key like the non-computed
// one and sets the prototype, so that key is defined explicitly here, as V8 does.
export function singleKeyRecord(key: string, value: Value): Rec {
  if (key !== "__proto__") return { [key]: value };
  const r: Rec = {};
  Object.defineProperty(r, key, { value, writable: true, enumerable: true, configurable: true });
  return r;
}

// typeofName is the typeof-name of spec §5.1: JavaScript typeof, except null. An absent
// value (undefined) is "undefined".
export function typeofName(v: unknown): string {
  return v === null ? "null" : typeof v;
}

// rawTypeofName is JavaScript typeof itself (null is "object"); only E_FOR_NOT_LIST uses it.
export function rawTypeofName(v: unknown): string {
  return typeof v;
}

// shapeName is like typeofName but names lists "list".
export function shapeName(v: unknown): string {
  if (v === null) return "null";
  if (Array.isArray(v)) return "list";
  return typeof v;
}

// a0TypeName is the result of the stdlib `typeof` (spec §8.3).
export function a0TypeName(v: unknown): string {
  if (v === null || v === undefined) return "null";
  if (Array.isArray(v)) return "list";
  const t = typeof v;
  if (t === "boolean" || t === "number" || t === "string") return t;
  return "record";
}

// isTruthy is A0 truthiness (spec §5.8): null, false, 0, -0 and "" are falsy; NaN, empty
// lists and empty records are truthy.
export function isTruthy(v: unknown): boolean {
  return !(v === null || v === undefined || v === false || v === 0 || v === "");
}

// deepEqual is A0 equality (spec §5.7). Identical values (the same object, the same
// function, equal primitives) are equal; NaN is unequal to itself; records compare their
// own keys regardless of order.
export function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a === null || b === null || typeof a !== "object" || typeof b !== "object") return false;
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) {
      if (!deepEqual(a[i], b[i])) return false;
    }
    return true;
  }
  const ra = a as Rec;
  const rb = b as Rec;
  const keys = Object.keys(ra);
  if (keys.length !== Object.keys(rb).length) return false;
  for (let i = 0; i < keys.length; i++) {
    const k = keys[i];
    if (!hasOwn(rb, k) || !deepEqual(ra[k], rb[k])) return false;
  }
  return true;
}

// displayString is JavaScript's String(v) (spec §10.5) as V8 computes it. It is written
// out rather than delegated to String() because goja's conversion of an object without a
// usable toString reports an error text containing Go pointers; V8 says "Cannot convert
// object to primitive value".
export function displayString(v: unknown, limits: Limits): string {
  limits.checkNodes(v, false, "String() conversion");
  return toDisplay(v);
}

function toDisplay(v: unknown): string {
  if (Array.isArray(v)) {
    const parts: string[] = [];
    for (let i = 0; i < v.length; i++) {
      const x = v[i];
      parts.push(x === null || x === undefined ? "" : toDisplay(x));
    }
    return parts.join(",");
  }
  if (v !== null && typeof v === "object") return objectToPrimitiveString(v as Rec);
  return String(v);
}

// objectToPrimitiveString is OrdinaryToPrimitive(o, string) followed by ToString: try
// o.toString(), then o.valueOf(), and use the first primitive result.
const PRIMITIVE_METHODS = ["toString", "valueOf"];

function objectToPrimitiveString(o: Rec): string {
  for (let i = 0; i < PRIMITIVE_METHODS.length; i++) {
    const fn = o[PRIMITIVE_METHODS[i]];
    if (typeof fn === "function") {
      const r: unknown = fn === Array.prototype.toString ? listToString(o) : fn.call(o);
      if (r === null || (typeof r !== "object" && typeof r !== "function")) return String(r);
    }
  }
  throw new TypeError("Cannot convert object to primitive value");
}

// listToString is Array.prototype.toString called on a record that inherits it from a
// list (`{ __proto__: [...] }`, spec §10.2): the join is written out, with this file's
// ToString of each element, because goja's native join reports an element without a
// usable toString in a text holding Go pointers where V8 says "Cannot convert object to
// primitive value".
function listToString(o: Rec): unknown {
  const join = o.join;
  if (join !== Array.prototype.join) {
    return typeof join === "function" ? join.call(o) : Object.prototype.toString.call(o);
  }
  const length = o.length;
  if (typeof length !== "number" || !(length <= MAX_WRITTEN_JOIN)) return join.call(o);
  const parts: string[] = [];
  for (let i = 0; i < length; i++) {
    const x = o[i];
    parts.push(x === null || x === undefined ? "" : toDisplay(x));
  }
  return parts.join(",");
}

// MAX_WRITTEN_JOIN bounds the lengths listToString joins itself; a longer inherited
// length (a record's own `length` member) is left to the engine's join.
const MAX_WRITTEN_JOIN = 1 << 20;

// jsonText is JSON.stringify(v) (spec §10.4): compact, NaN and ±Infinity as null, function
// values dropped from records and null in lists; undefined for a function value itself.
export function jsonText(v: unknown, limits: Limits): string | undefined {
  if (limits.checkNodes(v, true, "JSON text")) return JSON.stringify(v, endlessToJSON);
  if (limits.lastTextUnits >= LONG_TEXT) {
    const text = jsonSharingStrings(v);
    if (text !== null) return text;
  }
  return JSON.stringify(v);
}

// A value whose text runs to LONG_TEXT units or more is written by jsonSharingStrings,
// which quotes each distinct string of LONG_STRING units or more once. Such texts come
// from a long string held many times over (a list of 32 copies of a 2^20-unit string is
// within the default text bound): goja's JSON.stringify quotes every copy again, one
// character at a time, a few hundred milliseconds for such a list, where quoting it once
// and joining the copies takes a few.
const LONG_TEXT = 1 << 16;
const LONG_STRING = 1 << 10;
// Deeper values are left to JSON.stringify, whose own depth bound (V8's RangeError, goja's
// call stack) then applies as before.
const MAX_SHARING_DEPTH = 64;

// jsonSharingStrings is JSON.stringify(v) for a value made of plain data only (null,
// booleans, numbers, strings, function values, lists and records without toJSON, whose
// prototypes are Array.prototype, Object.prototype or null), or null when v holds
// anything else or nests deeper than MAX_SHARING_DEPTH.
function jsonSharingStrings(v: unknown): string | null {
  const out: string[] = [];
  if (appendJSON(v, out, new Map<string, string>(), 0) !== WROTE) return null;
  // goja's join grows its buffer by doubling (copying the text about twice more); concat
  // sizes it first. Arguments are bounded: a long list of pieces is joined.
  return out.length <= MAX_CONCAT_PIECES ? "".concat(...out) : out.join("");
}

const MAX_CONCAT_PIECES = 4096;

// appendJSON's results: the text of x was appended; x has no text (JSON.stringify leaves
// it out of a record and writes null for it in a list); x is not plain data.
const WROTE = 0;
const NO_TEXT = 1;
const NOT_PLAIN = 2;

function appendJSON(x: unknown, out: string[], quoted: Map<string, string>, depth: number): number {
  switch (typeof x) {
    case "string": {
      if (x.length < LONG_STRING) {
        out.push(JSON.stringify(x));
        return WROTE;
      }
      let q = quoted.get(x);
      if (q === undefined) {
        q = JSON.stringify(x);
        quoted.set(x, q);
      }
      out.push(q);
      return WROTE;
    }
    case "number":
    case "boolean":
      out.push(JSON.stringify(x));
      return WROTE;
    case "function":
    case "undefined":
      return NO_TEXT;
    case "object":
      break;
    default:
      return NOT_PLAIN;
  }
  if (x === null) {
    out.push("null");
    return WROTE;
  }
  if (depth >= MAX_SHARING_DEPTH) return NOT_PLAIN;
  const proto: unknown = Object.getPrototypeOf(x);
  if (Array.isArray(x)) {
    if (proto !== Array.prototype) return NOT_PLAIN;
    out.push("[");
    for (let i = 0; i < x.length; i++) {
      if (i > 0) out.push(",");
      const r = appendJSON(x[i], out, quoted, depth + 1);
      if (r === NOT_PLAIN) return r;
      if (r === NO_TEXT) out.push("null");
    }
    out.push("]");
    return WROTE;
  }
  if (proto !== Object.prototype && proto !== null) return NOT_PLAIN;
  const r = x as Rec;
  if (typeof r.toJSON === "function") return NOT_PLAIN;
  const keys = Object.keys(r);
  out.push("{");
  let written = 0;
  for (let i = 0; i < keys.length; i++) {
    const mark = out.length;
    out.push(written > 0 ? "," + keyPrefix(keys[i]) : keyPrefix(keys[i]));
    const m = appendJSON(r[keys[i]], out, quoted, depth + 1);
    if (m === NOT_PLAIN) return m;
    if (m === NO_TEXT) out.length = mark;
    else written++;
  }
  out.push("}");
  return WROTE;
}

// endlessToJSON is the replacer jsonText uses when the value holds a record with a toJSON
// function (spec §10.2): it throws V8's RangeError where V8's JSON.stringify recurses
// until its call stack overflows. A record whose toJSON is Array.prototype.concat
// (`{ __proto__: [] }.concat`) gives `[record, key]` (a record is not concat-spreadable),
// whose first element is the record again, and so on without end. V8 (node's default
// stack) throws "Maximum call stack size exceeded" at once; goja's JSON.stringify recurses
// in Go with a cycle check linear in the depth, and node's host thread has a 512 MB
// stack, so both would run until the deadline. The replacer runs after toJSON for each
// member, in the order JSON.stringify visits them, so an earlier member's own error
// still comes first. No other toJSON an A0 record can reach puts the record back into
// its own result.
const arrayConcat = Array.prototype.concat;

function endlessToJSON(this: Rec, key: string, value: unknown): unknown {
  const held = this[key];
  if (held !== null && typeof held === "object" && !Array.isArray(held) && (held as Rec).toJSON === arrayConcat) {
    throw new RangeError("Maximum call stack size exceeded");
  }
  return value;
}

// TextSink accumulates output text as a list of pieces joined once at the end (growing
// one string by concatenation copies it again on every piece in goja).
class TextSink {
  private readonly pieces: string[] = [];

  add(s: string): void {
    this.pieces.push(s);
  }

  text(): string {
    return this.pieces.join("");
  }
}

// encodeCanonical writes v in the canonical JSON of the bundle ABI
// (reference/ts-bundle/README.md): compact JSON with record keys in enumeration order,
// except that -0, NaN and ±Infinity become {"$number":…}, a function value becomes
// {"$function":NAME}, and a record whose only own key is $number, $function or $record is
// wrapped as {"$record":…}. Strings use JSON.stringify, which escapes lone surrogates.
// Nodes are counted against maxSize while writing (the same count as Limits.checkNodes).
export function encodeCanonical(v: unknown, limits: Limits, what: string): string {
  if (typeof v === "string") return JSON.stringify(v);
  if (typeof v === "number") return canonicalNumber(v);
  // Most values hold nothing that JSON cannot carry; for them the canonical text is exactly
  // JSON.stringify's, which is much faster in goja than writing the text piece by piece.
  if (isPlainJSON(v, limits.maxSize)) return JSON.stringify(v);
  return encodeRejected(v, limits.maxSize, what);
}

// encodeRejected is encodeCanonical for a value that isPlainJSON has just rejected: it
// fails if the scan stopped because the value has more than max nodes, and otherwise
// writes the value piece by piece.
export function encodeRejected(v: unknown, max: number, what: string): string {
  if (plainJSONOverflow(max)) throw tooManyNodes(what, max);
  const sink = new TextSink();
  new CanonicalWriter(sink, max, what).write(v);
  return sink.text();
}

export function tooManyNodes(what: string, max: number): HarnessLimitError {
  return new HarnessLimitError("maxSize", `${what} has more than maxSize ${max} nodes`);
}

// The number of nodes the last isPlainJSON scan visited (scans never nest), and the
// lengths of the strings and record keys it met: with the nodes, its text units
// (limits.ts, textLimit).
let plainScanCount = 0;
let plainScanLengths = 0;

// isPlainJSON decides whether JSON.stringify(v) is v's canonical text: no -0, NaN or
// ±Infinity, no function values, no record that the canonical form wraps, and no record
// with a toJSON method. It counts the nodes it visits like Limits.checkNodes and gives up
// (false, with plainJSONOverflow(max) true) once there are more than max.
// A value within max nodes whose text units exceed textLimit(max) is not plain either, and
// then plainJSONOverflow is true too.
export function isPlainJSON(v: unknown, max: number): boolean {
  plainScanCount = 0;
  plainScanLengths = 0;
  return plainNode(v, max) && plainScanCount + plainScanLengths <= plainTextLimit(max);
}

// isPlainJSONOverflow reports whether the last isPlainJSON scan stopped at max nodes, or
// found more text units than textLimit(max).
export function plainJSONOverflow(max: number): boolean {
  return plainScanCount > max || plainScanCount + plainScanLengths > plainTextLimit(max);
}

// plainTextLimit is textLimit(max), kept for the last max (a run's scans share one).
let plainMax = -1;
let plainMaxText = 0;

function plainTextLimit(max: number): number {
  if (max !== plainMax) {
    plainMaxText = textLimit(max);
    plainMax = max;
  }
  return plainMaxText;
}

function plainNode(v: unknown, max: number): boolean {
  if (++plainScanCount > max) return false;
  switch (typeof v) {
    case "string":
      plainScanLengths += v.length;
      return true;
    case "boolean":
      return true;
    case "number":
      return v !== 0 ? v - v === 0 : 1 / v > 0;
    case "object":
      break;
    default:
      return false;
  }
  if (v === null) return true;
  if (Array.isArray(v)) {
    for (let i = 0; i < v.length; i++) {
      if (!plainNode(v[i], max)) return false;
    }
    return true;
  }
  const r = v as Rec;
  if (typeof r.toJSON === "function") return false;
  const keys = Object.keys(r);
  // A single key starting with "$" (compared rather than indexed: indexing a string
  // allocates a wrapper object in goja).
  if (keys.length === 1 && keys[0] >= "$" && keys[0] < "%") return false;
  for (let i = 0; i < keys.length; i++) {
    const k = keys[i];
    const x = r[k];
    plainScanLengths += k.length;
    // Strings are the most common leaves; they are counted here rather than in a call.
    if (typeof x === "string") {
      if (++plainScanCount > max) return false;
      plainScanLengths += x.length;
    } else if (!plainNode(x, max)) {
      return false;
    }
  }
  return true;
}

class CanonicalWriter {
  private count = 0;
  // The text units met so far (limits.ts, textLimit), bounded by maxText.
  private units = 0;
  private readonly maxText: number;
  constructor(
    private readonly sink: TextSink,
    private readonly max: number,
    private readonly what: string,
  ) {
    this.maxText = textLimit(max);
  }

  // addUnits counts n more text units, and fails past maxText before they are written.
  private addUnits(n: number): void {
    this.units += n;
    if (this.units > this.maxText) {
      throw new HarnessLimitError("maxSize", `${this.what} needs more than ${this.maxText} text units`);
    }
  }

  write(v: unknown): void {
    if (++this.count > this.max) {
      throw tooManyNodes(this.what, this.max);
    }
    this.addUnits(1);
    const sink = this.sink;
    switch (typeof v) {
      case "string":
        this.addUnits(v.length);
        sink.add(JSON.stringify(v));
        return;
      case "number":
        sink.add(canonicalNumber(v));
        return;
      case "boolean":
        sink.add(v ? "true" : "false");
        return;
      case "function":
        sink.add('{"$function":' + JSON.stringify((v as Function).name) + "}");
        return;
      case "object":
        break;
      default:
        throw new Error(`canonical encoding: unexpected ${typeof v} value`);
    }
    if (v === null) {
      sink.add("null");
      return;
    }
    if (Array.isArray(v)) {
      sink.add("[");
      for (let i = 0; i < v.length; i++) {
        if (i > 0) sink.add(",");
        this.write(v[i]);
      }
      sink.add("]");
      return;
    }
    const r = v as Rec;
    const keys = Object.keys(r);
    const wrap = keys.length === 1 && (keys[0] === "$number" || keys[0] === "$function" || keys[0] === "$record");
    sink.add(wrap ? '{"$record":{' : "{");
    for (let i = 0; i < keys.length; i++) {
      this.addUnits(keys[i].length);
      sink.add(i > 0 ? "," + keyPrefix(keys[i]) : keyPrefix(keys[i]));
      this.write(r[keys[i]]);
    }
    sink.add(wrap ? "}}" : "}");
  }
}

// keyPrefix is `"KEY":`. Record keys repeat a lot (trace data, evidence), so the texts
// are memoised, up to a bound.
const keyPrefixes = new Map<string, string>();

function keyPrefix(k: string): string {
  let t = keyPrefixes.get(k);
  if (t === undefined) {
    if (keyPrefixes.size >= 4096) keyPrefixes.clear();
    t = JSON.stringify(k) + ":";
    keyPrefixes.set(k, t);
  }
  return t;
}

function canonicalNumber(n: number): string {
  if (n !== n) return '{"$number":"NaN"}';
  if (n === Infinity) return '{"$number":"Infinity"}';
  if (n === -Infinity) return '{"$number":"-Infinity"}';
  if (n === 0 && 1 / n < 0) return '{"$number":"-0"}';
  return String(n);
}
