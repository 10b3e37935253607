// The path-addressed stdlib functions: get and put (dotted/bracket paths, spec §8.2) and
// patch (JSON-Pointer operations, spec §8.2). They never modify their inputs: containers
// on the way to a change are copied (records with object spread, lists with slice).

import { Limits } from "./limits";
import { Rec, Value, deepEqual, hasOwn, isRecord, jsonText } from "./values";

// ---- get / put ----

// parsePath splits a get/put path at every "." and every "[digits]" group (the digits
// become a piece of their own), drops empty pieces, and turns all-digit pieces into list
// indices. This is what `path.split(/\.|\[(\d+)\]/)` followed by that filtering yields.
export function parsePath(path: string): (string | number)[] {
  const pieces: string[] = [];
  let current = "";
  let i = 0;
  while (i < path.length) {
    const c = path[i];
    if (c === ".") {
      pieces.push(current);
      current = "";
      i++;
      continue;
    }
    if (c === "[") {
      let j = i + 1;
      while (j < path.length && path[j] >= "0" && path[j] <= "9") j++;
      if (j > i + 1 && path[j] === "]") {
        pieces.push(current, path.slice(i + 1, j));
        current = "";
        i = j + 1;
        continue;
      }
    }
    current += c;
    i++;
  }
  pieces.push(current);
  const segments: (string | number)[] = [];
  for (let k = 0; k < pieces.length; k++) {
    const p = pieces[k];
    if (p === "") continue;
    segments.push(isAllDigits(p) ? Number(p) : p);
  }
  return segments;
}

function isAllDigits(s: string): boolean {
  for (let i = 0; i < s.length; i++) {
    if (s[i] < "0" || s[i] > "9") return false;
  }
  return s.length > 0;
}

export function getPath(input: Value, segments: (string | number)[]): Value {
  let current: Value = input;
  for (let k = 0; k < segments.length; k++) {
    const seg = segments[k];
    if (current === null || current === undefined) return null;
    if (typeof seg === "number") {
      if (!Array.isArray(current)) return null;
      current = current[seg] ?? null;
    } else {
      if (!isRecord(current)) return null;
      current = current[seg] ?? null;
    }
  }
  return current;
}

export function putPath(current: Value, segments: (string | number)[], index: number, value: Value, limits: Limits): Value {
  if (index === segments.length) return value;
  const seg = segments[index];
  if (typeof seg === "number") {
    // The padded list would have seg+1 elements; refuse before building it.
    limits.checkLength(seg + 1, "put list");
    const list: Value[] = Array.isArray(current) ? current.slice() : [];
    while (list.length <= seg) list.push(null);
    list[seg] = putPath(list[seg], segments, index + 1, value, limits);
    return list;
  }
  const rec: Rec = isRecord(current) ? { ...current } : {};
  rec[seg] = putPath(rec[seg] ?? null, segments, index + 1, value, limits);
  return rec;
}

// ---- patch ----

// fail raises a stdlib failure with its INNER text (the evaluator wraps it as E_FN).
function fail(message: string): never {
  throw new Error(message);
}

function parsePointer(pointer: string, field: "path" | "from"): string[] {
  if (pointer === "") return [];
  if (pointer[0] !== "/") fail(`Invalid JSON Pointer '${pointer}' for '${field}'.`);
  const pieces = pointer.split("/");
  pieces.shift();
  for (let i = 0; i < pieces.length; i++) pieces[i] = pieces[i].split("~1").join("/").split("~0").join("~");
  return pieces;
}

function isCanonicalIndex(piece: string): boolean {
  if (piece === "0") return true;
  if (piece.length === 0 || piece[0] < "1" || piece[0] > "9") return false;
  return isAllDigits(piece);
}

// remainingPointer is the pointer text of the pieces from `at` on, as the messages of
// add/replace/remove report it.
function remainingPointer(pieces: string[], at: number): string {
  return "/" + pieces.slice(at).join("/");
}

// listIndex resolves a list piece: a canonical index below `limit`, or "-" (= limit) when
// `dashAllowed`.
function listIndex(piece: string, limit: number, dashAllowed: boolean, pointer: string, op: string): number {
  if (piece === "-") {
    if (dashAllowed) return limit;
    fail(`Invalid array index '-' at '${pointer}' for op '${op}'.`);
  }
  if (!isCanonicalIndex(piece)) fail(`Invalid array index '${piece}' at '${pointer}' for op '${op}'.`);
  const idx = Number(piece);
  if (idx >= limit + (dashAllowed ? 1 : 0)) fail(`Array index '${piece}' out of bounds at '${pointer}' for op '${op}'.`);
  return idx;
}

// MISSING marks a pointer that addresses nothing.
const MISSING = {};

function valueAt(doc: Value, pieces: string[]): Value | typeof MISSING {
  let current: Value = doc;
  for (let k = 0; k < pieces.length; k++) {
    const piece = pieces[k];
    if (Array.isArray(current)) {
      if (!isCanonicalIndex(piece)) return MISSING;
      const idx = Number(piece);
      if (idx >= current.length) return MISSING;
      current = current[idx];
    } else if (isRecord(current)) {
      if (!hasOwn(current, piece)) return MISSING;
      current = current[piece];
    } else {
      return MISSING;
    }
  }
  return current;
}

// setAt implements add (insert into lists, create or overwrite keys) and replace
// (overwrite existing elements and keys only).
function setAt(doc: Value, pieces: string[], at: number, value: Value, op: "add" | "replace"): Value {
  if (at === pieces.length) return value;
  const piece = pieces[at];
  const pointer = remainingPointer(pieces, at);
  const last = at === pieces.length - 1;
  if (Array.isArray(doc)) {
    const list = doc.slice();
    if (last) {
      const idx = listIndex(piece, list.length, op === "add", pointer, op);
      if (op === "add") list.splice(idx, 0, value);
      else list[idx] = value;
    } else {
      const idx = listIndex(piece, list.length, false, pointer, op);
      list[idx] = setAt(list[idx], pieces, at + 1, value, op);
    }
    return list;
  }
  if (!isRecord(doc)) fail(`Path '${pointer}' does not exist for op '${op}'.`);
  const rec: Rec = { ...doc };
  if (!hasOwn(rec, piece) && (!last || op === "replace")) fail(`Path '${pointer}' does not exist for op '${op}'.`);
  rec[piece] = last ? value : setAt(rec[piece], pieces, at + 1, value, op);
  return rec;
}

function removeAt(doc: Value, pieces: string[], at: number): Value {
  if (at === pieces.length) return null;
  const piece = pieces[at];
  const pointer = remainingPointer(pieces, at);
  const last = at === pieces.length - 1;
  if (Array.isArray(doc)) {
    const idx = listIndex(piece, doc.length, false, pointer, "remove");
    const list = doc.slice();
    if (last) list.splice(idx, 1);
    else list[idx] = removeAt(list[idx], pieces, at + 1);
    return list;
  }
  if (!isRecord(doc) || !hasOwn(doc, piece)) fail(`Path '${pointer}' does not exist for op 'remove'.`);
  const rec: Rec = { ...doc };
  if (last) delete rec[piece];
  else rec[piece] = removeAt(rec[piece], pieces, at + 1);
  return rec;
}

// cloneDeep copies lists and records all the way down (record keys by assignment).
function cloneDeep(v: Value): Value {
  if (Array.isArray(v)) return v.map(cloneDeep);
  if (isRecord(v)) {
    const out: Rec = {};
    const keys = Object.keys(v);
    for (let i = 0; i < keys.length; i++) out[keys[i]] = cloneDeep(v[keys[i]]);
    return out;
  }
  return v;
}

function applyOp(doc: Value, op: Rec, limits: Limits): Value {
  const name = op.op;
  const path = op.path;
  if (typeof name !== "string") fail("patch op requires an 'op' string.");
  if (typeof path !== "string") fail("patch op requires a 'path' string.");
  const pieces = parsePointer(path, "path");
  switch (name) {
    case "add":
      return setAt(doc, pieces, 0, op.value ?? null, "add");
    case "replace":
      return setAt(doc, pieces, 0, op.value ?? null, "replace");
    case "remove":
      return removeAt(doc, pieces, 0);
    case "copy":
    case "move": {
      const from = op.from;
      if (typeof from !== "string") fail(`${name} op requires a 'from' string.`);
      const fromPieces = parsePointer(from, "from");
      const found = valueAt(doc, fromPieces);
      if (found === MISSING) fail(`Path '${from}' does not exist for op '${name}'.`);
      const moved = cloneDeep(found as Value);
      if (name === "move") doc = removeAt(doc, fromPieces, 0);
      return setAt(doc, pieces, 0, moved, "add");
    }
    case "test": {
      const actual = valueAt(doc, pieces);
      if (actual === MISSING) fail(`Test failed at '${path}': path does not exist.`);
      const expected = op.value ?? null;
      if (!deepEqual(actual, expected)) {
        fail(`Test failed at '${path}': expected ${jsonText(expected, limits)}, got ${jsonText(actual, limits)}`);
      }
      return doc;
    }
  }
  return fail(`Unknown patch op '${name}'.`);
}

export function patch(input: Value, ops: Value, limits: Limits): Value {
  if (!Array.isArray(ops)) fail("patch requires 'ops' to be a list.");
  let doc = input;
  for (let i = 0; i < ops.length; i++) {
    const op = ops[i];
    if (!isRecord(op)) fail(`Invalid op at index ${i}.`);
    doc = applyOp(doc, op, limits);
  }
  return doc;
}
