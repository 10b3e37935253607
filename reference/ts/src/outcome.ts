// The Outcome JSON that A0Reference.run returns (reference/ts-bundle/README.md): a fixed
// key order, spans written field by field, and every A0 value (result, evidence, trace
// data, error details) in the canonical encoding, each checked against maxSize on its own.

import type { Span } from "./ast";
import type { TraceEvent } from "./evaluator";
import { Limits } from "./limits";
import { Rec, TextSink, Value, writeCanonical } from "./values";

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
for (const name of EVENT_NAMES) EVENT_PREFIX[name] = '{"event":' + JSON.stringify(name) + ',"span":';

// OutcomeWriter writes one Outcome. Traces repeat spans a lot (a statement's start and
// end, every iteration of a loop body), so span texts are memoised per span object.
class OutcomeWriter {
  readonly sink = new TextSink();
  private readonly spans = new Map<Span, string>();
  // The file name is the same in (nearly) every span: its JSON text is kept.
  private file = "";
  private fileText = '""';
  constructor(private readonly limits: Limits) {}

  span(s: Span): string {
    let t = this.spans.get(s);
    if (t === undefined) {
      if (s.file !== this.file) {
        this.file = s.file;
        this.fileText = JSON.stringify(s.file);
      }
      t = spanText(this.fileText, s);
      this.spans.set(s, t);
    }
    return t;
  }

  error(e: OutcomeError): void {
    const sink = this.sink;
    sink.add('{"code":' + JSON.stringify(e.code) + ',"message":' + JSON.stringify(e.message));
    if (e.span !== undefined) sink.add(',"span":' + this.span(e.span));
    if (e.hint !== undefined) sink.add(',"hint":' + JSON.stringify(e.hint));
    if (e.details !== undefined) {
      sink.add(',"details":');
      writeCanonical(e.details, sink, this.limits, "error details");
    }
    sink.add("}");
  }

  event(ev: TraceEvent): void {
    const prefix = EVENT_PREFIX[ev.event] ?? '{"event":' + JSON.stringify(ev.event) + ',"span":';
    if (ev.data === undefined) {
      this.sink.add(prefix + this.span(ev.span) + "}");
      return;
    }
    this.sink.add(prefix + this.span(ev.span) + ',"data":');
    writeCanonical(ev.data, this.sink, this.limits, ev.event + " data");
    this.sink.add("}");
  }

  outcome(o: Outcome): void {
    const sink = this.sink;
    sink.add('{"status":"' + o.status + '","exitCode":' + o.exitCode);
    if (o.result !== undefined) {
      sink.add(',"value":');
      writeCanonical(o.result.value, sink, this.limits, "result value");
    }
    sink.add(',"errors":[');
    for (let i = 0; i < o.errors.length; i++) {
      if (i > 0) sink.add(",");
      this.error(o.errors[i]);
    }
    sink.add('],"evidence":[');
    for (let i = 0; i < o.evidence.length; i++) {
      if (i > 0) sink.add(",");
      writeCanonical(o.evidence[i], sink, this.limits, "evidence record");
    }
    sink.add('],"trace":[');
    for (let i = 0; i < o.trace.length; i++) {
      if (i > 0) sink.add(",");
      this.event(o.trace[i]);
    }
    sink.add("]");
    if (o.detail !== undefined) sink.add(',"detail":' + JSON.stringify(o.detail));
    sink.add("}");
  }
}

// encodeOutcome writes o as the JSON text run returns.
export function encodeOutcome(o: Outcome, limits: Limits): string {
  const w = new OutcomeWriter(limits);
  w.outcome(o);
  return w.sink.text();
}
