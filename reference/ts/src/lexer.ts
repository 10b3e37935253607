// The A0 lexer (spec §1): one hand-written pass over UTF-16 char codes. It produces a flat
// token table instead of token objects, because the reference runs inside goja where every
// allocation and every regular expression is expensive.

import type { Diagnostic } from "./ast";

// Token kinds, in the priority order of spec §1.3 (the discarded kinds WhiteSpace, Newline
// and Comment never reach the table). The names in TOKEN_NAMES appear in parse errors.
export const enum T {
  Arrow, GtEq, LtEq, EqEq, BangEq, CallQ, Cap, Budget, Import, Assert, As, Let, Return, Do,
  Check, Match, Catch, Filter, Loop, If, Else, For, Fn, Try, True, False, Null, FloatLit,
  IntLit, StringLit, Ident, LBrace, RBrace, LBracket, RBracket, LParen, RParen, Colon, Comma,
  DotDotDot, Dot, Equals, Gt, Lt, Plus, Minus, Star, Slash, Percent, EOF,
}

export const TOKEN_NAMES: readonly string[] = [
  "Arrow", "GtEq", "LtEq", "EqEq", "BangEq", "CallQ", "Cap", "Budget", "Import", "Assert", "As",
  "Let", "Return", "Do", "Check", "Match", "Catch", "Filter", "Loop", "If", "Else", "For", "Fn",
  "Try", "True", "False", "Null", "FloatLit", "IntLit", "StringLit", "Ident", "LBrace", "RBrace",
  "LBracket", "RBracket", "LParen", "RParen", "Colon", "Comma", "DotDotDot", "Dot", "Equals", "Gt",
  "Lt", "Plus", "Minus", "Star", "Slash", "Percent", "EOF",
];

// Each token occupies F.Stride consecutive numbers of the table:
// kind, start offset, end offset (exclusive), line, column, end line, end column (exclusive).
// F.Stride is the size of one entry.
export const enum F { Kind = 0, Start = 1, End = 2, Line = 3, Col = 4, EndLine = 5, EndCol = 6, Stride = 7 }

export interface Lexed {
  /** The token table (see F), always ending with one EOF token. */
  tokens: number[];
  /** One E_LEX diagnostic per skipped run, in source order. */
  errors: Diagnostic[];
}

const LEX_HINT = "Check for invalid characters or unclosed strings.";

// Character classes of ASCII code units; everything else is a lexical error.
const enum C { Bad, Space, LF, CR, Hash, Word, Digit, Quote, Minus, Gt, Lt, Eq, Bang, Dot, Punct }

const CLASS: number[] = [];
const PUNCT_KIND: number[] = [];
(function initTables() {
  for (let c = 0; c < 128; c++) { CLASS.push(C.Bad); PUNCT_KIND.push(-1); }
  CLASS[32] = C.Space; CLASS[9] = C.Space; CLASS[10] = C.LF; CLASS[13] = C.CR; CLASS[35] = C.Hash;
  for (let c = 65; c <= 90; c++) { CLASS[c] = C.Word; CLASS[c + 32] = C.Word; }
  CLASS[95] = C.Word;
  for (let c = 48; c <= 57; c++) CLASS[c] = C.Digit;
  CLASS[34] = C.Quote; CLASS[45] = C.Minus; CLASS[62] = C.Gt; CLASS[60] = C.Lt; CLASS[61] = C.Eq;
  CLASS[33] = C.Bang; CLASS[46] = C.Dot;
  const punct: [string, T][] = [
    ["{", T.LBrace], ["}", T.RBrace], ["[", T.LBracket], ["]", T.RBracket], ["(", T.LParen],
    [")", T.RParen], [":", T.Colon], [",", T.Comma], ["+", T.Plus], ["*", T.Star], ["/", T.Slash],
    ["%", T.Percent],
  ];
  for (const [ch, kind] of punct) { CLASS[ch.charCodeAt(0)] = C.Punct; PUNCT_KIND[ch.charCodeAt(0)] = kind; }
})();

function isDigit(c: number): boolean {
  return c >= 48 && c <= 57;
}

function isWordChar(c: number): boolean {
  return c < 128 && (CLASS[c] === C.Word || CLASS[c] === C.Digit);
}

function isHex(c: number): boolean {
  return (c >= 48 && c <= 57) || (c >= 65 && c <= 70) || (c >= 97 && c <= 102);
}

// Kind of the last number scanned by scanNumber.
let numberKind: number = T.IntLit;

// Returns the end of the FloatLit or IntLit starting at p (a digit), or -1 (spec §1.6).
function scanNumber(src: string, p: number): number {
  let j = p + 1;
  if (src.charCodeAt(p) !== 48) {
    while (isDigit(src.charCodeAt(j))) j++;
  }
  if (src.charCodeAt(j) === 46 && isDigit(src.charCodeAt(j + 1))) {
    let k = j + 2;
    while (isDigit(src.charCodeAt(k))) k++;
    const e = src.charCodeAt(k);
    if (e === 101 || e === 69) {
      let m = k + 1;
      const sign = src.charCodeAt(m);
      if (sign === 43 || sign === 45) m++;
      if (isDigit(src.charCodeAt(m))) {
        m++;
        while (isDigit(src.charCodeAt(m))) m++;
        k = m;
      }
    }
    numberKind = T.FloatLit;
    return k;
  }
  // IntLit must not be followed by '.', a digit, 'e' or 'E'. Backtracking into a shorter
  // digit run never helps: the next character would then be a digit.
  const d = src.charCodeAt(j);
  if (d === 46 || d === 101 || d === 69 || isDigit(d)) return -1;
  numberKind = T.IntLit;
  return j;
}

// Whether the last string scanned by scanString contained CR or LF.
let stringHasBreak = false;

// Returns the end of the string literal whose opening quote is at p, or -1 (spec §1.7).
function scanString(src: string, p: number): number {
  const n = src.length;
  let j = p + 1;
  stringHasBreak = false;
  while (j < n) {
    const c = src.charCodeAt(j);
    if (c === 34) return j + 1;
    if (c === 92) {
      const e = src.charCodeAt(j + 1);
      if (e === 34 || e === 92 || e === 47 || e === 98 || e === 102 || e === 110 || e === 114 || e === 116) {
        j += 2;
      } else if (e === 117 && isHex(src.charCodeAt(j + 2)) && isHex(src.charCodeAt(j + 3)) &&
        isHex(src.charCodeAt(j + 4)) && isHex(src.charCodeAt(j + 5))) {
        j += 6;
      } else {
        return -1;
      }
    } else {
      if (c === 10 || c === 13) stringHasBreak = true;
      j++;
    }
  }
  return -1;
}

// Whether any token rule, discarded kinds included, matches at p (error recovery, §1.9).
function anyRuleMatches(src: string, p: number): boolean {
  const c = src.charCodeAt(p);
  if (c >= 128) return false;
  switch (CLASS[c]) {
    case C.Bad: return false;
    case C.CR: return src.charCodeAt(p + 1) === 10;
    case C.Bang: return src.charCodeAt(p + 1) === 61;
    case C.Digit: return scanNumber(src, p) >= 0;
    case C.Quote: return scanString(src, p) >= 0;
    default: return true;
  }
}

function keywordKind(word: string): number {
  switch (word) {
    case "as": return T.As;
    case "do": return T.Do;
    case "if": return T.If;
    case "fn": return T.Fn;
    case "cap": return T.Cap;
    case "let": return T.Let;
    case "for": return T.For;
    case "try": return T.Try;
    case "loop": return T.Loop;
    case "else": return T.Else;
    case "true": return T.True;
    case "null": return T.Null;
    case "check": return T.Check;
    case "match": return T.Match;
    case "catch": return T.Catch;
    case "false": return T.False;
    case "budget": return T.Budget;
    case "import": return T.Import;
    case "assert": return T.Assert;
    case "return": return T.Return;
    case "filter": return T.Filter;
  }
  return T.Ident;
}

/** Tokenises a whole source text (spec §1). Columns and offsets are UTF-16 code units. */
export function lex(src: string, file: string): Lexed {
  const tokens: number[] = [];
  const errors: Diagnostic[] = [];
  const n = src.length;
  let i = 0;
  let line = 1;
  let lineStart = 0; // offset of the first code unit of the current line
  while (i < n) {
    const c = src.charCodeAt(i);
    let kind = -1;
    let end = i + 1;
    switch (c < 128 ? CLASS[c] : C.Bad) {
      case C.Word: {
        end = i + 1;
        while (end < n && isWordChar(src.charCodeAt(end))) end++;
        const len = end - i;
        if (len === 4 && src.charCodeAt(end) === 63 && src.charCodeAt(i) === 99 && src.startsWith("call", i)) {
          kind = T.CallQ;
          end++;
        } else if (len >= 2 && len <= 6) {
          kind = keywordKind(src.slice(i, end));
        } else {
          kind = T.Ident;
        }
        break;
      }
      case C.Space:
        i++;
        while (i < n) {
          const s = src.charCodeAt(i);
          if (s !== 32 && s !== 9) break;
          i++;
        }
        continue;
      case C.Punct:
        kind = PUNCT_KIND[c];
        break;
      case C.LF:
        i++;
        line++;
        lineStart = i;
        continue;
      case C.Digit:
        end = scanNumber(src, i);
        if (end >= 0) kind = numberKind;
        break;
      case C.Quote:
        end = scanString(src, i);
        if (end >= 0) kind = T.StringLit;
        break;
      case C.Dot:
        if (src.charCodeAt(i + 1) === 46 && src.charCodeAt(i + 2) === 46) {
          kind = T.DotDotDot;
          end = i + 3;
        } else {
          kind = T.Dot;
        }
        break;
      case C.Minus:
        if (src.charCodeAt(i + 1) === 62) { kind = T.Arrow; end = i + 2; } else kind = T.Minus;
        break;
      case C.Gt:
        if (src.charCodeAt(i + 1) === 61) { kind = T.GtEq; end = i + 2; } else kind = T.Gt;
        break;
      case C.Lt:
        if (src.charCodeAt(i + 1) === 61) { kind = T.LtEq; end = i + 2; } else kind = T.Lt;
        break;
      case C.Eq:
        if (src.charCodeAt(i + 1) === 61) { kind = T.EqEq; end = i + 2; } else kind = T.Equals;
        break;
      case C.Bang:
        if (src.charCodeAt(i + 1) === 61) { kind = T.BangEq; end = i + 2; }
        break;
      case C.Hash:
        i++;
        while (i < n) {
          const s = src.charCodeAt(i);
          if (s === 10 || s === 13) break;
          i++;
        }
        continue;
      case C.CR:
        if (src.charCodeAt(i + 1) === 10) {
          i += 2;
          line++;
          lineStart = i;
          continue;
        }
        break;
    }

    if (kind < 0) {
      // Skip code units until some rule matches; the line never changes here because a
      // line feed always matches (Newline), and the column simply advances.
      const errStart = i;
      const col = i - lineStart + 1;
      i++;
      while (i < n && !anyRuleMatches(src, i)) i++;
      const len = i - errStart;
      errors.push({
        code: "E_LEX",
        message: "unexpected character: ->" + src.charAt(errStart) + "<- at offset: " + errStart +
          ", skipped " + len + " characters.",
        span: { file, startLine: line, startCol: col, endLine: line, endCol: col + len },
        hint: LEX_HINT,
      });
      continue;
    }

    const col = i - lineStart + 1;
    if (kind === T.StringLit && stringHasBreak) {
      // A string literal spanning lines: LF, CR LF and a lone CR each end a line, and the
      // token ends on the line of its closing quote.
      const startLine = line;
      for (let j = i + 1; j < end; j++) {
        const s = src.charCodeAt(j);
        if (s === 10) {
          line++;
          lineStart = j + 1;
        } else if (s === 13) {
          if (src.charCodeAt(j + 1) === 10) j++;
          line++;
          lineStart = j + 1;
        }
      }
      tokens.push(kind, i, end, startLine, col, line, end - lineStart + 1);
    } else {
      tokens.push(kind, i, end, line, col, line, col + end - i);
    }
    i = end;
  }
  const col = i - lineStart + 1;
  tokens.push(T.EOF, n, n, line, col, line, col);
  return { tokens, errors };
}
