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

// TraceWriter writes trace events. Traces are long and repetitive (every statement has a
// start and an end event with the same span), so event-name prefixes and span texts are
// memoised.
class TraceWriter {
  private readonly prefixes = new Map<string, string>();
  private readonly spans = new Map<Span, string>();
  constructor(private readonly limits: Limits) {}

  write(ev: TraceEvent, out: string[]): void {
    let prefix = this.prefixes.get(ev.event);
    if (prefix === undefined) {
      prefix = `{"event":${JSON.stringify(ev.event)},"span":`;
      this.prefixes.set(ev.event, prefix);
    }
    let span = this.spans.get(ev.span);
    if (span === undefined) {
      span = encodeSpan(ev.span);
      this.spans.set(ev.span, span);
    }
    out.push(prefix, span);
    if (ev.data !== undefined) out.push(',"data":', encodeCanonical(ev.data, this.limits, `${ev.event} data`));
    out.push("}");
  }
}

// encodeOutcome writes o. Each encoded value is checked against maxSize on its own.
export function encodeOutcome(o: Outcome, limits: Limits): string {
  const out: string[] = [`{"status":${JSON.stringify(o.status)},"exitCode":${o.exitCode}`];
  if (o.result !== undefined) out.push(',"value":', encodeCanonical(o.result.value, limits, "result value"));
  out.push(',"errors":[');
  for (let i = 0; i < o.errors.length; i++) out.push(i > 0 ? "," : "", encodeError(o.errors[i], limits));
  out.push('],"evidence":[');
  for (let i = 0; i < o.evidence.length; i++) out.push(i > 0 ? "," : "", encodeCanonical(o.evidence[i], limits, "evidence record"));
  out.push('],"trace":[');
  const writer = new TraceWriter(limits);
  for (let i = 0; i < o.trace.length; i++) {
    if (i > 0) out.push(",");
    writer.write(o.trace[i], out);
  }
  out.push("]");
  if (o.detail !== undefined) out.push(',"detail":', JSON.stringify(o.detail));
  out.push("}");
  return out.join("");
}
