// Regenerates collate.txt. Runs in goja, the engine hosting the reference (its
// localeCompare is what A0's sort uses). From the repository root:
//   go run ./runtime/value/testdata/gj runtime/locale/testdata/collate.js > runtime/locale/testdata/collate.txt
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
  ["Ä", "AE", "Ae", "ae", "ä"]
];
var out = [];
for (var i = 0; i < lists.length; i++) {
  var s = lists[i].slice().sort(function (a, b) { return a.localeCompare(b); });
  out.push(JSON.stringify(lists[i]) + "\t" + JSON.stringify(s));
}
out.join("\n");
