// The harness's own bounds on a run (reference/ts-bundle/README.md, "limits"). They are
// not A0 budgets: exceeding one ends the run with status "resource", and A0's try/catch
// cannot catch it. The Go evaluator enforces the same rules at the same points, so that a
// program over a limit is classified identically on both sides.

// HarnessLimitError is thrown when a limit is exceeded. It is deliberately not an Error
// subclass: evaluator code treats every Error as a catchable internal (E_RUNTIME) error.
export class HarnessLimitError {
  constructor(
    readonly limit: "maxSteps" | "maxDepth" | "maxSize" | "maxNesting",
    readonly detail: string,
  ) {}
}

// MAX_NESTING bounds how deeply the parser lets a program nest: every expression (a
// parenthesised one included), every unary minus and every function declaration is one
// level. The Go parser has the same bound at the same points (syntax.MaxNestingDepth);
// the level over it ends the parse with a "maxNesting" limit error.
export const MAX_NESTING = 25000;

// textLimit is the bound on the text of a value serialised under maxSize nodes, in text
// units: one per node visited, plus the length of every string and, where records are
// descended, of every record key. 32 units per allowed node, never less than 32 Mi.
// Counting nodes alone bounds the work but not the memory (a list holding one long string
// a million times is a million nodes and a terabyte of text, which V8 refuses and goja
// tries to build). The Go evaluator counts the same units at the same points
// (value.TextLimit), and the goja host applies this bound to an Outcome handed over with
// host.outcome(o, maxSize) (reference/ts-bundle/outcomeobj.go, sizeBound): change them together.
export function textLimit(maxSize: number): number {
  if (maxSize > 2 ** 40 / 32) return 2 ** 40;
  return Math.max(maxSize * 32, 32 * 2 ** 20);
}

export class Limits {
  // The largest allowed number of text units of a value serialised to text (textLimit).
  readonly maxText: number;
  // The text units the last checkNodes counted (jsonText writes a value with many of them
  // in its own way).
  lastTextUnits = 0;

  constructor(
    // The largest allowed number of steps: trace events plus counted iterations
    // (evaluator.ts, takeStep).
    readonly maxSteps: number,
    // The largest allowed number of nested user-function invocations.
    readonly maxDepth: number,
    // The largest allowed length of a produced list or string, and the largest allowed
    // node count of a value serialised to text.
    readonly maxSize: number,
  ) {
    this.maxText = textLimit(maxSize);
  }

  // checkLength fails when a list or string of `length` elements/code units would be
  // produced. Callers may check a length before building the value when that length is
  // exactly the length of the value they would produce.
  checkLength(length: number, what: string): void {
    if (length > this.maxSize) {
      throw new HarnessLimitError("maxSize", `${what} of length ${length} exceeds maxSize ${this.maxSize}`);
    }
  }

  // checkProduced applies checkLength to a value if it is a list or a string.
  checkProduced(v: unknown, what: string): void {
    if (typeof v === "string" || Array.isArray(v)) this.checkLength(v.length, what);
  }

  // checkNodes counts the nodes a serialisation of v visits and fails when there are more
  // than maxSize, or when their text units (textLimit) are more than maxText. Every value
  // counts one node; lists are descended; records (own enumerable keys) are descended only
  // when intoRecords is set (JSON-like texts; the String() conversion does not look inside
  // records). It reports whether it met a record with a toJSON function (own or
  // inherited), which JSON.stringify would call.
  checkNodes(v: unknown, intoRecords: boolean, what: string): boolean {
    const max = this.maxSize;
    if (v === null || typeof v !== "object") {
      // One node (the usual case: a string or number converted for a text), without the
      // stack.
      if (max < 1) throw new HarnessLimitError("maxSize", `${what} has more than maxSize ${max} nodes`);
      const units = typeof v === "string" ? 1 + v.length : 1;
      this.checkText(units, what);
      this.lastTextUnits = units;
      return false;
    }
    let count = 0;
    let units = 0;
    let toJSON = false;
    const stack: unknown[] = [v];
    while (stack.length > 0) {
      const x = stack.pop();
      if (++count > max) {
        throw new HarnessLimitError("maxSize", `${what} has more than maxSize ${max} nodes`);
      }
      if (typeof x === "string") units += x.length;
      if (x === null || typeof x !== "object") continue;
      if (Array.isArray(x)) {
        for (let i = x.length - 1; i >= 0; i--) stack.push(x[i]);
      } else if (intoRecords) {
        const rec = x as { [key: string]: unknown };
        if (typeof rec.toJSON === "function") toJSON = true;
        const keys = Object.keys(rec);
        for (let i = keys.length - 1; i >= 0; i--) {
          units += keys[i].length;
          stack.push(rec[keys[i]]);
        }
      }
    }
    this.checkText(count + units, what);
    this.lastTextUnits = count + units;
    return toJSON;
  }

  // checkText fails when a text of `units` text units (textLimit) would be written.
  checkText(units: number, what: string): void {
    if (units > this.maxText) {
      throw new HarnessLimitError("maxSize", `${what} needs ${units} text units, more than ${this.maxText}`);
    }
  }
}
