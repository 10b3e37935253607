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

const legacyAccessors: { [name: string]: Function } = {
  __defineGetter__: function (this: unknown, key: string, getter: unknown): void {
    if (typeof getter !== "function") throw new TypeError("Object.prototype.__defineGetter__: Expecting function");
    Object.defineProperty(toObject(this, "__defineGetter__"), key, { get: getter as () => unknown, enumerable: true, configurable: true });
  },
  __defineSetter__: function (this: unknown, key: string, setter: unknown): void {
    if (typeof setter !== "function") throw new TypeError("Object.prototype.__defineSetter__: Expecting function");
    Object.defineProperty(toObject(this, "__defineSetter__"), key, { set: setter as (v: unknown) => void, enumerable: true, configurable: true });
  },
  __lookupGetter__: function (this: unknown, key: string): unknown {
    return lookupAccessor(this, key, "__lookupGetter__", "get");
  },
  __lookupSetter__: function (this: unknown, key: string): unknown {
    return lookupAccessor(this, key, "__lookupSetter__", "set");
  },
};

export function installV8Compat(): void {
  for (const name of Object.keys(legacyAccessors)) {
    if (Object.prototype.hasOwnProperty.call(Object.prototype, name)) continue;
    const fn = legacyAccessors[name];
    const nativeText = `function ${name}() { [native code] }`;
    Object.defineProperty(fn, "name", { value: name, configurable: true });
    Object.defineProperty(fn, "toString", { value: () => nativeText, configurable: true, writable: true });
    Object.defineProperty(Object.prototype, name, { value: fn, writable: true, enumerable: false, configurable: true });
  }
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
