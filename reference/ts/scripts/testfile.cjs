// The JavaScript reader of the module's three test-file formats, one function each, giving
// what the Go reader (runtime/syntax/testfile) gives for the same text:
//
//   - parseCases: the case format. "=== NAME" starts a case, its program runs to a line
//     "---", its expected lines follow up to the next "===". Lines starting with "#" are
//     comments outside programs; program and expected lines expand <TAB> <CR> <LF> <SP>
//     <U+XXXX>;
//   - parseArchive: txtar archives ("-- NAME --" headers; the text before the first is
//     commentary);
//   - parseTable: tables, one row per line, fields separated by tabs; blank lines and
//     lines starting with "#" are skipped.
//
// Used by the reference's tests (front.test.mjs, eval.test.mjs through harness.cjs,
// json.test.mjs, collate.test.mjs) and the maintainer scripts that replay test data
// under node (runtime/toolkit/testdata/node/verify.js, corpus/proto/testdata/check-node.mjs,
// reference/ts-bundle/testdata/engine-differences.mjs).

"use strict";

// lines splits text as Go's bufio.ScanLines does: on "\n", dropping one "\r" before it and
// the empty line after a final newline.
function lines(text) {
  const out = text.split("\n");
  if (out.length > 0 && out[out.length - 1] === "") out.pop();
  return out.map((l) => (l.endsWith("\r") ? l.slice(0, -1) : l));
}

// expand replaces the escapes of the case format. Text in angle brackets that is not an
// escape (`<EOF>`, `a < b`) is kept. <xHH>, a raw byte in Go, has no JavaScript string
// form and is an error.
function expand(s) {
  let out = "";
  let i = 0;
  while (i < s.length) {
    if (s[i] !== "<") {
      out += s[i++];
      continue;
    }
    const end = s.indexOf(">", i);
    if (end < 0) {
      out += s.slice(i);
      break;
    }
    const tok = s.slice(i + 1, end);
    const fixed = { TAB: "\t", CR: "\r", LF: "\n", SP: " " }[tok];
    if (fixed !== undefined) {
      out += fixed;
    } else if (tok.startsWith("U+")) {
      const v = /^[0-9A-Fa-f]+$/.test(tok.slice(2)) ? parseInt(tok.slice(2), 16) : NaN;
      if (!(v <= 0x10ffff)) throw new Error(`bad escape <${tok}>`);
      out += v >= 0xd800 && v <= 0xdfff ? String.fromCharCode(v) : String.fromCodePoint(v);
    } else if (tok.length === 3 && tok[0] === "x") {
      throw new Error(/^[0-9A-Fa-f]{2}$/.test(tok.slice(1)) ? `<${tok}>: a raw byte has no JavaScript string form` : `bad escape <${tok}>`);
    } else {
      out += "<";
      i++;
      continue;
    }
    i = end + 1;
  }
  return out;
}

// parseCases reads a case file: a list of { name, line, where, source, expect }, where
// expect holds the expected lines as { text, line } (comments dropped, trailing blank
// lines removed).
function parseCases(text, fileName) {
  const cases = [];
  let cur = null;
  let src = [];
  let inExpect = false;
  const at = (n) => `${fileName}:${n}`;
  const flush = () => {
    if (cur === null) return;
    if (!inExpect) throw new Error(`${cur.where}: case ${JSON.stringify(cur.name)} has no --- line`);
    while (cur.expect.length > 0 && cur.expect[cur.expect.length - 1].text.trim() === "") cur.expect.pop();
    cases.push(cur);
  };
  lines(text).forEach((line, i) => {
    const n = i + 1;
    try {
      if (line.startsWith("=== ")) {
        flush();
        cur = { name: line.slice(4).trim(), line: n, where: at(n), source: "", expect: [] };
        src = [];
        inExpect = false;
      } else if (cur === null) {
        if (line.trim() !== "" && !line.startsWith("#")) throw new Error("text outside a case");
      } else if (!inExpect && line === "---") {
        inExpect = true;
        cur.source = expand(src.join("\n"));
      } else if (inExpect && line.startsWith("#")) {
        // A comment between cases.
      } else if (inExpect) {
        cur.expect.push({ text: expand(line), line: n });
      } else {
        src.push(line);
      }
    } catch (e) {
      if (e.message.startsWith(fileName + ":")) throw e;
      throw new Error(`${at(n)}: ${e.message}`);
    }
  });
  flush();
  return cases;
}

// parseArchive reads a txtar archive: { comment, names, files, lines } with the files in
// order, their data, and the line of each "-- NAME --" header.
function parseArchive(text, fileName) {
  const a = { comment: "", names: [], files: {}, lines: {} };
  let cur = null;
  let body = [];
  const done = () => {
    const data = body.length > 0 ? body.join("\n") + "\n" : "";
    if (cur === null) a.comment = data;
    else a.files[cur] = data;
  };
  text.split("\n").forEach((line, i) => {
    const m = /^-- (.*) --$/.exec(line);
    if (m && m[1].trim() !== "") {
      done();
      cur = m[1].trim();
      if (cur in a.lines) throw new Error(`${fileName}:${i + 1}: file ${cur} repeated (first at line ${a.lines[cur]})`);
      a.names.push(cur);
      a.lines[cur] = i + 1;
      body = [];
      return;
    }
    body.push(line);
  });
  if (body.length > 0 && body[body.length - 1] === "") body.pop();
  done();
  return a;
}

// parseTable reads a table: a list of { line, fields }. firstLine is the line of text's
// first line in its file (for a table inside an archive).
function parseTable(text, fileName, firstLine = 1) {
  const rows = [];
  lines(text).forEach((line, i) => {
    if (line.trim() === "" || line.startsWith("#")) return;
    rows.push({ line: firstLine + i, where: `${fileName}:${firstLine + i}`, fields: line.split("\t") });
  });
  return rows;
}

module.exports = { expand, parseCases, parseArchive, parseTable };
