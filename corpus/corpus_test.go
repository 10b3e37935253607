package corpus

import (
	"bytes"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/a0diff/a0diff/runtime/outcome"
	"github.com/a0diff/a0diff/runtime/syntax/testfile"
)

func TestParseMalformed(t *testing.T) {
	a := testfile.MustReadArchive(t, "testdata/malformed.txt")
	n := 0
	for _, name := range a.Names {
		if strings.HasSuffix(name, ".err") {
			continue
		}
		n++
		want, ok := a.Files[name+".err"]
		if !ok {
			t.Fatalf("%s no %s.err file", a.At(name), name)
		}
		t.Run(name, func(t *testing.T) {
			e, err := Parse("bad.a0", []byte(a.Files[name]))
			if err == nil {
				t.Fatalf("%s Parse accepted it: %+v", a.At(name), e.Expect)
			}
			if got := err.Error(); got != trimmed(want) {
				t.Errorf("%s error\n got: %s\nwant: %s", a.At(name+".err"), got, trimmed(want))
			}
		})
	}
	if n < 20 {
		t.Fatalf("only %d malformed cases read", n)
	}
}

func TestParseGood(t *testing.T) {
	tests := []struct {
		file        string
		config      outcome.Config
		expect      Expectation
		first, last int
	}{
		{
			file: "good-trailing.a0",
			config: outcome.Config{
				File:  "ex01.a0",
				Allow: []string{"fs.read", "http.get"},
				Fixtures: outcome.Fixtures{
					Cwd: "/data",
					Files: []outcome.File{
						{Path: "in.txt", Content: "hello\n"},
						{Path: "dir with space/x.txt", Content: ""},
						{Path: "empty", Dir: true},
					},
					HTTP: []outcome.HTTPResponse{
						{URL: "https://api.test/x", Status: 201, Headers: [][2]string{{"content-type", "text/plain"}}, Body: "hi"},
						{URL: "https://down.test/", Error: "fetch failed"},
					},
					Shell: []outcome.ShellResult{{Cmd: "ls -l", Stdout: "a\n", DurationMs: 3}},
				},
				Limits: outcome.Limits{Timeout: 250 * time.Millisecond},
			},
			expect: Expectation{
				Exit: "0", HasExit: true, ExitLine: 14,
				Value: `{"keys":["10","b"]}`, HasValue: true, ValueLine: 15,
				Trace:    []string{"run_start", "stmt_start", "stmt_end", "stmt_start", "stmt_end", "run_end"},
				HasTrace: true, TraceLine: 16,
				Lines: []int{14, 15, 16, 17},
			},
			first: 2, last: 3,
		},
		{
			file:   "good-crlf.a0",
			config: outcome.Config{File: "good-crlf.a0"},
			expect: Expectation{
				Exit: "4", HasExit: true, ExitLine: 2,
				Errors: []ExpectedError{
					{Code: "E_TYPE", Span: "4:8-4:13", Message: "Division by zero.", Line: 3},
					{Code: "E_AST", Span: "-", Message: "tab\there \"quoted\" \xed\xa0\xbd", Line: 4},
				},
				Lines: []int{2, 3, 4},
			},
			first: 6, last: 6,
		},
	}
	for _, tt := range tests {
		t.Run(tt.file, func(t *testing.T) {
			e, err := ParseFile(filepath.Join("testdata", tt.file))
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(e.Config, tt.config) {
				t.Errorf("config\n got: %+v\nwant: %+v", e.Config, tt.config)
			}
			if !reflect.DeepEqual(e.Expect, tt.expect) {
				t.Errorf("expect\n got: %+v\nwant: %+v", e.Expect, tt.expect)
			}
			if e.FirstCodeLine != tt.first || e.LastCodeLine != tt.last {
				t.Errorf("code lines %d..%d, want %d..%d", e.FirstCodeLine, e.LastCodeLine, tt.first, tt.last)
			}
			if e.Source != string(e.Raw) {
				t.Errorf("Source is not the whole (valid UTF-8) file")
			}
		})
	}
}

func TestSourceDecodesInvalidUTF8(t *testing.T) {
	e, err := Parse("x.a0", []byte("return \"\xff\"\n# @expect exit 0\n"))
	if err != nil {
		t.Fatal(err)
	}
	if e.Source != "return \"\uFFFD\"\n# @expect exit 0\n" {
		t.Errorf("Source = %q: invalid UTF-8 must become U+FFFD (spec §1.1)", e.Source)
	}
}

func TestAllowWithoutArgumentsAllowsNothing(t *testing.T) {
	e, err := Parse("x.a0", []byte("# @allow\nreturn 1\n"))
	if err != nil {
		t.Fatal(err)
	}
	if e.Config.Allow == nil || len(e.Config.Allow) != 0 {
		t.Errorf("Allow = %#v, want an empty non-nil list", e.Config.Allow)
	}
	e, _ = Parse("x.a0", []byte("return 1\n"))
	if e.Config.Allow != nil {
		t.Errorf("no @allow: Allow = %#v, want nil (no policy)", e.Config.Allow)
	}
}

func mustOutcome(t *testing.T, js string) outcome.Outcome {
	t.Helper()
	o, err := outcome.Parse([]byte(js))
	if err != nil {
		t.Fatalf("outcome %s: %v", js, err)
	}
	return o
}

func TestUpdate(t *testing.T) {
	a := testfile.MustReadArchive(t, "testdata/update.txt")
	n := 0
	for _, name := range a.Names {
		base, ok := strings.CutSuffix(name, ".in")
		if !ok {
			continue
		}
		n++
		for _, ext := range []string{".outcome", ".want"} {
			if _, ok := a.Files[base+ext]; !ok {
				t.Fatalf("%s no %s%s file", a.At(name), base, ext)
			}
		}
		t.Run(base, func(t *testing.T) {
			at := a.At(name)
			e, err := Parse("bad.a0", []byte(a.Files[name]))
			if err != nil {
				t.Fatalf("%s %v", at, err)
			}
			o, err := outcome.Parse([]byte(trimmed(a.Files[base+".outcome"])))
			if err != nil {
				t.Fatalf("%s %v", a.At(base+".outcome"), err)
			}
			got, err := Update(e, o)
			if err != nil {
				t.Fatalf("%s %v", at, err)
			}
			if want := string(a.Files[base+".want"]); string(got) != want {
				t.Fatalf("%s Update\n got: %q\nwant: %q", a.At(base+".want"), got, want)
			}
			e2, err := Parse("bad.a0", got)
			if err != nil {
				t.Fatalf("%s updated text does not parse: %v", at, err)
			}
			_, wantShift := a.Files[base+".shifted"]
			if CodeShifted(e, e2) != wantShift {
				t.Errorf("%s CodeShifted = %v, want %v", at, !wantShift, wantShift)
			}
			if ms := Check(e2, o); len(ms) != 0 {
				t.Errorf("%s the updated entry does not accept its own outcome: %v", at, ms)
			}
			again, _ := Update(e2, o)
			if string(again) != string(got) {
				t.Errorf("%s Update is not idempotent:\n%q\n%q", at, got, again)
			}
		})
	}
	if n < 8 {
		t.Fatalf("only %d update cases read", n)
	}
}

func TestUpdateFileWithoutFinalNewline(t *testing.T) {
	e, err := Parse("x.a0", []byte("return 1"))
	if err != nil {
		t.Fatal(err)
	}
	got, _ := Update(e, mustOutcome(t, `{"status":"ok","exitCode":0,"value":1}`))
	want := "return 1\n# @expect exit 0\n# @expect value 1\n# @expect trace\n"
	if string(got) != want {
		t.Errorf("got %q, want %q", got, want)
	}
	// The same when the last line is the trailing block's last directive.
	e, _ = Parse("x.a0", []byte("return 1\n# @timeout 1s"))
	got, _ = Update(e, mustOutcome(t, `{"status":"ok","exitCode":0,"value":1}`))
	want = "return 1\n# @timeout 1s\n# @expect exit 0\n# @expect value 1\n# @expect trace\n"
	if string(got) != want {
		t.Errorf("got %q, want %q", got, want)
	}
	// An up-to-date entry whose last line, an @expect line, has no terminator is left
	// byte-identical; a stale one is rewritten without a final terminator too.
	for _, tt := range []struct{ in, want string }{
		{"return 1\n# @expect exit 0\n# @expect value 1", "return 1\n# @expect exit 0\n# @expect value 1"},
		{"return 1\n# @expect exit 0\n# @expect value 2", "return 1\n# @expect exit 0\n# @expect value 1"},
		{"return 1\r\n# @expect exit 0\r\n# @expect value 2", "return 1\r\n# @expect exit 0\r\n# @expect value 1"},
	} {
		e, _ = Parse("x.a0", []byte(tt.in))
		got, _ = Update(e, mustOutcome(t, `{"status":"ok","exitCode":0,"value":1}`))
		if string(got) != tt.want {
			t.Errorf("Update(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestCheck(t *testing.T) {
	const divByZero = `{"status":"ok","exitCode":4,"errors":[{"code":"E_TYPE","message":"Division by zero.","span":{"file":"x.a0","startLine":1,"startCol":8,"endLine":1,"endCol":13}}],"trace":[{"event":"run_start"},{"event":"stmt_start"},{"event":"run_end"}]}`
	tests := []struct {
		name  string
		entry string
		out   string
		want  []string
	}{
		{
			name:  "all hold",
			entry: "# @expect exit 4\n# @expect error E_TYPE 1:8-1:13 Division by zero.\n# @expect trace run_start stmt_start run_end\n",
			out:   divByZero,
		},
		{
			name:  "exit pins the whole result",
			entry: "# @expect exit 0\n",
			out:   divByZero,
			want: []string{
				"exit: expected 0, got 4",
				`error[0]: expected no such diagnostic, got "E_TYPE 1:8-1:13 Division by zero."`,
			},
		},
		{
			name:  "without an exit only what is given is checked",
			entry: "# @expect trace run_start stmt_start run_end\n",
			out:   divByZero,
		},
		{
			name:  "error text and span",
			entry: "# @expect exit 4\n# @expect error E_TYPE 1:8-1:12 Division by zero\n",
			out:   divByZero,
			want:  []string{"error[0]: expected E_TYPE 1:8-1:12 Division by zero, got E_TYPE 1:8-1:13 Division by zero."},
		},
		{
			name:  "missing diagnostic",
			entry: "# @expect exit 4\n# @expect error E_TYPE 1:8-1:13 Division by zero.\n# @expect error E_TYPE - Another.\n",
			out:   divByZero,
			want:  []string{`error[1]: expected "E_TYPE - Another.", got no such diagnostic`},
		},
		{
			name:  "trace",
			entry: "# @expect trace run_start stmt_start stmt_end run_end\n",
			out:   divByZero,
			want:  []string{"trace: expected event 2 stmt_end (of 4), got event 2 run_end (of 3)"},
		},
		{
			name:  "trace too short",
			entry: "# @expect trace run_start stmt_start\n",
			out:   divByZero,
			want:  []string{"trace: expected end after 2 events, got event 2 run_end (of 3)"},
		},
		{
			name:  "host message: code and span only",
			entry: "# @expect exit 4\n# @expect error E_TOOL 1:8-1:20 Tool 'fs.read' failed: ENOENT: no such file or directory, open '/work/a'\n",
			out:   `{"status":"ok","exitCode":4,"errors":[{"code":"E_TOOL","message":"Tool 'fs.read' failed: some other host text","span":{"file":"x.a0","startLine":1,"startCol":8,"endLine":1,"endCol":20},"details":{"tool":"fs.read"}}]}`,
		},
		{
			name:  "host message: the span still counts",
			entry: "# @expect exit 4\n# @expect error E_TOOL 1:8-1:21 Tool 'fs.read' failed: x\n",
			out:   `{"status":"ok","exitCode":4,"errors":[{"code":"E_TOOL","message":"Tool 'fs.read' failed: x","span":{"file":"x.a0","startLine":1,"startCol":8,"endLine":1,"endCol":20},"details":{"tool":"fs.read"}}]}`,
			want:  []string{"error[0]: expected E_TOOL 1:8-1:21 Tool 'fs.read' failed: x, got E_TOOL 1:8-1:20 Tool 'fs.read' failed: x"},
		},
		{
			name:  "host relaxation needs both messages to be host texts",
			entry: "# @expect exit 4\n# @expect error E_FN - Function 'parse.json' failed: parse.json requires 'in' to be a string.\n",
			out:   `{"status":"ok","exitCode":4,"errors":[{"code":"E_FN","message":"Function 'parse.json' failed: Unexpected end of JSON input","details":{"fn":"parse.json"}}]}`,
			want:  []string{"error[0]: expected E_FN - Function 'parse.json' failed: parse.json requires 'in' to be a string., got E_FN - Function 'parse.json' failed: Unexpected end of JSON input"},
		},
		{
			name:  "parse.json syntax errors: code only",
			entry: "# @expect exit 4\n# @expect error E_FN - Function 'parse.json' failed: Unexpected end of JSON input\n",
			out:   `{"status":"ok","exitCode":4,"errors":[{"code":"E_FN","message":"Function 'parse.json' failed: unexpected EOF","details":{"fn":"parse.json"}}]}`,
		},
		{
			name:  "tab-separated directive",
			entry: "#\t@expect\texit 4\n",
			out:   divByZero,
			want:  []string{`error[0]: expected no such diagnostic, got "E_TYPE 1:8-1:13 Division by zero."`},
		},
		{
			name:  "value present but not expected",
			entry: "# @expect exit 0\n",
			out:   `{"status":"ok","exitCode":0,"value":{"$number":"-0"}}`,
			want:  []string{`value: expected no value, got {"$number":"-0"}`},
		},
		{
			name:  "value differs",
			entry: "# @expect exit 0\n# @expect value 0\n",
			out:   `{"status":"ok","exitCode":0,"value":{"$number":"-0"}}`,
			want:  []string{`value: expected 0, got {"$number":"-0"}`},
		},
		{
			name:  "value not in canonical form",
			entry: "# @expect exit 0\n# @expect value {\"a\": 1}\n",
			out:   `{"status":"ok","exitCode":0,"value":{"a":1}}`,
			want:  []string{`value: expected {"a": 1}, got {"a":1} (the same value: write the expectation in canonical form)`},
		},
		{
			name:  "expected value missing",
			entry: "# @expect exit 0\n# @expect value 1\n",
			out:   `{"status":"ok","exitCode":2,"errors":[{"code":"E_PARSE","message":"Syntax error near '<'."}]}`,
			want: []string{
				"exit: expected 0, got 2",
				"value: expected 1, got no value",
				`error[0]: expected no such diagnostic, got "E_PARSE - Syntax error near '<'."`,
			},
		},
		{
			name:  "timeout expected and seen",
			entry: "# @expect exit timeout\n",
			out:   `{"status":"timeout","exitCode":0,"trace":[{"event":"run_start"}]}`,
		},
		{
			name:  "timeout seen: only the exit is compared",
			entry: "# @expect exit 0\n# @expect value 1\n# @expect trace run_start run_end\n",
			out:   `{"status":"timeout","exitCode":0,"trace":[{"event":"run_start"}]}`,
			want:  []string{"exit: expected 0, got timeout"},
		},
		{
			name:  "crash expected, ok seen",
			entry: "# @expect exit crash\n",
			out:   `{"status":"ok","exitCode":0,"value":1}`,
			want:  []string{"exit: expected crash, got 0"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e, err := Parse("x.a0", []byte("return 1 / 0\n"+tt.entry))
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, m := range Check(e, mustOutcome(t, tt.out)) {
				got = append(got, m.String())
			}
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("Check\n got: %q\nwant: %q", got, tt.want)
			}
		})
	}
}

func TestMismatchLines(t *testing.T) {
	e, err := Parse("x.a0", []byte("return 1\n# @expect exit 0\n# @expect value 2\n"))
	if err != nil {
		t.Fatal(err)
	}
	ms := Check(e, mustOutcome(t, `{"status":"ok","exitCode":0,"value":1}`))
	if len(ms) != 1 || ms[0].What != "value" || ms[0].Line != 3 {
		t.Errorf("Check = %+v, want one value mismatch at line 3", ms)
	}
}

func TestExcerptShowsTheFirstDifference(t *testing.T) {
	long := strings.Repeat("x", 500)
	a, b := excerpt(long+"A"+long, long+"B"+long)
	if !strings.Contains(a, "xA") || !strings.Contains(b, "xB") {
		t.Errorf("excerpt lost the difference: %q / %q", a, b)
	}
	if len(a) > clipWidth+2*len("…") {
		t.Errorf("excerpt too long: %d bytes", len(a))
	}
}

func TestQuoteMessageRoundTrip(t *testing.T) {
	tests := []struct{ msg, quoted string }{
		{"Division by zero.", "Division by zero."},
		{"has \"quotes\" inside", "has \"quotes\" inside"},
		{"", `""`},
		{`"leading quote`, `"\"leading quote"`},
		{" leading blank", `" leading blank"`},
		{"trailing blank ", `"trailing blank "`},
		{"two\nlines", `"two\nlines"`},
		{"tab\tand\x01\x7f", `"tab\tand\u0001\u007f"`},
		{"lone \xed\xb0\x80 low", `"lone \udc00 low"`},
		{"non-ASCII é 😀", "non-ASCII é 😀"},
		{"pair 😀 and \\ \x00", `"pair 😀 and \\ \u0000"`},
	}
	for _, tt := range tests {
		q := quoteMessage(tt.msg)
		if q != tt.quoted {
			t.Errorf("quoteMessage(%q) = %q, want %q", tt.msg, q, tt.quoted)
		}
		back, err := unquoteMessage(q)
		if err != nil || back != tt.msg {
			t.Errorf("unquoteMessage(%q) = %q, %v; want %q", q, back, err, tt.msg)
		}
	}
	// An escaped surrogate pair in a hand-written line is one code point.
	if s, err := unquoteMessage(`"\ud83d\ude00"`); err != nil || s != "😀" {
		t.Errorf(`unquoteMessage(pair) = %q, %v`, s, err)
	}
}

func TestWriteFileAtomic(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "e.a0")
	if err := os.WriteFile(path, []byte("old"), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := WriteFileAtomic(path, []byte("new text\n")); err != nil {
		t.Fatal(err)
	}
	data, _ := os.ReadFile(path)
	if string(data) != "new text\n" {
		t.Errorf("content %q", data)
	}
	st, _ := os.Stat(path)
	if st.Mode().Perm() != 0o600 {
		t.Errorf("mode %v, want 0600 kept", st.Mode().Perm())
	}
	ents, _ := os.ReadDir(dir)
	if len(ents) != 1 {
		var names []string
		for _, e := range ents {
			names = append(names, e.Name())
		}
		t.Errorf("directory holds %v, want only e.a0 (no temporary files left)", names)
	}
	// A failed write (missing directory) leaves nothing behind either.
	if err := WriteFileAtomic(filepath.Join(dir, "missing", "x.a0"), []byte("x")); err == nil {
		t.Error("write into a missing directory succeeded")
	}
}

func TestDiscover(t *testing.T) {
	dir := t.TempDir()
	for _, f := range []string{"b.a0", "a/z.a0", "a/y.txt", "a/testdata/skip.a0", "a/.hidden/skip.a0", "c/nothing.txt", "d.txt"} {
		p := filepath.Join(dir, f)
		os.MkdirAll(filepath.Dir(p), 0o755)
		os.WriteFile(p, []byte("return 1\n"), 0o644)
	}
	got, err := Discover(filepath.Join(dir, "a"), dir, filepath.Join(dir, "d.txt"))
	if err != nil {
		t.Fatal(err)
	}
	want := []string{filepath.Join(dir, "a/z.a0"), filepath.Join(dir, "b.a0"), filepath.Join(dir, "d.txt")}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("Discover = %v, want %v", got, want)
	}
	// A testdata directory named explicitly is walked.
	if got, err := Discover(filepath.Join(dir, "a/testdata")); err != nil || len(got) != 1 {
		t.Errorf("explicit testdata: %v, %v", got, err)
	}
	if _, err := Discover(filepath.Join(dir, "c")); err == nil || !strings.Contains(err.Error(), "no .a0 files found") {
		t.Errorf("empty directory: err = %v", err)
	}
	if _, err := Discover(filepath.Join(dir, "missing")); err == nil || !os.IsNotExist(err) {
		t.Errorf("missing path: err = %v", err)
	}
	if _, err := Discover(); err == nil {
		t.Error("no paths: no error")
	}
}

// TestRejectsNonText: UTF-16/32 files and binary files are input errors naming the
// position, while stray ill-formed bytes in UTF-8 text are A0 behaviour (spec §1.1).
func TestRejectsNonText(t *testing.T) {
	for _, tc := range []struct {
		name string
		data string
		want string // "" when the entry must parse
	}{
		{"utf-16le", "\xff\xfer\x00e\x00", "bad.a0:1:1: not UTF-8 text: the file starts with a UTF-16LE byte-order mark"},
		{"utf-16be", "\xfe\xff\x00r", "bad.a0:1:1: not UTF-8 text: the file starts with a UTF-16BE byte-order mark"},
		{"utf-32le", "\xff\xfe\x00\x00r\x00\x00\x00", "bad.a0:1:1: not UTF-8 text: the file starts with a UTF-32LE byte-order mark"},
		{"nul byte", "# a\nreturn 1\x00\n", "bad.a0:2:9: not UTF-8 text: NUL byte"},
		{"stray bytes in text", "return \"\xe2\x82\"\n", ""},
		{"utf-8 bom", "\xef\xbb\xbfreturn 1\n", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Parse("bad.a0", []byte(tc.data))
			switch {
			case tc.want == "" && err != nil:
				t.Fatalf("Parse: %v", err)
			case tc.want != "" && (err == nil || !strings.HasPrefix(err.Error(), tc.want)):
				t.Fatalf("Parse error %v, want one starting %q", err, tc.want)
			}
		})
	}
}

// Symbolic links: a link to a directory given as a path is walked; inside a walk, a link
// named *.a0 to a file is an entry and one to nothing is an error naming it.
func TestDiscoverSymlinks(t *testing.T) {
	dir := t.TempDir()
	os.MkdirAll(filepath.Join(dir, "real"), 0o755)
	os.WriteFile(filepath.Join(dir, "real", "a.a0"), []byte("return 1\n"), 0o644)
	os.WriteFile(filepath.Join(dir, "elsewhere.a0"), []byte("return 2\n"), 0o644)
	if err := os.Symlink(filepath.Join(dir, "elsewhere.a0"), filepath.Join(dir, "real", "linked.a0")); err != nil {
		t.Skip("no symbolic links:", err)
	}
	os.Symlink(filepath.Join(dir, "real"), filepath.Join(dir, "link"))
	got, err := Discover(filepath.Join(dir, "link"))
	want := []string{filepath.Join(dir, "link", "a.a0"), filepath.Join(dir, "link", "linked.a0")}
	if err != nil || !reflect.DeepEqual(got, want) {
		t.Errorf("Discover(link) = %v, %v; want %v", got, err, want)
	}
	os.Symlink(filepath.Join(dir, "missing.a0"), filepath.Join(dir, "real", "dangling.a0"))
	if _, err := Discover(filepath.Join(dir, "real")); err == nil || !strings.Contains(err.Error(), "dangling.a0: a symbolic link to a file that cannot be read") {
		t.Errorf("dangling link: err = %v", err)
	}
}

// A file over MaxEntryBytes is refused without being read whole.
func TestParseFileBound(t *testing.T) {
	p := filepath.Join(t.TempDir(), "big.a0")
	big := append([]byte("return \""), bytes.Repeat([]byte("a"), MaxEntryBytes)...)
	if err := os.WriteFile(p, append(big, "\"\n"...), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := ParseFile(p); err == nil || !strings.Contains(err.Error(), "big.a0: the file is over 8 MiB, the bound of a corpus entry") {
		t.Errorf("err = %v", err)
	}
}

// ParseFiles parses every file in order, and reports every malformed one together.
func TestParseFiles(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	one, two := write("one.a0", "return 1\n"), write("two.a0", "return 2\n")
	bad1, bad2 := write("bad1.a0", "# @frob yes\nreturn 1\n"), write("bad2.a0", "return 1\n# @\n")
	entries, err := ParseFiles([]string{two, one})
	if err != nil || len(entries) != 2 || entries[0].Path != two || entries[1].Path != one {
		t.Fatalf("ParseFiles(two, one) = %v, %v; want both entries in that order", entries, err)
	}
	_, err = ParseFiles([]string{bad1, one, bad2})
	if err == nil || !strings.Contains(err.Error(), "bad1.a0:1: @frob") || !strings.Contains(err.Error(), "bad2.a0:2: malformed directive") {
		t.Errorf("ParseFiles with two malformed entries: %v; want both named", err)
	}
}
