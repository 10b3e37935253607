// String.prototype.localeCompare as V8 (ICU's root collation, node 20) orders the strings
// A0 programs sort (spec §8.4), in goja as in node. The reference does not hand strings
// to the engine's collator as they are: goja's localeCompare is golang.org/x/text's root
// collator on UTF-8, which differs from ICU where A0 programs meet it:
//
//   - decimal digits of other scripts (ARABIC-INDIC DIGIT ONE, DEVANAGARI DIGIT ONE, …):
//     ICU collates them exactly as the ASCII digit of the same value (localeCompare 0),
//     x/text orders them after all ASCII digits;
//   - lone surrogates: goja turns them into U+FFFD first; ICU gives each an implicit
//     weight of its own, ordered by code unit, above every assigned character;
//   - U+FFFD and U+FFFF: ICU's root puts them last of all (U+FFFD below U+FFFF), x/text
//     weighs U+FFFD as an ordinary symbol.
//
// collationFold rewrites a string so that both collators agree with ICU on it: such a
// digit becomes its ASCII digit (ICU sees no difference, so node's answer is unchanged),
// a lone surrogate U becomes the unassigned code point U+40000 + (U - 0xD800), U+FFFD
// becomes U+40800 and U+FFFF U+40801 — unassigned code points get implicit weights above
// every assigned character, ordered by code point, in ICU and x/text alike. The rewrite
// keeps ICU's order as long as the strings hold no unassigned or private-use code points
// of their own (which a stand-in would move relative to); the Go evaluator applies the
// same rewrite before the same x/text collator (runtime/locale).

// The first code point of every block of ten decimal digits that ICU collates as "0"…"9"
// (computed with node 20: each digit's localeCompare with its ASCII digit is 0;
// runtime/locale/testdata/digits.js).
export const DIGIT_ZEROS = [
  0x660, 0x6f0, 0x7c0, 0x966, 0x9e6, 0xa66, 0xae6, 0xb66, 0xbe6, 0xc66, 0xce6, 0xd66, 0xde6, 0xe50, 0xed0, 0xf20,
  0x1040, 0x1090, 0x17e0, 0x1810, 0x1946, 0x19d0, 0x1a80, 0x1a90, 0x1b50, 0x1bb0, 0x1c40, 0x1c50, 0xa620, 0xa8d0,
  0xa900, 0xa9d0, 0xa9f0, 0xaa50, 0xabf0, 0x104a0, 0x10d30, 0x10d40, 0x11066, 0x110f0, 0x11136, 0x111d0, 0x112f0,
  0x11450, 0x114d0, 0x11650, 0x116c0, 0x116d0, 0x116da, 0x11730, 0x118e0, 0x11950, 0x11bf0, 0x11c50, 0x11d50,
  0x11da0, 0x11de0, 0x11f50, 0x16130, 0x16a60, 0x16ac0, 0x16b50, 0x16d70, 0x1e140, 0x1e2f0, 0x1e4f0, 0x1e5f1,
  0x1e950,
];

// The stand-ins: lone surrogates from U+40000, then U+FFFD and U+FFFF.
const SURROGATE_STAND_IN = 0x40000;
const REPLACEMENT_STAND_IN = 0x40800;
const NONCHARACTER_STAND_IN = 0x40801;

// digitValue is the ASCII digit cp collates as, or "" when it is not such a digit.
function digitValue(cp: number): string {
  if (cp < 0x660) return "";
  for (let i = 0; i < DIGIT_ZEROS.length; i++) {
    const z = DIGIT_ZEROS[i];
    if (cp >= z && cp <= z + 9) return String.fromCharCode(0x30 + cp - z);
  }
  return "";
}

// collationFold is the rewrite described above; most strings come back as they are.
export function collationFold(s: string): string {
  let i = 0;
  for (; i < s.length; i++) if (s.charCodeAt(i) >= 0x660) break;
  if (i === s.length) return s;
  let out = s.slice(0, i);
  for (; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x660) {
      out += s[i];
      continue;
    }
    if (c >= 0xd800 && c <= 0xdfff) {
      const d = i + 1 < s.length ? s.charCodeAt(i + 1) : 0;
      if (c <= 0xdbff && d >= 0xdc00 && d <= 0xdfff) {
        const cp = (c - 0xd800) * 0x400 + (d - 0xdc00) + 0x10000;
        const digit = digitValue(cp);
        out += digit !== "" ? digit : s[i] + s[i + 1];
        i++;
        continue;
      }
      out += String.fromCodePoint(SURROGATE_STAND_IN + c - 0xd800);
      continue;
    }
    if (c === 0xfffd) {
      out += String.fromCodePoint(REPLACEMENT_STAND_IN);
      continue;
    }
    if (c === 0xffff) {
      out += String.fromCodePoint(NONCHARACTER_STAND_IN);
      continue;
    }
    const digit = digitValue(c);
    out += digit !== "" ? digit : s[i];
  }
  return out;
}

// localeCompare is a.localeCompare(b) as V8 answers it (see above).
export function localeCompare(a: string, b: string): number {
  return collationFold(a).localeCompare(collationFold(b));
}
