"use strict";
(() => {
  // src/json.ts
  function parseJSON(text) {
    if (text.length <= MAX_NATIVE_TEXT && !NOT_NATIVE.test(text)) {
      try {
        return JSON.parse(text);
      } catch {
      }
    }
    const p = new JSONParser(text);
    p.skipSpace();
    const v = p.parseValue();
    p.skipSpace();
    if (p.pos < text.length) throw p.error(`Unexpected non-whitespace character after JSON at position ${p.pos}`);
    return v;
  }
  var NOT_NATIVE = /[\ud800-\udfff]|\\u[dD]/;
  var MAX_NATIVE_TEXT = 1 << 16;
  function decodeCanonical(text) {
    const v = text.indexOf("\\ud") >= 0 || text.indexOf("\\uD") >= 0 ? parseJSON(text) : JSON.parse(text);
    return text.indexOf('"$') >= 0 || text.indexOf("\\u0024") >= 0 ? fromCanonical(v) : v;
  }
  function fromCanonical(v) {
    if (Array.isArray(v)) {
      for (let i = 0; i < v.length; i++) v[i] = fromCanonical(v[i]);
      return v;
    }
    if (v === null || typeof v !== "object") return v;
    const r = v;
    const keys2 = Object.keys(r);
    if (keys2.length === 1) {
      const k = keys2[0];
      const inner = r[k];
      if (k === "$number" && typeof inner === "string") return specialNumber(inner);
      if (k === "$function" && typeof inner === "string") return prototypeFunction(inner);
      if (k === "$record" && inner !== null && typeof inner === "object" && !Array.isArray(inner)) {
        const ir = inner;
        const innerKeys = Object.keys(ir);
        for (let i = 0; i < innerKeys.length; i++) ir[innerKeys[i]] = fromCanonical(ir[innerKeys[i]]);
        return ir;
      }
    }
    for (let i = 0; i < keys2.length; i++) r[keys2[i]] = fromCanonical(r[keys2[i]]);
    return r;
  }
  function prototypeFunction(name) {
    const proto = Object.prototype;
    for (const key of Object.getOwnPropertyNames(proto)) {
      if (key === "__proto__") continue;
      const fn = proto[key];
      if (typeof fn === "function" && fn.name === name) return fn;
    }
    throw new SyntaxError(`canonical JSON: no Object.prototype function named ${name}`);
  }
  function specialNumber(s) {
    switch (s) {
      case "NaN":
        return NaN;
      case "Infinity":
        return Infinity;
      case "-Infinity":
        return -Infinity;
      case "-0":
        return -0;
    }
    throw new SyntaxError(`canonical JSON: bad $number ${JSON.stringify(s)}`);
  }
  var JSONParser = class {
    constructor(text) {
      this.text = text;
      this.pos = 0;
    }
    error(message) {
      return new SyntaxError(message);
    }
    skipSpace() {
      const t = this.text;
      let i = this.pos;
      while (i < t.length) {
        const c = t.charCodeAt(i);
        if (c !== 32 /* Space */ && c !== 9 /* Tab */ && c !== 10 /* LF */ && c !== 13 /* CR */) break;
        i++;
      }
      this.pos = i;
    }
    // unexpected reports the character at pos the way V8 does.
    unexpected() {
      const t = this.text;
      if (this.pos >= t.length) return this.error("Unexpected end of JSON input");
      const c = t[this.pos];
      if (c === '"') return this.error(`Unexpected string in JSON at position ${this.pos}`);
      if (c >= "0" && c <= "9" || c === "-") return this.error(`Unexpected number in JSON at position ${this.pos}`);
      return this.error(`Unexpected token '${c}', ${contextSnippet(t, this.pos)} is not valid JSON`);
    }
    parseValue() {
      const t = this.text;
      if (this.pos >= t.length) throw this.unexpected();
      const c = t.charCodeAt(this.pos);
      if (c === 34 /* Quote */) return this.parseString();
      if (c === 123 /* LBrace */) return this.parseObject();
      if (c === 91 /* LBracket */) return this.parseArray();
      if (c === 45 /* Minus */ || c >= 48 /* Zero */ && c <= 57 /* Nine */) return this.parseNumber();
      if (t.startsWith("true", this.pos)) {
        this.pos += 4;
        return true;
      }
      if (t.startsWith("false", this.pos)) {
        this.pos += 5;
        return false;
      }
      if (t.startsWith("null", this.pos)) {
        this.pos += 4;
        return null;
      }
      for (const word of ["true", "false", "null"]) {
        if (c !== word.charCodeAt(0)) continue;
        for (let k = 1; k < word.length; k++) {
          if (this.pos + k >= t.length) throw this.error("Unexpected end of JSON input");
          if (t.charCodeAt(this.pos + k) !== word.charCodeAt(k)) {
            this.pos += k;
            throw this.unexpected();
          }
        }
      }
      if (this.pos === 0 && (t === "Infinity" || t === "NaN")) throw this.error(`"${t}" is not valid JSON`);
      throw this.unexpected();
    }
    parseObject() {
      const t = this.text;
      const obj = {};
      this.pos++;
      this.skipSpace();
      if (t.charCodeAt(this.pos) === 125 /* RBrace */) {
        this.pos++;
        return obj;
      }
      for (; ; ) {
        if (t.charCodeAt(this.pos) !== 34 /* Quote */) {
          throw this.error(`Expected property name or '}' in JSON at position ${this.pos}`);
        }
        const key = this.parseString();
        this.skipSpace();
        if (t.charCodeAt(this.pos) !== 58 /* Colon */) {
          throw this.error(`Expected ':' after property name in JSON at position ${this.pos}`);
        }
        this.pos++;
        this.skipSpace();
        const value = this.parseValue();
        if (key === "__proto__") {
          Object.defineProperty(obj, key, { value, writable: true, enumerable: true, configurable: true });
        } else {
          obj[key] = value;
        }
        this.skipSpace();
        const c = t.charCodeAt(this.pos);
        if (c === 44 /* Comma */) {
          this.pos++;
          this.skipSpace();
          if (t.charCodeAt(this.pos) !== 34 /* Quote */) {
            throw this.error(`Expected double-quoted property name in JSON at position ${this.pos}`);
          }
          continue;
        }
        if (c === 125 /* RBrace */) {
          this.pos++;
          return obj;
        }
        throw this.error(`Expected ',' or '}' after property value in JSON at position ${this.pos}`);
      }
    }
    parseArray() {
      const t = this.text;
      const arr = [];
      this.pos++;
      this.skipSpace();
      if (t.charCodeAt(this.pos) === 93 /* RBracket */) {
        this.pos++;
        return arr;
      }
      for (; ; ) {
        arr.push(this.parseValue());
        this.skipSpace();
        const c = t.charCodeAt(this.pos);
        if (c === 44 /* Comma */) {
          this.pos++;
          this.skipSpace();
          continue;
        }
        if (c === 93 /* RBracket */) {
          this.pos++;
          return arr;
        }
        throw this.error(`Expected ',' or ']' after array element in JSON at position ${this.pos}`);
      }
    }
    parseNumber() {
      const t = this.text;
      const start = this.pos;
      let i = start;
      if (t.charCodeAt(i) === 45 /* Minus */) {
        i++;
        if (!isDigit(t.charCodeAt(i))) {
          this.pos = i;
          throw this.error(`No number after minus sign in JSON at position ${i}`);
        }
      }
      if (t.charCodeAt(i) === 48 /* Zero */) {
        i++;
        if (isDigit(t.charCodeAt(i))) throw this.error(`Unexpected number in JSON at position ${i}`);
      } else {
        while (isDigit(t.charCodeAt(i))) i++;
      }
      if (t.charCodeAt(i) === 46 /* Dot */) {
        i++;
        if (!isDigit(t.charCodeAt(i))) {
          this.pos = i;
          throw this.error(`Unterminated fractional number in JSON at position ${i}`);
        }
        while (isDigit(t.charCodeAt(i))) i++;
      }
      const e = t.charCodeAt(i);
      if (e === 101 /* LowerE */ || e === 69 /* UpperE */) {
        i++;
        const s = t.charCodeAt(i);
        if (s === 43 /* Plus */ || s === 45 /* Minus */) i++;
        if (!isDigit(t.charCodeAt(i))) {
          this.pos = i;
          throw this.error(`Exponent part is missing a number in JSON at position ${i}`);
        }
        while (isDigit(t.charCodeAt(i))) i++;
      }
      this.pos = i;
      return Number(t.slice(start, i));
    }
    parseString() {
      const t = this.text;
      const start = this.pos;
      let i = start + 1;
      let chunkStart = i;
      let out = "";
      for (; ; ) {
        if (i >= t.length) throw this.error(`Unterminated string in JSON at position ${i}`);
        const c = t.charCodeAt(i);
        if (c === 34 /* Quote */) {
          out += t.slice(chunkStart, i);
          this.pos = i + 1;
          return out;
        }
        if (c < 32) throw this.error(`Bad control character in string literal in JSON at position ${i}`);
        if (c !== 92 /* Backslash */) {
          i++;
          continue;
        }
        out += t.slice(chunkStart, i);
        const esc = t[i + 1];
        switch (esc) {
          case '"':
          case "\\":
          case "/":
            out += esc;
            i += 2;
            break;
          case "b":
            out += "\b";
            i += 2;
            break;
          case "f":
            out += "\f";
            i += 2;
            break;
          case "n":
            out += "\n";
            i += 2;
            break;
          case "r":
            out += "\r";
            i += 2;
            break;
          case "t":
            out += "	";
            i += 2;
            break;
          case "u": {
            let code = 0;
            for (let k = 2; k < 6; k++) {
              const h = hexValue(t.charCodeAt(i + k));
              if (h < 0) {
                if (i + k >= t.length) throw this.error(`Unterminated string in JSON at position ${i + k}`);
                throw this.error(`Bad Unicode escape in JSON at position ${i + k}`);
              }
              code = code * 16 + h;
            }
            out += String.fromCharCode(code);
            i += 6;
            break;
          }
          default:
            if (i + 1 >= t.length) throw this.error("Unexpected end of JSON input");
            throw this.error(`Bad escaped character in JSON at position ${i + 1}`);
        }
        chunkStart = i;
      }
    }
  };
  function isDigit(c) {
    return c >= 48 /* Zero */ && c <= 57 /* Nine */;
  }
  function hexValue(c) {
    if (c >= 48 && c <= 57) return c - 48;
    if (c >= 65 && c <= 70) return c - 65 + 10;
    if (c >= 97 && c <= 102) return c - 97 + 10;
    return -1;
  }
  function contextSnippet(t, pos) {
    const maxContext = 10;
    if (t.length <= maxContext * 2) return `"${t}"`;
    const from = Math.max(0, pos - maxContext);
    const to = Math.min(t.length, pos + maxContext);
    return `${pos >= maxContext ? "..." : ""}"${t.slice(from, to)}"${to < t.length ? "..." : ""}`;
  }

  // src/limits.ts
  var HarnessLimitError = class {
    constructor(limit, detail) {
      this.limit = limit;
      this.detail = detail;
    }
  };
  var MAX_NESTING = 25e3;
  function textLimit(maxSize) {
    if (maxSize > 2 ** 40 / 32) return 2 ** 40;
    return Math.max(maxSize * 32, 32 * 2 ** 20);
  }
  var Limits = class {
    constructor(maxSteps, maxDepth, maxSize) {
      this.maxSteps = maxSteps;
      this.maxDepth = maxDepth;
      this.maxSize = maxSize;
      // The text units the last checkNodes counted (jsonText writes a value with many of them
      // in its own way).
      this.lastTextUnits = 0;
      this.maxText = textLimit(maxSize);
    }
    // checkLength fails when a list or string of `length` elements/code units would be
    // produced. Callers may check a length before building the value when that length is
    // exactly the length of the value they would produce.
    checkLength(length, what) {
      if (length > this.maxSize) {
        throw new HarnessLimitError("maxSize", `${what} of length ${length} exceeds maxSize ${this.maxSize}`);
      }
    }
    // checkProduced applies checkLength to a value if it is a list or a string.
    checkProduced(v, what) {
      if (typeof v === "string" || Array.isArray(v)) this.checkLength(v.length, what);
    }
    // checkNodes counts the nodes a serialisation of v visits and fails when there are more
    // than maxSize, or when their text units (textLimit) are more than maxText. Every value
    // counts one node; lists are descended; records (own enumerable keys) are descended only
    // when intoRecords is set (JSON-like texts; the String() conversion does not look inside
    // records). It reports whether it met a record with a toJSON function (own or
    // inherited), which JSON.stringify would call.
    checkNodes(v, intoRecords, what) {
      const max = this.maxSize;
      if (v === null || typeof v !== "object") {
        if (max < 1) throw new HarnessLimitError("maxSize", `${what} has more than maxSize ${max} nodes`);
        const units2 = typeof v === "string" ? 1 + v.length : 1;
        this.checkText(units2, what);
        this.lastTextUnits = units2;
        return false;
      }
      let count = 0;
      let units = 0;
      let toJSON = false;
      const stack = [v];
      while (stack.length > 0) {
        const x = stack.pop();
        if (++count > max) {
          throw new HarnessLimitError("maxSize", `${what} has more than maxSize ${max} nodes`);
        }
        if (typeof x === "string") units += x.length;
        if (x === null || typeof x !== "object") continue;
        if (Array.isArray(x)) {
          for (let i = x.length - 1; i >= 0; i--) stack.push(x[i]);
        } else if (intoRecords) {
          const rec = x;
          if (typeof rec.toJSON === "function") toJSON = true;
          const keys2 = Object.keys(rec);
          for (let i = keys2.length - 1; i >= 0; i--) {
            units += keys2[i].length;
            stack.push(rec[keys2[i]]);
          }
        }
      }
      this.checkText(count + units, what);
      this.lastTextUnits = count + units;
      return toJSON;
    }
    // checkText fails when a text of `units` text units (textLimit) would be written.
    checkText(units, what) {
      if (units > this.maxText) {
        throw new HarnessLimitError("maxSize", `${what} needs ${units} text units, more than ${this.maxText}`);
      }
    }
  };

  // src/lexer.ts
  var TOKEN_NAMES = [
    "Arrow",
    "GtEq",
    "LtEq",
    "EqEq",
    "BangEq",
    "CallQ",
    "Cap",
    "Budget",
    "Import",
    "Assert",
    "As",
    "Let",
    "Return",
    "Do",
    "Check",
    "Match",
    "Catch",
    "Filter",
    "Loop",
    "If",
    "Else",
    "For",
    "Fn",
    "Try",
    "True",
    "False",
    "Null",
    "FloatLit",
    "IntLit",
    "StringLit",
    "Ident",
    "LBrace",
    "RBrace",
    "LBracket",
    "RBracket",
    "LParen",
    "RParen",
    "Colon",
    "Comma",
    "DotDotDot",
    "Dot",
    "Equals",
    "Gt",
    "Lt",
    "Plus",
    "Minus",
    "Star",
    "Slash",
    "Percent",
    "EOF"
  ];
  var LEX_HINT = "Check for invalid characters or unclosed strings.";
  function table() {
    return /* @__PURE__ */ Object.create(null);
  }
  var CLASS = table();
  var WORD_CHAR = table();
  var DIGIT = table();
  var HEX = table();
  var STRING_CHAR = table();
  var SIMPLE_ESCAPE = table();
  var KEYWORDS = table();
  (function initTables() {
    const set = (t, chars, v) => {
      for (let i = 0; i < chars.length; i++) t[chars.charAt(i)] = v;
    };
    const lower = "abcdefghijklmnopqrstuvwxyz";
    const digits = "0123456789";
    set(CLASS, " 	", 64 /* Space */);
    set(CLASS, "\n", 65 /* LF */);
    set(CLASS, "\r", 66 /* CR */);
    set(CLASS, "#", 67 /* Hash */);
    set(CLASS, lower + lower.toUpperCase() + "_", 68 /* Word */);
    set(CLASS, digits, 69 /* Digit */);
    set(CLASS, '"', 70 /* Quote */);
    set(CLASS, "-", 71 /* Minus */);
    set(CLASS, ">", 72 /* Gt */);
    set(CLASS, "<", 73 /* Lt */);
    set(CLASS, "=", 74 /* Eq */);
    set(CLASS, "!", 75 /* Bang */);
    set(CLASS, ".", 76 /* Dot */);
    set(WORD_CHAR, lower + lower.toUpperCase() + "_" + digits, 1);
    set(DIGIT, digits, 1);
    set(HEX, digits + "abcdefABCDEF", 1);
    set(SIMPLE_ESCAPE, '"\\/bfnrt', 1);
    const punct = [
      ["{", 31 /* LBrace */],
      ["}", 32 /* RBrace */],
      ["[", 33 /* LBracket */],
      ["]", 34 /* RBracket */],
      ["(", 35 /* LParen */],
      [")", 36 /* RParen */],
      [":", 37 /* Colon */],
      [",", 38 /* Comma */],
      ["+", 44 /* Plus */],
      ["*", 46 /* Star */],
      ["/", 47 /* Slash */],
      ["%", 48 /* Percent */]
    ];
    for (const [ch, kind] of punct) CLASS[ch] = kind;
    for (let u = 32; u < 128; u++) {
      const ch = String.fromCharCode(u);
      if (ch !== '"' && ch !== "\\") STRING_CHAR[ch] = 1;
    }
    const keywords = [
      ["cap", 6 /* Cap */],
      ["budget", 7 /* Budget */],
      ["import", 8 /* Import */],
      ["assert", 9 /* Assert */],
      ["as", 10 /* As */],
      ["let", 11 /* Let */],
      ["return", 12 /* Return */],
      ["do", 13 /* Do */],
      ["check", 14 /* Check */],
      ["match", 15 /* Match */],
      ["catch", 16 /* Catch */],
      ["filter", 17 /* Filter */],
      ["loop", 18 /* Loop */],
      ["if", 19 /* If */],
      ["else", 20 /* Else */],
      ["for", 21 /* For */],
      ["fn", 22 /* Fn */],
      ["try", 23 /* Try */],
      ["true", 24 /* True */],
      ["false", 25 /* False */],
      ["null", 26 /* Null */]
    ];
    for (const [word, kind] of keywords) KEYWORDS[word] = kind;
  })();
  var numberKind = 28 /* IntLit */;
  function scanNumber(chars, p) {
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
      numberKind = 27 /* FloatLit */;
      return k;
    }
    const d = chars[j];
    if (d === "." || d === "e" || d === "E" || DIGIT[d] === 1) return -1;
    numberKind = 28 /* IntLit */;
    return j;
  }
  var stringAux = 0;
  function scanString(chars, p) {
    let j = p + 1;
    let ctrl = 0;
    let escaped = 0;
    let c;
    for (; ; ) {
      while (STRING_CHAR[chars[j]]) j++;
      c = chars[j];
      if (c === '"') {
        stringAux = 2 * ctrl + escaped;
        return j + 1;
      }
      if (c === "\\") {
        c = chars[j + 1];
        if (SIMPLE_ESCAPE[c] === 1) {
          j += 2;
        } else if (c === "u" && HEX[chars[j + 2]] === 1 && HEX[chars[j + 3]] === 1 && HEX[chars[j + 4]] === 1 && HEX[chars[j + 5]] === 1) {
          j += 6;
        } else {
          return -1;
        }
        escaped = 1;
      } else if (c === void 0) {
        return -1;
      } else {
        if (c < " " && ctrl === 0) ctrl = j - p;
        j++;
      }
    }
  }
  function anyRuleMatches(chars, p) {
    switch (CLASS[chars[p]]) {
      case void 0:
        return false;
      case 66 /* CR */:
        return chars[p + 1] === "\n";
      case 75 /* Bang */:
        return chars[p + 1] === "=";
      case 69 /* Digit */:
        return scanNumber(chars, p) >= 0;
      case 70 /* Quote */:
        return scanString(chars, p) >= 0;
      default:
        return true;
    }
  }
  var NO_ERRORS = [];
  var tokenTable = newTable();
  function newTable() {
    return { kind: [], start: [], end: [], line: [], lineStart: [0, 0], aux: [], word: [] };
  }
  function lex(src2, file2) {
    const codeEnd = commentBlockStart(src2);
    if (codeEnd < src2.length) {
      const lexed = lexCode(src2, codeEnd, file2);
      if (lexed.errors.length === 0) return lexed;
    }
    return lexCode(src2, src2.length, file2);
  }
  function commentBlockStart(src2) {
    if (src2.indexOf("\r") >= 0) return src2.length;
    let lineEnd = src2.length;
    for (; ; ) {
      const lineStart = lineEnd === 0 ? 0 : src2.lastIndexOf("\n", lineEnd - 1) + 1;
      if (!isCommentLine(src2, lineStart, lineEnd)) return lineEnd === src2.length ? lineEnd : lineEnd + 1;
      if (lineStart === 0) return 0;
      lineEnd = lineStart - 1;
    }
  }
  function isCommentLine(src2, start, end) {
    for (let i = start; i < end; i++) {
      const c = src2[i];
      if (c === "#") return true;
      if (c !== " " && c !== "	") return false;
    }
    return true;
  }
  function lexCode(src2, codeEnd, file2) {
    let errors = NO_ERRORS;
    const chars = (codeEnd === src2.length ? src2 : src2.slice(0, codeEnd)).split("");
    const n = chars.length;
    if (tokenTable.kind.length > 4096 && tokenTable.kind.length > n) tokenTable = newTable();
    const kinds2 = tokenTable.kind;
    const starts2 = tokenTable.start;
    const ends2 = tokenTable.end;
    const lines2 = tokenTable.line;
    const lineStarts2 = tokenTable.lineStart;
    const auxes2 = tokenTable.aux;
    const words2 = tokenTable.word;
    let t = 0;
    let i = 0;
    let line = 1;
    let lineStart = 0;
    let nextCR = -1;
    let c;
    let cls;
    let end;
    let word;
    let kw;
    let kind;
    while (true) {
      c = chars[i];
      if (c === " ") {
        i++;
        continue;
      }
      cls = CLASS[c];
      if (cls < 64 /* Space */) {
        kinds2[t] = cls;
        starts2[t] = i;
        i++;
        ends2[t] = i;
        lines2[t] = line;
        t++;
        continue;
      }
      if (cls === 68 /* Word */) {
        end = i;
        do
          end++;
        while (WORD_CHAR[chars[end]]);
        word = src2.slice(i, end);
        words2[t] = word;
        kw = KEYWORDS[word];
        if (kw) {
          kinds2[t] = kw;
        } else if (word === "call" && chars[end] === "?") {
          kinds2[t] = 5 /* CallQ */;
          end++;
        } else {
          kinds2[t] = 30 /* Ident */;
        }
        starts2[t] = i;
        ends2[t] = end;
        lines2[t] = line;
        t++;
        i = end;
        continue;
      }
      if (cls === 65 /* LF */) {
        i++;
        line++;
        lineStart = i;
        lineStarts2[line] = i;
        continue;
      }
      if (i >= n) break;
      kind = -1;
      end = i + 1;
      switch (cls) {
        case 70 /* Quote */:
          end = scanString(chars, i);
          if (end < 0) break;
          kind = 29 /* StringLit */;
          auxes2[t] = stringAux;
          if (stringAux > 1) {
            kinds2[t] = kind;
            starts2[t] = i;
            ends2[t] = end;
            lines2[t] = line;
            t++;
            for (let j = i + 1; j < end; j++) {
              const s = chars[j];
              if (s === "\n") {
                line++;
                lineStart = j + 1;
                lineStarts2[line] = lineStart;
              } else if (s === "\r") {
                if (chars[j + 1] === "\n") j++;
                line++;
                lineStart = j + 1;
                lineStarts2[line] = lineStart;
              }
            }
            i = end;
            continue;
          }
          break;
        case 69 /* Digit */:
          end = scanNumber(chars, i);
          if (end >= 0) kind = numberKind;
          break;
        case 76 /* Dot */:
          if (chars[i + 1] === "." && chars[i + 2] === ".") {
            kind = 39 /* DotDotDot */;
            end = i + 3;
          } else {
            kind = 40 /* Dot */;
          }
          break;
        case 71 /* Minus */:
          if (chars[i + 1] === ">") {
            kind = 0 /* Arrow */;
            end = i + 2;
          } else kind = 45 /* Minus */;
          break;
        case 64 /* Space */:
          i++;
          while (chars[i] === " " || chars[i] === "	") i++;
          continue;
        case 74 /* Eq */:
          if (chars[i + 1] === "=") {
            kind = 3 /* EqEq */;
            end = i + 2;
          } else kind = 41 /* Equals */;
          break;
        case 72 /* Gt */:
          if (chars[i + 1] === "=") {
            kind = 1 /* GtEq */;
            end = i + 2;
          } else kind = 42 /* Gt */;
          break;
        case 73 /* Lt */:
          if (chars[i + 1] === "=") {
            kind = 2 /* LtEq */;
            end = i + 2;
          } else kind = 43 /* Lt */;
          break;
        case 75 /* Bang */:
          if (chars[i + 1] === "=") {
            kind = 4 /* BangEq */;
            end = i + 2;
          }
          break;
        case 67 /* Hash */: {
          let stop = src2.indexOf("\n", i);
          if (stop < 0) stop = n;
          if (nextCR < i) {
            nextCR = src2.indexOf("\r", i);
            if (nextCR < 0) nextCR = n;
          }
          i = nextCR < stop ? nextCR : stop;
          continue;
        }
        case 66 /* CR */:
          if (chars[i + 1] === "\n") {
            i += 2;
            line++;
            lineStart = i;
            lineStarts2[line] = i;
            continue;
          }
          break;
      }
      if (kind < 0) {
        const errStart = i;
        const col = i - lineStart + 1;
        i++;
        while (i < n && !anyRuleMatches(chars, i)) i++;
        const len2 = i - errStart;
        if (errors === NO_ERRORS) errors = [];
        errors.push({
          code: "E_LEX",
          message: "unexpected character: ->" + c + "<- at offset: " + errStart + ", skipped " + len2 + " characters.",
          span: { file: file2, startLine: line, startCol: col, endLine: line, endCol: col + len2 },
          hint: LEX_HINT
        });
        continue;
      }
      kinds2[t] = kind;
      starts2[t] = i;
      ends2[t] = end;
      lines2[t] = line;
      t++;
      i = end;
    }
    if (n < src2.length) {
      for (let lf = src2.indexOf("\n", n); lf >= 0; lf = src2.indexOf("\n", lf + 1)) {
        line++;
        lineStart = lf + 1;
        lineStarts2[line] = lineStart;
      }
      i = src2.length;
    }
    kinds2[t] = 49 /* EOF */;
    starts2[t] = i;
    ends2[t] = i;
    lines2[t] = line;
    return { tokens: tokenTable, errors };
  }

  // src/parser.ts
  var PARSE_HINT = "Check syntax near this location.";
  var NO_DIAGNOSTICS = [];
  function kindSet(kinds2) {
    const set = [];
    for (let k = 0; k <= 49 /* EOF */; k++) set.push(false);
    for (const k of kinds2) set[k] = true;
    return set;
  }
  var OPERAND_START = [
    45 /* Minus */,
    35 /* LParen */,
    31 /* LBrace */,
    33 /* LBracket */,
    28 /* IntLit */,
    27 /* FloatLit */,
    29 /* StringLit */,
    24 /* True */,
    25 /* False */,
    26 /* Null */,
    30 /* Ident */
  ];
  var FORM_START = [
    19 /* If */,
    21 /* For */,
    15 /* Match */,
    5 /* CallQ */,
    13 /* Do */,
    9 /* Assert */,
    14 /* Check */,
    23 /* Try */,
    17 /* Filter */,
    18 /* Loop */
  ];
  var EXPR_START = kindSet(FORM_START.concat(OPERAND_START));
  var FORM = kindSet(FORM_START);
  var STMT_START = kindSet([22 /* Fn */, 11 /* Let */, 12 /* Return */].concat(FORM_START, OPERAND_START));
  var KEY_NAME_KINDS = [
    30 /* Ident */,
    19 /* If */,
    20 /* Else */,
    21 /* For */,
    22 /* Fn */,
    15 /* Match */,
    6 /* Cap */,
    7 /* Budget */,
    8 /* Import */,
    10 /* As */,
    11 /* Let */,
    12 /* Return */,
    13 /* Do */,
    9 /* Assert */,
    14 /* Check */,
    23 /* Try */,
    16 /* Catch */,
    17 /* Filter */,
    18 /* Loop */
  ];
  var KEY_NAME = kindSet(KEY_NAME_KINDS);
  var ENTRY_START = kindSet(KEY_NAME_KINDS.concat([39 /* DotDotDot */]));
  var OPERATOR = kindSet([
    46 /* Star */,
    47 /* Slash */,
    48 /* Percent */,
    44 /* Plus */,
    45 /* Minus */,
    42 /* Gt */,
    43 /* Lt */,
    1 /* GtEq */,
    2 /* LtEq */,
    3 /* EqEq */,
    4 /* BangEq */
  ]);
  var src = "";
  var file = "";
  var NO_TOKENS = [];
  var kinds = NO_TOKENS;
  var starts = NO_TOKENS;
  var ends = NO_TOKENS;
  var lines = NO_TOKENS;
  var lineStarts = NO_TOKENS;
  var auxes = NO_TOKENS;
  var words = [];
  var at = 0;
  var astError = null;
  var depth = 0;
  var SyntaxFailure = class {
    constructor(diagnostic) {
      this.diagnostic = diagnostic;
    }
  };
  function parse(source, fileName3) {
    const lexed = lex(source, fileName3);
    if (lexed.errors.length > 0) return { diagnostics: lexed.errors };
    src = source;
    file = fileName3;
    setTokens(lexed.tokens);
    for (let i = literalValues.length; i < kinds.length; i++) literalValues[i] = null;
    for (let i = 0; i < longLiterals.length; i++) literalValues[longLiterals[i]] = null;
    longLiterals.length = 0;
    at = 0;
    depth = 0;
    astError = null;
    try {
      const program = parseProgram();
      if (astError !== null) return { diagnostics: [astError] };
      return { program, diagnostics: NO_DIAGNOSTICS };
    } catch (e) {
      if (e instanceof SyntaxFailure) return { diagnostics: [e.diagnostic] };
      throw e;
    } finally {
      astError = null;
    }
  }
  function setTokens(tokens) {
    kinds = tokens === null ? NO_TOKENS : tokens.kind;
    starts = tokens === null ? NO_TOKENS : tokens.start;
    ends = tokens === null ? NO_TOKENS : tokens.end;
    lines = tokens === null ? NO_TOKENS : tokens.line;
    lineStarts = tokens === null ? NO_TOKENS : tokens.lineStart;
    auxes = tokens === null ? NO_TOKENS : tokens.aux;
    words = tokens === null ? [] : tokens.word;
  }
  function span(first, last) {
    const firstLine = lines[first];
    const lastLine = lines[last];
    return {
      file,
      startLine: firstLine,
      startCol: starts[first] - lineStarts[firstLine] + 1,
      endLine: lastLine,
      endCol: ends[last] - lineStarts[lastLine] + 1
    };
  }
  function tokenSpan(t) {
    const where = span(t, t);
    if (kinds[t] === 29 /* StringLit */ && auxes[t] > 1) {
      let line = lines[t];
      let lineStart = -1;
      const end = ends[t];
      for (let j = starts[t] + 1; j < end; j++) {
        const c = src.charCodeAt(j);
        if (c === 10 || c === 13) {
          if (c === 13 && src.charCodeAt(j + 1) === 10) j++;
          line++;
          lineStart = j + 1;
        }
      }
      if (lineStart >= 0) {
        where.endLine = line;
        where.endCol = end - lineStart + 1;
      }
    }
    return where;
  }
  var SPAN_PROPERTY = { value: null, writable: true, enumerable: true, configurable: true };
  function keepSpan(node, s) {
    SPAN_PROPERTY.value = s;
    Object.defineProperty(node, "span", SPAN_PROPERTY);
    SPAN_PROPERTY.value = null;
    return s;
  }
  function rangeKind(kind) {
    return {
      kind,
      get span() {
        const node = this;
        return keepSpan(node, span(node.first, node.last));
      }
    };
  }
  function tokenKind(kind) {
    return {
      kind,
      get span() {
        const node = this;
        return keepSpan(node, span(node.token, node.token));
      }
    };
  }
  var LET_STMT = rangeKind("LetStmt");
  var RETURN_STMT = rangeKind("ReturnStmt");
  var EXPR_STMT = rangeKind("ExprStmt");
  var FN_DECL = rangeKind("FnDecl");
  var IDENT_PATH = rangeKind("IdentPath");
  var ONE_SEGMENT_PATH = tokenKind("IdentPath");
  var UNARY_EXPR = rangeKind("UnaryExpr");
  var FN_CALL_EXPR = rangeKind("FnCallExpr");
  var LIST_EXPR = rangeKind("ListExpr");
  var RECORD_EXPR = rangeKind("RecordExpr");
  var CALL_EXPR = rangeKind("CallExpr");
  var DO_EXPR = rangeKind("DoExpr");
  var CAP_DECL = rangeKind("CapDecl");
  var BUDGET_DECL = rangeKind("BudgetDecl");
  var IMPORT_DECL = rangeKind("ImportDecl");
  var ASSERT_EXPR = rangeKind("AssertExpr");
  var CHECK_EXPR = rangeKind("CheckExpr");
  var TRY_EXPR = rangeKind("TryExpr");
  var BINARY_EXPR = rangeKind("BinaryExpr");
  var IF_BLOCK_EXPR = rangeKind("IfBlockExpr");
  var IF_EXPR = rangeKind("IfExpr");
  var FOR_EXPR = rangeKind("ForExpr");
  var FILTER_BLOCK_EXPR = rangeKind("FilterBlockExpr");
  var LOOP_EXPR = rangeKind("LoopExpr");
  var MATCH_EXPR = rangeKind("MatchExpr");
  var MATCH_ARM = rangeKind("MatchArm");
  var oneParts = /* @__PURE__ */ new Map();
  var MAX_ONE_PARTS = 4096;
  function onePart(name) {
    let parts = oneParts.get(name);
    if (parts === void 0) {
      if (oneParts.size >= MAX_ONE_PARTS) oneParts.clear();
      parts = [name];
      oneParts.set(name, parts);
    }
    return parts;
  }
  var literalValues = [];
  var longLiterals = [];
  var LONG_LITERAL = 1024;
  function isIntLiteral(e) {
    return typeof e === "number" && kinds[e] === 28 /* IntLit */;
  }
  function isTrueLiteral(e) {
    return typeof e === "number" && literalValues[e] === true;
  }
  function requestedCapabilities(program) {
    const caps = [];
    const headers = program.headers;
    for (let i = 0; i < headers.length; i++) {
      const h = headers[i];
      if (h.kind !== "CapDecl") continue;
      const entries2 = h.capabilities.entries;
      for (let j = 0; j < entries2.length; j += 2) {
        const key = entries2[j];
        if (key !== null && isTrueLiteral(entries2[j + 1])) caps.push(key);
      }
    }
    return caps;
  }
  function exprSpan(e) {
    return typeof e === "number" ? span(e, e) : e.span;
  }
  var NOTHING = [];
  function image(t) {
    return src.slice(starts[t], ends[t]);
  }
  function failAt(t, form, expected) {
    let text;
    let where;
    if (kinds[t] === 49 /* EOF */) {
      text = "<EOF>";
      where = { file, startLine: 1, startCol: 1, endLine: 1, endCol: 2 };
    } else {
      text = image(t);
      where = tokenSpan(t);
    }
    let message;
    if (form === "expected" && text.indexOf("\n") < 0 && text.indexOf("\r") < 0) {
      message = "Expected " + TOKEN_NAMES[expected] + " but found '" + text + "'.";
    } else if (form === "unexpected") {
      message = "Unexpected token '" + text + "'.";
    } else {
      message = "Syntax error near '" + text + "'.";
    }
    throw new SyntaxFailure({ code: "E_PARSE", message, span: where, hint: PARSE_HINT });
  }
  function expect(kind) {
    const t = at;
    if (kinds[t] !== kind) failAt(t, "expected", kind);
    at = t + 1;
    return t;
  }
  function reportAst(message, where, hint) {
    if (astError !== null) return null;
    const d = { code: "E_PARSE", message, span: where, hint };
    astError = d;
    return d;
  }
  function stringValue(t) {
    const start = starts[t];
    const end = ends[t];
    const aux = auxes[t];
    if (end - start >= LONG_LITERAL) longLiterals.push(t);
    if (aux > 1) {
      if (astError === null) {
        astError = {
          code: "E_AST",
          message: "Bad control character in string literal in JSON at position " + (aux >> 1)
        };
      }
      return "";
    }
    if (aux === 0) return src.slice(start + 1, end - 1);
    const last = end - 1;
    let out = "";
    let run2 = start + 1;
    let i = src.indexOf("\\", run2);
    while (i >= 0 && i < last) {
      out += src.slice(run2, i);
      const e = src.charCodeAt(i + 1);
      run2 = i + 2;
      switch (e) {
        case 110:
          out += "\n";
          break;
        case 116:
          out += "	";
          break;
        case 114:
          out += "\r";
          break;
        case 98:
          out += "\b";
          break;
        case 102:
          out += "\f";
          break;
        case 117:
          out += String.fromCharCode(parseInt(src.slice(i + 2, i + 6), 16));
          run2 = i + 6;
          break;
        default:
          out += src.charAt(i + 1);
      }
      i = src.indexOf("\\", run2);
    }
    return out + src.slice(run2, last);
  }
  function parseProgram() {
    const headers = [];
    const statements = [];
    for (; ; ) {
      const k = kinds[at];
      if (k === 6 /* Cap */) {
        const s = at;
        at++;
        const capabilities = parseRecord();
        headers.push({ __proto__: CAP_DECL, first: s, last: at - 1, capabilities });
      } else if (k === 7 /* Budget */) {
        const s = at;
        at++;
        const budget = parseRecord();
        headers.push({ __proto__: BUDGET_DECL, first: s, last: at - 1, budget });
      } else if (k === 8 /* Import */) {
        const s = at;
        at++;
        const path = stringValue(expect(29 /* StringLit */));
        expect(10 /* As */);
        const alias = words[expect(30 /* Ident */)];
        headers.push({ __proto__: IMPORT_DECL, first: s, last: at - 1, path, alias });
      } else {
        break;
      }
    }
    while (STMT_START[kinds[at]]) statements[statements.length] = parseStatement();
    if (kinds[at] !== 49 /* EOF */) failAt(at, "near");
    const where = at === 0 ? { file, startLine: 1, startCol: 1, endLine: 1, endCol: 2 } : span(0, at - 1);
    return { kind: "Program", span: where, headers, statements };
  }
  function parseStatement() {
    const s = at;
    switch (kinds[s]) {
      case 22 /* Fn */:
        return parseFnDecl();
      case 11 /* Let */: {
        at++;
        const name = words[expect(30 /* Ident */)];
        expect(41 /* Equals */);
        const value = parseExpr();
        return { __proto__: LET_STMT, first: s, last: at - 1, name, value };
      }
      case 12 /* Return */: {
        at++;
        const value = parseExpr();
        return { __proto__: RETURN_STMT, first: s, last: at - 1, value };
      }
    }
    const expr = parseExpr();
    if (kinds[at] === 0 /* Arrow */) {
      at++;
      const target = parseIdentPath();
      return { __proto__: EXPR_STMT, first: s, last: at - 1, expr, target };
    }
    return { __proto__: EXPR_STMT, first: s, last: at - 1, expr };
  }
  function parseFnDecl() {
    if (++depth > MAX_NESTING) tooDeep();
    const s = at;
    at++;
    const name = words[expect(30 /* Ident */)];
    expect(31 /* LBrace */);
    let params = NOTHING;
    if (kinds[at] === 30 /* Ident */) {
      params = [words[at]];
      at++;
      while (kinds[at] === 38 /* Comma */ && kinds[at + 1] === 30 /* Ident */) {
        params.push(words[at + 1]);
        at += 2;
      }
      if (kinds[at] === 38 /* Comma */) at++;
    }
    expect(32 /* RBrace */);
    const body = parseBlock();
    depth--;
    return { __proto__: FN_DECL, first: s, last: at - 1, name, params, body };
  }
  function parseBlock() {
    expect(31 /* LBrace */);
    const body = [];
    while (STMT_START[kinds[at]]) body[body.length] = parseStatement();
    expect(32 /* RBrace */);
    return body;
  }
  function parseBinder() {
    expect(31 /* LBrace */);
    const name = words[expect(30 /* Ident */)];
    expect(32 /* RBrace */);
    return name;
  }
  function parseIdentPath() {
    const s = at;
    return pathNode(s, dottedName());
  }
  function dottedName() {
    const s = at;
    if (kinds[s] !== 30 /* Ident */) failAt(s, "expected", 30 /* Ident */);
    at = s + 1;
    if (kinds[at] !== 40 /* Dot */) return words[s];
    let name = words[s];
    while (kinds[at] === 40 /* Dot */) {
      at++;
      if (!KEY_NAME[kinds[at]]) failAt(at, "unexpected");
      name += "." + words[at];
      at++;
    }
    return name;
  }
  function pathNode(s, name) {
    if (at === s + 1) {
      return { __proto__: ONE_SEGMENT_PATH, token: s, parts: onePart(name) };
    }
    return { __proto__: IDENT_PATH, first: s, last: at - 1, parts: name.split(".") };
  }
  function nameSpan(call) {
    const first = call.first;
    if (kinds[first] === 17 /* Filter */) return call.span;
    return span(call.kind === "FnCallExpr" ? first : first + 1, recordStart(call) - 1);
  }
  function argsSpan(call) {
    return span(recordStart(call), call.last);
  }
  function recordStart(node) {
    let t = node.first;
    while (kinds[t] !== 31 /* LBrace */) t++;
    return t;
  }
  function parseExpr() {
    if (++depth > MAX_NESTING) tooDeep();
    const s = at;
    const k = kinds[s];
    let e;
    if (FORM[k]) {
      e = parseForm(s, k);
    } else {
      e = k === 45 /* Minus */ ? parseUnary() : parsePrimary();
      if (OPERATOR[kinds[at]]) e = parseComparison(s, e);
    }
    depth--;
    return e;
  }
  function tooDeep() {
    throw new HarnessLimitError("maxNesting", `program nested deeper than ${MAX_NESTING} levels`);
  }
  function parseForm(s, k) {
    switch (k) {
      case 19 /* If */: {
        const next = kinds[s + 1];
        if (next === 35 /* LParen */) return parseIfBlock();
        if (next === 31 /* LBrace */) return parseIfRecord();
        return failAt(s, "unexpected");
      }
      case 5 /* CallQ */:
      case 13 /* Do */: {
        at++;
        const tool = dottedName();
        const args = parseEntries();
        return { __proto__: k === 5 /* CallQ */ ? CALL_EXPR : DO_EXPR, first: s, last: at - 1, tool, args };
      }
      case 21 /* For */:
      case 17 /* Filter */:
      case 18 /* Loop */:
        return parseIteration();
      case 15 /* Match */:
        return parseMatch();
      case 9 /* Assert */:
      case 14 /* Check */: {
        at++;
        const args = parseEntries();
        return { __proto__: k === 9 /* Assert */ ? ASSERT_EXPR : CHECK_EXPR, first: s, last: at - 1, args };
      }
    }
    at++;
    const tryBody = parseBlock();
    expect(16 /* Catch */);
    const catchBinding = parseBinder();
    const catchBody = parseBlock();
    return { __proto__: TRY_EXPR, first: s, last: at - 1, tryBody, catchBinding, catchBody };
  }
  function parseComparison(s, first) {
    const left = parseAdditive(s, first);
    let op;
    switch (kinds[at]) {
      case 42 /* Gt */:
        op = ">";
        break;
      case 43 /* Lt */:
        op = "<";
        break;
      case 1 /* GtEq */:
        op = ">=";
        break;
      case 2 /* LtEq */:
        op = "<=";
        break;
      case 3 /* EqEq */:
        op = "==";
        break;
      case 4 /* BangEq */:
        op = "!=";
        break;
      default:
        return left;
    }
    at++;
    const right = parseAdditive(at, null);
    return { __proto__: BINARY_EXPR, first: s, last: at - 1, op, left, right };
  }
  function endChain(node, n) {
    let link = node;
    for (let i = 0; i < n; i++) {
      link.last = at - 1;
      link = link.left;
    }
  }
  function parseAdditive(s, first) {
    let sum = null;
    let sums = 0;
    let sumOp = "+";
    let termStart = s;
    for (; ; ) {
      let term;
      if (first !== null) {
        term = first;
        first = null;
      } else {
        termStart = at;
        term = parseUnary();
      }
      let k = kinds[at];
      if (k === 46 /* Star */ || k === 47 /* Slash */ || k === 48 /* Percent */) {
        let products = 0;
        do {
          at++;
          const right = parseUnary();
          const op = k === 46 /* Star */ ? "*" : k === 47 /* Slash */ ? "/" : "%";
          term = { __proto__: BINARY_EXPR, first: termStart, last: 0, op, left: term, right };
          products++;
          k = kinds[at];
        } while (k === 46 /* Star */ || k === 47 /* Slash */ || k === 48 /* Percent */);
        endChain(term, products);
      }
      if (sum === null) {
        sum = term;
      } else {
        sum = { __proto__: BINARY_EXPR, first: s, last: 0, op: sumOp, left: sum, right: term };
        sums++;
      }
      if (k !== 44 /* Plus */ && k !== 45 /* Minus */) break;
      sumOp = k === 44 /* Plus */ ? "+" : "-";
      at++;
    }
    endChain(sum, sums);
    return sum;
  }
  function parseUnary() {
    const s = at;
    if (kinds[s] !== 45 /* Minus */) return parsePrimary();
    do
      at++;
    while (kinds[at] === 45 /* Minus */);
    const operandStart = at;
    depth += operandStart - s;
    if (depth > MAX_NESTING) tooDeep();
    let e = parsePrimary();
    depth -= operandStart - s;
    const last = at - 1;
    for (let m = operandStart - 1; m >= s; m--) {
      e = { __proto__: UNARY_EXPR, first: m, last, op: "-", operand: e };
    }
    return e;
  }
  function parsePrimary() {
    const s = at;
    switch (kinds[s]) {
      case 30 /* Ident */: {
        const name = dottedName();
        if (kinds[at] !== 31 /* LBrace */) return pathNode(s, name);
        const args = parseEntries();
        return { __proto__: FN_CALL_EXPR, first: s, last: at - 1, name, args };
      }
      case 28 /* IntLit */:
        at++;
        literalValues[s] = Number(image(s));
        return s;
      case 29 /* StringLit */:
        at++;
        literalValues[s] = stringValue(s);
        return s;
      case 31 /* LBrace */:
        return parseRecord();
      case 35 /* LParen */: {
        at++;
        const inner = parseExpr();
        expect(36 /* RParen */);
        return inner;
      }
      case 33 /* LBracket */: {
        at++;
        let elements = NOTHING;
        if (EXPR_START[kinds[at]]) {
          elements = [parseExpr()];
          while (kinds[at] === 38 /* Comma */ && EXPR_START[kinds[at + 1]]) {
            at++;
            elements[elements.length] = parseExpr();
          }
          if (kinds[at] === 38 /* Comma */) at++;
        }
        expect(34 /* RBracket */);
        return { __proto__: LIST_EXPR, first: s, last: at - 1, elements };
      }
      case 27 /* FloatLit */:
        at++;
        literalValues[s] = Number(image(s));
        return s;
      case 24 /* True */:
      case 25 /* False */:
        at++;
        literalValues[s] = kinds[s] === 24 /* True */;
        return s;
      case 26 /* Null */:
        at++;
        literalValues[s] = null;
        return s;
    }
    return failAt(s, "unexpected");
  }
  function parseRecord() {
    const s = at;
    const entries2 = parseEntries();
    return { __proto__: RECORD_EXPR, first: s, last: at - 1, entries: entries2 };
  }
  function parseEntries() {
    const s = at;
    if (kinds[s] !== 31 /* LBrace */) failAt(s, "expected", 31 /* LBrace */);
    at = s + 1;
    let entries2 = NOTHING;
    if (ENTRY_START[kinds[at]]) {
      entries2 = [entryKey(), parseExpr()];
      while (kinds[at] === 38 /* Comma */ && ENTRY_START[kinds[at + 1]]) {
        at++;
        entries2[entries2.length] = entryKey();
        entries2[entries2.length] = parseExpr();
      }
      if (kinds[at] === 38 /* Comma */) at++;
    }
    if (kinds[at] !== 32 /* RBrace */) failAt(at, "expected", 32 /* RBrace */);
    at++;
    return entries2;
  }
  function entryKey() {
    const s = at;
    if (kinds[s] === 39 /* DotDotDot */) {
      at++;
      return null;
    }
    let key = words[s];
    at++;
    while (kinds[at] === 40 /* Dot */) {
      at++;
      if (!KEY_NAME[kinds[at]]) failAt(at, "unexpected");
      key += "." + words[at];
      at++;
    }
    if (kinds[at] !== 37 /* Colon */) failAt(at, "expected", 37 /* Colon */);
    at++;
    return key;
  }
  function entrySpan(record, i) {
    let t = recordStart(record) + 1;
    let start = t;
    let entry = 0;
    let nesting = 0;
    for (; ; t++) {
      const k = kinds[t];
      if (k === 31 /* LBrace */ || k === 33 /* LBracket */ || k === 35 /* LParen */) {
        nesting++;
      } else if (nesting > 0) {
        if (k === 32 /* RBrace */ || k === 34 /* RBracket */ || k === 36 /* RParen */) nesting--;
      } else if (k === 38 /* Comma */ || k === 32 /* RBrace */) {
        if (entry === i) return span(start, t - 1);
        entry++;
        start = t + 1;
      }
    }
  }
  function field(rec, key) {
    let found;
    const entries2 = rec.entries;
    for (let i = 0; i < entries2.length; i += 2) if (entries2[i] === key) found = entries2[i + 1];
    return found;
  }
  function binding(rec) {
    let found = "";
    const entries2 = rec.entries;
    for (let i = 0; i < entries2.length; i += 2) {
      if (entries2[i] !== "as") continue;
      const v = entries2[i + 1];
      if (typeof v === "number") {
        const value = literalValues[v];
        if (typeof value === "string") found = value;
      }
    }
    return found;
  }
  var MISSING = -1;
  var NO_SPAN = { file: "", startLine: 1, startCol: 1, endLine: 1, endCol: 2 };
  function parseIfBlock() {
    const s = at;
    at += 2;
    const cond = parseExpr();
    expect(36 /* RParen */);
    const thenBody = parseBlock();
    expect(20 /* Else */);
    const elseBody = parseBlock();
    return { __proto__: IF_BLOCK_EXPR, first: s, last: at - 1, cond, thenBody, elseBody };
  }
  function parseIfRecord() {
    const s = at;
    at++;
    const rec = parseRecord();
    const cond = field(rec, "cond");
    const then = field(rec, "then");
    const otherwise = field(rec, "else");
    if (cond === void 0 || then === void 0 || otherwise === void 0) {
      reportAst(
        "if expression requires cond, then, and else fields",
        span(s, at - 1),
        "Use syntax: if { cond: ..., then: ..., else: ... }."
      );
      return MISSING;
    }
    return { __proto__: IF_EXPR, first: s, last: at - 1, cond, then, else: otherwise };
  }
  function parseIteration() {
    const s = at;
    const keyword = kinds[s];
    at++;
    const rec = parseRecord();
    if (keyword === 17 /* Filter */ && kinds[at] !== 31 /* LBrace */) {
      return { __proto__: FN_CALL_EXPR, first: s, last: at - 1, name: "filter", args: rec.entries };
    }
    const list = field(rec, "in");
    const times = keyword === 18 /* Loop */ ? field(rec, "times") : void 0;
    const name = binding(rec);
    let pending = null;
    if (list === void 0 || name === "" || keyword === 18 /* Loop */ && times === void 0) {
      if (keyword === 21 /* For */) {
        pending = reportAst(
          "for expression requires 'in' and 'as' fields",
          NO_SPAN,
          'Use syntax: for { in: <list>, as: "name" } { ... }.'
        );
      } else if (keyword === 17 /* Filter */) {
        pending = reportAst(
          "filter block requires 'in' and 'as' fields",
          NO_SPAN,
          'Use syntax: filter { in: <list>, as: "name" } { ... }.'
        );
      } else {
        pending = reportAst(
          "loop requires 'in', 'times', and 'as' fields",
          NO_SPAN,
          'Use syntax: loop { in: <init>, times: <N>, as: "name" } { ... }.'
        );
      }
    }
    const body = parseBlock();
    if (pending !== null) pending.span = span(s, at - 1);
    if (list === void 0 || name === "") return MISSING;
    const last = at - 1;
    if (keyword === 21 /* For */) return { __proto__: FOR_EXPR, first: s, last, list, binding: name, body };
    if (keyword === 17 /* Filter */) {
      return { __proto__: FILTER_BLOCK_EXPR, first: s, last, list, binding: name, body };
    }
    if (times === void 0) return MISSING;
    return { __proto__: LOOP_EXPR, first: s, last, init: list, times, binding: name, body };
  }
  function parseMatch() {
    const s = at;
    at++;
    let subject;
    if (kinds[at] === 35 /* LParen */) {
      at++;
      subject = parseExpr();
      expect(36 /* RParen */);
    } else if (kinds[at] === 30 /* Ident */) {
      subject = parseIdentPath();
    } else {
      return failAt(at, "unexpected");
    }
    expect(31 /* LBrace */);
    const first = parseArm();
    const second = parseArm();
    expect(32 /* RBrace */);
    if (first.tag === second.tag) {
      reportAst(
        "match expression requires both ok and err arms",
        span(s, at - 1),
        "Provide both arms: ok {v} { ... } and err {e} { ... }."
      );
      return MISSING;
    }
    const okArm = first.tag === "ok" ? first : second;
    const errArm = first.tag === "ok" ? second : first;
    return { __proto__: MATCH_EXPR, first: s, last: at - 1, subject, okArm, errArm };
  }
  function parseArm() {
    const s = expect(30 /* Ident */);
    const tag = words[s];
    const name = parseBinder();
    const body = parseBlock();
    if (tag !== "ok" && tag !== "err") {
      reportAst(
        "match arm must be 'ok' or 'err', got '" + tag + "'",
        span(s, at - 1),
        "Use exactly two arms: ok {v} { ... } and err {e} { ... }."
      );
    }
    return { __proto__: MATCH_ARM, first: s, last: at - 1, tag: tag === "ok" ? "ok" : "err", binding: name, body };
  }

  // src/timsort.ts
  var MIN_GALLOP = 7;
  function timSort(items, less) {
    const n = items.length;
    if (n < 2) return;
    new TimSort(items, less).sort();
  }
  var TimSort = class {
    constructor(a, less) {
      this.a = a;
      this.less = less;
      this.minGallop = MIN_GALLOP;
      this.runBase = [];
      this.runLength = [];
    }
    sort() {
      const a = this.a;
      let low = 0;
      let remaining = a.length;
      const minRun = minRunLength(remaining);
      while (remaining !== 0) {
        let run2 = this.countAndMakeRun(low, low + remaining);
        if (run2 < minRun) {
          const forced = Math.min(minRun, remaining);
          this.binaryInsertionSort(low, low + run2, low + forced);
          run2 = forced;
        }
        this.runBase.push(low);
        this.runLength.push(run2);
        this.mergeCollapse();
        low += run2;
        remaining -= run2;
      }
      this.mergeForceCollapse();
    }
    // binaryInsertionSort sorts a[low, high), of which a[low, start) is already sorted.
    binaryInsertionSort(low, startArg, high) {
      const a = this.a;
      for (let start = low === startArg ? startArg + 1 : startArg; start < high; start++) {
        const pivot = a[start];
        let left = low;
        let right = start;
        while (left < right) {
          const mid = left + (right - left >> 1);
          if (this.less(pivot, a[mid])) right = mid;
          else left = mid + 1;
        }
        for (let p = start; p > left; p--) a[p] = a[p - 1];
        a[left] = pivot;
      }
    }
    // countAndMakeRun returns the length of the run starting at low (ascending, or strictly
    // descending and then reversed in place).
    countAndMakeRun(lowArg, high) {
      const a = this.a;
      const low = lowArg + 1;
      if (low === high) return 1;
      let run2 = 2;
      const descending = this.less(a[low], a[low - 1]);
      let previous = a[low];
      for (let i = low + 1; i < high; i++) {
        const current = a[i];
        const isLess = this.less(current, previous);
        if (descending ? !isLess : isLess) break;
        previous = current;
        run2++;
      }
      if (descending) {
        for (let i = lowArg, j = lowArg + run2 - 1; i < j; i++, j--) {
          const t = a[i];
          a[i] = a[j];
          a[j] = t;
        }
      }
      return run2;
    }
    runInvariantEstablished(n) {
      if (n < 2) return true;
      const len2 = this.runLength;
      return len2[n - 2] > len2[n - 1] + len2[n];
    }
    mergeCollapse() {
      const len2 = this.runLength;
      while (len2.length > 1) {
        let n = len2.length - 2;
        if (!this.runInvariantEstablished(n + 1) || !this.runInvariantEstablished(n)) {
          if (len2[n - 1] < len2[n + 1]) n--;
          this.mergeAt(n);
        } else if (len2[n] <= len2[n + 1]) {
          this.mergeAt(n);
        } else {
          break;
        }
      }
    }
    mergeForceCollapse() {
      const len2 = this.runLength;
      while (len2.length > 1) {
        let n = len2.length - 2;
        if (n > 0 && len2[n - 1] < len2[n + 1]) n--;
        this.mergeAt(n);
      }
    }
    mergeAt(i) {
      const a = this.a;
      let baseA = this.runBase[i];
      let lengthA = this.runLength[i];
      const baseB = this.runBase[i + 1];
      let lengthB = this.runLength[i + 1];
      this.runLength[i] = lengthA + lengthB;
      this.runBase.splice(i + 1, 1);
      this.runLength.splice(i + 1, 1);
      const k = gallopRight(a, this.less, a[baseB], baseA, lengthA, 0);
      baseA += k;
      lengthA -= k;
      if (lengthA === 0) return;
      lengthB = gallopLeft(a, this.less, a[baseA + lengthA - 1], baseB, lengthB, lengthB - 1);
      if (lengthB === 0) return;
      if (lengthA <= lengthB) this.mergeLow(baseA, lengthA, baseB, lengthB);
      else this.mergeHigh(baseA, lengthA, baseB, lengthB);
    }
    // mergeLow merges the adjacent runs a[baseA, +lengthA) and a[baseB, +lengthB), lengthA
    // <= lengthB, front to back with run A in a temporary copy.
    mergeLow(baseA, lengthAArg, baseB, lengthBArg) {
      const a = this.a;
      const less = this.less;
      let lengthA = lengthAArg;
      let lengthB = lengthBArg;
      const temp = a.slice(baseA, baseA + lengthA);
      let dest = baseA;
      let cursorTemp = 0;
      let cursorB = baseB;
      a[dest++] = a[cursorB++];
      const succeed = () => {
        for (let i = 0; i < lengthA; i++) a[dest + i] = temp[cursorTemp + i];
      };
      const copyB = () => {
        for (let i = 0; i < lengthB; i++) a[dest + i] = a[cursorB + i];
        a[dest + lengthB] = temp[cursorTemp];
      };
      if (--lengthB === 0) return succeed();
      if (lengthA === 1) return copyB();
      let minGallop = this.minGallop;
      for (; ; ) {
        let winsA = 0;
        let winsB = 0;
        for (; ; ) {
          if (less(a[cursorB], temp[cursorTemp])) {
            a[dest++] = a[cursorB++];
            winsB++;
            winsA = 0;
            if (--lengthB === 0) return succeed();
            if (winsB >= minGallop) break;
          } else {
            a[dest++] = temp[cursorTemp++];
            winsA++;
            winsB = 0;
            if (--lengthA === 1) return copyB();
            if (winsA >= minGallop) break;
          }
        }
        minGallop++;
        let first = true;
        while (winsA >= MIN_GALLOP || winsB >= MIN_GALLOP || first) {
          first = false;
          minGallop = Math.max(1, minGallop - 1);
          this.minGallop = minGallop;
          winsA = gallopRight(temp, less, a[cursorB], cursorTemp, lengthA, 0);
          if (winsA > 0) {
            for (let i = 0; i < winsA; i++) a[dest + i] = temp[cursorTemp + i];
            dest += winsA;
            cursorTemp += winsA;
            lengthA -= winsA;
            if (lengthA === 1) return copyB();
            if (lengthA === 0) return succeed();
          }
          a[dest++] = a[cursorB++];
          if (--lengthB === 0) return succeed();
          winsB = gallopLeft(a, less, temp[cursorTemp], cursorB, lengthB, 0);
          if (winsB > 0) {
            for (let i = 0; i < winsB; i++) a[dest + i] = a[cursorB + i];
            dest += winsB;
            cursorB += winsB;
            lengthB -= winsB;
            if (lengthB === 0) return succeed();
          }
          a[dest++] = temp[cursorTemp++];
          if (--lengthA === 1) return copyB();
        }
        minGallop++;
        this.minGallop = minGallop;
      }
    }
    // mergeHigh is mergeLow back to front, with run B in the temporary copy (lengthA >
    // lengthB).
    mergeHigh(baseA, lengthAArg, baseB, lengthBArg) {
      const a = this.a;
      const less = this.less;
      let lengthA = lengthAArg;
      let lengthB = lengthBArg;
      const temp = a.slice(baseB, baseB + lengthB);
      let dest = baseB + lengthB - 1;
      let cursorTemp = lengthB - 1;
      let cursorA = baseA + lengthA - 1;
      a[dest--] = a[cursorA--];
      const succeed = () => {
        for (let i = 0; i < lengthB; i++) a[dest - (lengthB - 1) + i] = temp[i];
      };
      const copyA = () => {
        dest -= lengthA;
        cursorA -= lengthA;
        for (let i = lengthA - 1; i >= 0; i--) a[dest + 1 + i] = a[cursorA + 1 + i];
        a[dest] = temp[cursorTemp];
      };
      if (--lengthA === 0) return succeed();
      if (lengthB === 1) return copyA();
      let minGallop = this.minGallop;
      for (; ; ) {
        let winsA = 0;
        let winsB = 0;
        for (; ; ) {
          if (less(temp[cursorTemp], a[cursorA])) {
            a[dest--] = a[cursorA--];
            winsA++;
            winsB = 0;
            if (--lengthA === 0) return succeed();
            if (winsA >= minGallop) break;
          } else {
            a[dest--] = temp[cursorTemp--];
            winsB++;
            winsA = 0;
            if (--lengthB === 1) return copyA();
            if (winsB >= minGallop) break;
          }
        }
        minGallop++;
        let first = true;
        while (winsA >= MIN_GALLOP || winsB >= MIN_GALLOP || first) {
          first = false;
          minGallop = Math.max(1, minGallop - 1);
          this.minGallop = minGallop;
          let k = gallopRight(a, less, temp[cursorTemp], baseA, lengthA, lengthA - 1);
          winsA = lengthA - k;
          if (winsA > 0) {
            dest -= winsA;
            cursorA -= winsA;
            for (let i = winsA - 1; i >= 0; i--) a[dest + 1 + i] = a[cursorA + 1 + i];
            lengthA -= winsA;
            if (lengthA === 0) return succeed();
          }
          a[dest--] = temp[cursorTemp--];
          if (--lengthB === 1) return copyA();
          k = gallopLeft(temp, less, a[cursorA], 0, lengthB, lengthB - 1);
          winsB = lengthB - k;
          if (winsB > 0) {
            dest -= winsB;
            cursorTemp -= winsB;
            for (let i = 0; i < winsB; i++) a[dest + 1 + i] = temp[cursorTemp + 1 + i];
            lengthB -= winsB;
            if (lengthB === 1) return copyA();
            if (lengthB === 0) return succeed();
          }
          a[dest--] = a[cursorA--];
          if (--lengthA === 0) return succeed();
        }
        minGallop++;
        this.minGallop = minGallop;
      }
    }
  };
  function minRunLength(nArg) {
    let n = nArg;
    let r = 0;
    while (n >= 64) {
      r |= n & 1;
      n >>= 1;
    }
    return n + r;
  }
  function gallopLeft(arr, less, key, base, length, hint) {
    let lastOfs = 0;
    let offset = 1;
    if (less(arr[base + hint], key)) {
      const maxOfs = length - hint;
      while (offset < maxOfs) {
        if (!less(arr[base + hint + offset], key)) break;
        lastOfs = offset;
        offset = (offset << 1) + 1;
        if (offset <= 0) offset = maxOfs;
      }
      if (offset > maxOfs) offset = maxOfs;
      lastOfs += hint;
      offset += hint;
    } else {
      const maxOfs = hint + 1;
      while (offset < maxOfs) {
        if (less(arr[base + hint - offset], key)) break;
        lastOfs = offset;
        offset = (offset << 1) + 1;
        if (offset <= 0) offset = maxOfs;
      }
      if (offset > maxOfs) offset = maxOfs;
      const tmp = lastOfs;
      lastOfs = hint - offset;
      offset = hint - tmp;
    }
    lastOfs++;
    while (lastOfs < offset) {
      const m = lastOfs + (offset - lastOfs >> 1);
      if (less(arr[base + m], key)) lastOfs = m + 1;
      else offset = m;
    }
    return offset;
  }
  function gallopRight(arr, less, key, base, length, hint) {
    let lastOfs = 0;
    let offset = 1;
    if (less(key, arr[base + hint])) {
      const maxOfs = hint + 1;
      while (offset < maxOfs) {
        if (!less(key, arr[base + hint - offset])) break;
        lastOfs = offset;
        offset = (offset << 1) + 1;
        if (offset <= 0) offset = maxOfs;
      }
      if (offset > maxOfs) offset = maxOfs;
      const tmp = lastOfs;
      lastOfs = hint - offset;
      offset = hint - tmp;
    } else {
      const maxOfs = length - hint;
      while (offset < maxOfs) {
        if (less(key, arr[base + hint + offset])) break;
        lastOfs = offset;
        offset = (offset << 1) + 1;
        if (offset <= 0) offset = maxOfs;
      }
      if (offset > maxOfs) offset = maxOfs;
      lastOfs += hint;
      offset += hint;
    }
    lastOfs++;
    while (lastOfs < offset) {
      const m = lastOfs + (offset - lastOfs >> 1);
      if (less(key, arr[base + m])) offset = m;
      else lastOfs = m + 1;
    }
    return offset;
  }

  // src/collate.ts
  var DIGIT_ZEROS = [
    1632,
    1776,
    1984,
    2406,
    2534,
    2662,
    2790,
    2918,
    3046,
    3174,
    3302,
    3430,
    3558,
    3664,
    3792,
    3872,
    4160,
    4240,
    6112,
    6160,
    6470,
    6608,
    6784,
    6800,
    6992,
    7088,
    7232,
    7248,
    42528,
    43216,
    43264,
    43472,
    43504,
    43600,
    44016,
    66720,
    68912,
    68928,
    69734,
    69872,
    69942,
    70096,
    70384,
    70736,
    70864,
    71248,
    71360,
    71376,
    71386,
    71472,
    71904,
    72016,
    72688,
    72784,
    73040,
    73120,
    73184,
    73552,
    90416,
    92768,
    92864,
    93008,
    93552,
    123200,
    123632,
    124144,
    124401,
    125264
  ];
  var SURROGATE_STAND_IN = 262144;
  var REPLACEMENT_STAND_IN = 264192;
  var NONCHARACTER_STAND_IN = 264193;
  function digitValue(cp) {
    if (cp < 1632) return "";
    for (let i = 0; i < DIGIT_ZEROS.length; i++) {
      const z = DIGIT_ZEROS[i];
      if (cp >= z && cp <= z + 9) return String.fromCharCode(48 + cp - z);
    }
    return "";
  }
  function collationFold(s) {
    let i = 0;
    for (; i < s.length; i++) if (s.charCodeAt(i) >= 1632) break;
    if (i === s.length) return s;
    let out = s.slice(0, i);
    for (; i < s.length; i++) {
      const c = s.charCodeAt(i);
      if (c < 1632) {
        out += s[i];
        continue;
      }
      if (c >= 55296 && c <= 57343) {
        const d = i + 1 < s.length ? s.charCodeAt(i + 1) : 0;
        if (c <= 56319 && d >= 56320 && d <= 57343) {
          const cp = (c - 55296) * 1024 + (d - 56320) + 65536;
          const digit2 = digitValue(cp);
          out += digit2 !== "" ? digit2 : s[i] + s[i + 1];
          i++;
          continue;
        }
        out += String.fromCodePoint(SURROGATE_STAND_IN + c - 55296);
        continue;
      }
      if (c === 65533) {
        out += String.fromCodePoint(REPLACEMENT_STAND_IN);
        continue;
      }
      if (c === 65535) {
        out += String.fromCodePoint(NONCHARACTER_STAND_IN);
        continue;
      }
      const digit = digitValue(c);
      out += digit !== "" ? digit : s[i];
    }
    return out;
  }
  function localeCompare(a, b) {
    return collationFold(a).localeCompare(collationFold(b));
  }

  // src/values.ts
  function isRecord(v) {
    return v !== null && typeof v === "object" && !Array.isArray(v);
  }
  var objectHasOwn = Object.hasOwn;
  function hasOwn(r, key) {
    return objectHasOwn(r, key);
  }
  function singleKeyRecord(key, value) {
    if (key !== "__proto__") return { [key]: value };
    const r = {};
    Object.defineProperty(r, key, { value, writable: true, enumerable: true, configurable: true });
    return r;
  }
  function typeofName(v) {
    return v === null ? "null" : typeof v;
  }
  function rawTypeofName(v) {
    return typeof v;
  }
  function shapeName(v) {
    if (v === null) return "null";
    if (Array.isArray(v)) return "list";
    return typeof v;
  }
  function a0TypeName(v) {
    if (v === null || v === void 0) return "null";
    if (Array.isArray(v)) return "list";
    const t = typeof v;
    if (t === "boolean" || t === "number" || t === "string") return t;
    return "record";
  }
  function isTruthy(v) {
    return !(v === null || v === void 0 || v === false || v === 0 || v === "");
  }
  function deepEqual(a, b) {
    if (a === b) return true;
    if (a === null || b === null || typeof a !== "object" || typeof b !== "object") return false;
    if (Array.isArray(a) || Array.isArray(b)) {
      if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
      for (let i = 0; i < a.length; i++) {
        if (!deepEqual(a[i], b[i])) return false;
      }
      return true;
    }
    const ra = a;
    const rb = b;
    const keys2 = Object.keys(ra);
    if (keys2.length !== Object.keys(rb).length) return false;
    for (let i = 0; i < keys2.length; i++) {
      const k = keys2[i];
      if (!hasOwn(rb, k) || !deepEqual(ra[k], rb[k])) return false;
    }
    return true;
  }
  function displayString(v, limits3) {
    limits3.checkNodes(v, false, "String() conversion");
    return toDisplay(v);
  }
  function toDisplay(v) {
    if (Array.isArray(v)) {
      const parts = [];
      for (let i = 0; i < v.length; i++) {
        const x = v[i];
        parts.push(x === null || x === void 0 ? "" : toDisplay(x));
      }
      return parts.join(",");
    }
    if (v !== null && typeof v === "object") return objectToPrimitiveString(v);
    return String(v);
  }
  var PRIMITIVE_METHODS = ["toString", "valueOf"];
  function objectToPrimitiveString(o) {
    for (let i = 0; i < PRIMITIVE_METHODS.length; i++) {
      const fn = o[PRIMITIVE_METHODS[i]];
      if (typeof fn === "function") {
        const r = fn === Array.prototype.toString ? listToString(o) : fn.call(o);
        if (r === null || typeof r !== "object" && typeof r !== "function") return String(r);
      }
    }
    throw new TypeError("Cannot convert object to primitive value");
  }
  function listToString(o) {
    const join2 = o.join;
    if (join2 !== Array.prototype.join) {
      return typeof join2 === "function" ? join2.call(o) : Object.prototype.toString.call(o);
    }
    const length = o.length;
    if (typeof length !== "number" || !(length <= MAX_WRITTEN_JOIN)) return join2.call(o);
    const parts = [];
    for (let i = 0; i < length; i++) {
      const x = o[i];
      parts.push(x === null || x === void 0 ? "" : toDisplay(x));
    }
    return parts.join(",");
  }
  var MAX_WRITTEN_JOIN = 1 << 20;
  function jsonText(v, limits3) {
    if (limits3.checkNodes(v, true, "JSON text")) return JSON.stringify(v, endlessToJSON);
    if (limits3.lastTextUnits >= LONG_TEXT) {
      const text = jsonSharingStrings(v);
      if (text !== null) return text;
    }
    return JSON.stringify(v);
  }
  var LONG_TEXT = 1 << 16;
  var LONG_STRING = 1 << 10;
  var MAX_SHARING_DEPTH = 64;
  function jsonSharingStrings(v) {
    const out = [];
    if (appendJSON(v, out, /* @__PURE__ */ new Map(), 0) !== WROTE) return null;
    return out.length <= MAX_CONCAT_PIECES ? "".concat(...out) : out.join("");
  }
  var MAX_CONCAT_PIECES = 4096;
  var WROTE = 0;
  var NO_TEXT = 1;
  var NOT_PLAIN = 2;
  function appendJSON(x, out, quoted, depth2) {
    switch (typeof x) {
      case "string": {
        if (x.length < LONG_STRING) {
          out.push(JSON.stringify(x));
          return WROTE;
        }
        let q = quoted.get(x);
        if (q === void 0) {
          q = JSON.stringify(x);
          quoted.set(x, q);
        }
        out.push(q);
        return WROTE;
      }
      case "number":
      case "boolean":
        out.push(JSON.stringify(x));
        return WROTE;
      case "function":
      case "undefined":
        return NO_TEXT;
      case "object":
        break;
      default:
        return NOT_PLAIN;
    }
    if (x === null) {
      out.push("null");
      return WROTE;
    }
    if (depth2 >= MAX_SHARING_DEPTH) return NOT_PLAIN;
    const proto = Object.getPrototypeOf(x);
    if (Array.isArray(x)) {
      if (proto !== Array.prototype) return NOT_PLAIN;
      out.push("[");
      for (let i = 0; i < x.length; i++) {
        if (i > 0) out.push(",");
        const r2 = appendJSON(x[i], out, quoted, depth2 + 1);
        if (r2 === NOT_PLAIN) return r2;
        if (r2 === NO_TEXT) out.push("null");
      }
      out.push("]");
      return WROTE;
    }
    if (proto !== Object.prototype && proto !== null) return NOT_PLAIN;
    const r = x;
    if (typeof r.toJSON === "function") return NOT_PLAIN;
    const keys2 = Object.keys(r);
    out.push("{");
    let written = 0;
    for (let i = 0; i < keys2.length; i++) {
      const mark = out.length;
      out.push(written > 0 ? "," + keyPrefix(keys2[i]) : keyPrefix(keys2[i]));
      const m = appendJSON(r[keys2[i]], out, quoted, depth2 + 1);
      if (m === NOT_PLAIN) return m;
      if (m === NO_TEXT) out.length = mark;
      else written++;
    }
    out.push("}");
    return WROTE;
  }
  var arrayConcat = Array.prototype.concat;
  function endlessToJSON(key, value) {
    const held = this[key];
    if (held !== null && typeof held === "object" && !Array.isArray(held) && held.toJSON === arrayConcat) {
      throw new RangeError("Maximum call stack size exceeded");
    }
    return value;
  }
  var TextSink = class {
    constructor() {
      this.pieces = [];
    }
    add(s) {
      this.pieces.push(s);
    }
    text() {
      return this.pieces.join("");
    }
  };
  function encodeCanonical(v, limits3, what) {
    if (typeof v === "string") return JSON.stringify(v);
    if (typeof v === "number") return canonicalNumber(v);
    if (isPlainJSON(v, limits3.maxSize)) return JSON.stringify(v);
    return encodeRejected(v, limits3.maxSize, what);
  }
  function encodeRejected(v, max, what) {
    if (plainJSONOverflow(max)) throw tooManyNodes(what, max);
    const sink = new TextSink();
    new CanonicalWriter(sink, max, what).write(v);
    return sink.text();
  }
  function tooManyNodes(what, max) {
    return new HarnessLimitError("maxSize", `${what} has more than maxSize ${max} nodes`);
  }
  var plainScanCount = 0;
  var plainScanLengths = 0;
  function isPlainJSON(v, max) {
    plainScanCount = 0;
    plainScanLengths = 0;
    return plainNode(v, max) && plainScanCount + plainScanLengths <= plainTextLimit(max);
  }
  function plainJSONOverflow(max) {
    return plainScanCount > max || plainScanCount + plainScanLengths > plainTextLimit(max);
  }
  var plainMax = -1;
  var plainMaxText = 0;
  function plainTextLimit(max) {
    if (max !== plainMax) {
      plainMaxText = textLimit(max);
      plainMax = max;
    }
    return plainMaxText;
  }
  function plainNode(v, max) {
    if (++plainScanCount > max) return false;
    switch (typeof v) {
      case "string":
        plainScanLengths += v.length;
        return true;
      case "boolean":
        return true;
      case "number":
        return v !== 0 ? v - v === 0 : 1 / v > 0;
      case "object":
        break;
      default:
        return false;
    }
    if (v === null) return true;
    if (Array.isArray(v)) {
      for (let i = 0; i < v.length; i++) {
        if (!plainNode(v[i], max)) return false;
      }
      return true;
    }
    const r = v;
    if (typeof r.toJSON === "function") return false;
    const keys2 = Object.keys(r);
    if (keys2.length === 1 && keys2[0] >= "$" && keys2[0] < "%") return false;
    for (let i = 0; i < keys2.length; i++) {
      const k = keys2[i];
      const x = r[k];
      plainScanLengths += k.length;
      if (typeof x === "string") {
        if (++plainScanCount > max) return false;
        plainScanLengths += x.length;
      } else if (!plainNode(x, max)) {
        return false;
      }
    }
    return true;
  }
  var CanonicalWriter = class {
    constructor(sink, max, what) {
      this.sink = sink;
      this.max = max;
      this.what = what;
      this.count = 0;
      // The text units met so far (limits.ts, textLimit), bounded by maxText.
      this.units = 0;
      this.maxText = textLimit(max);
    }
    // addUnits counts n more text units, and fails past maxText before they are written.
    addUnits(n) {
      this.units += n;
      if (this.units > this.maxText) {
        throw new HarnessLimitError("maxSize", `${this.what} needs more than ${this.maxText} text units`);
      }
    }
    write(v) {
      if (++this.count > this.max) {
        throw tooManyNodes(this.what, this.max);
      }
      this.addUnits(1);
      const sink = this.sink;
      switch (typeof v) {
        case "string":
          this.addUnits(v.length);
          sink.add(JSON.stringify(v));
          return;
        case "number":
          sink.add(canonicalNumber(v));
          return;
        case "boolean":
          sink.add(v ? "true" : "false");
          return;
        case "function":
          sink.add('{"$function":' + JSON.stringify(v.name) + "}");
          return;
        case "object":
          break;
        default:
          throw new Error(`canonical encoding: unexpected ${typeof v} value`);
      }
      if (v === null) {
        sink.add("null");
        return;
      }
      if (Array.isArray(v)) {
        sink.add("[");
        for (let i = 0; i < v.length; i++) {
          if (i > 0) sink.add(",");
          this.write(v[i]);
        }
        sink.add("]");
        return;
      }
      const r = v;
      const keys2 = Object.keys(r);
      const wrap = keys2.length === 1 && (keys2[0] === "$number" || keys2[0] === "$function" || keys2[0] === "$record");
      sink.add(wrap ? '{"$record":{' : "{");
      for (let i = 0; i < keys2.length; i++) {
        this.addUnits(keys2[i].length);
        sink.add(i > 0 ? "," + keyPrefix(keys2[i]) : keyPrefix(keys2[i]));
        this.write(r[keys2[i]]);
      }
      sink.add(wrap ? "}}" : "}");
    }
  };
  var keyPrefixes = /* @__PURE__ */ new Map();
  function keyPrefix(k) {
    let t = keyPrefixes.get(k);
    if (t === void 0) {
      if (keyPrefixes.size >= 4096) keyPrefixes.clear();
      t = JSON.stringify(k) + ":";
      keyPrefixes.set(k, t);
    }
    return t;
  }
  function canonicalNumber(n) {
    if (n !== n) return '{"$number":"NaN"}';
    if (n === Infinity) return '{"$number":"Infinity"}';
    if (n === -Infinity) return '{"$number":"-Infinity"}';
    if (n === 0 && 1 / n < 0) return '{"$number":"-0"}';
    return String(n);
  }

  // src/paths.ts
  function parsePath(path) {
    const pieces = [];
    let current = "";
    let i = 0;
    while (i < path.length) {
      const c = path[i];
      if (c === ".") {
        pieces.push(current);
        current = "";
        i++;
        continue;
      }
      if (c === "[") {
        let j = i + 1;
        while (j < path.length && path[j] >= "0" && path[j] <= "9") j++;
        if (j > i + 1 && path[j] === "]") {
          pieces.push(current, path.slice(i + 1, j));
          current = "";
          i = j + 1;
          continue;
        }
      }
      current += c;
      i++;
    }
    pieces.push(current);
    const segments = [];
    for (let k = 0; k < pieces.length; k++) {
      const p = pieces[k];
      if (p === "") continue;
      segments.push(isAllDigits(p) ? Number(p) : p);
    }
    return segments;
  }
  function isAllDigits(s) {
    for (let i = 0; i < s.length; i++) {
      if (s[i] < "0" || s[i] > "9") return false;
    }
    return s.length > 0;
  }
  function getPath(input, segments) {
    var _a, _b;
    let current = input;
    for (let k = 0; k < segments.length; k++) {
      const seg = segments[k];
      if (current === null || current === void 0) return null;
      if (typeof seg === "number") {
        if (!Array.isArray(current)) return null;
        current = (_a = current[seg]) != null ? _a : null;
      } else {
        if (!isRecord(current)) return null;
        current = (_b = current[seg]) != null ? _b : null;
      }
    }
    return current;
  }
  function putPath(current, segments, index, value, limits3) {
    var _a;
    if (index === segments.length) return value;
    const seg = segments[index];
    if (typeof seg === "number") {
      limits3.checkLength(seg + 1, "put list");
      const list = Array.isArray(current) ? current.slice() : [];
      while (list.length <= seg) list.push(null);
      list[seg] = putPath(list[seg], segments, index + 1, value, limits3);
      return list;
    }
    const rec = isRecord(current) ? { ...current } : {};
    rec[seg] = putPath((_a = rec[seg]) != null ? _a : null, segments, index + 1, value, limits3);
    return rec;
  }
  function fail(message) {
    throw new Error(message);
  }
  function parsePointer(pointer, field2) {
    if (pointer === "") return [];
    if (pointer[0] !== "/") fail(`Invalid JSON Pointer '${pointer}' for '${field2}'.`);
    const pieces = pointer.split("/");
    pieces.shift();
    for (let i = 0; i < pieces.length; i++) pieces[i] = pieces[i].split("~1").join("/").split("~0").join("~");
    return pieces;
  }
  function isCanonicalIndex(piece) {
    if (piece === "0") return true;
    if (piece.length === 0 || piece[0] < "1" || piece[0] > "9") return false;
    return isAllDigits(piece);
  }
  function remainingPointer(pieces, at2) {
    return "/" + pieces.slice(at2).join("/");
  }
  function listIndex(piece, limit, dashAllowed, pointer, op) {
    if (piece === "-") {
      if (dashAllowed) return limit;
      fail(`Invalid array index '-' at '${pointer}' for op '${op}'.`);
    }
    if (!isCanonicalIndex(piece)) fail(`Invalid array index '${piece}' at '${pointer}' for op '${op}'.`);
    const idx = Number(piece);
    if (idx >= limit + (dashAllowed ? 1 : 0)) fail(`Array index '${piece}' out of bounds at '${pointer}' for op '${op}'.`);
    return idx;
  }
  var MISSING2 = {};
  function valueAt(doc, pieces) {
    let current = doc;
    for (let k = 0; k < pieces.length; k++) {
      const piece = pieces[k];
      if (Array.isArray(current)) {
        if (!isCanonicalIndex(piece)) return MISSING2;
        const idx = Number(piece);
        if (idx >= current.length) return MISSING2;
        current = current[idx];
      } else if (isRecord(current)) {
        if (!hasOwn(current, piece)) return MISSING2;
        current = current[piece];
      } else {
        return MISSING2;
      }
    }
    return current;
  }
  function setAt(doc, pieces, at2, value, op) {
    if (at2 === pieces.length) return value;
    const piece = pieces[at2];
    const pointer = remainingPointer(pieces, at2);
    const last = at2 === pieces.length - 1;
    if (Array.isArray(doc)) {
      const list = doc.slice();
      if (last) {
        const idx = listIndex(piece, list.length, op === "add", pointer, op);
        if (op === "add") list.splice(idx, 0, value);
        else list[idx] = value;
      } else {
        const idx = listIndex(piece, list.length, false, pointer, op);
        list[idx] = setAt(list[idx], pieces, at2 + 1, value, op);
      }
      return list;
    }
    if (!isRecord(doc)) fail(`Path '${pointer}' does not exist for op '${op}'.`);
    const rec = { ...doc };
    if (!hasOwn(rec, piece) && (!last || op === "replace")) fail(`Path '${pointer}' does not exist for op '${op}'.`);
    rec[piece] = last ? value : setAt(rec[piece], pieces, at2 + 1, value, op);
    return rec;
  }
  function removeAt(doc, pieces, at2) {
    if (at2 === pieces.length) return null;
    const piece = pieces[at2];
    const pointer = remainingPointer(pieces, at2);
    const last = at2 === pieces.length - 1;
    if (Array.isArray(doc)) {
      const idx = listIndex(piece, doc.length, false, pointer, "remove");
      const list = doc.slice();
      if (last) list.splice(idx, 1);
      else list[idx] = removeAt(list[idx], pieces, at2 + 1);
      return list;
    }
    if (!isRecord(doc) || !hasOwn(doc, piece)) fail(`Path '${pointer}' does not exist for op 'remove'.`);
    const rec = { ...doc };
    if (last) delete rec[piece];
    else rec[piece] = removeAt(rec[piece], pieces, at2 + 1);
    return rec;
  }
  function cloneDeep(v) {
    if (Array.isArray(v)) return v.map(cloneDeep);
    if (isRecord(v)) {
      const out = {};
      const keys2 = Object.keys(v);
      for (let i = 0; i < keys2.length; i++) out[keys2[i]] = cloneDeep(v[keys2[i]]);
      return out;
    }
    return v;
  }
  function applyOp(doc, op, limits3) {
    var _a, _b, _c;
    const name = op.op;
    const path = op.path;
    if (typeof name !== "string") fail("patch op requires an 'op' string.");
    if (typeof path !== "string") fail("patch op requires a 'path' string.");
    const pieces = parsePointer(path, "path");
    switch (name) {
      case "add":
        return setAt(doc, pieces, 0, (_a = op.value) != null ? _a : null, "add");
      case "replace":
        return setAt(doc, pieces, 0, (_b = op.value) != null ? _b : null, "replace");
      case "remove":
        return removeAt(doc, pieces, 0);
      case "copy":
      case "move": {
        const from = op.from;
        if (typeof from !== "string") fail(`${name} op requires a 'from' string.`);
        const fromPieces = parsePointer(from, "from");
        const found = valueAt(doc, fromPieces);
        if (found === MISSING2) fail(`Path '${from}' does not exist for op '${name}'.`);
        const moved = cloneDeep(found);
        if (name === "move") doc = removeAt(doc, fromPieces, 0);
        return setAt(doc, pieces, 0, moved, "add");
      }
      case "test": {
        const actual = valueAt(doc, pieces);
        if (actual === MISSING2) fail(`Test failed at '${path}': path does not exist.`);
        const expected = (_c = op.value) != null ? _c : null;
        if (!deepEqual(actual, expected)) {
          fail(`Test failed at '${path}': expected ${jsonText(expected, limits3)}, got ${jsonText(actual, limits3)}`);
        }
        return doc;
      }
    }
    return fail(`Unknown patch op '${name}'.`);
  }
  function patch(input, ops, limits3) {
    if (!Array.isArray(ops)) fail("patch requires 'ops' to be a list.");
    let doc = input;
    for (let i = 0; i < ops.length; i++) {
      const op = ops[i];
      if (!isRecord(op)) fail(`Invalid op at index ${i}.`);
      doc = applyOp(doc, op, limits3);
    }
    return doc;
  }

  // src/v8compat.ts
  function toObject(v, method) {
    if (v === null || v === void 0) throw new TypeError(`Object.prototype.${method} called on null or undefined`);
    return Object(v);
  }
  function lookupAccessor(target, key, method, kind) {
    let o = toObject(target, method);
    while (o !== null) {
      const d = Object.getOwnPropertyDescriptor(o, key);
      if (d !== void 0) return d[kind];
      o = Object.getPrototypeOf(o);
    }
    return void 0;
  }
  var legacyAccessors = {
    __defineGetter__(key, getter) {
      if (typeof getter !== "function") throw new TypeError("Object.prototype.__defineGetter__: Expecting function");
      Object.defineProperty(toObject(this, "__defineGetter__"), key, { get: getter, enumerable: true, configurable: true });
    },
    __defineSetter__(key, setter) {
      if (typeof setter !== "function") throw new TypeError("Object.prototype.__defineSetter__: Expecting function");
      Object.defineProperty(toObject(this, "__defineSetter__"), key, { set: setter, enumerable: true, configurable: true });
    },
    __lookupGetter__(key) {
      return lookupAccessor(this, key, "__lookupGetter__", "get");
    },
    __lookupSetter__(key) {
      return lookupAccessor(this, key, "__lookupSetter__", "set");
    }
  };
  var toLocaleString = {
    toLocaleString() {
      const f = toObject(this, "toLocaleString").toString;
      if (typeof f !== "function") throw new TypeError(`${describeForTypeError(f)} is not a function`);
      if (f === toLocaleString) throw new RangeError("Maximum call stack size exceeded");
      return f.call(this);
    }
  }.toLocaleString;
  function describeForTypeError(v) {
    if (v === void 0) return "undefined";
    if (v === null) return "object null";
    if (typeof v === "string") return `string "${v.length > 100 ? v.slice(0, 100) + "<...>" : v}"`;
    if (typeof v === "object") return "object";
    return `${typeof v} ${String(v)}`;
  }
  function thisString(v, method) {
    if (v === null || v === void 0) throw new TypeError(`String.prototype.${method} called on null or undefined`);
    return String(v);
  }
  function html(method, tag, attribute) {
    return {
      [method](value) {
        const s = thisString(this, method);
        const attr = attribute === void 0 ? "" : ` ${attribute}="${String(value).replace(/"/g, "&quot;")}"`;
        return `<${tag}${attr}>${s}</${tag}>`;
      }
    }[method];
  }
  function wellFormed(s) {
    let out = "";
    for (let i = 0; i < s.length; i++) {
      const c = s.charCodeAt(i);
      if (c >= 55296 && c <= 56319 && i + 1 < s.length) {
        const d = s.charCodeAt(i + 1);
        if (d >= 56320 && d <= 57343) {
          out += s[i] + s[i + 1];
          i++;
          continue;
        }
      }
      out += c >= 55296 && c <= 57343 ? "\uFFFD" : s[i];
    }
    return out;
  }
  var stringMethods = {
    anchor: html("anchor", "a", "name"),
    big: html("big", "big"),
    blink: html("blink", "blink"),
    bold: html("bold", "b"),
    fixed: html("fixed", "tt"),
    fontcolor: html("fontcolor", "font", "color"),
    fontsize: html("fontsize", "font", "size"),
    italics: html("italics", "i"),
    link: html("link", "a", "href"),
    small: html("small", "small"),
    strike: html("strike", "strike"),
    sub: html("sub", "sub"),
    sup: html("sup", "sup"),
    isWellFormed() {
      const s = thisString(this, "isWellFormed");
      return wellFormed(s) === s;
    },
    toWellFormed() {
      return wellFormed(thisString(this, "toWellFormed"));
    }
  };
  function install(proto, methods, lengths, replace = false) {
    for (const name of Object.keys(methods)) {
      if (!replace && Object.prototype.hasOwnProperty.call(proto, name)) continue;
      const fn = methods[name];
      const nativeText = `function ${name}() { [native code] }`;
      Object.defineProperty(fn, "name", { value: name, configurable: true });
      const length = Object.prototype.hasOwnProperty.call(lengths, name) ? lengths[name] : 0;
      Object.defineProperty(fn, "length", { value: length, configurable: true });
      Object.defineProperty(fn, "toString", { value: () => nativeText, configurable: true, writable: true });
      Object.defineProperty(proto, name, { value: fn, writable: true, enumerable: false, configurable: true });
    }
  }
  function numberToLocaleString(x) {
    if (x !== x) return "NaN";
    if (x === Infinity) return "\u221E";
    if (x === -Infinity) return "-\u221E";
    const sign = x < 0 || Object.is(x, -0) ? "-" : "";
    const [mant, exp] = Math.abs(x).toExponential().split("e");
    let digits = mant.replace(".", "");
    let point = Number(exp) + 1;
    if (point < 0) {
      digits = "0".repeat(-point) + digits;
      point = 0;
    }
    while (digits.length < point) digits += "0";
    let intPart = digits.slice(0, point);
    let frac = digits.slice(point);
    if (frac.length > 3) {
      const roundUp = frac[3] >= "5";
      frac = frac.slice(0, 3);
      if (roundUp) {
        const n = (intPart + frac).split("");
        let i = n.length - 1;
        for (; i >= 0 && n[i] === "9"; i--) n[i] = "0";
        if (i < 0) n.unshift("1");
        else n[i] = String(Number(n[i]) + 1);
        intPart = n.slice(0, n.length - 3).join("");
        frac = n.slice(n.length - 3).join("");
      }
    }
    frac = frac.replace(/0+$/, "");
    intPart = intPart.replace(/^0+/, "") || "0";
    let grouped = "";
    for (let i = 0; i < intPart.length; i++) {
      if (i > 0 && (intPart.length - i) % 3 === 0) grouped += ",";
      grouped += intPart[i];
    }
    return sign + grouped + (frac === "" ? "" : "." + frac);
  }
  var numberMethods = {
    toLocaleString() {
      if (typeof this !== "number" && !(this instanceof Number)) throw new TypeError("Number.prototype.toLocaleString requires that 'this' be a Number");
      return numberToLocaleString(Number(this));
    }
  };
  var nativeBind = Function.prototype.bind;
  function notCallable(v) {
    return `${describeForTypeError(v)} is not a function`;
  }
  var functionMethods = {
    call(thisArg, ...args) {
      if (typeof this !== "function") throw new TypeError(notCallable(this));
      return Reflect.apply(this, thisArg, args);
    },
    apply(thisArg, argArray) {
      if (typeof this !== "function") throw new TypeError(notCallable(this));
      return Reflect.apply(this, thisArg, argArray === null || argArray === void 0 ? [] : argArray);
    },
    bind(...args) {
      if (typeof this !== "function") throw new TypeError("Bind must be called on a function");
      return Reflect.apply(nativeBind, this, args);
    }
  };
  function installV8Compat() {
    install(Object.prototype, legacyAccessors, { __defineGetter__: 2, __defineSetter__: 2, __lookupGetter__: 1, __lookupSetter__: 1 });
    install(String.prototype, stringMethods, { anchor: 1, fontcolor: 1, fontsize: 1, link: 1 });
    install(Object.prototype, { toLocaleString }, {}, true);
    install(Number.prototype, numberMethods, {}, true);
    install(Function.prototype, functionMethods, { call: 1, apply: 2, bind: 1 }, true);
  }
  function multiply(l, r) {
    const p = l * r;
    if (p !== 0) return p;
    const negative = (l < 0 || Object.is(l, -0)) !== (r < 0 || Object.is(r, -0));
    return negative ? -0 : 0;
  }
  function wrapperPrototypeJSON(v) {
    if (v === String.prototype) return '""';
    if (v === Number.prototype) return "0";
    return void 0;
  }
  function v8ErrorMessage(message) {
    const start = READ_ONLY.length;
    if (message.length > start && message.startsWith(READ_ONLY) && message.indexOf("'", start) === message.length - 1) {
      return message + " of object '[object Object]'";
    }
    return message;
  }
  var READ_ONLY = "Cannot assign to read only property '";
  function indentJSON(compact, indent) {
    const out = [];
    let depth2 = 0;
    let start = 0;
    const newline = (d) => "\n" + indent.repeat(d);
    for (let i = 0; i < compact.length; i++) {
      const c = compact.charCodeAt(i);
      if (c === 34) {
        for (i++; i < compact.length && compact.charCodeAt(i) !== 34; i++) {
          if (compact.charCodeAt(i) === 92) i++;
        }
        continue;
      }
      let piece;
      switch (c) {
        case 91:
        // [
        case 123: {
          const close = c === 91 ? 93 : 125;
          if (compact.charCodeAt(i + 1) === close) {
            i++;
            continue;
          }
          depth2++;
          piece = compact[i] + newline(depth2);
          break;
        }
        case 93:
        // ]
        case 125:
          depth2--;
          piece = newline(depth2) + compact[i];
          break;
        case 44:
          piece = "," + newline(depth2);
          break;
        case 58:
          piece = ": ";
          break;
        default:
          continue;
      }
      out.push(compact.slice(start, i), piece);
      start = i + 1;
    }
    out.push(compact.slice(start));
    return out.join("");
  }

  // src/stdlib.ts
  function fail2(message) {
    throw new Error(message);
  }
  function parseJson(args) {
    const text = args.in;
    if (typeof text !== "string") fail2("parse.json requires 'in' to be a string.");
    return parseJSON(text);
  }
  function get(args) {
    var _a;
    const path = args.path;
    if (typeof path !== "string") fail2("get requires 'path' to be a string.");
    return getPath((_a = args.in) != null ? _a : null, parsePath(path));
  }
  function put(args, limits3) {
    var _a, _b;
    const path = args.path;
    if (typeof path !== "string") fail2("put requires 'path' to be a string.");
    return putPath((_a = args.in) != null ? _a : null, parsePath(path), 0, (_b = args.value) != null ? _b : null, limits3);
  }
  function patchFn(args, limits3) {
    var _a, _b;
    return patch((_a = args.in) != null ? _a : null, (_b = args.ops) != null ? _b : null, limits3);
  }
  function eq(args) {
    var _a, _b;
    return deepEqual((_a = args.a) != null ? _a : null, (_b = args.b) != null ? _b : null);
  }
  function contains(args) {
    var _a, _b;
    const input = (_a = args.in) != null ? _a : null;
    const value = (_b = args.value) != null ? _b : null;
    if (typeof input === "string") return typeof value === "string" && input.includes(value);
    if (Array.isArray(input)) return input.some((x) => deepEqual(x, value));
    if (isRecord(input)) return typeof value === "string" && hasOwn(input, value);
    return false;
  }
  function not(args) {
    return !isTruthy(args.in);
  }
  function and(args) {
    return isTruthy(args.a) && isTruthy(args.b);
  }
  function or(args) {
    return isTruthy(args.a) || isTruthy(args.b);
  }
  function coalesce(args) {
    var _a;
    const v = args.in;
    return v === null || v === void 0 ? (_a = args.default) != null ? _a : null : v;
  }
  function typeofFn(args) {
    return a0TypeName(args.in);
  }
  function len(args) {
    const input = args.in;
    if (Array.isArray(input) || typeof input === "string") return input.length;
    if (isRecord(input)) return Object.keys(input).length;
    return fail2("len: 'in' must be a list, string, or record");
  }
  function append(args, limits3) {
    var _a;
    const input = args.in;
    if (!Array.isArray(input)) fail2("append: 'in' must be a list");
    limits3.checkLength(input.length + 1, "append result");
    const out = input.slice();
    out.push((_a = args.value) != null ? _a : null);
    return out;
  }
  function concat(args, limits3) {
    const a = args.a;
    const b = args.b;
    if (!Array.isArray(a) || !Array.isArray(b)) fail2("concat: 'a' and 'b' must be lists");
    limits3.checkLength(a.length + b.length, "concat result");
    return a.concat(b);
  }
  function compareValues(a, b, limits3) {
    var _a, _b;
    if (typeof a === "number" && typeof b === "number") return a - b;
    if (typeof a === "string" && typeof b === "string") return localeCompare(a, b);
    const ja = (_a = wrapperPrototypeJSON(a)) != null ? _a : jsonText(a, limits3);
    const jb = (_b = wrapperPrototypeJSON(b)) != null ? _b : jsonText(b, limits3);
    return ja < jb ? -1 : ja > jb ? 1 : 0;
  }
  function sort(args, limits3) {
    const input = args.in;
    if (!Array.isArray(input)) fail2("sort: 'in' must be a list");
    const by = args.by;
    let keys2 = null;
    if (by !== null && by !== void 0) {
      if (typeof by === "string") {
        keys2 = [by];
      } else if (Array.isArray(by)) {
        if (!by.every((k) => typeof k === "string")) fail2("sort: 'by' array elements must be strings");
        keys2 = by;
      } else {
        fail2("sort: 'by' must be a string or list of strings");
      }
    }
    const sorted = input.slice();
    if (keys2 === null) {
      timSort(sorted, (x, y) => compareValues(x, y, limits3) < 0);
      return sorted;
    }
    const byKeys = keys2;
    timSort(sorted, (x, y) => {
      for (let i = 0; i < byKeys.length; i++) {
        const key = byKeys[i];
        const c = compareValues(sortKey(x, key), sortKey(y, key), limits3);
        if (c !== 0) return c < 0;
      }
      return false;
    });
    return sorted;
  }
  function sortKey(x, key) {
    var _a;
    if (key === "-" && !isRecord(x)) return null;
    return (_a = x == null ? void 0 : x[key]) != null ? _a : null;
  }
  function filterBy(args) {
    const input = args.in;
    if (!Array.isArray(input)) fail2("filter: 'in' must be a list");
    const by = args.by;
    if (typeof by !== "string") fail2("filter: 'by' must be a string");
    return input.filter((el) => isRecord(el) && isTruthy(el[by]));
  }
  function find(args) {
    var _a, _b;
    const input = args.in;
    if (!Array.isArray(input)) fail2("find: 'in' must be a list");
    const key = args.key;
    if (typeof key !== "string") fail2("find: 'key' must be a string");
    const value = (_a = args.value) != null ? _a : null;
    for (let i = 0; i < input.length; i++) {
      const el = input[i];
      if (isRecord(el) && deepEqual((_b = el[key]) != null ? _b : null, value)) return el;
    }
    return null;
  }
  function range(args, limits3) {
    const from = args.from;
    const to = args.to;
    if (typeof from !== "number" || typeof to !== "number" || !Number.isInteger(from) || !Number.isInteger(to)) {
      fail2("range: 'from' and 'to' must be integers");
    }
    const out = [];
    if (from >= to) return out;
    limits3.checkLength(to - from, "range result");
    for (let i = from; i < to; i++) out.push(i);
    return out;
  }
  function join(args, limits3) {
    var _a;
    const input = args.in;
    if (!Array.isArray(input)) fail2("join: 'in' must be a list");
    const sep = (_a = args.sep) != null ? _a : "";
    if (typeof sep !== "string") fail2("join: 'sep' must be a string");
    const parts = [];
    let total = 0;
    for (let i = 0; i < input.length; i++) {
      const s = displayString(input[i], limits3);
      total += s.length + (i > 0 ? sep.length : 0);
      limits3.checkLength(total, "join result");
      parts.push(s);
    }
    return parts.join(sep);
  }
  function unique(args) {
    const input = args.in;
    if (!Array.isArray(input)) fail2("unique: 'in' must be a list");
    const out = [];
    for (let i = 0; i < input.length; i++) {
      const x = input[i];
      if (!out.some((y) => deepEqual(x, y))) out.push(x);
    }
    return out;
  }
  function pluck(args) {
    const input = args.in;
    if (!Array.isArray(input)) fail2("pluck: 'in' must be a list");
    const key = args.key;
    if (typeof key !== "string") fail2("pluck: 'key' must be a string");
    return input.map((el) => {
      var _a;
      return isRecord(el) ? (_a = el[key]) != null ? _a : null : null;
    });
  }
  function flat(args, limits3) {
    const input = args.in;
    if (!Array.isArray(input)) fail2("flat: 'in' must be a list");
    const out = [];
    for (let i = 0; i < input.length; i++) {
      const x = input[i];
      if (Array.isArray(x)) {
        limits3.checkLength(out.length + x.length, "flat result");
        for (let j = 0; j < x.length; j++) out.push(x[j]);
      } else {
        out.push(x);
      }
    }
    return out;
  }
  function strConcat(args, limits3) {
    const parts = args.parts;
    if (!Array.isArray(parts)) fail2("str.concat: 'parts' must be a list");
    const out = [];
    let total = 0;
    for (let i = 0; i < parts.length; i++) {
      const s = displayString(parts[i], limits3);
      total += s.length;
      limits3.checkLength(total, "str.concat result");
      out.push(s);
    }
    return out.join("");
  }
  function strSplit(args) {
    const input = args.in;
    if (typeof input !== "string") fail2("str.split: 'in' must be a string");
    const sep = args.sep;
    if (typeof sep !== "string") fail2("str.split: 'sep' must be a string");
    return input.split(sep);
  }
  function strStarts(args) {
    const input = args.in;
    if (typeof input !== "string") fail2("str.starts: 'in' must be a string");
    const value = args.value;
    if (typeof value !== "string") fail2("str.starts: 'value' must be a string");
    return input.startsWith(value);
  }
  function strEnds(args) {
    const input = args.in;
    if (typeof input !== "string") fail2("str.ends: 'in' must be a string");
    const value = args.value;
    if (typeof value !== "string") fail2("str.ends: 'value' must be a string");
    return input.endsWith(value);
  }
  function strReplace(args, limits3) {
    const input = args.in;
    if (typeof input !== "string") fail2("str.replace: 'in' must be a string");
    const from = args.from;
    if (typeof from !== "string") fail2("str.replace: 'from' must be a string");
    const to = args.to;
    if (typeof to !== "string") fail2("str.replace: 'to' must be a string");
    const positions = [];
    const advance = Math.max(1, from.length);
    let p = input.indexOf(from, 0);
    while (p !== -1) {
      positions.push(p);
      p = p + advance > input.length ? -1 : input.indexOf(from, p + advance);
    }
    const literal = to.indexOf("$") === -1;
    const out = [];
    let total = 0;
    let end = 0;
    for (let i = 0; i < positions.length; i++) {
      const pos = positions[i];
      const kept = input.slice(end, pos);
      const replacement = literal ? to : substitute(to, input, pos, from.length);
      total += kept.length + replacement.length;
      limits3.checkLength(total, "str.replace result");
      out.push(kept, replacement);
      end = pos + from.length;
    }
    const rest = input.slice(end);
    limits3.checkLength(total + rest.length, "str.replace result");
    out.push(rest);
    return out.join("");
  }
  function substitute(template, input, pos, matchLength) {
    let out = "";
    let i = 0;
    while (i < template.length) {
      const c = template[i];
      if (c === "$" && i + 1 < template.length) {
        const n = template[i + 1];
        if (n === "$") {
          out += "$";
          i += 2;
          continue;
        }
        if (n === "&") {
          out += input.slice(pos, pos + matchLength);
          i += 2;
          continue;
        }
        if (n === "`") {
          out += input.slice(0, pos);
          i += 2;
          continue;
        }
        if (n === "'") {
          out += input.slice(Math.min(pos + matchLength, input.length));
          i += 2;
          continue;
        }
      }
      out += c;
      i++;
    }
    return out;
  }
  function strTemplate(args, limits3) {
    const input = args.in;
    if (typeof input !== "string") fail2("str.template: 'in' must be a string");
    const vars = args.vars;
    if (!isRecord(vars)) fail2("str.template: 'vars' must be a record");
    const out = [];
    let total = 0;
    let end = 0;
    let i = input.indexOf("{");
    while (i !== -1) {
      const close = input.indexOf("}", i + 1);
      if (close === -1) break;
      if (close === i + 1) {
        i = input.indexOf("{", i + 1);
        continue;
      }
      const key = input.slice(i + 1, close);
      const v = vars[key];
      if (v !== void 0 && v !== null) {
        const kept = input.slice(end, i);
        const s = displayString(v, limits3);
        total += kept.length + s.length;
        limits3.checkLength(total, "str.template result");
        out.push(kept, s);
        end = close + 1;
      }
      i = input.indexOf("{", close + 1);
    }
    const rest = input.slice(end);
    limits3.checkLength(total + rest.length, "str.template result");
    out.push(rest);
    return out.join("");
  }
  function keys(args) {
    const input = args.in;
    if (!isRecord(input)) fail2("keys: 'in' must be a record");
    return Object.keys(input);
  }
  function values(args) {
    const input = args.in;
    if (!isRecord(input)) fail2("values: 'in' must be a record");
    return Object.keys(input).map((k) => input[k]);
  }
  function entries(args) {
    const input = args.in;
    if (!isRecord(input)) fail2("entries: 'in' must be a record");
    return Object.keys(input).map((k) => ({ key: k, value: input[k] }));
  }
  function merge(args) {
    const a = args.a;
    const b = args.b;
    if (!isRecord(a) || !isRecord(b)) fail2("merge: 'a' and 'b' must be records");
    return { ...a, ...b };
  }
  function extreme(name, args) {
    const input = args.in;
    if (!Array.isArray(input)) fail2(`${name}: 'in' must be a list`);
    if (input.length === 0) fail2(`${name}: list must not be empty`);
    let best = name === "math.max" ? -Infinity : Infinity;
    for (let i = 0; i < input.length; i++) {
      const x = input[i];
      if (typeof x !== "number") fail2(`${name}: all elements must be numbers`);
      if (name === "math.max" ? x > best : x < best) best = x;
    }
    return best;
  }
  function mathMax(args) {
    return extreme("math.max", args);
  }
  function mathMin(args) {
    return extreme("math.min", args);
  }
  var stdlib = /* @__PURE__ */ new Map([
    ["parse.json", parseJson],
    ["get", get],
    ["put", put],
    ["patch", patchFn],
    ["eq", eq],
    ["contains", contains],
    ["not", not],
    ["and", and],
    ["or", or],
    ["len", len],
    ["append", append],
    ["concat", concat],
    ["sort", sort],
    ["filter", filterBy],
    ["find", find],
    ["range", range],
    ["join", join],
    ["str.concat", strConcat],
    ["str.split", strSplit],
    ["str.starts", strStarts],
    ["str.replace", strReplace],
    ["keys", keys],
    ["values", values],
    ["merge", merge],
    ["math.max", mathMax],
    ["math.min", mathMin],
    ["str.ends", strEnds],
    ["unique", unique],
    ["coalesce", coalesce],
    ["typeof", typeofFn],
    ["pluck", pluck],
    ["flat", flat],
    ["entries", entries],
    ["str.template", strTemplate]
  ]);

  // src/tooldata.ts
  function fsWriteText(args, limits3) {
    const hasData = hasOwn(args, "data");
    const data = hasData ? args.data : void 0;
    const format = hasOwn(args, "format") ? args.format : "raw";
    if (format === "json") {
      if (!hasData) return void 0;
      const compact = jsonText(data, limits3);
      return compact === void 0 ? void 0 : indentJSON(compact, "  ");
    }
    if (typeof data === "string") return data;
    if (!hasData) return void 0;
    return jsonText(data, limits3);
  }

  // src/evaluator.ts
  var HostProtocolError = class {
    constructor(message) {
      this.message = message;
    }
    toString() {
      return `HostProtocolError: ${this.message}`;
    }
  };
  function passesThrough(e) {
    return e instanceof HarnessLimitError || e instanceof HostProtocolError;
  }
  var A0Error = class {
    constructor(code, message, span2, details) {
      this.code = code;
      this.message = message;
      this.span = span2;
      this.details = details;
    }
  };
  function newScope(parent) {
    return [parent, null, void 0, null];
  }
  function bind(scope, name, v) {
    const first = scope[1 /* FirstName */];
    if (first === null || first === name) {
      scope[1 /* FirstName */] = name;
      scope[2 /* FirstValue */] = v;
      return;
    }
    let others = scope[3 /* Others */];
    if (others === null) others = scope[3 /* Others */] = /* @__PURE__ */ new Map();
    others.set(name, v);
  }
  function lookup(scope, name) {
    let s = scope;
    do {
      if (s[1 /* FirstName */] === name) {
        const v = s[2 /* FirstValue */];
        if (v !== void 0) return v;
      } else {
        const others = s[3 /* Others */];
        if (others !== null) {
          const v = others.get(name);
          if (v !== void 0) return v;
        }
      }
      s = s[0 /* Parent */];
    } while (s !== null);
    return void 0;
  }
  var BUDGET_FIELDS = ["timeMs", "maxToolCalls", "maxBytesWritten", "maxIterations"];
  function spanRecord(s) {
    return { file: s.file, startLine: s.startLine, startCol: s.startCol, endLine: s.endLine, endCol: s.endCol };
  }
  function errorMessage(e) {
    return e instanceof Error ? v8ErrorMessage(e.message) : String(e);
  }
  function declaredBudget(program) {
    let budget = null;
    const headers = program.headers;
    for (let i = 0; i < headers.length; i++) {
      const h = headers[i];
      if (h.kind !== "BudgetDecl") continue;
      const entries2 = h.budget.entries;
      for (let j = 0; j < entries2.length; j += 2) {
        const key = entries2[j];
        const v = entries2[j + 1];
        if (key !== null && BUDGET_FIELDS.indexOf(key) >= 0 && isIntLiteral(v)) {
          if (budget === null) budget = {};
          budget[key] = literalValues[v];
        }
      }
    }
    return budget;
  }
  var fileName = "";
  var toolHost;
  var limits = new Limits(0, 0, 0);
  var traceEvents = [];
  var evidenceList = [];
  var NONE = [];
  var userFns = /* @__PURE__ */ new Map();
  var allowedCaps = [];
  var timeMs;
  var maxIterations;
  var maxToolCalls;
  var maxBytesWritten;
  var startMs = 0;
  var iterationCount = 0;
  var toolCalls = 0;
  var bytesWritten = 0;
  var callDepth = 0;
  var stepsLeft = 0;
  function evaluateProgram(program, file2, allowed, host, runLimits) {
    fileName = file2;
    toolHost = host;
    limits = runLimits;
    traceEvents = [];
    evidenceList = NONE;
    userFns.clear();
    allowedCaps = allowed;
    timeMs = void 0;
    maxIterations = void 0;
    maxToolCalls = void 0;
    maxBytesWritten = void 0;
    startMs = 0;
    iterationCount = 0;
    toolCalls = 0;
    bytesWritten = 0;
    callDepth = 0;
    stepsLeft = runLimits.maxSteps;
    try {
      return runProgram(program);
    } finally {
      userFns.clear();
    }
  }
  function runProgram(program) {
    const caps = requestedCapabilities(program);
    for (let i = 0; i < caps.length; i++) {
      const cap = caps[i];
      if (allowedCaps.indexOf(cap) < 0) {
        const first = program.headers.find((h) => h.kind === "CapDecl");
        const error = new A0Error("E_CAP_DENIED", `Capability '${cap}' is not allowed by policy.`, first == null ? void 0 : first.span, {
          capability: cap
        });
        return { kind: "error", error, evidence: NONE, trace: NONE };
      }
    }
    const budget = declaredBudget(program);
    if (budget !== null) {
      timeMs = budget.timeMs;
      maxIterations = budget.maxIterations;
      maxToolCalls = budget.maxToolCalls;
      maxBytesWritten = budget.maxBytesWritten;
    }
    startMs = Date.now();
    const startData = { file: fileName, capabilities: caps };
    if (budget !== null) startData.budget = budget;
    emit("run_start", program.span, startData);
    try {
      const value = execBlock(program.statements, newScope(null));
      emit("run_end", program.span, { durationMs: Date.now() - startMs });
      return { kind: "ok", value, evidence: evidenceList, trace: traceEvents };
    } catch (e) {
      if (e instanceof HarnessLimitError) return { kind: "limit", limit: e, evidence: evidenceList, trace: traceEvents };
      if (passesThrough(e)) throw e;
      const error = toA0Error(e);
      try {
        emit("run_end", program.span, { durationMs: Date.now() - startMs, error: error.code, message: error.message });
      } catch (limit) {
        if (limit instanceof HarnessLimitError) return { kind: "limit", limit, evidence: evidenceList, trace: traceEvents };
        throw limit;
      }
      const evidence = e instanceof A0Error ? evidenceList : NONE;
      return { kind: "error", error, evidence, trace: traceEvents };
    }
  }
  function tooManySteps() {
    throw new HarnessLimitError("maxSteps", `the run took more than ${limits.maxSteps} steps (trace events and iterations)`);
  }
  function emit(event, span2, data) {
    if (stepsLeft === 0) tooManySteps();
    stepsLeft--;
    traceEvents.push(event, span2, data);
  }
  function budgetExceeded(budget, limit, actual, span2, message) {
    const details = { budget, limit, actual };
    emit("budget_exceeded", span2, details);
    throw new A0Error("E_BUDGET", message, span2, details);
  }
  function checkTime(node) {
    const limit = timeMs;
    const elapsed = Date.now() - startMs;
    if (elapsed > limit) {
      budgetExceeded("timeMs", limit, elapsed, typeof node === "number" ? exprSpan(node) : node.span, `Budget exceeded: timeMs limit of ${limit}ms exceeded (${elapsed}ms elapsed).`);
    }
  }
  function countIteration(span2) {
    if (stepsLeft === 0) tooManySteps();
    stepsLeft--;
    iterationCount++;
    const limit = maxIterations;
    if (limit !== void 0 && iterationCount > limit) {
      budgetExceeded("maxIterations", limit, iterationCount, span2, `Budget exceeded: maxIterations limit of ${limit} reached.`);
    }
  }
  function enterFunction(name) {
    if (callDepth >= limits.maxDepth) {
      throw new HarnessLimitError("maxDepth", `call of '${name}' exceeds maxDepth ${limits.maxDepth}`);
    }
    callDepth++;
  }
  function execBlock(stmts, scope) {
    for (let i = 0; i < stmts.length; i++) {
      const stmt = stmts[i];
      if (timeMs !== void 0) checkTime(stmt);
      if (stepsLeft === 0) tooManySteps();
      stepsLeft--;
      traceEvents.push("stmt_start", stmt.span, void 0);
      switch (stmt.kind) {
        case "LetStmt":
          bind(scope, stmt.name, evalExpr(stmt.value, scope));
          break;
        case "ExprStmt": {
          const v = evalExpr(stmt.expr, scope);
          if (stmt.target !== void 0) bindTarget(stmt.target.parts, v, scope);
          break;
        }
        case "FnDecl":
          userFns.set(stmt.name, { decl: stmt, closure: scope });
          break;
        case "ReturnStmt": {
          const v = evalExpr(stmt.value, scope);
          if (stepsLeft === 0) tooManySteps();
          stepsLeft--;
          traceEvents.push("stmt_end", stmt.span, void 0);
          return v;
        }
      }
      if (stepsLeft === 0) tooManySteps();
      stepsLeft--;
      traceEvents.push("stmt_end", stmt.span, void 0);
    }
    return null;
  }
  function bindTarget(parts, v, scope) {
    let wrapped = v;
    for (let i = parts.length - 1; i >= 1; i--) wrapped = singleKeyRecord(parts[i], wrapped);
    bind(scope, parts[0], wrapped);
  }
  function evalExpr(expr, scope) {
    if (timeMs !== void 0) checkTime(expr);
    if (typeof expr === "number") return literalValues[expr];
    switch (expr.kind) {
      case "IdentPath":
        return evalPath(expr, scope);
      case "RecordExpr":
        return evalEntries(expr, expr.entries, scope);
      case "FnCallExpr":
        return evalCall(expr, scope);
      case "ListExpr": {
        const out = [];
        const elements = expr.elements;
        for (let i = 0; i < elements.length; i++) out.push(evalExpr(elements[i], scope));
        limits.checkLength(out.length, "list literal");
        return out;
      }
      case "BinaryExpr":
        return evalBinary(expr, scope);
      case "UnaryExpr": {
        const v = evalExpr(expr.operand, scope);
        if (typeof v !== "number") throw new A0Error("E_TYPE", `Unary '-' requires a number, got ${typeofName(v)}.`, expr.span);
        return -v;
      }
      case "IfExpr":
        return isTruthy(evalExpr(expr.cond, scope)) ? evalExpr(expr.then, scope) : evalExpr(expr.else, scope);
      case "CallExpr":
      case "DoExpr":
        return evalTool(expr, scope);
      case "TryExpr":
        return evalTry(expr, scope);
      case "ForExpr":
        return evalFor(expr, scope);
      case "IfBlockExpr": {
        const cond = evalExpr(expr.cond, scope);
        return execBlock(isTruthy(cond) ? expr.thenBody : expr.elseBody, newScope(scope));
      }
      case "MatchExpr":
        return evalMatch(expr, scope);
      case "AssertExpr":
      case "CheckExpr":
        return evalEvidence(expr, scope);
      case "LoopExpr":
        return evalLoop(expr, scope);
      case "FilterBlockExpr":
        return evalFilterBlock(expr, scope);
    }
  }
  function evalPath(expr, scope) {
    const parts = expr.parts;
    let v = lookup(scope, parts[0]);
    if (v === void 0) throw new A0Error("E_UNBOUND", `Unbound variable '${parts[0]}'.`, expr.span);
    for (let i = 1; i < parts.length; i++) {
      if (!isRecord(v)) throw new A0Error("E_PATH", `Cannot access '${parts[i]}' on non-record value.`, expr.span);
      const next = v[parts[i]];
      v = next === void 0 ? null : next;
    }
    return v;
  }
  function evalEntries(node, entries2, scope) {
    const out = {};
    for (let i = 0; i < entries2.length; i += 2) {
      const key = entries2[i];
      if (key !== null) {
        out[key] = evalExpr(entries2[i + 1], scope);
      } else {
        const v = evalExpr(entries2[i + 1], scope);
        if (!isRecord(v)) throw new A0Error("E_TYPE", `Spread requires a record, got ${shapeName(v)}.`, entrySpan(node, i / 2));
        Object.assign(out, v);
      }
    }
    return out;
  }
  function evalBinary(expr, scope) {
    const l = evalExpr(expr.left, scope);
    const r = evalExpr(expr.right, scope);
    const op = expr.op;
    switch (op) {
      case "+":
        if (typeof l === "number" && typeof r === "number") return l + r;
        if (typeof l === "string" && typeof r === "string") {
          limits.checkLength(l.length + r.length, "string concatenation");
          return l + r;
        }
        throw new A0Error("E_TYPE", `Operator '+' requires two numbers or two strings, got ${typeofName(l)} and ${typeofName(r)}.`, expr.span);
      case "-":
      case "*":
      case "/":
      case "%":
        if (typeof l !== "number" || typeof r !== "number") {
          throw new A0Error("E_TYPE", `Operator '${op}' requires numbers, got ${typeofName(l)} and ${typeofName(r)}.`, expr.span);
        }
        if (op === "-") return l - r;
        if (op === "*") return multiply(l, r);
        if (r === 0) throw new A0Error("E_TYPE", op === "/" ? "Division by zero." : "Modulo by zero.", expr.span);
        return op === "/" ? l / r : l % r;
      case "==":
        return deepEqual(l, r);
      case "!=":
        return !deepEqual(l, r);
      case "<":
      case ">":
      case "<=":
      case ">=":
        if (!(typeof l === "number" && typeof r === "number" || typeof l === "string" && typeof r === "string")) {
          throw new A0Error(
            "E_TYPE",
            `Operator '${op}' requires numbers or strings of the same type, got ${typeofName(l)} and ${typeofName(r)}.`,
            expr.span
          );
        }
        if (op === "<") return l < r;
        if (op === ">") return l > r;
        if (op === "<=") return l <= r;
        return l >= r;
    }
  }
  function evalCall(expr, scope) {
    const name = expr.name;
    if (name === "map") return evalMap(expr, scope);
    if (name === "reduce") return evalReduce(expr, scope);
    if (name === "filter") return evalFilterCall(expr, scope);
    const fn = userFns.get(name);
    if (fn !== void 0) {
      const data = { fn: name };
      emit("fn_call_start", expr.span, data);
      const args2 = evalEntries(expr, expr.args, scope);
      const local = newScope(fn.closure);
      const params = fn.decl.params;
      for (let i = 0; i < params.length; i++) {
        const p = params[i];
        const v = args2[p];
        bind(local, p, v === void 0 ? null : v);
      }
      const result2 = runBody(fn, local);
      emit("fn_call_end", expr.span, data);
      return result2;
    }
    const lib = stdlib.get(name);
    if (lib === void 0) throw new A0Error("E_UNKNOWN_FN", `Unknown function '${name}'.`, expr.span);
    const args = evalEntries(expr, expr.args, scope);
    const result = callStdlib(name, lib, args, expr);
    if (timeMs !== void 0) checkTime(expr);
    return result;
  }
  function callStdlib(name, lib, args, call) {
    let result;
    try {
      result = lib(args, limits);
    } catch (e) {
      if (passesThrough(e)) throw e;
      throw new A0Error("E_FN", `Function '${name}' failed: ${errorMessage(e)}`, call.span, { fn: name });
    }
    if ((typeof result === "string" || Array.isArray(result)) && result.length > limits.maxSize) {
      limits.checkLength(result.length, `${name} result`);
    }
    return result;
  }
  function runBody(fn, local) {
    enterFunction(fn.decl.name);
    const result = execBlock(fn.decl.body, local);
    callDepth--;
    return result;
  }
  function callbackScope(op, fn, fnName, item, span2) {
    const local = newScope(fn.closure);
    const params = fn.decl.params;
    if (params.length === 1) {
      bind(local, params[0], item);
      return local;
    }
    if (!isRecord(item)) {
      throw new A0Error(
        "E_TYPE",
        `${op} item must be a record when function '${fnName}' expects ${params.length} parameters; got ${shapeName(item)}.`,
        span2
      );
    }
    for (let i = 0; i < params.length; i++) {
      const p = params[i];
      const v = item[p];
      bind(local, p, v === void 0 ? null : v);
    }
    return local;
  }
  function lookupCallback(fnName, span2) {
    const fn = userFns.get(fnName);
    if (fn === void 0) throw new A0Error("E_UNKNOWN_FN", `Unknown function '${fnName}'.`, span2);
    return fn;
  }
  function evalMap(expr, scope) {
    const span2 = expr.span;
    const args = evalEntries(expr, expr.args, scope);
    const list = args.in;
    if (!Array.isArray(list)) throw new A0Error("E_TYPE", `map 'in' must be a list, got ${typeofName(list)}.`, span2);
    const fnName = args.fn;
    if (typeof fnName !== "string") throw new A0Error("E_TYPE", `map 'fn' must be a string, got ${typeofName(fnName)}.`, span2);
    const fn = lookupCallback(fnName, span2);
    emit("map_start", span2, { fn: fnName, listLength: list.length });
    const out = [];
    const callData = { fn: fnName };
    for (let i = 0; i < list.length; i++) {
      const item = list[i];
      countIteration(span2);
      emit("fn_call_start", span2, callData);
      const local = callbackScope("map", fn, fnName, item, span2);
      out.push(runBody(fn, local));
      emit("fn_call_end", span2, callData);
    }
    emit("map_end", span2, { fn: fnName, iterations: list.length });
    return out;
  }
  function evalFilterCall(expr, scope) {
    const args = evalEntries(expr, expr.args, scope);
    const fnGiven = args.fn !== null && args.fn !== void 0;
    const byGiven = args.by !== null && args.by !== void 0;
    if (fnGiven && byGiven) {
      throw new A0Error("E_FN", "filter requires exactly one of 'by' or 'fn', not both.", expr.span, { fn: "filter" });
    }
    if (!fnGiven) return callStdlib("filter", stdlib.get("filter"), args, expr);
    const span2 = expr.span;
    const list = args.in;
    if (!Array.isArray(list)) throw new A0Error("E_TYPE", `filter 'in' must be a list, got ${typeofName(list)}.`, span2);
    const fnName = args.fn;
    if (typeof fnName !== "string") throw new A0Error("E_TYPE", `filter 'fn' must be a string, got ${typeofName(fnName)}.`, span2);
    const fn = lookupCallback(fnName, span2);
    const kept = [];
    const callData = { fn: fnName };
    for (let i = 0; i < list.length; i++) {
      const item = list[i];
      countIteration(span2);
      emit("fn_call_start", span2, callData);
      const local = callbackScope("filter", fn, fnName, item, span2);
      const verdict = runBody(fn, local);
      emit("fn_call_end", span2, callData);
      if (isTruthy(unwrapPredicate(verdict))) kept.push(item);
    }
    return kept;
  }
  function evalReduce(expr, scope) {
    const span2 = expr.span;
    const args = evalEntries(expr, expr.args, scope);
    const list = args.in;
    if (!Array.isArray(list)) throw new A0Error("E_TYPE", `reduce 'in' must be a list, got ${typeofName(list)}.`, span2);
    const fnName = args.fn;
    if (typeof fnName !== "string") throw new A0Error("E_TYPE", `reduce 'fn' must be a string, got ${typeofName(fnName)}.`, span2);
    const init = args.init;
    let acc = init === void 0 ? null : init;
    const fn = lookupCallback(fnName, span2);
    const params = fn.decl.params;
    if (params.length !== 2) {
      throw new A0Error(
        "E_TYPE",
        `reduce callback '${fnName}' must accept exactly 2 parameters (accumulator, item), got ${params.length}.`,
        span2
      );
    }
    emit("reduce_start", span2, { fn: fnName, listLength: list.length });
    const callData = { fn: fnName };
    for (let i = 0; i < list.length; i++) {
      const item = list[i];
      countIteration(span2);
      emit("fn_call_start", span2, callData);
      const local = newScope(fn.closure);
      bind(local, params[0], acc);
      bind(local, params[1], item);
      acc = runBody(fn, local);
      emit("fn_call_end", span2, callData);
    }
    emit("reduce_end", span2, { fn: fnName, iterations: list.length });
    return acc;
  }
  function evalFor(expr, scope) {
    const list = evalExpr(expr.list, scope);
    if (!Array.isArray(list)) {
      throw new A0Error("E_FOR_NOT_LIST", `for-in expression must evaluate to a list, got ${rawTypeofName(list)}.`, exprSpan(expr.list));
    }
    emit("for_start", expr.span, { listLength: list.length, as: expr.binding });
    const out = [];
    for (let i = 0; i < list.length; i++) {
      const item = list[i];
      countIteration(expr.span);
      const local = newScope(scope);
      bind(local, expr.binding, item);
      out.push(execBlock(expr.body, local));
    }
    emit("for_end", expr.span, { iterations: list.length });
    return out;
  }
  function evalFilterBlock(expr, scope) {
    const list = evalExpr(expr.list, scope);
    if (!Array.isArray(list)) {
      throw new A0Error("E_TYPE", `filter 'in' must be a list, got ${typeofName(list)}.`, exprSpan(expr.list));
    }
    emit("filter_start", expr.span, { listLength: list.length, as: expr.binding });
    const kept = [];
    for (let i = 0; i < list.length; i++) {
      const item = list[i];
      countIteration(expr.span);
      const local = newScope(scope);
      bind(local, expr.binding, item);
      if (isTruthy(unwrapPredicate(execBlock(expr.body, local)))) kept.push(item);
    }
    emit("filter_end", expr.span, { iterations: list.length });
    return kept;
  }
  function evalLoop(expr, scope) {
    const init = evalExpr(expr.init, scope);
    const times = evalExpr(expr.times, scope);
    if (typeof times !== "number" || !Number.isInteger(times) || times < 0) {
      const shown = times === null ? "null" : jsonText(times, limits);
      throw new A0Error("E_TYPE", `loop 'times' must be a non-negative integer, got ${shown}.`, expr.span);
    }
    emit("loop_start", expr.span, { times, as: expr.binding });
    let current = init;
    for (let i = 0; i < times; i++) {
      countIteration(expr.span);
      const local = newScope(scope);
      bind(local, expr.binding, current);
      current = execBlock(expr.body, local);
    }
    emit("loop_end", expr.span, { iterations: times });
    return current;
  }
  function evalMatch(expr, scope) {
    const subject = evalExpr(expr.subject, scope);
    if (!isRecord(subject)) {
      throw new A0Error("E_MATCH_NOT_RECORD", `match subject must be a record, got ${shapeName(subject)}.`, exprSpan(expr.subject));
    }
    let arm;
    if ("ok" in subject) arm = expr.okArm;
    else if ("err" in subject) arm = expr.errArm;
    else throw new A0Error("E_MATCH_NO_ARM", "match subject record has neither 'ok' nor 'err' key.", exprSpan(expr.subject));
    const tag = arm.tag;
    const data = { arm: tag };
    emit("match_start", expr.span, data);
    const local = newScope(scope);
    const bound = subject[tag];
    bind(local, arm.binding, bound === void 0 ? null : bound);
    const result = execBlock(arm.body, local);
    emit("match_end", expr.span, data);
    return result;
  }
  function evalTry(expr, scope) {
    const depth2 = callDepth;
    try {
      return execBlock(expr.tryBody, newScope(scope));
    } catch (e) {
      if (passesThrough(e)) throw e;
      callDepth = depth2;
      const error = toA0Error(e);
      const caught = { code: error.code, message: error.message };
      if (error.details !== void 0) caught.details = error.details;
      const local = newScope(scope);
      bind(local, expr.catchBinding, caught);
      return execBlock(expr.catchBody, local);
    }
  }
  function evalEvidence(expr, scope) {
    const args = evalEntries(expr, expr.args, scope);
    const kind = expr.kind === "AssertExpr" ? "assert" : "check";
    const ok = isTruthy(args.that);
    const msgArg = args.msg;
    const msg = typeof msgArg === "string" ? msgArg : "";
    const ev = { kind, ok, msg, span: spanRecord(expr.span) };
    const details = args.details;
    if (isRecord(details)) ev.details = details;
    if (evidenceList === NONE) evidenceList = [];
    evidenceList.push(ev);
    emit("evidence", expr.span, ev);
    if (kind === "assert" && !ok) {
      throw new A0Error("E_ASSERT", `Assertion failed: ${msg}`, expr.span, { evidence: ev });
    }
    return ev;
  }
  function decodeReply(tool, text) {
    let reply;
    try {
      reply = decodeCanonical(String(text));
    } catch (e) {
      throw new HostProtocolError(`host.call(${tool}) returned text that is not canonical JSON: ${errorMessage(e)}`);
    }
    if (isRecord(reply) && ("ok" in reply || typeof reply.err === "string")) return reply;
    throw new HostProtocolError(`host.call(${tool}) must return {"ok": VALUE} or {"err": "MESSAGE"}`);
  }
  function callFsWrite(args, argsJSON) {
    let dataText;
    try {
      dataText = fsWriteText(args, limits);
    } catch (e) {
      if (passesThrough(e)) throw e;
      return { err: errorMessage(e) };
    }
    return decodeReply("fs.write", toolHost.call("fs.write", argsJSON, dataText));
  }
  function evalTool(expr, scope) {
    const span2 = expr.span;
    const name = expr.tool;
    const tool = toolHost.tools.get(name);
    if (tool === void 0) throw new A0Error("E_UNKNOWN_TOOL", `Unknown tool '${name}'.`, span2);
    if (expr.kind === "CallExpr" && tool.mode === "effect") {
      throw new A0Error("E_CALL_EFFECT", `Cannot use 'call?' with effectful tool '${name}'. Use 'do' instead.`, span2);
    }
    if (allowedCaps.indexOf(tool.capability) < 0) {
      throw new A0Error("E_CAP_DENIED", `Capability '${tool.capability}' required by tool '${name}' is not allowed.`, span2, {
        capability: tool.capability,
        tool: name
      });
    }
    const args = evalEntries(expr, expr.args, scope);
    const argsJSON = encodeCanonical(args, limits, `arguments of ${name}`);
    const issues = toolHost.validate(name, argsJSON);
    if (typeof issues !== "string") throw new HostProtocolError(`host.validate(${name}) must return a string`);
    if (issues !== "") {
      throw new A0Error("E_TOOL_ARGS", `Invalid arguments for tool '${name}': ${issues}`, argsSpan(expr), { tool: name });
    }
    toolCalls++;
    const maxCalls = maxToolCalls;
    if (maxCalls !== void 0 && toolCalls > maxCalls) {
      budgetExceeded("maxToolCalls", maxCalls, toolCalls, span2, `Budget exceeded: maxToolCalls limit of ${maxCalls} reached.`);
    }
    emit("tool_start", span2, { tool: name, args, mode: tool.mode });
    const started = Date.now();
    const reply = name === "fs.write" ? callFsWrite(args, argsJSON) : decodeReply(name, toolHost.call(name, argsJSON, void 0));
    const durationMs = Date.now() - started;
    if (!("ok" in reply)) {
      const message = reply.err;
      emit("tool_end", span2, { tool: name, outcome: "err", durationMs, error: message });
      throw new A0Error("E_TOOL", `Tool '${name}' failed: ${message}`, span2, { tool: name });
    }
    const result = reply.ok;
    limits.checkNodes(result, true, `result of ${name}`);
    emit("tool_end", span2, { tool: name, outcome: "ok", durationMs });
    if (isRecord(result) && typeof result.bytes === "number") {
      bytesWritten += result.bytes;
      const maxBytes = maxBytesWritten;
      if (maxBytes !== void 0 && bytesWritten > maxBytes) {
        budgetExceeded(
          "maxBytesWritten",
          maxBytes,
          bytesWritten,
          span2,
          `Budget exceeded: maxBytesWritten limit of ${maxBytes} bytes exceeded (${bytesWritten} bytes written).`
        );
      }
    }
    if (timeMs !== void 0) checkTime(expr);
    return result;
  }
  function unwrapPredicate(v) {
    if (!isRecord(v)) return v;
    const keys2 = Object.keys(v);
    return keys2.length === 0 ? null : v[keys2[0]];
  }
  function toA0Error(e) {
    if (e instanceof A0Error) return e;
    return new A0Error("E_RUNTIME", errorMessage(e));
  }

  // src/outcome.ts
  function spanText(fileText, s) {
    return '{"file":' + fileText + ',"startLine":' + s.startLine + ',"startCol":' + s.startCol + ',"endLine":' + s.endLine + ',"endCol":' + s.endCol + "}";
  }
  var EVENT_NAMES = [
    "run_start",
    "run_end",
    "stmt_start",
    "stmt_end",
    "tool_start",
    "tool_end",
    "evidence",
    "budget_exceeded",
    "for_start",
    "for_end",
    "filter_start",
    "filter_end",
    "loop_start",
    "loop_end",
    "map_start",
    "map_end",
    "reduce_start",
    "reduce_end",
    "fn_call_start",
    "fn_call_end",
    "match_start",
    "match_end"
  ];
  var EVENT_PREFIX = /* @__PURE__ */ Object.create(null);
  for (let i = 0; i < EVENT_NAMES.length; i++) {
    EVENT_PREFIX[EVENT_NAMES[i]] = '{"event":' + JSON.stringify(EVENT_NAMES[i]) + ',"span":';
  }
  function encodeOutcome(o, limits3, host) {
    if (host !== void 0 && typeof host.outcome === "function" && host.outcome(o, limits3.maxSize, true) === true) return "";
    if (!valuesArePlain(o, limits3.maxSize)) return writeOutcome(o, limits3);
    o.trace = traceObjects(o.trace);
    return JSON.stringify(o);
  }
  function valuesArePlain(o, max) {
    const v = o.value;
    if (v !== void 0) {
      if (typeof v === "number") {
        if (v !== 0 ? v - v !== 0 : 1 / v < 0) return false;
      } else if (typeof v !== "string" && !isPlain(v, max, "result value")) {
        return false;
      }
    }
    const errors = o.errors;
    for (let i = 0; i < errors.length; i++) {
      const details = errors[i].details;
      if (details !== void 0 && !isPlain(details, max, "error details")) return false;
    }
    const evidence = o.evidence;
    for (let i = 0; i < evidence.length; i++) {
      if (!isPlain(evidence[i], max, "evidence record")) return false;
    }
    const trace = o.trace;
    let checked = void 0;
    for (let i = 2; i < trace.length; i += 3) {
      const data = trace[i];
      if (data === void 0 || data === checked) continue;
      if (!isPlainJSON(data, max)) {
        if (plainJSONOverflow(max)) throw tooManyNodes(trace[i - 2] + " data", max);
        return false;
      }
      checked = data;
    }
    return true;
  }
  function isPlain(v, max, what) {
    if (isPlainJSON(v, max)) return true;
    if (plainJSONOverflow(max)) throw tooManyNodes(what, max);
    return false;
  }
  function traceObjects(trace) {
    const events = [];
    for (let i = 0; i < trace.length; i += 3) {
      const data = trace[i + 2];
      events.push(data === void 0 ? { event: trace[i], span: trace[i + 1] } : { event: trace[i], span: trace[i + 1], data });
    }
    return events;
  }
  function writeOutcome(o, limits3) {
    let text = '{"status":"' + o.status + '","exitCode":' + o.exitCode;
    if (o.value !== void 0) text += ',"value":' + encodeCanonical(o.value, limits3, "result value");
    const errors = [];
    for (let i = 0; i < o.errors.length; i++) errors.push(errorText(o.errors[i], limits3));
    const evidence = [];
    for (let i = 0; i < o.evidence.length; i++) evidence.push(encodeCanonical(o.evidence[i], limits3, "evidence record"));
    text += ',"errors":[' + errors.join(",") + '],"evidence":[' + evidence.join(",") + '],"trace":[' + traceText(o.trace, limits3) + "]";
    if (o.limit !== void 0) text += ',"limit":' + JSON.stringify(o.limit);
    if (o.detail !== void 0) text += ',"detail":' + JSON.stringify(o.detail);
    return text + "}";
  }
  function errorText(e, limits3) {
    let text = '{"code":' + JSON.stringify(e.code) + ',"message":' + JSON.stringify(e.message);
    if (e.span !== void 0) text += ',"span":' + spanText(JSON.stringify(e.span.file), e.span);
    if (e.hint !== void 0) text += ',"hint":' + JSON.stringify(e.hint);
    if (e.details !== void 0) text += ',"details":' + encodeCanonical(e.details, limits3, "error details");
    return text + "}";
  }
  function traceText(trace, limits3) {
    var _a;
    const max = limits3.maxSize;
    const texts = [];
    const spanTexts = /* @__PURE__ */ new Map();
    let file2 = "";
    let fileText = '""';
    for (let i = 0; i < trace.length; i += 3) {
      const event = trace[i];
      const s = trace[i + 1];
      let st = spanTexts.get(s);
      if (st === void 0) {
        if (s.file !== file2) {
          file2 = s.file;
          fileText = JSON.stringify(file2);
        }
        st = spanText(fileText, s);
        spanTexts.set(s, st);
      }
      const prefix = (_a = EVENT_PREFIX[event]) != null ? _a : '{"event":' + JSON.stringify(event) + ',"span":';
      const data = trace[i + 2];
      if (data === void 0) {
        texts.push(prefix + st + "}");
      } else {
        const dataText = isPlainJSON(data, max) ? JSON.stringify(data) : encodeRejected(data, max, event + " data");
        texts.push(prefix + st + ',"data":' + dataText + "}");
      }
    }
    return texts.join(",");
  }

  // src/validator.ts
  var CAPABILITIES = ["fs.read", "fs.write", "http.get", "sh.exec"];
  var BUDGET_FIELDS2 = ["timeMs", "maxToolCalls", "maxBytesWritten", "maxIterations"];
  var TOOLS = [
    { name: "fs.read", mode: "read", capability: "fs.read" },
    { name: "fs.write", mode: "effect", capability: "fs.write" },
    { name: "fs.list", mode: "read", capability: "fs.read" },
    { name: "fs.exists", mode: "read", capability: "fs.read" },
    { name: "http.get", mode: "read", capability: "http.get" },
    { name: "sh.exec", mode: "effect", capability: "sh.exec" }
  ];
  var STDLIB_NAMES = [
    "parse.json",
    "get",
    "put",
    "patch",
    "eq",
    "contains",
    "not",
    "and",
    "or",
    "len",
    "map",
    "append",
    "concat",
    "sort",
    "filter",
    "find",
    "range",
    "join",
    "str.concat",
    "str.split",
    "str.starts",
    "str.replace",
    "keys",
    "values",
    "merge",
    "math.max",
    "math.min",
    "str.ends",
    "unique",
    "reduce",
    "coalesce",
    "typeof",
    "pluck",
    "flat",
    "entries",
    "str.template"
  ];
  var stdlib2 = new Set(STDLIB_NAMES);
  var toolsByName = /* @__PURE__ */ new Map();
  for (const t of TOOLS) toolsByName.set(t.name, t);
  var HINT_UNKNOWN_FN = "Known stdlib functions: " + STDLIB_NAMES.join(", ") + ". User-defined functions must be declared before use.";
  var HINT_UNKNOWN_TOOL = "Valid tools: " + TOOLS.map((t) => t.name).join(", ");
  var HINT_BLOCK_NO_RETURN = "Add a 'return <expr>' statement at the end of the body.";
  var HINT_RETURN_NOT_LAST = "Move any statements after return before it, or remove them.";
  var HINT_DUP_BINDING = "Use a different variable name.";
  var varNames = [];
  var fnNames = [];
  var varBase = 0;
  var fnBase = 0;
  var NONE2 = [];
  var VALID = { diagnostics: NONE2, unsupportedSpread: false };
  var diagnostics = NONE2;
  var unsupportedSpread = false;
  var toolUses = [];
  function report(code, message, where, hint) {
    if (diagnostics === NONE2) diagnostics = [];
    if (where === void 0) diagnostics.push({ code, message, hint });
    else diagnostics.push({ code, message, span: where, hint });
  }
  function validate(program) {
    diagnostics = NONE2;
    unsupportedSpread = false;
    toolUses.length = 0;
    varNames.length = 0;
    fnNames.length = 0;
    varBase = 0;
    fnBase = 0;
    try {
      checkHeaders(program);
      const stmts = program.statements;
      for (let i = 0; i < stmts.length; i++) checkStatement(stmts[i]);
      checkTools(program);
      if (diagnostics === NONE2 && !unsupportedSpread) return VALID;
      return { diagnostics, unsupportedSpread };
    } finally {
      diagnostics = NONE2;
      toolUses.length = 0;
      varNames.length = 0;
      fnNames.length = 0;
    }
  }
  function checkHeaders(program) {
    const headers = program.headers;
    let budgets = 0;
    for (let i = 0; i < headers.length; i++) {
      const h = headers[i];
      if (h.kind === "BudgetDecl" && ++budgets > 1) {
        report(
          "E_DUP_BUDGET",
          "Only one budget header is allowed.",
          h.span,
          "Combine all budget fields into a single 'budget { ... }' header."
        );
      }
    }
    for (let i = 0; i < headers.length; i++) {
      const h = headers[i];
      if (h.kind === "ImportDecl") {
        report(
          "E_IMPORT_UNSUPPORTED",
          "Import declarations are not supported yet.",
          h.span,
          "Remove 'import ... as ...' for now."
        );
      }
    }
    const stmts = program.statements;
    let hasReturn = false;
    for (let i = 0; i < stmts.length; i++) if (stmts[i].kind === "ReturnStmt") hasReturn = true;
    if (!hasReturn) {
      report(
        "E_NO_RETURN",
        "Program must end with a return statement.",
        program.span,
        "Add a 'return <expr>' statement at the end of your program."
      );
    }
    for (let i = 0; i < stmts.length - 1; i++) {
      if (stmts[i].kind === "ReturnStmt") {
        report(
          "E_RETURN_NOT_LAST",
          "Return statement must be the last statement in the program.",
          stmts[i].span,
          HINT_RETURN_NOT_LAST
        );
      }
    }
    for (let i = 0; i < headers.length; i++) {
      const h = headers[i];
      if (h.kind !== "CapDecl") continue;
      const rec = h.capabilities;
      const entries2 = rec.entries;
      for (let j = 0; j < entries2.length; j += 2) {
        const key = entries2[j];
        if (key === null) {
          unsupportedSpread = true;
          continue;
        }
        if (CAPABILITIES.indexOf(key) < 0) {
          report(
            "E_UNKNOWN_CAP",
            "Unknown capability '" + key + "'.",
            entrySpan(rec, j / 2),
            "Valid capabilities: " + CAPABILITIES.join(", ")
          );
        }
        const value = entries2[j + 1];
        if (!isTrueLiteral(value)) {
          report(
            "E_CAP_VALUE",
            "Capability '" + key + "' must be set to true.",
            exprSpan(value),
            "Use capability declarations like 'cap { fs.read: true }'."
          );
        }
      }
    }
    for (let i = 0; i < headers.length; i++) {
      const h = headers[i];
      if (h.kind !== "BudgetDecl") continue;
      const rec = h.budget;
      const entries2 = rec.entries;
      for (let j = 0; j < entries2.length; j += 2) {
        const key = entries2[j];
        const value = entries2[j + 1];
        if (key === null || BUDGET_FIELDS2.indexOf(key) < 0) {
          report(
            "E_UNKNOWN_BUDGET",
            "Unknown budget field '" + (key === null ? "undefined" : key) + "'.",
            entrySpan(rec, j / 2),
            "Valid budget fields: " + BUDGET_FIELDS2.join(", ")
          );
        } else if (!isIntLiteral(value)) {
          report(
            "E_BUDGET_TYPE",
            "Budget field '" + key + "' must be an integer literal.",
            exprSpan(value),
            "Use integer values, for example: budget { timeMs: 5000 }."
          );
        }
      }
    }
  }
  function isVisibleFn(name) {
    return fnNames.indexOf(name) >= 0;
  }
  function isLocal(name) {
    return varNames.indexOf(name, varBase) >= 0 || fnNames.indexOf(name, fnBase) >= 0;
  }
  function checkStatement(stmt) {
    switch (stmt.kind) {
      case "LetStmt":
        if (isLocal(stmt.name)) {
          report("E_DUP_BINDING", "Duplicate binding '" + stmt.name + "'.", stmt.span, HINT_DUP_BINDING);
        }
        checkExpr(stmt.value);
        varNames.push(stmt.name);
        return;
      case "ReturnStmt":
        checkExpr(stmt.value);
        return;
      case "ExprStmt":
        checkExpr(stmt.expr);
        if (stmt.target !== void 0) declareTarget(stmt.target);
        return;
      case "FnDecl":
        if (isVisibleFn(stmt.name) || varNames.indexOf(stmt.name, varBase) >= 0) reportFnDup(stmt);
        checkFnSignature(stmt);
        return;
    }
  }
  function checkBlock(body, extra, context) {
    const outerVars = varBase;
    const outerFns = fnBase;
    varBase = extra;
    fnBase = fnNames.length;
    const n = body.length;
    if (n === 0 || body[n - 1].kind !== "ReturnStmt") {
      let early = -1;
      for (let i = 0; i < n - 1 && early < 0; i++) if (body[i].kind === "ReturnStmt") early = i;
      if (early < 0) {
        const last = n > 0 ? body[n - 1].span : void 0;
        report("E_NO_RETURN", context + " must end with a return statement.", last, HINT_BLOCK_NO_RETURN);
      }
    }
    for (let i = 0; i < n - 1; i++) {
      if (body[i].kind === "ReturnStmt") {
        report(
          "E_RETURN_NOT_LAST",
          "Return statement must be the last statement in " + context + ".",
          body[i].span,
          HINT_RETURN_NOT_LAST
        );
      }
    }
    for (let i = 0; i < n; i++) checkStatement(body[i]);
    varNames.length = extra;
    fnNames.length = fnBase;
    varBase = outerVars;
    fnBase = outerFns;
  }
  function checkBlockBinding(body, name, context) {
    const extra = varNames.length;
    varNames.push(name);
    checkBlock(body, extra, context);
  }
  function declareTarget(target) {
    const root = target.parts[0];
    if (isLocal(root)) {
      report("E_DUP_BINDING", "Duplicate binding '" + root + "'.", target.span, HINT_DUP_BINDING);
    }
    varNames.push(root);
  }
  function reportFnDup(fn) {
    report(
      "E_FN_DUP",
      "Duplicate function definition '" + fn.name + "'.",
      fn.span,
      "Use a different function name."
    );
  }
  function checkFnSignature(fn) {
    const params = fn.params;
    for (let i = 1; i < params.length; i++) {
      if (params.lastIndexOf(params[i], i - 1) >= 0) {
        report(
          "E_DUP_BINDING",
          "Duplicate parameter '" + params[i] + "' in function '" + fn.name + "'.",
          fn.span,
          "Use unique parameter names in function declarations."
        );
      }
    }
    if (stdlib2.has(fn.name)) {
      report(
        "E_FN_DUP",
        "Function name '" + fn.name + "' conflicts with a built-in stdlib function.",
        fn.span,
        "Use a different function name to avoid shadowing the stdlib."
      );
    }
    fnNames.push(fn.name);
    const extra = varNames.length;
    for (let i = 0; i < params.length; i++) varNames.push(params[i]);
    varNames.push(fn.name);
    checkBlock(fn.body, extra, "function '" + fn.name + "'");
  }
  function checkExpr(e) {
    if (typeof e === "number") return;
    switch (e.kind) {
      case "IdentPath": {
        const name = e.parts[0];
        if (varNames.indexOf(name) >= 0) return;
        report(
          "E_UNBOUND",
          "Unbound variable '" + name + "'.",
          e.span,
          "Make sure the variable is defined with 'let' before use."
        );
        return;
      }
      case "RecordExpr": {
        const entries2 = e.entries;
        for (let i = 1; i < entries2.length; i += 2) checkExpr(entries2[i]);
        return;
      }
      case "FnCallExpr": {
        const name = e.name;
        if (!stdlib2.has(name) && !isVisibleFn(name)) {
          report("E_UNKNOWN_FN", "Unknown function '" + name + "'.", nameSpan(e), HINT_UNKNOWN_FN);
        }
        if (name === "map" || name === "reduce" || name === "filter") checkCallback(name, e.args);
        checkArgs(e.args);
        return;
      }
      case "ListExpr": {
        const elements = e.elements;
        for (let i = 0; i < elements.length; i++) checkExpr(elements[i]);
        return;
      }
      case "BinaryExpr":
        checkExpr(e.left);
        checkExpr(e.right);
        return;
      case "CallExpr":
      case "DoExpr":
        toolUses.push(e);
        checkArgs(e.args);
        return;
      case "AssertExpr":
      case "CheckExpr":
        checkArgs(e.args);
        return;
      case "IfBlockExpr":
        checkExpr(e.cond);
        checkBlock(e.thenBody, varNames.length, "if body");
        checkBlock(e.elseBody, varNames.length, "else body");
        return;
      case "IfExpr":
        checkExpr(e.cond);
        checkExpr(e.then);
        checkExpr(e.else);
        return;
      case "ForExpr":
        checkExpr(e.list);
        checkBlockBinding(e.body, e.binding, "for body");
        return;
      case "MatchExpr":
        checkExpr(e.subject);
        checkBlockBinding(e.okArm.body, e.okArm.binding, "match ok arm");
        checkBlockBinding(e.errArm.body, e.errArm.binding, "match err arm");
        return;
      case "TryExpr":
        checkBlock(e.tryBody, varNames.length, "try body");
        checkBlockBinding(e.catchBody, e.catchBinding, "catch body");
        return;
      case "UnaryExpr":
        checkExpr(e.operand);
        return;
      case "FilterBlockExpr":
        checkExpr(e.list);
        checkBlockBinding(e.body, e.binding, "filter body");
        return;
      case "LoopExpr":
        checkExpr(e.init);
        checkExpr(e.times);
        checkBlockBinding(e.body, e.binding, "loop body");
        return;
      default:
        return;
    }
  }
  function checkArgs(entries2) {
    for (let i = 0; i < entries2.length; i += 2) {
      if (entries2[i] === null) unsupportedSpread = true;
      else checkExpr(entries2[i + 1]);
    }
  }
  function checkCallback(name, entries2) {
    for (let i = 0; i < entries2.length; i += 2) {
      if (entries2[i] !== "fn") continue;
      const v = entries2[i + 1];
      const fn = typeof v === "number" ? literalValues[v] : null;
      if (typeof fn === "string" && !isVisibleFn(fn)) {
        report(
          "E_UNKNOWN_FN",
          "Unknown function '" + fn + "'.",
          exprSpan(v),
          "For " + name + ", define the user function with 'fn' before use and pass its name as a string."
        );
      }
      return;
    }
  }
  function checkTools(program) {
    if (toolUses.length === 0) return;
    const declared = new Set(requestedCapabilities(program));
    for (let i = 0; i < toolUses.length; i++) {
      const e = toolUses[i];
      const name = e.tool;
      const tool = toolsByName.get(name);
      if (tool === void 0) {
        report("E_UNKNOWN_TOOL", "Unknown tool '" + name + "'.", nameSpan(e), HINT_UNKNOWN_TOOL);
      } else if (!declared.has(tool.capability)) {
        report(
          "E_UNDECLARED_CAP",
          "Tool '" + name + "' is used but its capability is not declared in a 'cap { ... }' header.",
          nameSpan(e),
          "Add '" + tool.capability + ": true' to your cap { ... } declaration."
        );
      }
      if (e.kind === "CallExpr" && tool !== void 0 && tool.mode === "effect") {
        report(
          "E_CALL_EFFECT",
          "Cannot use 'call?' with effectful tool '" + name + "'. Use 'do' instead.",
          e.span,
          "Replace 'call? " + name + "' with 'do " + name + "'."
        );
      }
    }
  }

  // src/index.ts
  var DEFAULT_MAX_STEPS = 1e5;
  var DEFAULT_MAX_DEPTH = 1e4;
  var DEFAULT_MAX_SIZE = 1 << 20;
  var limits2 = ["maxSteps", "maxDepth", "maxSize", "maxNesting"];
  var version = "a0-ts-reference 0.6.0";
  var lastText = null;
  var lastConfig = null;
  var restCache = /* @__PURE__ */ new Map();
  var MAX_RESTS = 64;
  var FILE_PREFIX = '{"file":';
  var ALLOW_KEY = ',"allow":';
  function readConfig(configJSON) {
    if (lastText === configJSON && lastConfig !== null) return lastConfig;
    const whole = textCache.get(configJSON);
    if (whole !== void 0) {
      lastText = configJSON;
      lastConfig = whole;
      return whole;
    }
    const config = readNewConfig(configJSON);
    if (textCache.size >= MAX_TEXTS) textCache.clear();
    textCache.set(configJSON, config);
    lastText = configJSON;
    lastConfig = config;
    return config;
  }
  var textCache = /* @__PURE__ */ new Map();
  var MAX_TEXTS = 256;
  function readNewConfig(configJSON) {
    var _a;
    const at2 = configJSON.startsWith(FILE_PREFIX) ? configJSON.indexOf(ALLOW_KEY) : -1;
    if (at2 >= 0) {
      const known = restCache.get(configJSON.slice(at2));
      if (known !== void 0) {
        const file2 = fileName2(configJSON, at2);
        if (file2 !== null) {
          return { file: file2, allow: known.allow, limits: known.limits };
        }
      }
    }
    const config = (_a = readHostConfig(configJSON)) != null ? _a : parseConfig(configJSON);
    const rest = reusableRest(configJSON);
    if (rest !== "") {
      if (restCache.size >= MAX_RESTS) restCache.clear();
      restCache.set(rest, config);
    }
    return config;
  }
  function reusableRest(configJSON) {
    if (!configJSON.startsWith(FILE_PREFIX)) return "";
    const at2 = configJSON.indexOf(ALLOW_KEY);
    if (at2 < 0) return "";
    const rest = configJSON.slice(at2);
    return rest.indexOf('"file"') < 0 && rest.indexOf("\\u") < 0 ? rest : "";
  }
  function fileName2(configJSON, at2) {
    const fileJSON = configJSON.slice(FILE_PREFIX.length, at2);
    const name = fileJSON.slice(1, -1);
    if (JSON.stringify(name) === fileJSON) return name;
    if (fileJSON.indexOf("\\u") >= 0) return null;
    let file2;
    try {
      file2 = JSON.parse(fileJSON);
    } catch {
      return null;
    }
    return typeof file2 === "string" ? file2 : null;
  }
  var HOST_REST = /^,"allow":\[((?:"[A-Za-z0-9._-]*"(?:,"[A-Za-z0-9._-]*")*)?)\],"limits":\{"maxSteps":(0|[1-9][0-9]{0,14}),"maxDepth":(0|[1-9][0-9]{0,14}),"maxSize":(0|[1-9][0-9]{0,14})\}\}$/;
  function readHostConfig(configJSON) {
    if (!configJSON.startsWith(FILE_PREFIX)) return null;
    const at2 = configJSON.indexOf(ALLOW_KEY);
    if (at2 < 0) return null;
    const m = HOST_REST.exec(configJSON.slice(at2));
    if (m === null) return null;
    const file2 = fileName2(configJSON, at2);
    if (file2 === null) return null;
    const allow = m[1] === "" ? [] : m[1].slice(1, -1).split('","');
    return {
      file: file2,
      allow,
      limits: new Limits(
        positive(Number(m[2]), DEFAULT_MAX_STEPS),
        positive(Number(m[3]), DEFAULT_MAX_DEPTH),
        positive(Number(m[4]), DEFAULT_MAX_SIZE)
      )
    };
  }
  function positive(v, dflt) {
    return typeof v === "number" && v > 0 ? v : dflt;
  }
  function parseConfig(configJSON) {
    var _a, _b;
    const raw = decodeCanonical(configJSON);
    if (!isRecord(raw)) throw new TypeError("A0Reference.run: configJSON must be a JSON object");
    const file2 = raw.file;
    if (typeof file2 !== "string") throw new TypeError('A0Reference.run: config "file" must be a string');
    const allow = [];
    const rawAllow = (_a = raw.allow) != null ? _a : [];
    if (!Array.isArray(rawAllow)) throw new TypeError('A0Reference.run: config "allow" must be a list');
    for (let i = 0; i < rawAllow.length; i++) {
      const a = rawAllow[i];
      if (typeof a !== "string") throw new TypeError('A0Reference.run: config "allow" entries must be strings');
      allow.push(a);
    }
    const limits3 = (_b = raw.limits) != null ? _b : {};
    if (!isRecord(limits3)) throw new TypeError('A0Reference.run: config "limits" must be an object');
    return {
      file: file2,
      allow,
      limits: new Limits(
        positive(limits3.maxSteps, DEFAULT_MAX_STEPS),
        positive(limits3.maxDepth, DEFAULT_MAX_DEPTH),
        positive(limits3.maxSize, DEFAULT_MAX_SIZE)
      )
    };
  }
  var toolsCache = null;
  function toolHostFor(host) {
    if (toolsCache !== null && toolsCache.host === host) return toolsCache.toolHost;
    const text = host.tools();
    const tools = toolsCache !== null && toolsCache.text === text ? toolsCache.toolHost.tools : readTools(text);
    const toolHost2 = {
      tools,
      validate: (tool, argsJSON) => host.validate(tool, argsJSON),
      call: (tool, argsJSON, dataText) => host.call(tool, argsJSON, dataText)
    };
    toolsCache = { host, text, toolHost: toolHost2 };
    return toolHost2;
  }
  function readTools(text) {
    const raw = decodeCanonical(text);
    if (!Array.isArray(raw)) throw new TypeError("host.tools() must return a JSON list");
    const tools = /* @__PURE__ */ new Map();
    for (let i = 0; i < raw.length; i++) {
      const t = raw[i];
      if (!isRecord(t) || typeof t.name !== "string" || typeof t.mode !== "string" || typeof t.capability !== "string") {
        throw new TypeError("host.tools(): every entry needs string name, mode and capability");
      }
      tools.set(t.name, { name: t.name, mode: t.mode, capability: t.capability });
    }
    return tools;
  }
  var NONE3 = [];
  function emptyOutcome(exitCode) {
    return { status: "ok", exitCode, errors: NONE3, evidence: NONE3, trace: NONE3 };
  }
  function diagnosticOutcome(errors) {
    return { status: "ok", exitCode: 2, errors, evidence: NONE3, trace: NONE3 };
  }
  function resourceOutcome(e, evidence, trace) {
    return { status: "resource", exitCode: 0, errors: NONE3, evidence, trace, limit: e.limit, detail: `${e.limit}: ${e.detail}` };
  }
  function run(source, configJSON, host) {
    const config = readConfig(configJSON);
    const limits3 = config.limits;
    try {
      return encodeOutcome(evaluate(source, config, host), limits3, host);
    } catch (e) {
      if (e instanceof HarnessLimitError) return encodeOutcome(resourceOutcome(e, NONE3, NONE3), limits3, host);
      throw e;
    }
  }
  function evaluate(source, config, host) {
    const parsed = parse(source, config.file);
    if (parsed.diagnostics.length > 0 || parsed.program === void 0) {
      return diagnosticOutcome(parsed.diagnostics);
    }
    const program = parsed.program;
    const checked = validate(program);
    if (checked.unsupportedSpread) return emptyOutcome(1);
    if (checked.diagnostics.length > 0) return diagnosticOutcome(checked.diagnostics);
    const result = evaluateProgram(program, config.file, config.allow, toolHostFor(host), config.limits);
    if (result.kind === "limit") return resourceOutcome(result.limit, result.evidence, result.trace);
    if (result.kind === "ok") {
      let failed = false;
      for (let i = 0; i < result.evidence.length; i++) if (result.evidence[i].ok === false) failed = true;
      return { status: "ok", exitCode: failed ? 5 : 0, value: result.value, errors: NONE3, evidence: result.evidence, trace: result.trace };
    }
    const err = result.error;
    const exitCode = err.code === "E_CAP_DENIED" ? 3 : err.code === "E_ASSERT" ? 5 : 4;
    return {
      status: "ok",
      exitCode,
      errors: [{ code: err.code, message: err.message, span: err.span, details: err.details }],
      evidence: result.evidence,
      trace: result.trace
    };
  }
  installV8Compat();
  globalThis.A0Reference = { version, limits: limits2, run };
})();
