// A hand-written bundle honouring the bundle ABI (../README.md), for the host's tests.
// Instead of A0, `source` names a behaviour; the first word selects it:
//
//   echo            ok outcome whose value is {source, config, version}
//   busy N          ok outcome after building and sorting N small records (work that
//                   allocates, for the reuse and memory tests)
//   host            calls every host function (tools, validate, call — see hostScript)
//                   and returns what each returned
//   loop            while (true) {}
//   recurse         unbounded JavaScript recursion
//   throw           throws an Error out of run (nested, so the stack has frames)
//   spin N          Array.prototype.indexOf over an array-like of length N: a native
//                   built-in that goja cannot interrupt
//   return-number   returns 42 instead of a string
//   return-garbage  returns a string that is not JSON
//   return-status   returns an Outcome with an unknown status
//   lone            ok outcome whose value is a string with lone surrogates, put into
//                   the Outcome text raw (not as \u escapes)
//   async-ok        async run: awaits, then resolves to the echo outcome
//   async-reject    async run that rejects with an Error
//   async-pending   async run that never settles
//   host-misuse     calls host.call with a number as the arguments
//   throw-tostring  throws an object whose toString never returns (hostile: the host
//                   must read an exception's text under the deadline)
//   throw-message   throws an Error whose message getter never returns
//   throw-huge N    throws a string of N code units
(function () {
  var calls = 0; // survives across runs in one runtime: lets tests see reuse

  function ok(value) {
    return JSON.stringify({ status: "ok", exitCode: 0, value: value, errors: [], evidence: [], trace: [] });
  }

  // hostScript: source "host" followed by lines `TOOL ARGSJSON` or
  // `TOOL ARGSJSON | DATATEXT`; for each line the bundle calls validate and, when valid,
  // call (with DATATEXT as the text it serialised for fs.write). `TOOL ARGSJSON ||` calls
  // host.call with two arguments, as a bundle of the older ABI does.
  function hostScript(lines, host) {
    var out = { tools: JSON.parse(host.tools()), steps: [] };
    for (var i = 0; i < lines.length; i++) {
      var line = lines[i];
      if (line === "") continue;
      var sp = line.indexOf(" ");
      var tool = line.slice(0, sp), args = line.slice(sp + 1), data = undefined, legacy = false;
      var bar = args.indexOf(" | ");
      if (args.slice(-3) === " ||") {
        legacy = true;
        args = args.slice(0, -3);
      } else if (bar >= 0) {
        data = args.slice(bar + 3);
        args = args.slice(0, bar);
      }
      var issues = host.validate(tool, args);
      var step = { tool: tool, issues: issues };
      if (issues === "") step.result = JSON.parse(legacy ? host.call(tool, args) : host.call(tool, args, data));
      out.steps.push(step);
    }
    return out;
  }

  function thrower(depth) {
    if (depth === 0) throw new Error("fake bundle failure");
    return thrower(depth - 1) + 1;
  }

  function recurse(n) {
    return recurse(n + 1) + 1;
  }

  function busy(n) {
    var rows = [];
    for (var i = 0; i < n; i++) rows.push({ id: (i * 7919) % n, name: "row" + i, tags: [i, String(i)] });
    rows.sort(function (a, b) { return a.id - b.id; });
    return rows.slice(0, 3);
  }

  globalThis.A0Reference = {
    version: "fake 1",
    run: function (source, configJSON, host) {
      calls++;
      var lines = source.split("\n");
      var words = lines[0].split(" ");
      switch (words[0]) {
        case "echo":
          return ok({ source: source, config: JSON.parse(configJSON), version: this.version });
        case "busy":
          return ok(busy(Number(words[1])));
        case "host":
          return ok(hostScript(lines.slice(1), host));
        case "loop":
          while (true) {}
        case "recurse":
          return ok(recurse(0));
        case "throw":
          return ok(thrower(3));
        case "spin":
          return ok(Array.prototype.indexOf.call({ length: Number(words[1]) }, 1));
        case "return-number":
          return 42;
        case "return-garbage":
          return "this is not JSON";
        case "return-status":
          return JSON.stringify({ status: "fine", exitCode: 0 });
        case "lone":
          // JSON.stringify escapes lone surrogates; splice them in raw instead.
          return ok("LONE").replace("LONE", "a\ud800b\udc00c\ud83d\ude00");
        case "async-ok":
          return (async function () {
            await null;
            return ok({ source: source });
          })();
        case "async-reject":
          return (async function () {
            await null;
            throw new Error("async failure");
          })();
        case "async-pending":
          return new Promise(function () {});
        case "host-misuse":
          return host.call("fs.read", 12);
        case "calls":
          return ok(calls);
        case "throw-tostring":
          throw { toString: function () { while (true) {} } };
        case "throw-message": {
          var e = new Error("never read");
          Object.defineProperty(e, "message", { get: function () { while (true) {} } });
          throw e;
        }
        case "throw-huge":
          throw "x".repeat(Number(words[1]));
        default:
          throw new Error("fake bundle: unknown behaviour " + JSON.stringify(words[0]));
      }
    },
  };
})();
