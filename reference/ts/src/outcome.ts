// The Outcome JSON that A0Reference.run returns (reference/ts-bundle/README.md): a fixed
// key order, spans written field by field, and every A0 value (result, evidence, trace
// data, error details) in the canonical encoding, each checked against maxSize on its own.

import type { Span } from "./ast";
import type { Trace } from "./evaluator";
import { Limits } from "./limits";
import { Rec, Value, encodeCanonical, encodeRejected, isPlainJSON, plainJSONOverflow, tooManyNodes } from "./values";

export interface OutcomeError {
  code: string;
  message: string;
  span?: Span;
  hint?: string;
  details?: Rec;
}

// The members are declared, and every Outcome is created, in the order of the Outcome
// JSON's keys (OutcomeError's too), so that the object is what JSON.stringify writes and
// what host.outcome reads, without a copy.
export interface Outcome {
  status: "ok" | "resource";
  exitCode: number;
  // Present exactly when the run completed (exit 0, or 5 because of failed evidence).
  value?: Value;
  errors: OutcomeError[];
  evidence: Rec[];
  trace: Trace;
  // The harness limit that ended a "resource" run (maxSteps, maxDepth, maxSize,
  // maxNesting).
  limit?: string;
  detail?: string;
}

function spanText(fileText: string, s: Span): string {
  return '{"file":' + fileText + ',"startLine":' + s.startLine + ',"startCol":' + s.startCol + ',"endLine":' + s.endLine + ',"endCol":' + s.endCol + "}";
}

const EVENT_NAMES = [
  "run_start", "run_end", "stmt_start", "stmt_end", "tool_start", "tool_end", "evidence", "budget_exceeded",
  "for_start", "for_end", "filter_start", "filter_end", "loop_start", "loop_end", "map_start", "map_end",
  "reduce_start", "reduce_end", "fn_call_start", "fn_call_end", "match_start", "match_end",
];

// EVENT_PREFIX holds the constant start of each event's text.
const EVENT_PREFIX: { [event: string]: string } = Object.create(null);
for (let i = 0; i < EVENT_NAMES.length; i++) {
  EVENT_PREFIX[EVENT_NAMES[i]] = '{"event":' + JSON.stringify(EVENT_NAMES[i]) + ',"span":';
}

// encodeOutcome writes o as the JSON text run returns. Usually every A0 value in it is
// plain JSON (see isPlainJSON), and then the whole text is a single JSON.stringify of the
// Outcome's JSON shape, the cheapest way to write it in goja: the other objects it holds
// (spans, trace events) are created with their keys in the order the text needs.
// Otherwise it is assembled from the canonical texts of the parts.
// A host that reads the Outcome object itself (the Go host's optional host.outcome,
// reference/ts-bundle/README.md) is handed that shape instead, with the trace as the flat
// list it is, and run returns "": goja writes JSON one character at a time, and the host
// would only read the text back.
//
// The host is offered the Outcome first, with maxSize: it checks what valuesArePlain
// checks (plain values, each within maxSize nodes and textLimit(maxSize) nodes and text
// units) while it reads them, and declines otherwise; the walk over every value cost goja
// about 3 % of a generated program's instructions, the host a fraction of that.
export function encodeOutcome(o: Outcome, limits: Limits, host: OutcomeHost | undefined): string {
  // true: the values are handed as they are (−0, NaN, ±Infinity, lone surrogates, function
  // values and "$" records included), which a host of the older ABI ignores and declines.
  if (host !== undefined && typeof host.outcome === "function" && host.outcome(o, limits.maxSize, true) === true) return "";
  if (!valuesArePlain(o, limits.maxSize)) return writeOutcome(o, limits);
  // The text lists the events as objects: o is this run's own, and is not used again.
  (o as { trace: unknown }).trace = traceObjects(o.trace);
  return JSON.stringify(o);
}

// OutcomeHost is the part of the host encodeOutcome uses.
export interface OutcomeHost {
  outcome?(o: object, maxSize: number, valuesAsIs: boolean): boolean;
}

// valuesArePlain checks the A0 values of o in the order writeOutcome writes them, and
// fails as writeOutcome would on the first one with more than maxSize nodes.
function valuesArePlain(o: Outcome, max: number): boolean {
  const v = o.value;
  if (v !== undefined) {
    // encodeCanonical writes strings and numbers without counting them.
    if (typeof v === "number") {
      if (v !== 0 ? v - v !== 0 : 1 / v < 0) return false;
    } else if (typeof v !== "string" && !isPlain(v, max, "result value")) {
      return false;
    }
  }
  const errors = o.errors;
  for (let i = 0; i < errors.length; i++) {
    const details = errors[i].details;
    if (details !== undefined && !isPlain(details, max, "error details")) return false;
  }
  const evidence = o.evidence;
  for (let i = 0; i < evidence.length; i++) {
    if (!isPlain(evidence[i], max, "evidence record")) return false;
  }
  const trace = o.trace;
  // Events share data records (a call's start and end, a callback's every call): a record
  // checked already passed.
  let checked: unknown = undefined;
  for (let i = 2; i < trace.length; i += 3) {
    const data = trace[i];
    if (data === undefined || data === checked) continue;
    // isPlain(data, max, event + " data"), without making the name first.
    if (!isPlainJSON(data, max)) {
      if (plainJSONOverflow(max)) throw tooManyNodes(trace[i - 2] + " data", max);
      return false;
    }
    checked = data;
  }
  return true;
}

function isPlain(v: unknown, max: number, what: string): boolean {
  if (isPlainJSON(v, max)) return true;
  if (plainJSONOverflow(max)) throw tooManyNodes(what, max);
  return false;
}

// traceObjects is the trace as the Outcome JSON lists it: {event, span, data} objects,
// without data when the event has none.
function traceObjects(trace: Trace): object[] {
  const events: object[] = [];
  for (let i = 0; i < trace.length; i += 3) {
    const data = trace[i + 2];
    events.push(data === undefined ? { event: trace[i], span: trace[i + 1] } : { event: trace[i], span: trace[i + 1], data });
  }
  return events;
}

// writeOutcome assembles the text from whole strings (goja concatenates and joins a few
// long strings far faster than it runs JavaScript over every character). Each A0 value is
// written with encodeCanonical, in the order of the text, so that the first one with more
// than maxSize nodes is the one reported.
function writeOutcome(o: Outcome, limits: Limits): string {
  let text = '{"status":"' + o.status + '","exitCode":' + o.exitCode;
  if (o.value !== undefined) text += ',"value":' + encodeCanonical(o.value, limits, "result value");
  const errors: string[] = [];
  for (let i = 0; i < o.errors.length; i++) errors.push(errorText(o.errors[i], limits));
  const evidence: string[] = [];
  for (let i = 0; i < o.evidence.length; i++) evidence.push(encodeCanonical(o.evidence[i], limits, "evidence record"));
  text += ',"errors":[' + errors.join(",") + '],"evidence":[' + evidence.join(",") + '],"trace":[' +
    traceText(o.trace, limits) + "]";
  if (o.limit !== undefined) text += ',"limit":' + JSON.stringify(o.limit);
  if (o.detail !== undefined) text += ',"detail":' + JSON.stringify(o.detail);
  return text + "}";
}

function errorText(e: OutcomeError, limits: Limits): string {
  let text = '{"code":' + JSON.stringify(e.code) + ',"message":' + JSON.stringify(e.message);
  if (e.span !== undefined) text += ',"span":' + spanText(JSON.stringify(e.span.file), e.span);
  if (e.hint !== undefined) text += ',"hint":' + JSON.stringify(e.hint);
  if (e.details !== undefined) text += ',"details":' + encodeCanonical(e.details, limits, "error details");
  return text + "}";
}

// traceText writes the trace events, separated by commas. Traces repeat spans a lot (a
// statement's start and end, every iteration of a loop body), so span texts are memoised
// per span object.
function traceText(trace: Trace, limits: Limits): string {
  const max = limits.maxSize;
  const texts: string[] = [];
  const spanTexts = new Map<Span, string>();
  // The file name is the same in (nearly) every span: its JSON text is kept.
  let file = "";
  let fileText = '""';
  for (let i = 0; i < trace.length; i += 3) {
    const event = trace[i] as string;
    const s = trace[i + 1] as Span;
    let st = spanTexts.get(s);
    if (st === undefined) {
      if (s.file !== file) {
        file = s.file;
        fileText = JSON.stringify(file);
      }
      st = spanText(fileText, s);
      spanTexts.set(s, st);
    }
    const prefix = EVENT_PREFIX[event] ?? '{"event":' + JSON.stringify(event) + ',"span":';
    const data = trace[i + 2] as Rec | undefined;
    if (data === undefined) {
      texts.push(prefix + st + "}");
    } else {
      // encodeCanonical(data, limits, event + " data"), without making the name first.
      const dataText = isPlainJSON(data, max) ? JSON.stringify(data) : encodeRejected(data, max, event + " data");
      texts.push(prefix + st + ',"data":' + dataText + "}");
    }
  }
  return texts.join(",");
}
