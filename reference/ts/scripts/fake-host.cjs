// A small in-memory tool kit implementing the host side of the bundle ABI
// (reference/ts-bundle/README.md) for development runs of the reference outside Go:
// scripts/run-node.mjs and the node tests use it. It follows spec §9.1 (argument
// validation texts) and §9.2 (tool behaviour) over fixtures instead of the real file
// system, network and shell. It is a plain script so that it also loads into goja.
//
// Fixtures: { cwd: "/work", files: { PATH: CONTENT }, dirs: [PATH], http: { URL:
// {status, headers: [[name, value]], body} | {error} }, sh: { CMD: {exitCode, stdout,
// stderr, durationMs} } }. Relative paths resolve against cwd.

(function (root) {
  "use strict";

  var CATALOGUE = [
    { name: "fs.read", mode: "read", capability: "fs.read" },
    { name: "fs.write", mode: "effect", capability: "fs.write" },
    { name: "fs.list", mode: "read", capability: "fs.read" },
    { name: "fs.exists", mode: "read", capability: "fs.read" },
    { name: "http.get", mode: "read", capability: "http.get" },
    { name: "sh.exec", mode: "effect", capability: "sh.exec" },
  ];

  // Schema fields per tool, in schema order: [name, type, required].
  var SCHEMAS = {
    "fs.read": [["path", "string", true], ["encoding", "string", false]],
    "fs.write": [["path", "string", true], ["data", "any", false], ["format", "string", false]],
    "fs.list": [["path", "string", true]],
    "fs.exists": [["path", "string", true]],
    "http.get": [["url", "string", true], ["headers", "stringRecord", false]],
    "sh.exec": [["cmd", "string", true], ["cwd", "string", false], ["timeoutMs", "number", false], ["env", "stringRecord", false]],
  };

  // ---- canonical JSON ----

  function encode(v) {
    if (typeof v === "number") {
      if (v !== v) return '{"$number":"NaN"}';
      if (v === Infinity) return '{"$number":"Infinity"}';
      if (v === -Infinity) return '{"$number":"-Infinity"}';
      if (v === 0 && 1 / v < 0) return '{"$number":"-0"}';
      return String(v);
    }
    if (typeof v === "string" || typeof v === "boolean" || v === null) return JSON.stringify(v);
    if (typeof v === "function") return '{"$function":' + JSON.stringify(v.name) + "}";
    if (Array.isArray(v)) return "[" + v.map(encode).join(",") + "]";
    var keys = Object.keys(v);
    var body = "{" + keys.map(function (k) { return JSON.stringify(k) + ":" + encode(v[k]); }).join(",") + "}";
    if (keys.length === 1 && (keys[0] === "$number" || keys[0] === "$function" || keys[0] === "$record")) {
      return '{"$record":' + body + "}";
    }
    return body;
  }

  var SPECIAL = { NaN: NaN, Infinity: Infinity, "-Infinity": -Infinity, "-0": -0 };

  function fromCanonical(v) {
    if (Array.isArray(v)) return v.map(fromCanonical);
    if (v === null || typeof v !== "object") return v;
    var keys = Object.keys(v);
    if (keys.length === 1 && keys[0] === "$number") return SPECIAL[v.$number];
    if (keys.length === 1 && keys[0] === "$function") {
      var found = Object.getOwnPropertyNames(Object.prototype).filter(function (k) {
        return k !== "__proto__" && typeof Object.prototype[k] === "function" && Object.prototype[k].name === v.$function;
      });
      return found.length > 0 ? Object.prototype[found[0]] : null;
    }
    if (keys.length === 1 && keys[0] === "$record") v = v.$record;
    var out = {};
    Object.keys(v).forEach(function (k) {
      Object.defineProperty(out, k, { value: fromCanonical(v[k]), writable: true, enumerable: true, configurable: true });
    });
    return out;
  }

  // ---- argument validation (spec §9.1) ----

  function received(v) {
    if (v === null) return "null";
    if (Array.isArray(v)) return "array";
    if (typeof v === "number" && v !== v) return "nan";
    return typeof v;
  }

  function isRecord(v) {
    return v !== null && typeof v === "object" && !Array.isArray(v);
  }

  function validateArgs(tool, args) {
    var issues = [];
    SCHEMAS[tool].forEach(function (field) {
      var name = field[0], type = field[1], required = field[2];
      if (!Object.prototype.hasOwnProperty.call(args, name)) {
        if (required) issues.push(name + ": " + tool + " requires a '" + name + "' argument");
        return;
      }
      var v = args[name];
      if (type === "any") return;
      if (type === "stringRecord") {
        if (!isRecord(v)) {
          issues.push(name + ": Expected object, received " + received(v));
          return;
        }
        Object.keys(v).forEach(function (k) {
          if (typeof v[k] !== "string") issues.push(name + "." + k + ": Expected string, received " + received(v[k]));
        });
        return;
      }
      if (typeof v !== type || (type === "number" && v !== v)) issues.push(name + ": Expected " + type + ", received " + received(v));
    });
    return issues.join("; ");
  }

  // ---- tools (spec §9.2) ----

  function utf8Bytes(s) {
    var out = [];
    for (var i = 0; i < s.length; i++) {
      var c = s.charCodeAt(i);
      if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length) {
        var d = s.charCodeAt(i + 1);
        if (d >= 0xdc00 && d <= 0xdfff) {
          c = 0x10000 + ((c - 0xd800) << 10) + (d - 0xdc00);
          i++;
        }
      }
      if (c >= 0xd800 && c <= 0xdfff) c = 0xfffd;
      if (c < 0x80) out.push(c);
      else if (c < 0x800) out.push(0xc0 | (c >> 6), 0x80 | (c & 63));
      else if (c < 0x10000) out.push(0xe0 | (c >> 12), 0x80 | ((c >> 6) & 63), 0x80 | (c & 63));
      else out.push(0xf0 | (c >> 18), 0x80 | ((c >> 12) & 63), 0x80 | ((c >> 6) & 63), 0x80 | (c & 63));
    }
    return out;
  }

  var B64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  function base64(bytes) {
    var out = "";
    for (var i = 0; i < bytes.length; i += 3) {
      var n = (bytes[i] << 16) | ((bytes[i + 1] || 0) << 8) | (bytes[i + 2] || 0);
      out += B64[(n >> 18) & 63] + B64[(n >> 12) & 63];
      out += i + 1 < bytes.length ? B64[(n >> 6) & 63] : "=";
      out += i + 2 < bytes.length ? B64[n & 63] : "=";
    }
    return out;
  }

  function sha256hex(text) {
    if (typeof root.__sha256hex === "function") return root.__sha256hex(text);
    // eslint-disable-next-line no-undef
    return require("crypto").createHash("sha256").update(Buffer.from(utf8Bytes(text))).digest("hex");
  }

  function normalise(cwd, p) {
    var parts = (p.charAt(0) === "/" ? p : cwd + "/" + p).split("/");
    var out = [];
    parts.forEach(function (s) {
      if (s === "" || s === ".") return;
      if (s === "..") out.pop();
      else out.push(s);
    });
    return "/" + out.join("/");
  }

  function makeHost(fixtures) {
    fixtures = fixtures || {};
    var cwd = fixtures.cwd || "/work";
    var files = {};
    var dirs = { "/": true };
    function addDirs(path) {
      var parts = path.split("/");
      for (var i = 1; i < parts.length; i++) dirs[parts.slice(0, i).join("/") || "/"] = true;
    }
    Object.keys(fixtures.files || {}).forEach(function (p) {
      var abs = normalise(cwd, p);
      files[abs] = fixtures.files[p];
      addDirs(abs);
    });
    (fixtures.dirs || []).forEach(function (p) {
      var abs = normalise(cwd, p);
      dirs[abs] = true;
      addDirs(abs);
    });
    addDirs(cwd + "/x");
    var calls = [];

    var tools = {
      "fs.read": function (a) {
        var abs = normalise(cwd, a.path);
        if (dirs[abs]) throw new Error("EISDIR: illegal operation on a directory, read");
        if (!(abs in files)) throw new Error("ENOENT: no such file or directory, open '" + abs + "'");
        if (a.encoding === undefined || a.encoding === "utf8") return files[abs];
        return base64(utf8Bytes(files[abs]));
      },
      "fs.write": function (a) {
        if (!("data" in a)) {
          throw new Error('The "data" argument must be of type string or an instance of Buffer, TypedArray, or DataView. Received undefined');
        }
        var format = a.format === undefined ? "raw" : a.format;
        var text;
        if (format === "json") text = JSON.stringify(a.data, null, 2);
        else if (typeof a.data === "string") text = a.data;
        else text = JSON.stringify(a.data);
        var abs = normalise(cwd, a.path);
        files[abs] = text;
        addDirs(abs);
        return { kind: "file", path: abs, bytes: utf8Bytes(text).length, sha256: sha256hex(text) };
      },
      "fs.list": function (a) {
        var abs = normalise(cwd, a.path);
        if (abs in files) throw new Error("ENOTDIR: not a directory, scandir '" + abs + "'");
        if (!dirs[abs]) throw new Error("ENOENT: no such file or directory, scandir '" + abs + "'");
        var prefix = abs === "/" ? "/" : abs + "/";
        var names = {};
        Object.keys(files).concat(Object.keys(dirs)).forEach(function (p) {
          if (p.length > prefix.length && p.slice(0, prefix.length) === prefix) {
            var name = p.slice(prefix.length).split("/")[0];
            var full = prefix + name;
            names[name] = dirs[full] ? "directory" : "file";
          }
        });
        return Object.keys(names).sort().map(function (n) { return { name: n, type: names[n] }; });
      },
      "fs.exists": function (a) {
        var abs = normalise(cwd, a.path);
        return abs in files || !!dirs[abs];
      },
      "http.get": function (a) {
        var r = (fixtures.http || {})[a.url];
        if (r === undefined) throw new Error("fetch failed");
        if (r.error !== undefined) throw new Error(r.error);
        var headers = {};
        (r.headers || []).forEach(function (h) {
          var k = h[0].toLowerCase();
          headers[k] = k in headers ? headers[k] + ", " + h[1] : h[1];
        });
        var sorted = {};
        Object.keys(headers).sort().forEach(function (k) { sorted[k] = headers[k]; });
        return { status: r.status === undefined ? 200 : r.status, headers: sorted, body: r.body || "" };
      },
      "sh.exec": function (a) {
        var r = (fixtures.sh || {})[a.cmd];
        if (r === undefined) return { exitCode: 127, stdout: "", stderr: "sh: 1: " + a.cmd + ": not found\n", durationMs: 0 };
        return { exitCode: r.exitCode || 0, stdout: r.stdout || "", stderr: r.exitCode ? r.stderr || "" : "", durationMs: r.durationMs || 0 };
      },
    };

    return {
      tools: function () {
        return JSON.stringify(CATALOGUE);
      },
      validate: function (tool, argsJSON) {
        return validateArgs(tool, fromCanonical(JSON.parse(argsJSON)));
      },
      call: function (tool, argsJSON) {
        var args = fromCanonical(JSON.parse(argsJSON));
        try {
          var result = tools[tool](args);
          calls.push({ tool: tool, args: args, outcome: "ok", result: result });
          return '{"ok":' + encode(result) + "}";
        } catch (e) {
          calls.push({ tool: tool, args: args, outcome: "err", error: e.message });
          return '{"err":' + JSON.stringify(e.message) + "}";
        }
      },
      calls: calls,
    };
  }

  var api = { makeHost: makeHost, encode: encode, fromCanonical: fromCanonical };
  root.A0FakeHost = api;
  if (typeof module !== "undefined" && module.exports) module.exports = api;
})(typeof globalThis !== "undefined" ? globalThis : this);
