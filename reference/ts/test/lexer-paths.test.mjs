// The lexer has two paths (src/lexer.ts): lexLines, line by line, for the usual source, and
// lexWhole for the rest (a CR, a lexical error, a string literal across lines). lex must
// give exactly what lexWhole gives: the same token table and the same diagnostics. This
// compares the two on every corpus program and on variants of them with awkward text
// inserted (line breaks, tabs, quotes, escapes, numbers, non-ASCII and control
// characters, comment marks).

import { test } from "node:test";
import assert from "node:assert/strict";
import { loadTs } from "../scripts/load-ts.mjs";
import { readFileSync, readdirSync, statSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const { lex, lexWhole } = await loadTs('export { lex, lexWhole } from "./src/lexer";', "lexer-paths");

const STRING_LIT = 29; // T.StringLit: its aux matters
const EOF = 49; // T.EOF: the last token
// Tokens whose text the lexer keeps in word: call? (5), the keywords (6-26), Ident (30).
const WORDS = new Set([5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 30]);

// snapshot copies what lex returned before the next call reuses the table.
function snapshot(lexed) {
  const t = lexed.tokens;
  const tokens = [];
  for (let i = 0; ; i++) {
    const kind = t.kind[i];
    tokens.push([kind, t.start[i], t.end[i], t.line[i], t.col[i], t.endCol[i],
      kind === STRING_LIT ? t.aux[i] : 0, WORDS.has(kind) ? t.word[i] : null]);
    if (kind === EOF) break;
  }
  return { tokens, errors: lexed.errors };
}

function a0Files(dir) {
  const out = [];
  for (const name of readdirSync(dir).sort()) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) out.push(...a0Files(p));
    else if (name.endsWith(".a0")) out.push(p);
  }
  return out;
}

const INSERTS = ["\r", "\r\n", "\n", "\t", " \t ", '"', "\\", '"a\tb"', '"a\\u12"', '"\\u00e9\\n"', "1.", "1.5e",
  "1.5e+3", "07", "0.5", "12e5", ".", "...", "!", "!=", "->", "#", "# c\n", "é", "😀", "\u2028", "call?", "call",
  ";", "\u0000", "\u001f", '"x\u001fy"', "\u007f", "a".repeat(300)];

// A small deterministic generator (xorshift), so that a failure replays.
function rng(seed) {
  let x = seed >>> 0 || 1;
  return (n) => {
    x ^= x << 13; x >>>= 0;
    x ^= x >>> 17;
    x ^= x << 5; x >>>= 0;
    return x % n;
  };
}

const files = a0Files(join(here, "..", "..", "..", "corpus"));

test("the corpus has programs to lex", () => {
  assert.ok(files.length > 500, `found ${files.length} corpus programs`);
});

test("lex gives what lexWhole gives on every corpus program", () => {
  for (const f of files) {
    const src = readFileSync(f, "utf8");
    assert.deepEqual(snapshot(lex(src, "t.a0")), snapshot(lexWhole(src, "t.a0")), f);
  }
});

test("lex gives what lexWhole gives on corpus programs with awkward text inserted", () => {
  const next = rng(20261125);
  let lexedByLines = 0;
  for (const f of files) {
    const src = readFileSync(f, "utf8");
    for (let k = 0; k < 6; k++) {
      let text = src;
      for (let m = next(3); m >= 0; m--) {
        const at = next(text.length + 1);
        text = text.slice(0, at) + INSERTS[next(INSERTS.length)] + text.slice(at);
      }
      const got = snapshot(lex(text, "t.a0"));
      assert.deepEqual(got, snapshot(lexWhole(text, "t.a0")), `${f} with insertions:\n${JSON.stringify(text)}`);
      if (got.errors.length === 0 && text.indexOf("\r") < 0) lexedByLines++;
    }
  }
  // Most variants stay free of lexical errors, so that the line-by-line path is compared.
  assert.ok(lexedByLines > files.length, `only ${lexedByLines} variants lexed without errors`);
});
