// node-host.js serves a reference bundle (the bundle ABI of README.md) under node (V8)
// over the implementation protocol of worker/PROTOCOL.md: line-delimited JSON on stdin
// and stdout. a0diff embeds this file and starts it as a worker for --cross-check:
//
//   node node-host.js BUNDLE.js CATALOGUE_JSON
//
// CATALOGUE_JSON is what host.tools() returns (toolkit.CatalogueJSON). Plain JavaScript,
// no dependencies. Everything the bundle asks of its host goes back to the Go host over
// the pipe, synchronously: host.validate as a "validate" message, host.call as a "tool"
// message. The bundle runs in a fresh vm context, which like goja offers bare ECMAScript
// (no console, require or process).
//
// The worker runs in a worker thread so that it can have a deep stack: the goja host
// allows 250 000 JavaScript frames, V8's default stack holds about 10 000, and the
// reference spends about six frames per nested A0 call.
"use strict";

const { Worker, isMainThread, workerData } = require("worker_threads");

// STACK_MB is the worker thread's stack: enough for the reference at the default maxDepth
// of 10 000 nested A0 calls (about 60 000 frames).
const STACK_MB = 512;

if (isMainThread) {
  const args = process.argv.slice(2);
  if (args.length !== 2) {
    process.stderr.write("usage: node node-host.js BUNDLE.js CATALOGUE_JSON\n");
    process.exit(2);
  }
  const w = new Worker(__filename, {
    workerData: { bundlePath: args[0], catalogue: args[1] },
    resourceLimits: { stackSizeMb: STACK_MB },
    stdin: false,
    stdout: false,
    stderr: false,
  });
  w.on("error", (e) => {
    process.stderr.write("node-host: " + (e && e.stack ? e.stack : String(e)) + "\n");
    process.exit(1);
  });
  w.on("exit", (code) => process.exit(code));
} else {
  serve(workerData.bundlePath, workerData.catalogue);
}

function serve(bundlePath, catalogue) {
  const fs = require("fs");
  const vm = require("vm");

  // ---- framing: lines on fd 0 and fd 1, read and written synchronously ----

  let pending = Buffer.alloc(0);
  const chunk = Buffer.alloc(1 << 16);
  // nap waits a millisecond: an inherited non-blocking descriptor answers EAGAIN.
  const napCell = new Int32Array(new SharedArrayBuffer(4));
  const nap = () => Atomics.wait(napCell, 0, 0, 1);

  // readLine returns the next line (without "\n") or null at the end of input.
  function readLine() {
    for (;;) {
      const nl = pending.indexOf(10);
      if (nl >= 0) {
        const line = pending.toString("utf8", 0, nl);
        pending = pending.subarray(nl + 1);
        return line;
      }
      let n;
      try {
        n = fs.readSync(0, chunk, 0, chunk.length, null);
      } catch (e) {
        if (e.code === "EAGAIN") {
          nap();
          continue;
        }
        if (e.code === "EOF") return null;
        throw e;
      }
      if (n === 0) {
        if (pending.length > 0) fail("input ended inside a message");
        return null;
      }
      pending = Buffer.concat([pending, chunk.subarray(0, n)]);
    }
  }

  // A lone surrogate can only stand inside a JSON string, where its \u escape denotes the
  // same code unit; UTF-8 output would turn it into U+FFFD.
  const LONE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

  function send(text) {
    if (!text.isWellFormed()) {
      text = text.replace(LONE, (c) => "\\u" + c.charCodeAt(0).toString(16).padStart(4, "0"));
    }
    const buf = Buffer.from(text + "\n", "utf8");
    let off = 0;
    while (off < buf.length) {
      try {
        off += fs.writeSync(1, buf, off, buf.length - off);
      } catch (e) {
        if (e.code !== "EAGAIN") throw e;
        nap();
      }
    }
  }

  // fail ends the worker when the host broke the protocol; the host sees a crash.
  function fail(why) {
    fs.writeSync(2, "node-host: " + why + "\n");
    process.exit(1);
  }

  // ---- raw members: tool results are handed to the bundle as the host wrote them ----

  // rawMember returns the text of member key of the JSON object text (already known to
  // be valid JSON), or undefined: a tool result reaches the bundle as the host wrote it,
  // as with the goja host.
  function rawMember(text, key) {
    let i = 0;
    const n = text.length;
    const ws = () => {
      while (i < n && (text[i] === " " || text[i] === "\t" || text[i] === "\r" || text[i] === "\n")) i++;
    };
    const skipString = () => {
      i++;
      while (i < n) {
        const c = text[i];
        if (c === "\\") i += 2;
        else if (c === '"') {
          i++;
          return;
        } else i++;
      }
    };
    const skipValue = () => {
      const c = text[i];
      if (c === '"') return skipString();
      if (c === "{" || c === "[") {
        let depth = 0;
        while (i < n) {
          const d = text[i];
          if (d === '"') {
            skipString();
            continue;
          }
          if (d === "{" || d === "[") depth++;
          else if (d === "}" || d === "]") {
            depth--;
            if (depth === 0) {
              i++;
              return;
            }
          }
          i++;
        }
        return;
      }
      while (i < n && ",}] \t\r\n".indexOf(text[i]) < 0) i++;
    };
    ws();
    i++; // {
    for (;;) {
      ws();
      if (i >= n || text[i] === "}") return undefined;
      const ks = i;
      skipString();
      const k = JSON.parse(text.slice(ks, i));
      ws();
      i++; // :
      ws();
      const vs = i;
      skipValue();
      if (k === key) return text.slice(vs, i);
      ws();
      if (text[i] === ",") i++;
    }
  }

  // ---- the bundle ----

  let source;
  try {
    source = fs.readFileSync(bundlePath, "utf8");
  } catch (e) {
    fail(bundlePath + ": " + e.message);
  }
  const context = vm.createContext({});
  try {
    new vm.Script(source, { filename: bundlePath }).runInContext(context);
  } catch (e) {
    fail(bundlePath + ": evaluating the bundle: " + (e && e.stack ? e.stack : String(e)));
  }
  const ref = context.A0Reference;
  if (!ref || typeof ref.run !== "function") fail(bundlePath + ": A0Reference.run is not a function");
  const toolNames = JSON.parse(catalogue).map((t) => t.name);

  // The run is started by a small script in the bundle's context. It runs without vm's
  // timeout option, which starts a watchdog thread per call (about 140 µs, a quarter of
  // an ordinary run): the supervisor ends a run that overruns its deadline (plus its
  // grace) by killing the worker, which is reported as the run's timeout.
  const runScript = new vm.Script("A0Reference.run(__a0.source, __a0.config, __a0.host)", { filename: "node-host:run" });

  let run = 0; // the run in progress
  let nextCall = 0;
  let calls = []; // the run's tool calls as Outcome toolCalls texts

  // ask sends a callback message of the current run and waits for its answer.
  // dataText, when a string, is the text the bundle serialised for fs.write.
  function ask(type, tool, argsJSON, answerType, dataText) {
    const call = ++nextCall;
    const data = typeof dataText === "string" ? ',"data":' + JSON.stringify(dataText) : "";
    send('{"type":"' + type + '","run":' + run + ',"call":' + call + ',"tool":' + JSON.stringify(tool) + ',"args":' + argsJSON + data + "}");
    for (;;) {
      const line = readLine();
      if (line === null) throw new Error("the host closed the connection during a " + type + " callback");
      const m = parse(line);
      if (m.type === answerType && m.call === call) return { m, line };
      if (m.type === "cancel") continue; // the host kills us if we do not finish in time
      fail("unexpected " + JSON.stringify(m.type) + " message while waiting for " + answerType);
    }
  }

  function checkArgs(fn, tool, argsJSON) {
    if (typeof tool !== "string" || typeof argsJSON !== "string") throw new TypeError("host." + fn + "(tool, argsJSON) takes two strings");
    if (toolNames.indexOf(tool) < 0) throw new TypeError("host." + fn + ": unknown tool " + JSON.stringify(tool));
    let args;
    try {
      args = JSON.parse(argsJSON);
    } catch (e) {
      throw new TypeError("host." + fn + ": argsJSON is not canonical JSON: " + e.message);
    }
    if (args === null || typeof args !== "object" || Array.isArray(args)) throw new TypeError("host." + fn + ": argsJSON must encode a record");
  }

  const host = {
    tools: () => catalogue,
    validate(tool, argsJSON) {
      checkArgs("validate", tool, argsJSON);
      const { m } = ask("validate", tool, argsJSON, "validateResult");
      if (typeof m.error === "string") throw new TypeError("host.validate: " + m.error);
      return typeof m.issues === "string" ? m.issues : "";
    },
    call(tool, argsJSON, dataText) {
      checkArgs("call", tool, argsJSON);
      if (dataText !== undefined && dataText !== null && typeof dataText !== "string") {
        throw new TypeError("host.call(tool, argsJSON, dataText): dataText must be a string, undefined or null");
      }
      const { m, line } = ask("tool", tool, argsJSON, "toolResult", dataText);
      const head = '{"tool":' + JSON.stringify(tool) + ',"args":' + argsJSON;
      if ("ok" in m) {
        const ok = rawMember(line, "ok");
        calls.push(head + ',"outcome":"ok","result":' + ok + "}");
        return '{"ok":' + ok + "}";
      }
      const err = JSON.stringify(String(m.err));
      calls.push(head + ',"outcome":"err","error":' + err + "}");
      return '{"err":' + err + "}";
    },
  };

  function parse(line) {
    let m;
    try {
      m = JSON.parse(line);
    } catch (e) {
      fail("unreadable message: " + e.message);
    }
    if (m === null || typeof m !== "object" || typeof m.type !== "string") fail('a message needs a string "type"');
    return m;
  }

  function outcomeMessage(id, outcomeText) {
    send('{"type":"outcome","run":' + id + ',"outcome":' + outcomeText + "}");
  }

  function hostOutcome(status, detail) {
    return JSON.stringify({ status, exitCode: 0, errors: [], evidence: [], trace: [], toolCalls: [], detail });
  }

  // withCalls adds the recorded tool calls to the bundle's Outcome text (the bundle does
  // not report them; a toolCalls member it wrote is dropped).
  function withCalls(text) {
    // The Go host reads the Outcome; here it only has to be an object to extend.
    const t = text.trim();
    if (t[0] !== "{" || t[t.length - 1] !== "}") throw new Error("not a JSON object");
    if (text.indexOf('"toolCalls"') >= 0 && "toolCalls" in JSON.parse(text)) {
      const raw = rawMember(text, "toolCalls");
      text = text.replace(',"toolCalls":' + raw, "").replace('"toolCalls":' + raw + ",", "");
    }
    const end = text.lastIndexOf("}");
    const inner = text.slice(0, end).trimEnd();
    return inner + (inner.endsWith("{") ? "" : ",") + '"toolCalls":[' + calls.join(",") + "]}";
  }

  function execute(m) {
    run = m.run;
    calls = [];
    const cfg = m.config || {};
    const limits = cfg.limits || {};
    const config = JSON.stringify({
      file: cfg.file,
      allow: cfg.allow || [],
      limits: { maxSteps: limits.maxSteps, maxDepth: limits.maxDepth, maxSize: limits.maxSize },
    });
    context.__a0 = { source: m.source, config, host };
    let ret;
    try {
      ret = runScript.runInContext(context);
    } catch (e) {
      const text = e && e.stack ? String(e.stack) : String(e);
      if (e instanceof RangeError || (e && e.name === "RangeError" && /Maximum call stack/.test(text))) {
        if (/Maximum call stack size exceeded/.test(text)) return hostOutcome("resource", "JavaScript call stack exceeded (V8): " + text.slice(0, 2000));
      }
      return hostOutcome("crash", "JavaScript exception escaped A0Reference.run: " + text.slice(0, 4000));
    } finally {
      context.__a0 = undefined;
    }
    if (typeof ret !== "string") return hostOutcome("crash", "A0Reference.run returned " + typeof ret + ", not the Outcome JSON string");
    try {
      return withCalls(ret);
    } catch (e) {
      return hostOutcome("crash", "A0Reference.run returned unreadable Outcome JSON (" + e.message + "): " + ret.slice(0, 300));
    }
  }

  send(JSON.stringify({
    type: "hello",
    protocol: 1,
    implementation: "node",
    version: String(ref.version) + " (node " + process.version + ")",
    // The deadline is the host's (the supervisor's); the others are the bundle's, as it
    // declares them in A0Reference.limits (the bundle ABI).
    limits: ["timeout"].concat(Array.isArray(ref.limits) ? ref.limits.filter((l) => typeof l === "string") : []),
    tools: "host",
  }));
  for (;;) {
    const line = readLine();
    if (line === null) process.exit(0);
    const m = parse(line);
    if (m.type === "cancel") continue; // no run in progress
    if (m.type !== "run") fail("unexpected " + JSON.stringify(m.type) + " message");
    if (typeof m.run !== "number" || !(m.run > 0)) fail('run message: "run" is not a positive integer');
    if (typeof m.source !== "string") {
      outcomeMessage(m.run, hostOutcome("crash", 'the worker could not read the run message: "source" is not a string'));
      continue;
    }
    outcomeMessage(m.run, execute(m));
  }
}
