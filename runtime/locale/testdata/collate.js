// Regenerates collate.txt. Runs in node: V8's localeCompare (ICU's root collation) is
// the authority the reference and the Go evaluator follow (spec §8.4). From the
// repository root:
//   node runtime/locale/testdata/collate.js > runtime/locale/testdata/collate.txt
// Each line: a list of strings as JSON, a tab, the list sorted with localeCompare.
var lists = [
  ["b", "é", "a", "B", "A", "f", "10", "9"],
  ["a", "A", "b", "B", "á", "Á", "à", "ä", "z", "Z"],
  ["e", "é", "f", "E", "É", "ê", "è", "ë"],
  ["10", "9", "1", "100", "2", "01", "-1", "+1", "1.5", "1,5"],
  ["a b", "ab", "a-b", "a_b", "a.b", "a,b", "a!b", "a b c", " a", "a "],
  ["a\u0001", "a", "\u0001a", "a\u0000b", "ab", "\t", "\n", " "],
  ["zebra", "Zebra", "apple", "Apple", "ápple", "banana", "Banana", "cherry"],
  ["ß", "ss", "s", "t", "SS", "Ss"],
  ["æ", "ae", "ø", "o", "å", "a", "œ", "oe"],
  ["!", "\"", "#", "$", "%", "&", "'", "(", ")", "*", "+", ",", "-", ".", "/", ":", ";", "<", "=", ">", "?", "@", "[", "\\", "]", "^", "_", "`", "{", "|", "}", "~"],
  ["0", "a", "A", "~", " ", "_", "9", "Z", "z"],
  ["😀", "a", "\ud83d", "\ude00", "\ufffd", "中", "日本", "한국", "α", "Ω", "я"],
  ["x\ud83dy", "x\ufffdy", "xy", "x y"],
  ["", "a", " ", "\u0000"],
  ["café", "cafe", "Café", "cafes", "cafés", "caff"],
  ["résumé", "resume", "Résumé", "rèsumé", "resumes"],
  ["e\u0301", "é", "e", "f", "ė"],
  ["Ångström", "Angstrom", "angstrom", "ångström"],
  ["item10", "item9", "item1", "Item2", "item 3"],
  ["null", "true", "false", "undefined", "NaN"],
  ["\u00a0a", " a", "a", "\u2028a", "\u200ba"],
  ["ﬁ", "fi", "Fi", "FI"],
  ["ǅ", "DŽ", "dž", "dz"],
  ["Ä", "AE", "Ae", "ae", "ä"],
  ["2", "\u0661", "1", "0", "\u06f1", "\u0967", "\u0e51", "\uff11", "1a", "\u0661b", "\u0661A", "a1", "a\u0661"],
  ["\ud801", "\ud800", "a", "\udfff", "\udc00", "\ufffd", "\uffff", "\u4e00", "z\ud800", "z", "\ud83d\ude00", "\ud800a", "\ud801A"],
  ["\u0967\u0966", "10", "\u0661\u0660", "9", "\u09e7", "\ud804\udc67", "\ud835\udfcf"]
];
// Every two-piece string of the characters where goja's collator differs from ICU
// (other scripts' digits, lone surrogates, U+FFFD, U+FFFF) and ordinary ones, as one
// list (two pieces that would join into a surrogate pair are left out: the rewrite's
// stand-ins are not ordered against the unassigned code points they mostly make).
var pieces = ["", "a", "A", "z", "\u00e9", "1", "2", "9", "0", " ", "_", "-", "\u4e2d", "\ud83d\ude00", "\u0661",
  "\u0662", "\u06f1", "\u0967", "\u0e51", "\uff11", "\ud835\udfcf", "\ud804\udc67", "\ud800", "\ud801",
  "\udbff", "\udc00", "\udfff", "\ufffd", "\uffff", "e\u0301"];
var mixed = [];
for (var i = 0; i < pieces.length; i++) {
  for (var j = 0; j < pieces.length; j++) {
    if (/[\ud800-\udbff]$/.test(pieces[i]) && /^[\udc00-\udfff]/.test(pieces[j])) continue;
    mixed.push(pieces[i] + pieces[j]);
  }
}
lists.push(mixed);
var out = [];
for (var i = 0; i < lists.length; i++) {
  var s = lists[i].slice().sort(function (a, b) { return a.localeCompare(b); });
  out.push(JSON.stringify(lists[i]) + "\t" + JSON.stringify(s));
}
console.log(out.join("\n"));
