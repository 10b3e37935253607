// The Outcome JSON that A0Reference.run returns (reference/ts-bundle/README.md): a fixed
// key order, spans written field by field, and every A0 value (result, evidence, trace
// data, error details) in the canonical encoding.

import type { Span } from "./ast";
import type { TraceEvent } from "./evaluator";
import { Limits } from "./limits";
import { Rec, Value, encodeCanonical } from "./values";

export interface OutcomeError {
  code: string;
  message: string;
  span?: Span;
  hint?: string;
  details?: Rec;
}

export interface Outcome {
  status: "ok" | "resource";
  exitCode: number;
  // Present exactly when the run completed (exit 0, or 5 because of failed evidence).
  result?: { value: Value };
  errors: OutcomeError[];
  evidence: Rec[];
  trace: TraceEvent[];
  detail?: string;
}

export function encodeSpan(s: Span): string {
  return `{"file":${JSON.stringify(s.file)},"startLine":${s.startLine},"startCol":${s.startCol},"endLine":${s.endLine},"endCol":${s.endCol}}`;
}

function encodeError(e: OutcomeError, limits: Limits): string {
  let out = `{"code":${JSON.stringify(e.code)},"message":${JSON.stringify(e.message)}`;
  if (e.span !== undefined) out += `,"span":${encodeSpan(e.span)}`;
  if (e.hint !== undefined) out += `,"hint":${JSON.stringify(e.hint)}`;
  if (e.details !== undefined) out += `,"details":${encodeCanonical(e.details, limits, "error details")}`;
  return out + "}";
}

// SpanTexts memoises span texts: most spans appear in several events.
class SpanTexts {
  private readonly texts = new Map<Span, string>();
  get(s: Span): string {
    let t = this.texts.get(s);
    if (t === undefined) {
      t = encodeSpan(s);
      this.texts.set(s, t);
    }
    return t;
  }
}

function encodeEvent(ev: TraceEvent, limits: Limits, spans: SpanTexts): string {
  let out = `{"event":${JSON.stringify(ev.event)},"span":${spans.get(ev.span)}`;
  if (ev.data !== undefined) out += `,"data":${encodeCanonical(ev.data, limits, `${ev.event} data`)}`;
  return out + "}";
}

// encodeOutcome writes o. Each encoded value is checked against maxSize on its own.
export function encodeOutcome(o: Outcome, limits: Limits): string {
  const parts: string[] = [`{"status":${JSON.stringify(o.status)},"exitCode":${o.exitCode}`];
  if (o.result !== undefined) parts.push(`,"value":${encodeCanonical(o.result.value, limits, "result value")}`);
  parts.push(`,"errors":[${o.errors.map((e) => encodeError(e, limits)).join(",")}]`);
  parts.push(`,"evidence":[${o.evidence.map((e) => encodeCanonical(e, limits, "evidence record")).join(",")}]`);
  const spans = new SpanTexts();
  parts.push(`,"trace":[${o.trace.map((e) => encodeEvent(e, limits, spans)).join(",")}]`);
  if (o.detail !== undefined) parts.push(`,"detail":${JSON.stringify(o.detail)}`);
  parts.push("}");
  return parts.join("");
}
