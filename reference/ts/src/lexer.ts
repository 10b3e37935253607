// The A0 lexer (spec §1): one hand-written pass over the source's UTF-16 code units. It is
// shaped by goja, the engine the reference runs in: the source is split into one-unit
// strings once (a native call) and classified through string-keyed tables, which costs
// goja fewer instructions than calling charCodeAt per unit (a method call on a primitive
// string), though twice the bytes (reference/ts-bundle/README.md, "Tried and dropped"); tokens
// go into plain arrays instead of objects; and there are no regular expressions. A native
// call on the source (indexOf, slice) costs goja about as much as two or three units of a
// table loop, so runs are skipped with one only where they are long (comments); string
// literals, words and spaces, a few units each, are walked unit by unit (README, "What
// goja costs" and "Why the reference looks this way").

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

// The token table holds one plain array per token field, indexed by token number. Plain
// arrays rather than typed ones: goja stores the number value a plain array is given as it
// is, where a typed array converts it on the way in and boxes it again (one Go allocation
// for every integer above 255) on every read. Token t has kind kind[t], covers the code
// units start[t] to end[t] (exclusive) and starts on line line[t] at column
// start[t] - lineStart[line[t]] + 1, where lineStart[L] is the offset of the first code
// unit of line L (a column per token would be one more array write per token, which costs
// goja more than the subtraction in the few spans the parser computes). It ends on that
// line at column end[t] - lineStart[line[t]] + 1 (exclusive), except a string literal
// with raw line breaks, which always fails to decode (E_AST), so its real end matters only
// in a syntax error (see the parser's tokenSpan). For a StringLit, aux[t] is 2 * P + E
// where P is the offset within the literal of its first raw control character (0 if none:
// offset 0 is the opening quote) and E is 1 when the literal contains a backslash escape;
// it is stale for other tokens. The text of an identifier or keyword token (`call?`
// excepted) is word[t], which holds stale texts at other numbers. The last token is EOF.
// The arrays are longer than the table: entries after EOF (and lines after its line) are
// stale.
export interface Tokens {
  kind: number[];
  start: number[];
  end: number[];
  line: number[];
  lineStart: number[];
  aux: number[];
  word: string[];
}

export interface Lexed {
  /** The token table; valid until the next call of lex, which reuses its arrays. */
  tokens: Tokens;
  /** One E_LEX diagnostic per skipped run, in source order. */
  errors: Diagnostic[];
}

const LEX_HINT = "Check for invalid characters or unclosed strings.";

// Character classes; a code unit not in CLASS (any non-ASCII one, a control character other
// than TAB/LF/CR, or one of ; ? @ $ ^ | & ~ \ ' ` and the like) starts no token. The class
// of a one-character punctuator is its token kind, which is below every C.
const enum C { Space = 64, LF, CR, Hash, Word, Digit, Quote, Minus, Gt, Lt, Eq, Bang, Dot }

type Table = { [unit: string]: number | undefined };

function table(): Table {
  return Object.create(null) as Table;
}

const CLASS = table();
const WORD_CHAR = table(); // 1 for [A-Za-z0-9_]
const DIGIT = table(); // 1 for [0-9]
const HEX = table(); // 1 for [0-9A-Fa-f]
const STRING_CHAR = table(); // 1 for the ASCII characters that stand for themselves in a string literal
const SIMPLE_ESCAPE = table(); // 1 for the characters after a backslash in \" \\ \/ \b \f \n \r \t
const KEYWORDS = table(); // keyword spelling -> kind
(function initTables() {
  const set = (t: Table, chars: string, v: number) => {
    for (let i = 0; i < chars.length; i++) t[chars.charAt(i)] = v;
  };
  const lower = "abcdefghijklmnopqrstuvwxyz";
  const digits = "0123456789";
  set(CLASS, " \t", C.Space);
  set(CLASS, "\n", C.LF);
  set(CLASS, "\r", C.CR);
  set(CLASS, "#", C.Hash);
  set(CLASS, lower + lower.toUpperCase() + "_", C.Word);
  set(CLASS, digits, C.Digit);
  set(CLASS, "\"", C.Quote);
  set(CLASS, "-", C.Minus);
  set(CLASS, ">", C.Gt);
  set(CLASS, "<", C.Lt);
  set(CLASS, "=", C.Eq);
  set(CLASS, "!", C.Bang);
  set(CLASS, ".", C.Dot);
  set(WORD_CHAR, lower + lower.toUpperCase() + "_" + digits, 1);
  set(DIGIT, digits, 1);
  set(HEX, digits + "abcdefABCDEF", 1);
  set(SIMPLE_ESCAPE, "\"\\/bfnrt", 1);
  const punct: [string, T][] = [
    ["{", T.LBrace], ["}", T.RBrace], ["[", T.LBracket], ["]", T.RBracket], ["(", T.LParen],
    [")", T.RParen], [":", T.Colon], [",", T.Comma], ["+", T.Plus], ["*", T.Star], ["/", T.Slash],
    ["%", T.Percent],
  ];
  for (const [ch, kind] of punct) CLASS[ch] = kind;
  for (let u = 0x20; u < 0x80; u++) {
    const ch = String.fromCharCode(u);
    if (ch !== "\"" && ch !== "\\") STRING_CHAR[ch] = 1;
  }
  const keywords: [string, T][] = [
    ["cap", T.Cap], ["budget", T.Budget], ["import", T.Import], ["assert", T.Assert], ["as", T.As],
    ["let", T.Let], ["return", T.Return], ["do", T.Do], ["check", T.Check], ["match", T.Match],
    ["catch", T.Catch], ["filter", T.Filter], ["loop", T.Loop], ["if", T.If], ["else", T.Else],
    ["for", T.For], ["fn", T.Fn], ["try", T.Try], ["true", T.True], ["false", T.False],
    ["null", T.Null],
  ];
  for (const [word, kind] of keywords) KEYWORDS[word] = kind;
})();

// Kind of the last number scanned by scanNumber.
let numberKind: number = T.IntLit;

// Returns the end of the FloatLit or IntLit starting at p (a digit), or -1 (spec §1.6).
function scanNumber(chars: string[], p: number): number {
  let j = p + 1;
  if (chars[p] !== "0") {
    while (DIGIT[chars[j]] === 1) j++;
  }
  if (chars[j] === "." && DIGIT[chars[j + 1]] === 1) {
    let k = j + 2;
    while (DIGIT[chars[k]] === 1) k++;
    const e = chars[k];
    if (e === "e" || e === "E") {
      let m = k + 1;
      const sign = chars[m];
      if (sign === "+" || sign === "-") m++;
      if (DIGIT[chars[m]] === 1) {
        m++;
        while (DIGIT[chars[m]] === 1) m++;
        k = m;
      }
    }
    numberKind = T.FloatLit;
    return k;
  }
  // IntLit must not be followed by '.', a digit, 'e' or 'E'. Backtracking into a shorter
  // digit run never helps: the next character would then be a digit.
  const d = chars[j];
  if (d === "." || d === "e" || d === "E" || DIGIT[d] === 1) return -1;
  numberKind = T.IntLit;
  return j;
}

// What scanString saw in the last literal it matched (see Tokens.aux).
let stringAux = 0;

// Returns the end of the string literal whose opening quote is at p, or -1 (spec §1.7).
function scanString(chars: string[], p: number): number {
  let j = p + 1;
  let ctrl = 0;
  let escaped = 0;
  let c: string;
  for (;;) {
    // Most of a literal is printable ASCII other than the quote and the backslash: one
    // table lookup per unit, and the rest below.
    while (STRING_CHAR[chars[j]]) j++;
    c = chars[j];
    if (c === "\"") {
      stringAux = 2 * ctrl + escaped;
      return j + 1;
    }
    if (c === "\\") {
      c = chars[j + 1];
      if (SIMPLE_ESCAPE[c] === 1) {
        j += 2;
      } else if (c === "u" && HEX[chars[j + 2]] === 1 && HEX[chars[j + 3]] === 1 &&
        HEX[chars[j + 4]] === 1 && HEX[chars[j + 5]] === 1) {
        j += 6;
      } else {
        return -1;
      }
      escaped = 1;
    } else if (c === undefined) {
      return -1; // the code ended
    } else {
      // A control character or a non-ASCII unit.
      if (c < " " && ctrl === 0) ctrl = j - p;
      j++;
    }
  }
}

// Whether any token rule, discarded kinds included, matches at p (error recovery, §1.9).
function anyRuleMatches(chars: string[], p: number): boolean {
  switch (CLASS[chars[p]]) {
    case undefined: return false;
    case C.CR: return chars[p + 1] === "\n";
    case C.Bang: return chars[p + 1] === "=";
    case C.Digit: return scanNumber(chars, p) >= 0;
    case C.Quote: return scanString(chars, p) >= 0;
    default: return true;
  }
}

// The errors of every lex that finds none (nothing writes to a Lexed).
const NO_ERRORS: Diagnostic[] = [];

// The token table lex fills. Its arrays are reused from call to call (the parser is done
// with one table before the next source is lexed), so that most runs allocate none; they
// grow by themselves, and are replaced by empty ones after a huge source.
let tokenTable: Tokens = newTable();

function newTable(): Tokens {
  return { kind: [], start: [], end: [], line: [], lineStart: [0, 0], aux: [], word: [] };
}

/** Tokenises a whole source text (spec §1). Columns and offsets are UTF-16 code units. */
export function lex(src: string, file: string): Lexed {
  // Sources often end with a block of comment lines (corpus entries keep their directives
  // there), and splitting that text into code units would be wasted: comments are skipped
  // with indexOf. So the code before such a block is lexed alone and the block's lines only
  // counted, unless the code has a lexical error (a string literal still open where the
  // block starts might end inside it): then the whole text is lexed.
  const codeEnd = commentBlockStart(src);
  if (codeEnd < src.length) {
    const lexed = lexCode(src, codeEnd, file);
    if (lexed.errors.length === 0) return lexed;
  }
  return lexCode(src, src.length, file);
}

// commentBlockStart is the offset of the block of blank and comment lines that ends src:
// the start of a line after which every line is only spaces and tabs, optionally followed
// by a comment. It is src.length when the last line is not such a line, and when src has a
// CR anywhere (CR LF line breaks are rare, and a lone CR would need care).
function commentBlockStart(src: string): number {
  if (src.indexOf("\r") >= 0) return src.length;
  let lineEnd = src.length; // the end of the line examined, before its LF
  for (;;) {
    const lineStart = lineEnd === 0 ? 0 : src.lastIndexOf("\n", lineEnd - 1) + 1;
    if (!isCommentLine(src, lineStart, lineEnd)) return lineEnd === src.length ? lineEnd : lineEnd + 1;
    if (lineStart === 0) return 0;
    lineEnd = lineStart - 1;
  }
}

function isCommentLine(src: string, start: number, end: number): boolean {
  for (let i = start; i < end; i++) {
    const c = src[i];
    if (c === "#") return true;
    if (c !== " " && c !== "\t") return false;
  }
  return true;
}

// lexCode tokenises src up to codeEnd, which is src.length or the start of the comment
// block that ends src (see lex); the EOF token is always at the end of src.
function lexCode(src: string, codeEnd: number, file: string): Lexed {
  // NO_ERRORS until the first error: most sources have none, and a new empty list costs
  // goja a property map and four more Go allocations.
  let errors: Diagnostic[] = NO_ERRORS;
  const chars = (codeEnd === src.length ? src : src.slice(0, codeEnd)).split("");
  const n = chars.length;
  // Sources rarely have more tokens than a quarter of their length.
  if (tokenTable.kind.length > 4096 && tokenTable.kind.length > n) tokenTable = newTable();
  const kinds = tokenTable.kind;
  const starts = tokenTable.start;
  const ends = tokenTable.end;
  const lines = tokenTable.line;
  const lineStarts = tokenTable.lineStart; // [0] is unused; line 1 starts at 0
  const auxes = tokenTable.aux;
  const words = tokenTable.word;
  let t = 0; // the next token's number
  let i = 0;
  let line = 1;
  let lineStart = 0; // offset of the first code unit of the current line
  let nextCR = -1; // offset of the next CR at or after some earlier comment start
  // The loop's variables are declared here, not in its body: goja enters and leaves a
  // block scope (two operations) for every block with a declaration, on every pass.
  let c: string;
  let cls: number | undefined;
  let end: number;
  let word: string;
  let kw: number | undefined;
  let kind: number;
  // The loop ends where chars runs out: chars[n] is undefined, which has no class, so
  // the end is tested on the way to the switch only, not for every space, word and
  // punctuator. (`while (true)`, not `for (;;)`: goja compiles a `continue` in the latter
  // as a jump to the loop's end and a second one back.)
  while (true) {
    c = chars[i];
    if (c === " ") {
      i++;
      continue;
    }
    // Words and one-character punctuators, most of the tokens, are stored where they are
    // scanned, and line feeds counted: going through the switch and the shared store below
    // made the lexer run 5 % more goja instructions (the kind and end variables, the
    // break, the error test).
    cls = CLASS[c];
    if ((cls as number) < C.Space) { // a one-character punctuator (undefined < C.Space is false)
      kinds[t] = cls as number;
      starts[t] = i;
      i++;
      ends[t] = i;
      lines[t] = line;
      t++;
      continue;
    }
    if (cls === C.Word) {
      // The first unit is known to be a word character; goja runs a do-while loop without
      // the jump back of a while loop. WORD_CHAR's values are 1 or undefined: testing
      // their truth is one operation fewer than === 1.
      end = i;
      do end++; while (WORD_CHAR[chars[end]]);
      // The parser needs the text of (nearly) every word, so it is taken here, once.
      word = src.slice(i, end);
      words[t] = word;
      kw = KEYWORDS[word];
      if (kw) { // every keyword's kind is above 0: the truth test is one operation fewer
        kinds[t] = kw;
      } else if (word === "call" && chars[end] === "?") {
        // `call?` is a keyword only with its question mark, which no identifier contains.
        kinds[t] = T.CallQ;
        end++;
      } else {
        kinds[t] = T.Ident;
      }
      starts[t] = i;
      ends[t] = end;
      lines[t] = line;
      t++;
      i = end;
      continue;
    }
    if (cls === C.LF) {
      i++;
      line++;
      lineStart = i;
      lineStarts[line] = i;
      continue;
    }
    if (i >= n) break;
    kind = -1;
    end = i + 1;
    // The other cases, ordered by how often they occur, as goja tries them one by one.
    switch (cls) {
      case C.Quote:
        end = scanString(chars, i);
        if (end < 0) break;
        kind = T.StringLit;
        auxes[t] = stringAux;
        if (stringAux > 1) {
          // A raw control character in the literal might be a line break: LF, CR LF and a
          // lone CR each end a line inside a token. The token is stored at its first line
          // here (rare, so the common path below need not ask), then its lines are counted.
          kinds[t] = kind;
          starts[t] = i;
          ends[t] = end;
          lines[t] = line;
          t++;
          for (let j = i + 1; j < end; j++) {
            const s = chars[j];
            if (s === "\n") {
              line++;
              lineStart = j + 1;
              lineStarts[line] = lineStart;
            } else if (s === "\r") {
              if (chars[j + 1] === "\n") j++;
              line++;
              lineStart = j + 1;
              lineStarts[line] = lineStart;
            }
          }
          i = end;
          continue;
        }
        break;
      case C.Digit:
        end = scanNumber(chars, i);
        if (end >= 0) kind = numberKind;
        break;
      case C.Dot:
        if (chars[i + 1] === "." && chars[i + 2] === ".") {
          kind = T.DotDotDot;
          end = i + 3;
        } else {
          kind = T.Dot;
        }
        break;
      case C.Minus:
        if (chars[i + 1] === ">") { kind = T.Arrow; end = i + 2; } else kind = T.Minus;
        break;
      case C.Space:
        i++;
        while (chars[i] === " " || chars[i] === "\t") i++;
        continue;
      case C.Eq:
        if (chars[i + 1] === "=") { kind = T.EqEq; end = i + 2; } else kind = T.Equals;
        break;
      case C.Gt:
        if (chars[i + 1] === "=") { kind = T.GtEq; end = i + 2; } else kind = T.Gt;
        break;
      case C.Lt:
        if (chars[i + 1] === "=") { kind = T.LtEq; end = i + 2; } else kind = T.Lt;
        break;
      case C.Bang:
        if (chars[i + 1] === "=") { kind = T.BangEq; end = i + 2; }
        break;
      case C.Hash: {
        // A comment runs to the next LF or CR. The next CR is remembered, as most sources
        // have none and searching for it after every comment would be quadratic.
        let stop = src.indexOf("\n", i);
        if (stop < 0) stop = n;
        if (nextCR < i) {
          nextCR = src.indexOf("\r", i);
          if (nextCR < 0) nextCR = n;
        }
        i = nextCR < stop ? nextCR : stop;
        continue;
      }
      case C.CR:
        if (chars[i + 1] === "\n") {
          i += 2;
          line++;
          lineStart = i;
          lineStarts[line] = i;
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
      while (i < n && !anyRuleMatches(chars, i)) i++;
      const len = i - errStart;
      if (errors === NO_ERRORS) errors = [];
      errors.push({
        code: "E_LEX",
        message: "unexpected character: ->" + c + "<- at offset: " + errStart + ", skipped " + len +
          " characters.",
        span: { file, startLine: line, startCol: col, endLine: line, endCol: col + len },
        hint: LEX_HINT,
      });
      continue;
    }

    kinds[t] = kind;
    starts[t] = i;
    ends[t] = end;
    lines[t] = line;
    t++;
    i = end;
  }
  if (n < src.length) {
    // The comment block after codeEnd: its lines are counted, and the EOF token follows it.
    for (let lf = src.indexOf("\n", n); lf >= 0; lf = src.indexOf("\n", lf + 1)) {
      line++;
      lineStart = lf + 1;
      lineStarts[line] = lineStart;
    }
    i = src.length;
  }
  kinds[t] = T.EOF;
  starts[t] = i;
  ends[t] = i;
  lines[t] = line;
  return { tokens: tokenTable, errors };
}
