// verify.js replays the tool scenarios of ../tools/*.txt against real Node.js, to check
// that their expectations are what the Node host of A0 does. It is a maintainer's tool,
// not part of `go test` (tests never touch the real file system or network):
//
//   node runtime/toolkit/testdata/node/verify.js runtime/toolkit/testdata/tools/*.txt
//
// Each scenario runs in a fresh temporary directory R that stands for "/": fixture files
// are created under R, A0 paths are resolved with path.posix.resolve against the
// scenario's cwd and prefixed with R, and R is removed from error messages. Only calls
// Node can answer without the network are replayed: fs.* calls, and http.get calls
// whose URL is a data: URL or fails before any request is made. sh.exec calls and
// calls marked "!go-only" are skipped (and counted).
'use strict';
const fs = require('fs');
const os = require('os');
const path = require('path');
const crypto = require('crypto');
const testfile = require('../../../../reference/ts/scripts/testfile.cjs');

// parseScenario reads a scenario, a txtar archive whose calls file is a table:
// TOOL <TAB> ARGS <TAB> ok RESULT | err TEXT [<TAB> go-only] (read with
// reference/ts/scripts/testfile.cjs, as the Go test reads it with package testfile).
function parseScenario(text, file) {
  const a = testfile.parseArchive(text, file);
  const fixtures = a.files.fixtures ? JSON.parse(a.files.fixtures) : {};
  const calls = [];
  for (const { where, fields } of testfile.parseTable(a.files.calls || '', file, a.lines.calls + 1)) {
    const [tool, argsText, expect, flag] = fields;
    const exp = /^(ok|err) (.*)$/.exec(expect || '');
    if (!exp) throw new Error(`${where}: want TOOL, ARGS and ok RESULT or err TEXT, tab-separated`);
    calls.push({ tool, argsText, expect: { kind: exp[1], text: exp[2] }, goOnly: flag === 'go-only', where });
  }
  return { fixtures, calls };
}

// fromCanonical decodes the canonical JSON special forms the scenarios may use.
function fromCanonical(v) {
  if (Array.isArray(v)) return v.map(fromCanonical);
  if (v && typeof v === 'object') {
    const keys = Object.keys(v);
    if (keys.length === 1 && keys[0] === '$number') return { '-0': -0, NaN: NaN, Infinity: Infinity, '-Infinity': -Infinity }[v.$number];
    if (keys.length === 1 && keys[0] === '$record') return fromCanonical(v.$record);
    if (keys.length === 1 && keys[0] === '$function') return Object.prototype[v.$function];
    const out = {};
    for (const k of keys) out[k] = fromCanonical(v[k]);
    return out;
  }
  return v;
}

function makeTools(root, cwd) {
  const resolve = (p) => path.posix.resolve(cwd, p);
  const real = (abs) => root + abs;
  return {
    'fs.read': async ({ path: p, encoding }) => {
      const buf = fs.readFileSync(real(resolve(p)));
      return encoding === undefined || encoding === 'utf8' ? buf.toString('utf8') : buf.toString('base64');
    },
    'fs.write': async ({ path: p, data, format }) => {
      const abs = resolve(p);
      const fmt = format === undefined ? 'raw' : format;
      let text;
      if (fmt === 'json') text = JSON.stringify(data, null, 2);
      else if (typeof data === 'string') text = data;
      else text = JSON.stringify(data);
      fs.mkdirSync(path.posix.dirname(real(abs)), { recursive: true });
      fs.writeFileSync(real(abs), text, 'utf8');
      return {
        kind: 'file', path: abs, bytes: Buffer.byteLength(text, 'utf8'),
        sha256: crypto.createHash('sha256').update(text, 'utf8').digest('hex'),
      };
    },
    'fs.list': async ({ path: p }) => {
      const entries = fs.readdirSync(real(resolve(p)), { withFileTypes: true });
      entries.sort((a, b) => Buffer.compare(Buffer.from(a.name), Buffer.from(b.name)));
      return entries.map((e) => ({ name: e.name, type: e.isDirectory() ? 'directory' : e.isFile() ? 'file' : 'other' }));
    },
    'fs.exists': async ({ path: p }) => fs.existsSync(real(resolve(p))),
    'http.get': async ({ url, headers }) => {
      const h = {};
      for (const [k, v] of Object.entries(headers || {})) if (typeof v === 'string') h[k] = v;
      const res = await fetch(url, { headers: h });
      const body = await res.text();
      const out = {};
      res.headers.forEach((v, k) => { out[k] = v; });
      return { status: res.status, headers: out, body };
    },
  };
}

// offline reports whether fetch(url) settles without a network request.
function offline(url) {
  let u;
  try { u = new URL(url); } catch { return true; }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') return true;
  return u.username !== '' || u.password !== '';
}

async function run(file) {
  const { fixtures, calls } = parseScenario(fs.readFileSync(file, 'utf8'), file);
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'a0tk-'));
  const cwd = fixtures.cwd || '/work';
  fs.mkdirSync(root + cwd, { recursive: true });
  for (const f of fixtures.files || []) {
    const abs = root + path.posix.resolve(cwd, f.path);
    if (f.dir) { fs.mkdirSync(abs, { recursive: true }); continue; }
    fs.mkdirSync(path.dirname(abs), { recursive: true });
    fs.writeFileSync(abs, f.base64 !== undefined ? Buffer.from(f.base64, 'base64') : (f.content || ''));
  }
  const tools = makeTools(root, cwd);
  let checked = 0, skipped = 0, failed = 0;
  for (const c of calls) {
    const args = fromCanonical(JSON.parse(c.argsText));
    if (c.goOnly || !tools[c.tool] || (c.tool === 'http.get' && !offline(args.url))) { skipped++; continue; }
    let got;
    try {
      got = { kind: 'ok', value: JSON.stringify(await tools[c.tool](args)) };
    } catch (e) {
      got = { kind: 'err', value: String(e.message).split(root).join('') };
    }
    const e = c.expect;
    let want = e.text;
    if (e.kind === 'ok') want = JSON.stringify(fromCanonical(JSON.parse(e.text)));
    else if (e.text.startsWith('"')) want = JSON.parse(e.text);
    checked++;
    if (got.kind !== e.kind || got.value !== want) {
      failed++;
      console.log(`${c.where}: ${c.tool} ${c.argsText}\n  want ${e.kind} ${JSON.stringify(want)}\n  node ${got.kind} ${JSON.stringify(got.value)}`);
    }
  }
  fs.rmSync(root, { recursive: true, force: true });
  console.log(`${file}: ${checked} checked against node, ${failed} differ, ${skipped} skipped`);
  return failed;
}

(async () => {
  let failed = 0;
  for (const f of process.argv.slice(2)) failed += await run(f);
  process.exit(failed ? 1 : 0);
})();
