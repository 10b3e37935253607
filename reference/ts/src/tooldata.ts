// The text the reference serialises for a tool and hands to its host with host.call
// (bundle ABI): what fs.write writes (spec §9.2). The reference writes it with
// JavaScript's own JSON.stringify, so that the Go evaluator's JSON writer is compared
// against V8's instead of both sides sharing one serialiser in the host.

import type { Limits } from "./limits";
import { indentJSON } from "./v8compat";
import { hasOwn, jsonText, type Rec } from "./values";

// fsWriteText is fs.write's text for the argument record args: with format "json" the
// data's JSON.stringify indented by two spaces; otherwise a string data as it is, and
// anything else as JSON.stringify (indented as V8 indents, which goja does not: see
// indentJSON). undefined when there is no text: data absent, or
// JSON.stringify gives undefined (a function value). Only own keys count.
export function fsWriteText(args: Rec, limits: Limits): string | undefined {
  const hasData = hasOwn(args, "data");
  const data = hasData ? args.data : undefined;
  const format = hasOwn(args, "format") ? args.format : "raw";
  if (format === "json") {
    if (!hasData) return undefined;
    const compact = jsonText(data, limits);
    return compact === undefined ? undefined : indentJSON(compact, "  ");
  }
  if (typeof data === "string") return data;
  if (!hasData) return undefined;
  return jsonText(data, limits);
}
