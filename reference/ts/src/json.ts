// JSON text → A0 value, the way V8's JSON.parse does it (spec §8.2, §10.6).
//
// The reference relies on JSON.parse for parse.json, but goja's JSON.parse is not V8's:
// it rejects numbers that overflow a double (`1e400`, which V8 parses as Infinity) and it
// replaces lone-surrogate escapes (`"\ud83d"`) by U+FFFD. Both change A0 results, so the
// reference parses JSON itself: strict RFC 8259, numbers converted with Number() (nearest
// double, overflow to ±Infinity, "-0" to -0), duplicate keys last-wins-at-first-position,
// "__proto__" defined as an ordinary own key, \u escapes kept as code units. Error texts
// follow V8's (Node 20) wording; they are host-specific and compared by code only.
//
// decodeCanonical reads the canonical JSON of the bundle ABI (values coming from the Go
// host), undoing the {"$number"}, {"$function"} and {"$record"} wrappers.

import { Rec, Value } from "./values";

export function parseJSON(text: string): Value {
  if (text.length <= MAX_NATIVE_TEXT && !NOT_NATIVE.test(text)) {
    try {
      return JSON.parse(text) as Value;
    } catch {
      // not JSON: the parser below gives V8's message
    }
  }
  const p = new JSONParser(text);
  p.skipSpace();
  const v = p.parseValue();
  p.skipSpace();
  if (p.pos < text.length) throw p.error(`Unexpected non-whitespace character after JSON at position ${p.pos}`);
  return v;
}

// NOT_NATIVE finds what could make the engine's JSON.parse read a text otherwise than the
// parser below: a surrogate code unit (goja converts the text to UTF-8 first, turning a
// lone surrogate into U+FFFD) or a \u escape of one (U+FFFD too). A text without either
// reads the same in both in goja (values, numbers, key order, duplicate and "__proto__"
// keys; numbers by strconv.ParseFloat in both, which agree with Number() on 300 000 random
// number texts), and JSON.parse costs goja a fraction of the parser's loop, which calls
// charCodeAt for every unit (≈ 200 000 instructions for a generated program's typical
// 13-unit text). A text JSON.parse rejects (1e400 among them), and a text over
// MAX_NATIVE_TEXT units (whose nesting could overflow the parser's call stack where
// JSON.parse's would not), goes to the parser.
const NOT_NATIVE = /[\ud800-\udfff]|\\u[dD]/;
const MAX_NATIVE_TEXT = 1 << 16;

// decodeCanonical reads canonical JSON written by the Go host. Such text never holds
// numbers a double cannot carry, so the engine's JSON.parse is exact for it — except for
// lone-surrogate escapes, which goja's JSON.parse replaces by U+FFFD; texts containing a
// surrogate escape go through parseJSON.
export function decodeCanonical(text: string): Value {
  const v = text.indexOf("\\ud") >= 0 || text.indexOf("\\uD") >= 0 ? parseJSON(text) : (JSON.parse(text) as Value);
  // Every wrapper has a key starting with "$" (written as such or as \u0024); without one
  // the text is plain JSON.
  return text.indexOf('"$') >= 0 || text.indexOf("\\u0024") >= 0 ? fromCanonical(v) : v;
}

function fromCanonical(v: Value): Value {
  if (Array.isArray(v)) {
    for (let i = 0; i < v.length; i++) v[i] = fromCanonical(v[i]);
    return v;
  }
  if (v === null || typeof v !== "object") return v;
  const r = v as Rec;
  const keys = Object.keys(r);
  if (keys.length === 1) {
    const k = keys[0];
    const inner = r[k];
    if (k === "$number" && typeof inner === "string") return specialNumber(inner);
    if (k === "$function" && typeof inner === "string") return prototypeFunction(inner);
    if (k === "$record" && inner !== null && typeof inner === "object" && !Array.isArray(inner)) {
      const ir = inner as Rec;
      const innerKeys = Object.keys(ir);
      for (let i = 0; i < innerKeys.length; i++) ir[innerKeys[i]] = fromCanonical(ir[innerKeys[i]]);
      return ir;
    }
  }
  // Assignment to an existing own key (including an own "__proto__") keeps it own.
  for (let i = 0; i < keys.length; i++) r[keys[i]] = fromCanonical(r[keys[i]]);
  return r;
}

// prototypeFunction finds the Object.prototype method whose name is `name` (the
// canonical encoding writes a function value as its name: "toString", or "Object" for
// the constructor).
function prototypeFunction(name: string): Function {
  const proto = Object.prototype as unknown as { [key: string]: unknown };
  for (const key of Object.getOwnPropertyNames(proto)) {
    if (key === "__proto__") continue;
    const fn = proto[key];
    if (typeof fn === "function" && fn.name === name) return fn;
  }
  throw new SyntaxError(`canonical JSON: no Object.prototype function named ${name}`);
}

function specialNumber(s: string): number {
  switch (s) {
    case "NaN":
      return NaN;
    case "Infinity":
      return Infinity;
    case "-Infinity":
      return -Infinity;
    case "-0":
      return -0;
  }
  throw new SyntaxError(`canonical JSON: bad $number ${JSON.stringify(s)}`);
}

const enum Ch {
  Tab = 0x09,
  LF = 0x0a,
  CR = 0x0d,
  Space = 0x20,
  Quote = 0x22,
  Plus = 0x2b,
  Comma = 0x2c,
  Minus = 0x2d,
  Dot = 0x2e,
  Zero = 0x30,
  Nine = 0x39,
  Colon = 0x3a,
  UpperE = 0x45,
  LBracket = 0x5b,
  Backslash = 0x5c,
  RBracket = 0x5d,
  LowerE = 0x65,
  LBrace = 0x7b,
  RBrace = 0x7d,
}

class JSONParser {
  pos = 0;
  constructor(readonly text: string) {}

  error(message: string): SyntaxError {
    return new SyntaxError(message);
  }

  skipSpace(): void {
    const t = this.text;
    let i = this.pos;
    while (i < t.length) {
      const c = t.charCodeAt(i);
      if (c !== Ch.Space && c !== Ch.Tab && c !== Ch.LF && c !== Ch.CR) break;
      i++;
    }
    this.pos = i;
  }

  // unexpected reports the character at pos the way V8 does.
  unexpected(): SyntaxError {
    const t = this.text;
    if (this.pos >= t.length) return this.error("Unexpected end of JSON input");
    const c = t[this.pos];
    if (c === '"') return this.error(`Unexpected string in JSON at position ${this.pos}`);
    if ((c >= "0" && c <= "9") || c === "-") return this.error(`Unexpected number in JSON at position ${this.pos}`);
    return this.error(`Unexpected token '${c}', ${contextSnippet(t, this.pos)} is not valid JSON`);
  }

  parseValue(): Value {
    const t = this.text;
    if (this.pos >= t.length) throw this.unexpected();
    const c = t.charCodeAt(this.pos);
    if (c === Ch.Quote) return this.parseString();
    if (c === Ch.LBrace) return this.parseObject();
    if (c === Ch.LBracket) return this.parseArray();
    if (c === Ch.Minus || (c >= Ch.Zero && c <= Ch.Nine)) return this.parseNumber();
    if (t.startsWith("true", this.pos)) {
      this.pos += 4;
      return true;
    }
    if (t.startsWith("false", this.pos)) {
      this.pos += 5;
      return false;
    }
    if (t.startsWith("null", this.pos)) {
      this.pos += 4;
      return null;
    }
    // a literal's first letter commits V8 to it: the first character that does not
    // continue the word is the unexpected one ("nm" → 'm'), the end of the text the
    // unexpected end
    for (const word of ["true", "false", "null"]) {
      if (c !== word.charCodeAt(0)) continue;
      for (let k = 1; k < word.length; k++) {
        if (this.pos + k >= t.length) throw this.error("Unexpected end of JSON input");
        if (t.charCodeAt(this.pos + k) !== word.charCodeAt(k)) {
          this.pos += k;
          throw this.unexpected();
        }
      }
    }
    if (this.pos === 0 && (t === "Infinity" || t === "NaN")) throw this.error(`"${t}" is not valid JSON`);
    throw this.unexpected();
  }

  parseObject(): Rec {
    const t = this.text;
    const obj: Rec = {};
    this.pos++; // {
    this.skipSpace();
    if (t.charCodeAt(this.pos) === Ch.RBrace) {
      this.pos++;
      return obj;
    }
    for (;;) {
      if (t.charCodeAt(this.pos) !== Ch.Quote) {
        throw this.error(`Expected property name or '}' in JSON at position ${this.pos}`);
      }
      const key = this.parseString();
      this.skipSpace();
      if (t.charCodeAt(this.pos) !== Ch.Colon) {
        throw this.error(`Expected ':' after property name in JSON at position ${this.pos}`);
      }
      this.pos++;
      this.skipSpace();
      const value = this.parseValue();
      if (key === "__proto__") {
        Object.defineProperty(obj, key, { value, writable: true, enumerable: true, configurable: true });
      } else {
        obj[key] = value;
      }
      this.skipSpace();
      const c = t.charCodeAt(this.pos);
      if (c === Ch.Comma) {
        this.pos++;
        this.skipSpace();
        if (t.charCodeAt(this.pos) !== Ch.Quote) {
          throw this.error(`Expected double-quoted property name in JSON at position ${this.pos}`);
        }
        continue;
      }
      if (c === Ch.RBrace) {
        this.pos++;
        return obj;
      }
      throw this.error(`Expected ',' or '}' after property value in JSON at position ${this.pos}`);
    }
  }

  parseArray(): Value[] {
    const t = this.text;
    const arr: Value[] = [];
    this.pos++; // [
    this.skipSpace();
    if (t.charCodeAt(this.pos) === Ch.RBracket) {
      this.pos++;
      return arr;
    }
    for (;;) {
      arr.push(this.parseValue());
      this.skipSpace();
      const c = t.charCodeAt(this.pos);
      if (c === Ch.Comma) {
        this.pos++;
        this.skipSpace();
        continue;
      }
      if (c === Ch.RBracket) {
        this.pos++;
        return arr;
      }
      throw this.error(`Expected ',' or ']' after array element in JSON at position ${this.pos}`);
    }
  }

  parseNumber(): number {
    const t = this.text;
    const start = this.pos;
    let i = start;
    if (t.charCodeAt(i) === Ch.Minus) {
      i++;
      if (!isDigit(t.charCodeAt(i))) {
        this.pos = i;
        throw this.error(`No number after minus sign in JSON at position ${i}`);
      }
    }
    if (t.charCodeAt(i) === Ch.Zero) {
      i++;
      if (isDigit(t.charCodeAt(i))) throw this.error(`Unexpected number in JSON at position ${i}`);
    } else {
      while (isDigit(t.charCodeAt(i))) i++;
    }
    if (t.charCodeAt(i) === Ch.Dot) {
      i++;
      if (!isDigit(t.charCodeAt(i))) {
        this.pos = i;
        throw this.error(`Unterminated fractional number in JSON at position ${i}`);
      }
      while (isDigit(t.charCodeAt(i))) i++;
    }
    const e = t.charCodeAt(i);
    if (e === Ch.LowerE || e === Ch.UpperE) {
      i++;
      const s = t.charCodeAt(i);
      if (s === Ch.Plus || s === Ch.Minus) i++;
      if (!isDigit(t.charCodeAt(i))) {
        this.pos = i;
        throw this.error(`Exponent part is missing a number in JSON at position ${i}`);
      }
      while (isDigit(t.charCodeAt(i))) i++;
    }
    this.pos = i;
    return Number(t.slice(start, i));
  }

  parseString(): string {
    const t = this.text;
    const start = this.pos;
    let i = start + 1;
    let chunkStart = i;
    let out = "";
    for (;;) {
      if (i >= t.length) throw this.error(`Unterminated string in JSON at position ${i}`);
      const c = t.charCodeAt(i);
      if (c === Ch.Quote) {
        out += t.slice(chunkStart, i);
        this.pos = i + 1;
        return out;
      }
      if (c < 0x20) throw this.error(`Bad control character in string literal in JSON at position ${i}`);
      if (c !== Ch.Backslash) {
        i++;
        continue;
      }
      out += t.slice(chunkStart, i);
      const esc = t[i + 1];
      switch (esc) {
        case '"':
        case "\\":
        case "/":
          out += esc;
          i += 2;
          break;
        case "b":
          out += "\b";
          i += 2;
          break;
        case "f":
          out += "\f";
          i += 2;
          break;
        case "n":
          out += "\n";
          i += 2;
          break;
        case "r":
          out += "\r";
          i += 2;
          break;
        case "t":
          out += "\t";
          i += 2;
          break;
        case "u": {
          let code = 0;
          for (let k = 2; k < 6; k++) {
            const h = hexValue(t.charCodeAt(i + k));
            if (h < 0) {
              if (i + k >= t.length) throw this.error(`Unterminated string in JSON at position ${i + k}`);
              throw this.error(`Bad Unicode escape in JSON at position ${i + k}`);
            }
            code = code * 16 + h;
          }
          out += String.fromCharCode(code);
          i += 6;
          break;
        }
        default:
          if (i + 1 >= t.length) throw this.error("Unexpected end of JSON input");
          throw this.error(`Bad escaped character in JSON at position ${i + 1}`);
      }
      chunkStart = i;
    }
  }
}

function isDigit(c: number): boolean {
  return c >= Ch.Zero && c <= Ch.Nine;
}

function hexValue(c: number): number {
  if (c >= 0x30 && c <= 0x39) return c - 0x30;
  if (c >= 0x41 && c <= 0x46) return c - 0x41 + 10;
  if (c >= 0x61 && c <= 0x66) return c - 0x61 + 10;
  return -1;
}

// contextSnippet quotes the source around an unexpected token as V8's messages do: the
// whole text when it is short, otherwise up to 10 characters either side with "...".
function contextSnippet(t: string, pos: number): string {
  const maxContext = 10;
  if (t.length <= maxContext * 2) return `"${t}"`;
  const from = Math.max(0, pos - maxContext);
  const to = Math.min(t.length, pos + maxContext);
  // V8 picks the leading "..." by the position alone (from the 10th code unit on), so at
  // position 10 it is printed although nothing was cut off.
  return `${pos >= maxContext ? "..." : ""}"${t.slice(from, to)}"${to < t.length ? "..." : ""}`;
}
