// Engine differences that change A0 results, evened out so that the reference behaves in
// goja the way it does in V8 (Node).
//
// Object.prototype in goja lacks the legacy accessor methods __defineGetter__,
// __defineSetter__, __lookupGetter__ and __lookupSetter__. A0 programs can read them as
// function values through any record (spec §10.2: `r.__lookupGetter__` is a function in
// V8, but would be null in goja), so they are installed when missing, with V8's names,
// semantics and String() text.

type Obj = { [key: string]: unknown };

function toObject(v: unknown, method: string): Obj {
  if (v === null || v === undefined) throw new TypeError(`Object.prototype.${method} called on null or undefined`);
  return Object(v) as Obj;
}

function lookupAccessor(target: unknown, key: string, method: string, kind: "get" | "set"): unknown {
  let o: Obj | null = toObject(target, method);
  while (o !== null) {
    const d = Object.getOwnPropertyDescriptor(o, key);
    if (d !== undefined) return d[kind];
    o = Object.getPrototypeOf(o) as Obj | null;
  }
  return undefined;
}

// The methods below are written in method syntax, which (unlike a function expression)
// makes functions without a "prototype" property, as V8's built-in methods are: A0 reads
// properties of function values through `sort` with `by:` (spec §8.4, §10.2).
const legacyAccessors: { [name: string]: Function } = {
  __defineGetter__(this: unknown, key: string, getter: unknown): void {
    if (typeof getter !== "function") throw new TypeError("Object.prototype.__defineGetter__: Expecting function");
    Object.defineProperty(toObject(this, "__defineGetter__"), key, { get: getter as () => unknown, enumerable: true, configurable: true });
  },
  __defineSetter__(this: unknown, key: string, setter: unknown): void {
    if (typeof setter !== "function") throw new TypeError("Object.prototype.__defineSetter__: Expecting function");
    Object.defineProperty(toObject(this, "__defineSetter__"), key, { set: setter as (v: unknown) => void, enumerable: true, configurable: true });
  },
  __lookupGetter__(this: unknown, key: string): unknown {
    return lookupAccessor(this, key, "__lookupGetter__", "get");
  },
  __lookupSetter__(this: unknown, key: string): unknown {
    return lookupAccessor(this, key, "__lookupSetter__", "set");
  },
};

// goja's native Object.prototype.toLocaleString calls this.toString() natively: a record
// whose toString is toLocaleString itself recurses without ever reaching goja's call-stack
// limit until the Go stack overflows, a fatal error that kills the whole process, and a
// toString that is not callable makes it fail with a Go nil-pointer panic or goja's own
// text. A0 reaches both through String() and JSON.stringify's toJSON (spec §10.2), so it
// is replaced by V8's behaviour: Invoke(this, "toString"), a RangeError for the endless
// recursion, V8's "… is not a function" TypeError.
const toLocaleString = {
  toLocaleString(this: unknown): unknown {
    const f = toObject(this, "toLocaleString").toString;
    if (typeof f !== "function") throw new TypeError(`${describeForTypeError(f)} is not a function`);
    if (f === toLocaleString) throw new RangeError("Maximum call stack size exceeded");
    return f.call(this);
  },
}.toLocaleString;

// describeForTypeError names a value the way V8's "%s is not a function" messages do:
// its typeof, then a primitive's text (strings quoted, cut after 100 code units).
function describeForTypeError(v: unknown): string {
  if (v === undefined) return "undefined";
  if (v === null) return "object null";
  if (typeof v === "string") return `string "${v.length > 100 ? v.slice(0, 100) + "<...>" : v}"`;
  if (typeof v === "object") return "object";
  return `${typeof v} ${String(v)}`;
}

// String.prototype in goja lacks methods V8 (Node 20) has: the Annex B HTML methods and
// isWellFormed/toWellFormed. A0 reads them as function values through `sort` with `by:`
// on string elements (spec §8.4, §10.2: `"a".bold` is a function in V8, undefined in goja),
// so they are installed too.
function thisString(v: unknown, method: string): string {
  if (v === null || v === undefined) throw new TypeError(`String.prototype.${method} called on null or undefined`);
  return String(v);
}

function html(method: string, tag: string, attribute?: string): Function {
  return {
    [method](this: unknown, value?: unknown): string {
      const s = thisString(this, method);
      const attr = attribute === undefined ? "" : ` ${attribute}="${String(value).replace(/"/g, "&quot;")}"`;
      return `<${tag}${attr}>${s}</${tag}>`;
    },
  }[method];
}

// wellFormed replaces every lone surrogate of s by U+FFFD.
function wellFormed(s: string): string {
  let out = "";
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length) {
      const d = s.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) {
        out += s[i] + s[i + 1];
        i++;
        continue;
      }
    }
    out += c >= 0xd800 && c <= 0xdfff ? "\ufffd" : s[i];
  }
  return out;
}

const stringMethods: { [name: string]: Function } = {
  anchor: html("anchor", "a", "name"),
  big: html("big", "big"),
  blink: html("blink", "blink"),
  bold: html("bold", "b"),
  fixed: html("fixed", "tt"),
  fontcolor: html("fontcolor", "font", "color"),
  fontsize: html("fontsize", "font", "size"),
  italics: html("italics", "i"),
  link: html("link", "a", "href"),
  small: html("small", "small"),
  strike: html("strike", "strike"),
  sub: html("sub", "sub"),
  sup: html("sup", "sup"),
  isWellFormed(this: unknown): boolean {
    const s = thisString(this, "isWellFormed");
    return wellFormed(s) === s;
  },
  toWellFormed(this: unknown): string {
    return wellFormed(thisString(this, "toWellFormed"));
  },
};

// install defines the methods missing from proto (all of them when replace is set),
// V8-like: non-enumerable, with V8's name, length and String() text.
function install(proto: object, methods: { [name: string]: Function }, lengths: { [name: string]: number }, replace = false): void {
  for (const name of Object.keys(methods)) {
    if (!replace && Object.prototype.hasOwnProperty.call(proto, name)) continue;
    const fn = methods[name];
    const nativeText = `function ${name}() { [native code] }`;
    Object.defineProperty(fn, "name", { value: name, configurable: true });
    const length = Object.prototype.hasOwnProperty.call(lengths, name) ? lengths[name] : 0;
    Object.defineProperty(fn, "length", { value: length, configurable: true });
    Object.defineProperty(fn, "toString", { value: () => nativeText, configurable: true, writable: true });
    Object.defineProperty(proto, name, { value: fn, writable: true, enumerable: false, configurable: true });
  }
}

// goja has no Intl: Number.prototype.toLocaleString prints the plain number there. V8
// (Node 20, ICU, en-US) groups the integer digits by three with "," and keeps at most three
// fraction digits, rounded half away from zero from the shortest decimal form; "∞" for
// Infinity; "-0" for a negative number that rounds to zero. A0 reaches it through
// Array.prototype.toLocaleString on a record whose prototype is a list (spec §10.2).
function numberToLocaleString(x: number): string {
  if (x !== x) return "NaN";
  if (x === Infinity) return "∞";
  if (x === -Infinity) return "-∞";
  const sign = x < 0 || Object.is(x, -0) ? "-" : "";
  const [mant, exp] = Math.abs(x).toExponential().split("e");
  let digits = mant.replace(".", "");
  let point = Number(exp) + 1;
  if (point < 0) {
    digits = "0".repeat(-point) + digits;
    point = 0;
  }
  while (digits.length < point) digits += "0";
  let intPart = digits.slice(0, point);
  let frac = digits.slice(point);
  if (frac.length > 3) {
    const roundUp = frac[3] >= "5";
    frac = frac.slice(0, 3);
    if (roundUp) {
      const n = (intPart + frac).split("");
      let i = n.length - 1;
      for (; i >= 0 && n[i] === "9"; i--) n[i] = "0";
      if (i < 0) n.unshift("1");
      else n[i] = String(Number(n[i]) + 1);
      intPart = n.slice(0, n.length - 3).join("");
      frac = n.slice(n.length - 3).join("");
    }
  }
  frac = frac.replace(/0+$/, "");
  intPart = intPart.replace(/^0+/, "") || "0";
  let grouped = "";
  for (let i = 0; i < intPart.length; i++) {
    if (i > 0 && (intPart.length - i) % 3 === 0) grouped += ",";
    grouped += intPart[i];
  }
  return sign + grouped + (frac === "" ? "" : "." + frac);
}

const numberMethods = {
  toLocaleString(this: unknown): string {
    if (typeof this !== "number" && !(this instanceof Number)) throw new TypeError("Number.prototype.toLocaleString requires that 'this' be a Number");
    return numberToLocaleString(Number(this));
  },
};

// goja's Function.prototype.call, apply and bind, called on something that is not a
// function, build their error message by converting `this` to a string, which calls them
// again when `this` is a record whose toString (or whose join, through
// Array.prototype.toString) is one of them: the Go stack overflows, a fatal error that
// kills the whole process. A0 reaches them through a record whose prototype is a function
// value (`{ __proto__: r.valueOf }.call`, spec §10.2) stored as a record's toString, join
// or toJSON, so they are replaced by V8's behaviour: the TypeError "object is not a
// function" (bind: "Bind must be called on a function"), else the native operation.
const nativeBind = Function.prototype.bind;

function notCallable(v: unknown): string {
  return `${describeForTypeError(v)} is not a function`;
}

const functionMethods: { [name: string]: Function } = {
  call(this: unknown, thisArg: unknown, ...args: unknown[]): unknown {
    if (typeof this !== "function") throw new TypeError(notCallable(this));
    return Reflect.apply(this, thisArg, args);
  },
  apply(this: unknown, thisArg: unknown, argArray?: unknown): unknown {
    if (typeof this !== "function") throw new TypeError(notCallable(this));
    return Reflect.apply(this, thisArg, argArray === null || argArray === undefined ? [] : (argArray as ArrayLike<unknown>));
  },
  bind(this: unknown, ...args: unknown[]): unknown {
    if (typeof this !== "function") throw new TypeError("Bind must be called on a function");
    return Reflect.apply(nativeBind, this, args);
  },
};

export function installV8Compat(): void {
  install(Object.prototype, legacyAccessors, { __defineGetter__: 2, __defineSetter__: 2, __lookupGetter__: 1, __lookupSetter__: 1 });
  install(String.prototype, stringMethods, { anchor: 1, fontcolor: 1, fontsize: 1, link: 1 });
  install(Object.prototype, { toLocaleString }, {}, true);
  install(Number.prototype, numberMethods, {}, true);
  install(Function.prototype, functionMethods, { call: 1, apply: 2, bind: 1 }, true);
}

// multiply is l * r as V8 computes it. goja's integer fast path drops the sign of a zero
// product (`-5 * 0` is +0 there, -0 in V8 and IEEE-754), and A0 keeps -0 (spec §5.1), so
// the sign of a zero product is restored here: negative iff exactly one operand is.
export function multiply(l: number, r: number): number {
  const p = l * r;
  if (p !== 0) return p;
  const negative = (l < 0 || Object.is(l, -0)) !== (r < 0 || Object.is(r, -0));
  return negative ? -0 : 0;
}

// wrapperPrototypeJSON is JSON.stringify(v) for the wrapper prototypes that goja
// serialises differently from V8, else undefined. In V8 String.prototype and
// Number.prototype are wrapper objects of "" and 0 and serialise as `""` and `0`; goja
// gives `{}` for both. A0 reaches them through `sort` with `by: "__proto__"` on string
// and number elements, whose comparator orders by JSON text (spec §8.4, §10.2).
export function wrapperPrototypeJSON(v: unknown): string | undefined {
  if (v === String.prototype) return '""';
  if (v === Number.prototype) return "0";
  return undefined;
}

// v8ErrorMessage is the message V8 gives for an exception goja raised with its own text.
// An assignment to a read-only property — `length` or `name` inherited from a function
// value that became a record's prototype (spec §10.2) — says "Cannot assign to read only
// property 'length'" in goja and adds " of object '[object Object]'" in V8 (the target is
// always a plain object: A0 lists and strings are never assigned to).
export function v8ErrorMessage(message: string): string {
  // message is READ_ONLY, a name without quotes, and a closing quote (written out rather
  // than as a regular expression: goja makes a new RegExp object each time a literal is
  // evaluated, and every stdlib failure's message passes through here).
  const start = READ_ONLY.length;
  if (message.length > start && message.startsWith(READ_ONLY) && message.indexOf("'", start) === message.length - 1) {
    return message + " of object '[object Object]'";
  }
  return message;
}

const READ_ONLY = "Cannot assign to read only property '";

// indentJSON is JSON.stringify(v, null, indent) as V8 writes it, made from the compact
// text of JSON.stringify(v): goja's indented output goes one level too deep for every
// empty list or record written before a nested container (see the bundle README, "goja is
// not V8"). Re-indenting the compact text gives V8's layout: a line per member, `": "`
// after keys, and empty containers as `[]` and `{}`.
export function indentJSON(compact: string, indent: string): string {
  const out: string[] = [];
  let depth = 0;
  let start = 0; // start of the pending run of plain characters
  const newline = (d: number): string => "\n" + indent.repeat(d);
  for (let i = 0; i < compact.length; i++) {
    const c = compact.charCodeAt(i);
    if (c === 0x22) {
      // a string: skip to its closing quote, past escapes
      for (i++; i < compact.length && compact.charCodeAt(i) !== 0x22; i++) {
        if (compact.charCodeAt(i) === 0x5c) i++;
      }
      continue;
    }
    let piece: string;
    switch (c) {
      case 0x5b: // [
      case 0x7b: {
        // {
        const close = c === 0x5b ? 0x5d : 0x7d;
        if (compact.charCodeAt(i + 1) === close) {
          i++;
          continue; // an empty container stays as it is
        }
        depth++;
        piece = compact[i] + newline(depth);
        break;
      }
      case 0x5d: // ]
      case 0x7d: // }
        depth--;
        piece = newline(depth) + compact[i];
        break;
      case 0x2c: // ,
        piece = "," + newline(depth);
        break;
      case 0x3a: // :
        piece = ": ";
        break;
      default:
        continue;
    }
    out.push(compact.slice(start, i), piece);
    start = i + 1;
  }
  out.push(compact.slice(start));
  return out.join("");
}
