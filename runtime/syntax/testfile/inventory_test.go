package testfile

import (
	"encoding/hex"
	"encoding/json"
	"io/fs"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/google/go-cmp/cmp"
)

// root is the module's root, seen from this package's directory.
const root = "../../.."

// inventory lists the text files under the module's testdata directories by format: the
// three formats of this package, each with one reader (Read, ReadArchive, ReadTable),
// golden files (a test's whole expected output, no format), and the files that keep a
// format of their own because it is not a test format. A new testdata file in a format
// of its own fails TestInventory.
var inventory = []struct {
	format string
	globs  []string
}{
	{"cases", []string{
		"runtime/syntax/testdata/*.txt",
		"runtime/validate/testdata/*.txt",
		"runtime/ast/testdata/*.txt",
		"worker/testdata/conformance.txt",
		"diff/testdata/text-limit.txt",
		"reference/ts-bundle/testdata/engine-differences.txt",
		"reference/ts-bundle/testdata/node-host-exchanges.txt",
		"reference/ts/test/testdata/*.txt",
		"reference/ts/test/testdata/eval/*.txt",
	}},
	{"archive", []string{
		"corpus/testdata/malformed.txt",
		"corpus/testdata/update.txt",
		"corpus/proto/testdata/node-equivalents.txt",
		"diff/testdata/compare.txt",
		"gen/testdata/newrecursion.txt",
		"runtime/toolkit/testdata/tools/*.txt",
	}},
	{"table", []string{
		"runtime/value/testdata/*.txt",
		"runtime/stdlib/testdata/*.txt",
		"runtime/locale/testdata/*.txt",
		"runtime/outcome/testdata/fastparse.txt",
		"runtime/toolkit/testdata/urls.txt",
		"runtime/toolkit/testdata/validate.txt",
		"diff/testdata/three.txt",
		"reference/ts/test/testdata/json/inputs.txt",
	}},
	// Golden files: the whole file is the exact text a test expects a function to write
	// (compared whole; the test's -update flag rewrites it).
	{"golden", []string{
		"campaign/testdata/summary-*.txt",
		"cmin/testdata/report-*.txt",
	}},
	// The input of tools/mutants (its catalogue of porting mistakes, a tool's data
	// documented in catalogue.go) and a coverage profile as `go test -coverprofile`
	// writes it (what the tool reads).
	// Files a test places where --scoreboard or --write-baseline points, to check which
	// a0diff may replace: its own earlier outputs and files of the user's, taken as they are.
	{"other", []string{
		"tools/mutants/testdata/catalogue.txt",
		"tools/mutants/testdata/profile.txt",
		"cmd/a0diff/testdata/outfiles/*.txt",
	}},
}

// testdataFiles returns the slash paths (relative to the module root) of the .txt files
// under testdata directories, skipping node_modules and hidden directories.
func testdataFiles(t *testing.T) []string {
	t.Helper()
	var files []string
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if p != root && (d.Name() == "node_modules" || strings.HasPrefix(d.Name(), ".")) {
				return filepath.SkipDir
			}
			return nil
		}
		rel, err := filepath.Rel(root, p)
		if err != nil {
			return err
		}
		rel = filepath.ToSlash(rel)
		if strings.HasSuffix(rel, ".txt") && (strings.HasPrefix(rel, "testdata/") || strings.Contains(rel, "/testdata/")) {
			files = append(files, rel)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return files
}

// formatOf returns the format of file and the glob it matched ("" when none).
func formatOf(t *testing.T, file string) (format, glob string) {
	t.Helper()
	for _, f := range inventory {
		for _, g := range f.globs {
			ok, err := path.Match(g, file)
			if err != nil {
				t.Fatal(err)
			}
			if ok {
				if format != "" {
					t.Errorf("%s is listed twice (%s and %s)", file, glob, g)
				}
				format, glob = f.format, g
			}
		}
	}
	return format, glob
}

// readDump reads file with the Go reader of its format and returns what it read, every
// text as the hex of its bytes (the form the JavaScript side writes too).
func readDump(file, format string) (any, error) {
	h := func(s string) string { return hex.EncodeToString([]byte(s)) }
	p := filepath.Join(root, filepath.FromSlash(file))
	switch format {
	case "cases":
		cases, err := Read(p)
		if err != nil {
			return nil, err
		}
		out := []any{}
		for _, c := range cases {
			expect := []string{}
			for _, e := range c.Expect {
				expect = append(expect, h(e))
			}
			out = append(out, map[string]any{"name": h(c.Name), "line": c.Line, "source": h(c.Source), "expect": expect})
		}
		return out, nil
	case "archive":
		a, err := ReadArchive(p)
		if err != nil {
			return nil, err
		}
		names, files, lines := []string{}, []string{}, []int{}
		for _, n := range a.Names {
			names, files, lines = append(names, h(n)), append(files, h(a.Files[n])), append(lines, a.Lines[n])
		}
		return map[string]any{"comment": h(a.Comment), "names": names, "files": files, "lines": lines}, nil
	case "table":
		rows, err := ReadTable(p)
		if err != nil {
			return nil, err
		}
		out := []any{}
		for _, r := range rows {
			fields := []string{}
			for _, f := range r.Fields {
				fields = append(fields, h(f))
			}
			out = append(out, map[string]any{"line": r.Line, "fields": fields})
		}
		return out, nil
	}
	return nil, nil
}

// TestInventory checks that every testdata text file is listed in inventory, that every
// entry of inventory still matches a file, and that each file reads with its format's
// reader.
func TestInventory(t *testing.T) {
	files := testdataFiles(t)
	if len(files) < 40 {
		t.Fatalf("only %d testdata files found under %s", len(files), root)
	}
	used := map[string]bool{}
	for _, file := range files {
		format, glob := formatOf(t, file)
		if format == "" {
			t.Errorf("%s: a testdata file of no listed format; write it as cases (Read), a txtar archive (ReadArchive) or a table (ReadTable), or if it is a golden file (a test's whole expected output) say so, in the inventory of runtime/syntax/testfile/inventory_test.go", file)
			continue
		}
		used[glob] = true
		if _, err := readDump(file, format); err != nil {
			t.Errorf("%s (%s): %v", file, format, err)
		}
	}
	for _, f := range inventory {
		for _, g := range f.globs {
			if !used[g] {
				t.Errorf("inventory entry %s matches no testdata file", g)
			}
		}
	}
}

// jsReader runs reference/ts/scripts/testfile.cjs on each file ("FORMAT<TAB>PATH" lines
// on stdin) and prints what it read, in readDump's form, or the error.
const jsReader = `
const fs = require("fs"), path = require("path");
const root = process.argv[1];
const tf = require(path.join(root, "reference/ts/scripts/testfile.cjs"));
function h(s) {
  const b = [];
  for (let i = 0; i < s.length; i++) {
    let c = s.charCodeAt(i);
    if (c >= 0xd800 && c < 0xdc00 && i + 1 < s.length) {
      const d = s.charCodeAt(i + 1);
      if (d >= 0xdc00 && d < 0xe000) { c = 0x10000 + ((c - 0xd800) << 10) + (d - 0xdc00); i++; }
    }
    if (c < 0x80) b.push(c);
    else if (c < 0x800) b.push(0xc0 | (c >> 6), 0x80 | (c & 63));
    else if (c < 0x10000) b.push(0xe0 | (c >> 12), 0x80 | ((c >> 6) & 63), 0x80 | (c & 63));
    else b.push(0xf0 | (c >> 18), 0x80 | ((c >> 12) & 63), 0x80 | ((c >> 6) & 63), 0x80 | (c & 63));
  }
  return Buffer.from(b).toString("hex");
}
const out = {};
for (const line of fs.readFileSync(0, "utf8").split("\n").filter(Boolean)) {
  const [format, file] = line.split("\t");
  const text = fs.readFileSync(path.join(root, file), "utf8");
  try {
    if (format === "cases") {
      out[file] = tf.parseCases(text, file).map((c) => ({ name: h(c.name), line: c.line, source: h(c.source), expect: c.expect.map((e) => h(e.text)) }));
    } else if (format === "archive") {
      const a = tf.parseArchive(text, file);
      out[file] = { comment: h(a.comment), names: a.names.map(h), files: a.names.map((n) => h(a.files[n])), lines: a.names.map((n) => a.lines[n]) };
    } else {
      out[file] = tf.parseTable(text, file).map((r) => ({ line: r.line, fields: r.fields.map(h) }));
    }
  } catch (e) {
    out[file] = { error: e.message };
  }
}
process.stdout.write(JSON.stringify(out));
`

// TestJavaScriptReaderAgrees: the JavaScript reader of the formats (used by the
// reference's tests and the scripts that replay test data under node) reads every file
// as this package does. A file with raw bytes (bytes that are not UTF-8, or <xHH>
// escapes), which a JavaScript string cannot hold, is read by Go only.
func TestJavaScriptReaderAgrees(t *testing.T) {
	node, err := exec.LookPath("node")
	if err != nil {
		t.Skip("node is not on the PATH")
	}
	abs, err := filepath.Abs(root)
	if err != nil {
		t.Fatal(err)
	}
	var list strings.Builder
	want := map[string]any{}
	for _, file := range testdataFiles(t) {
		format, _ := formatOf(t, file)
		if format == "" || format == "golden" || format == "other" {
			continue
		}
		dump, err := readDump(file, format)
		if err != nil {
			continue // TestInventory reports it
		}
		if b, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(file))); err != nil || !utf8.Valid(b) {
			t.Logf("%s: read by Go only (bytes that are not UTF-8, which a JavaScript string cannot hold)", file)
			continue
		}
		// Through JSON, as the JavaScript side's answer comes.
		b, _ := json.Marshal(dump)
		var v any
		json.Unmarshal(b, &v)
		want[file] = v
		list.WriteString(format + "\t" + file + "\n")
	}
	cmd := exec.Command(node, "-e", jsReader, abs)
	cmd.Stdin = strings.NewReader(list.String())
	cmd.Stderr = os.Stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("node: %v", err)
	}
	var got map[string]any
	if err := json.Unmarshal(out, &got); err != nil {
		t.Fatalf("node's answer: %v", err)
	}
	compared := 0
	for file, w := range want {
		g := got[file]
		if m, ok := g.(map[string]any); ok && m["error"] != nil {
			if strings.Contains(m["error"].(string), "a raw byte has no JavaScript string form") {
				t.Logf("%s: read by Go only (%s)", file, m["error"])
				continue
			}
			t.Errorf("%s: the JavaScript reader fails: %s", file, m["error"])
			continue
		}
		if d := cmp.Diff(w, g); d != "" {
			t.Errorf("%s: the JavaScript reader reads it differently (-Go +JavaScript, texts in hex):\n%s", file, d)
		}
		compared++
	}
	t.Logf("%d files read the same by both readers", compared)
}
