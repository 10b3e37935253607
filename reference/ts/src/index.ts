// The bundle entry: defines globalThis.A0Reference with the ABI of
// reference/ts-bundle/README.md. run(source, configJSON, host) lexes, parses, validates
// and evaluates one program and returns its Outcome as a JSON string.

import { Evaluator, ToolHost, ToolInfo } from "./evaluator";
import { decodeCanonical } from "./json";
import { HarnessLimitError, Limits } from "./limits";
import { Outcome, encodeOutcome } from "./outcome";
import { parse } from "./parser";
import { validate } from "./validator";
import { installV8Compat } from "./v8compat";
import { isRecord } from "./values";

// Host is the Go side of the ABI; every value crossing it is canonical JSON text.
export interface Host {
  tools(): string;
  validate(tool: string, argsJSON: string): string;
  call(tool: string, argsJSON: string): string;
}

interface Config {
  file: string;
  allow: string[];
  limits: Limits;
}

const DEFAULT_MAX_DEPTH = 2000;
const DEFAULT_MAX_SIZE = 1 << 20;

export const version = "a0-ts-reference 0.5.2";

// The last configuration read, reused while the host passes the same text.
let configCache: { text: string; config: Config } | null = null;

function readConfig(configJSON: string): Config {
  if (configCache !== null && configCache.text === configJSON) return configCache.config;
  const config = parseConfig(configJSON);
  configCache = { text: configJSON, config };
  return config;
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
  const positive = (v: unknown, dflt: number): number => (typeof v === "number" && v > 0 ? v : dflt);
  return { file, allow, limits: new Limits(positive(limits.maxDepth, DEFAULT_MAX_DEPTH), positive(limits.maxSize, DEFAULT_MAX_SIZE)) };
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
    call: (tool, argsJSON) => host.call(tool, argsJSON),
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

function emptyOutcome(exitCode: number): Outcome {
  return { status: "ok", exitCode, errors: [], evidence: [], trace: [] };
}

function resourceOutcome(e: HarnessLimitError): Outcome {
  return { status: "resource", exitCode: 0, errors: [], evidence: [], trace: [], detail: `${e.limit}: ${e.detail}` };
}

export function run(source: string, configJSON: string, host: Host): string {
  const config = readConfig(configJSON);
  const limits = config.limits;
  try {
    return encodeOutcome(evaluate(source, config, host), limits);
  } catch (e) {
    if (e instanceof HarnessLimitError) return encodeOutcome(resourceOutcome(e), limits);
    throw e;
  }
}

function evaluate(source: string, config: Config, host: Host): Outcome {
  const parsed = parse(source, config.file);
  if (parsed.diagnostics.length > 0 || parsed.program === undefined) {
    return { ...emptyOutcome(2), errors: parsed.diagnostics };
  }
  const program = parsed.program;
  const checked = validate(program);
  // The reference's validator crashes on these spreads (spec §4.5): exit 1, nothing else.
  if (checked.unsupportedSpread) return emptyOutcome(1);
  if (checked.diagnostics.length > 0) return { ...emptyOutcome(2), errors: checked.diagnostics };

  const result = new Evaluator(program, config.file, config.allow, toolHostFor(host), config.limits).run();
  if (result.kind === "ok") {
    let failed = false;
    for (let i = 0; i < result.evidence.length; i++) if (result.evidence[i].ok === false) failed = true;
    return { status: "ok", exitCode: failed ? 5 : 0, result: { value: result.value }, errors: [], evidence: result.evidence, trace: result.trace };
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

(globalThis as unknown as { A0Reference: unknown }).A0Reference = { version, run };
