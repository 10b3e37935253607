// The bundle entry: defines globalThis.A0Reference with the ABI of
// reference/ts-bundle/README.md. run(source, configJSON, host) lexes, parses, validates
// and evaluates one program and returns its Outcome as a JSON string.

import type { Diagnostic } from "./ast";
import { ToolHost, ToolInfo, Trace, evaluateProgram } from "./evaluator";
import { decodeCanonical } from "./json";
import { HarnessLimitError, Limits } from "./limits";
import { Outcome, encodeOutcome } from "./outcome";
import { parse } from "./parser";
import { validate } from "./validator";
import { installV8Compat } from "./v8compat";
import { Rec, isRecord } from "./values";

// Host is the Go side of the ABI; every value crossing it is canonical JSON text.
export interface Host {
  tools(): string;
  validate(tool: string, argsJSON: string): string;
  // dataText: the text the reference serialised for fs.write (undefined for none and for
  // the other tools).
  call(tool: string, argsJSON: string, dataText?: string): string;
  // Optional: reads the Outcome object itself, checking its values against maxSize (see
  // encodeOutcome); true when it did.
  outcome?(o: object, maxSize: number): boolean;
}

interface Config {
  file: string;
  allow: string[];
  limits: Limits;
}

// The defaults of a configJSON without limits; the Go host always sends all three
// (runtime/outcome.DefaultLimits).
const DEFAULT_MAX_STEPS = 100000;
const DEFAULT_MAX_DEPTH = 10000;
const DEFAULT_MAX_SIZE = 1 << 20;

// The harness limits this bundle enforces (the keys of configJSON.limits, and the parser's
// fixed nesting bound): the host tells its user about any limit a bundle does not list.
export const limits = ["maxSteps", "maxDepth", "maxSize", "maxNesting"];

export const version = "a0-ts-reference 0.6.0";

// The last configuration read (and, below, the configurations read so far by their whole
// text), and the allow lists and limits read so far by the text that holds them. The Go
// host writes configJSON as {"file":…,"allow":…,"limits":…}, and a
// campaign's cases differ only in their file name and in a few allow lists; so a text
// whose rest (from ,"allow": on) was read before takes that rest's allow list and limits,
// and only its file name is parsed.
// The last configuration is two variables, not an object made per run.
let lastText: string | null = null;
let lastConfig: Config | null = null;
const restCache = new Map<string, Config>();
const MAX_RESTS = 64; // more allow lists than this are not a campaign's: start over

const FILE_PREFIX = '{"file":';
const ALLOW_KEY = ',"allow":';

function readConfig(configJSON: string): Config {
  if (lastText === configJSON && lastConfig !== null) return lastConfig;
  // A campaign's cases share one file name, and their texts repeat.
  const whole = textCache.get(configJSON);
  if (whole !== undefined) {
    lastText = configJSON;
    lastConfig = whole;
    return whole;
  }
  const config = readNewConfig(configJSON);
  if (textCache.size >= MAX_TEXTS) textCache.clear();
  textCache.set(configJSON, config);
  lastText = configJSON;
  lastConfig = config;
  return config;
}

// The configurations read so far, by their whole text.
const textCache = new Map<string, Config>();
const MAX_TEXTS = 256;

function readNewConfig(configJSON: string): Config {
  const at = configJSON.startsWith(FILE_PREFIX) ? configJSON.indexOf(ALLOW_KEY) : -1;
  if (at >= 0) {
    const known = restCache.get(configJSON.slice(at));
    if (known !== undefined) {
      const file = fileName(configJSON, at);
      if (file !== null) {
        return { file, allow: known.allow, limits: known.limits };
      }
    }
  }
  const config = readHostConfig(configJSON) ?? parseConfig(configJSON);
  const rest = reusableRest(configJSON);
  if (rest !== "") {
    if (restCache.size >= MAX_RESTS) restCache.clear();
    restCache.set(rest, config);
  }
  return config;
}

// reusableRest is the part of configJSON from ,"allow": on, or "" when texts with that
// rest cannot be read by fileName: the rest must not name another "file" (which would
// override the first), and holds no \u escapes, so no key is spelled another way.
function reusableRest(configJSON: string): string {
  if (!configJSON.startsWith(FILE_PREFIX)) return "";
  const at = configJSON.indexOf(ALLOW_KEY);
  if (at < 0) return "";
  const rest = configJSON.slice(at);
  return rest.indexOf('"file"') < 0 && rest.indexOf("\\u") < 0 ? rest : "";
}

// fileName returns the file name of configJSON, which is FILE_PREFIX, a JSON string and
// a rest starting at offset at, when the string reads the same with the engine's
// JSON.parse as with decodeCanonical; otherwise null.
function fileName(configJSON: string, at: number): string | null {
  const fileJSON = configJSON.slice(FILE_PREFIX.length, at);
  // A name written as JSON.stringify writes it (the usual case) needs no parsing; this also
  // holds for lone surrogates, which decodeCanonical keeps.
  const name = fileJSON.slice(1, -1);
  if (JSON.stringify(name) === fileJSON) return name;
  // Without \u escapes the engine's JSON.parse reads a string as decodeCanonical would.
  if (fileJSON.indexOf("\\u") >= 0) return null;
  let file: unknown;
  try {
    file = JSON.parse(fileJSON);
  } catch {
    return null;
  }
  return typeof file === "string" ? file : null;
}

// HOST_REST is the rest of a configJSON as the Go host writes it (runtime/outcome: every
// field present, capability names of plain characters, limits as integers), with the allow
// list and the three limits as groups. goja's JSON.parse, which decodeCanonical uses, is
// slow enough (tens of microseconds for such a text) to show in a campaign's profile, and a
// campaign's limits vary from case to case, so that restCache often misses.
const HOST_REST =
  /^,"allow":\[((?:"[A-Za-z0-9._-]*"(?:,"[A-Za-z0-9._-]*")*)?)\],"limits":\{"maxSteps":(0|[1-9][0-9]{0,14}),"maxDepth":(0|[1-9][0-9]{0,14}),"maxSize":(0|[1-9][0-9]{0,14})\}\}$/;

// readHostConfig reads a configJSON of FILE_PREFIX, a file name and a rest of HOST_REST's
// shape exactly as parseConfig would; otherwise it returns null.
function readHostConfig(configJSON: string): Config | null {
  if (!configJSON.startsWith(FILE_PREFIX)) return null;
  const at = configJSON.indexOf(ALLOW_KEY);
  if (at < 0) return null;
  const m = HOST_REST.exec(configJSON.slice(at));
  if (m === null) return null;
  const file = fileName(configJSON, at);
  if (file === null) return null;
  const allow = m[1] === "" ? [] : m[1].slice(1, -1).split('","');
  return { file, allow, limits: new Limits(
      positive(Number(m[2]), DEFAULT_MAX_STEPS),
      positive(Number(m[3]), DEFAULT_MAX_DEPTH),
      positive(Number(m[4]), DEFAULT_MAX_SIZE),
    ),
  };
}

// positive is a configured limit: the value when it is a positive number, else the default.
function positive(v: unknown, dflt: number): number {
  return typeof v === "number" && v > 0 ? v : dflt;
}

function parseConfig(configJSON: string): Config {
  const raw = decodeCanonical(configJSON);
  if (!isRecord(raw)) throw new TypeError("A0Reference.run: configJSON must be a JSON object");
  const file = raw.file;
  if (typeof file !== "string") throw new TypeError('A0Reference.run: config "file" must be a string');
  const allow: string[] = [];
  const rawAllow = raw.allow ?? [];
  if (!Array.isArray(rawAllow)) throw new TypeError('A0Reference.run: config "allow" must be a list');
  for (let i = 0; i < rawAllow.length; i++) {
    const a = rawAllow[i];
    if (typeof a !== "string") throw new TypeError('A0Reference.run: config "allow" entries must be strings');
    allow.push(a);
  }
  const limits = raw.limits ?? {};
  if (!isRecord(limits)) throw new TypeError('A0Reference.run: config "limits" must be an object');
  return { file, allow, limits: new Limits(
      positive(limits.maxSteps, DEFAULT_MAX_STEPS),
      positive(limits.maxDepth, DEFAULT_MAX_DEPTH),
      positive(limits.maxSize, DEFAULT_MAX_SIZE),
    ),
   };
}

// The tool host made for the last host object, reused while the host stays the same
// object (the Go host passes one object to every run of a runtime, and its catalogue never
// changes) or keeps returning the same catalogue text.
let toolsCache: { host: Host; text: string; toolHost: ToolHost } | null = null;

function toolHostFor(host: Host): ToolHost {
  if (toolsCache !== null && toolsCache.host === host) return toolsCache.toolHost;
  const text = host.tools();
  const tools = toolsCache !== null && toolsCache.text === text ? toolsCache.toolHost.tools : readTools(text);
  const toolHost: ToolHost = {
    tools,
    validate: (tool, argsJSON) => host.validate(tool, argsJSON),
    call: (tool, argsJSON, dataText) => host.call(tool, argsJSON, dataText),
  };
  toolsCache = { host, text, toolHost };
  return toolHost;
}

// readTools decodes host.tools(): [{"name","mode","capability"}, …].
function readTools(text: string): Map<string, ToolInfo> {
  const raw = decodeCanonical(text);
  if (!Array.isArray(raw)) throw new TypeError("host.tools() must return a JSON list");
  const tools = new Map<string, ToolInfo>();
  for (let i = 0; i < raw.length; i++) {
    const t = raw[i];
    if (!isRecord(t) || typeof t.name !== "string" || typeof t.mode !== "string" || typeof t.capability !== "string") {
      throw new TypeError("host.tools(): every entry needs string name, mode and capability");
    }
    tools.set(t.name, { name: t.name, mode: t.mode, capability: t.capability });
  }
  return tools;
}

// The one empty list every Outcome without errors, evidence or trace shares: nothing
// writes to an Outcome's lists once it is made, and each new empty list cost goja a
// property map (its length) and four more Go allocations.
const NONE: never[] = [];

// Outcomes are created with their members in the order of the Outcome JSON (outcome.ts).
function emptyOutcome(exitCode: number): Outcome {
  return { status: "ok", exitCode, errors: NONE, evidence: NONE, trace: NONE };
}

// diagnosticOutcome is the Outcome of a program with compile-time diagnostics (exit 2).
// The parser's and validator's diagnostics have the members of the JSON in its order.
function diagnosticOutcome(errors: Diagnostic[]): Outcome {
  return { status: "ok", exitCode: 2, errors, evidence: NONE, trace: NONE };
}

// resourceOutcome is the Outcome of a run a harness limit ended: the evidence and trace
// gathered before it (none for a limit met outside the evaluator).
function resourceOutcome(e: HarnessLimitError, evidence: Rec[], trace: Trace): Outcome {
  return { status: "resource", exitCode: 0, errors: NONE, evidence, trace, limit: e.limit, detail: `${e.limit}: ${e.detail}` };
}

export function run(source: string, configJSON: string, host: Host): string {
  const config = readConfig(configJSON);
  const limits = config.limits;
  try {
    return encodeOutcome(evaluate(source, config, host), limits, host);
  } catch (e) {
    // A partial outcome too big to write is a maxSize outcome without its parts.
    if (e instanceof HarnessLimitError) return encodeOutcome(resourceOutcome(e, NONE, NONE), limits, host);
    throw e;
  }
}

function evaluate(source: string, config: Config, host: Host): Outcome {
  const parsed = parse(source, config.file);
  if (parsed.diagnostics.length > 0 || parsed.program === undefined) {
    return diagnosticOutcome(parsed.diagnostics);
  }
  const program = parsed.program;
  const checked = validate(program);
  // The reference's validator crashes on these spreads (spec §4.5): exit 1, nothing else.
  if (checked.unsupportedSpread) return emptyOutcome(1);
  if (checked.diagnostics.length > 0) return diagnosticOutcome(checked.diagnostics);

  const result = evaluateProgram(program, config.file, config.allow, toolHostFor(host), config.limits);
  if (result.kind === "limit") return resourceOutcome(result.limit, result.evidence, result.trace);
  if (result.kind === "ok") {
    let failed = false;
    for (let i = 0; i < result.evidence.length; i++) if (result.evidence[i].ok === false) failed = true;
    return { status: "ok", exitCode: failed ? 5 : 0, value: result.value, errors: NONE, evidence: result.evidence, trace: result.trace };
  }
  const err = result.error;
  const exitCode = err.code === "E_CAP_DENIED" ? 3 : err.code === "E_ASSERT" ? 5 : 4;
  return {
    status: "ok",
    exitCode,
    errors: [{ code: err.code, message: err.message, span: err.span, details: err.details }],
    evidence: result.evidence,
    trace: result.trace,
  };
}

installV8Compat();

(globalThis as unknown as { A0Reference: unknown }).A0Reference = { version, limits, run };
