package toolkit

import (
	"encoding/json"
	"math"
	"reflect"
	"testing"

	"github.com/a0diff/a0diff/runtime/outcome"
	"github.com/a0diff/a0diff/runtime/value"
)

func TestFixturesJSONRoundTrip(t *testing.T) {
	f := outcome.Fixtures{
		Cwd: "/home/u",
		Files: []outcome.File{
			{Path: "a.txt", Content: "héllo <&>\n"},
			{Path: "empty.txt"},
			{Path: "d", Dir: true},
			{Path: "/bin/blob", Content: "\x00\xff\xfe"},
		},
		HTTP: []outcome.HTTPResponse{
			{URL: "https://x.test/", Status: 201, Headers: [][2]string{{"A", "1"}, {"a", "2"}}, Body: "ok"},
			{URL: "https://x.test/dflt", Body: "status 0 means 200"},
			{URL: "https://x.test/raw", Status: 200, Body: "\xff"},
			{URL: "https://down.test/", Error: "fetch failed"},
		},
		Shell: []outcome.ShellResult{
			{Cmd: "echo hi", Stdout: "hi\n", DurationMs: 3},
			{Cmd: "false", ExitCode: 1, Stderr: "no"},
		},
	}
	// (json.Marshal would additionally escape <, > and & in the output.)
	b, err := f.MarshalJSON()
	if err != nil {
		t.Fatal(err)
	}
	want := `{"cwd":"/home/u","files":[{"path":"a.txt","content":"héllo <&>\n"},{"path":"empty.txt","content":""},{"path":"d","dir":true},{"path":"/bin/blob","base64":"AP/+"}],` +
		`"http":[{"url":"https://x.test/","status":201,"headers":[["A","1"],["a","2"]],"body":"ok"},{"url":"https://x.test/dflt","body":"status 0 means 200"},{"url":"https://x.test/raw","status":200,"bodyBase64":"/w=="},{"url":"https://down.test/","error":"fetch failed"}],` +
		`"shell":[{"cmd":"echo hi","exitCode":0,"stdout":"hi\n","durationMs":3},{"cmd":"false","exitCode":1,"stderr":"no"}]}`
	if string(b) != want {
		t.Errorf("Marshal\n got %s\nwant %s", b, want)
	}
	var back outcome.Fixtures
	if err := json.Unmarshal(b, &back); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(back, f) {
		t.Errorf("round trip\n got %+v\nwant %+v", back, f)
	}
	// Empty fixtures are "{}" and back.
	b, _ = json.Marshal(outcome.Fixtures{})
	if string(b) != "{}" {
		t.Errorf("empty fixtures: %s", b)
	}
	var empty outcome.Fixtures
	if err := json.Unmarshal([]byte(`{"files": null}`), &empty); err != nil || !reflect.DeepEqual(empty, outcome.Fixtures{}) {
		t.Errorf("null lists: %+v, %v", empty, err)
	}
}

func TestFixturesJSONErrors(t *testing.T) {
	for _, c := range []struct{ json, want string }{
		{`[]`, `fixtures: expected a JSON object`},
		{`{"files": [}`, `fixtures: invalid JSON at line 1, column 12: invalid character '}' looking for beginning of value`},
		{"{\n  \"cwd\": \"/w\",\n  \"files\": [1,]\n}", `fixtures: invalid JSON at line 3, column 15: invalid character ']' looking for beginning of value`},
		{`{"cwd": "/w", "file": []}`, `fixtures: unknown key "file" (known keys: cwd, files, http, shell)`},
		{`{"cwd": 1}`, `fixtures: "cwd" must be a string`},
		{`{"cwd": "work"}`, `fixtures: cwd "work" is not an absolute path`},
		{`{"files": {}}`, `fixtures: "files" must be an array`},
		{`{"files": [1]}`, `fixtures: files[0]: expected a JSON object`},
		{`{"files": [{"content": "x"}]}`, `fixtures: files[0]: missing "path"`},
		{`{"files": [{"path": "a", "contnet": "x"}]}`, `fixtures: files[0]: unknown key "contnet" (known keys: path, content, base64, dir)`},
		{`{"files": [{"path": "a", "content": "x", "base64": "eA=="}]}`, `fixtures: files[0]: at most one of "content", "base64" and "dir" may be given`},
		{`{"files": [{"path": "a", "dir": "yes"}]}`, `fixtures: files[0]: "dir" must be true or false`},
		{`{"files": [{"path": "a", "base64": "%%"}]}`, `fixtures: files[0]: "base64" is not standard base64: illegal base64 data at input byte 0`},
		{`{"files": [{"path": ""}]}`, `fixtures: files[0] (""): empty path`},
		{`{"files": [{"path": "a"}, {"path": "/work/a"}]}`, `fixtures: files[1] ("/work/a"): /work/a is also files[0]`},
		{`{"files": [{"path": "a"}, {"path": "a/b"}]}`, `fixtures: files[1] ("a/b"): cannot create its directory /work/a: file already exists`},
		{`{"files": [{"path": "a/b"}, {"path": "a"}]}`, `fixtures: files[1] ("a"): cannot create file /work/a: illegal operation on a directory`},
		{`{"files": [{"path": "/work"}]}`, `fixtures: files[0] ("/work"): cannot create file /work: illegal operation on a directory`},
		{`{"http": [{"status": 200}]}`, `fixtures: http[0]: missing "url"`},
		{`{"http": [{"url": "https://x/", "error": "e", "status": 500}]}`, `fixtures: http[0]: an entry with "error" has only "url" besides`},
		{`{"http": [{"url": "https://x/", "error": ""}]}`, `fixtures: http[0]: "error" must not be empty`},
		{`{"http": [{"url": "https://x/", "status": 99}]}`, `fixtures: http[0] ("https://x/"): status 99 is outside 200..599`},
		{`{"http": [{"url": "https://x/", "status": 2.5}]}`, `fixtures: http[0]: "status" must be an integer`},
		{`{"http": [{"url": "https://x/", "status": 204, "body": "x"}]}`, `fixtures: http[0] ("https://x/"): a 204 response has no body`},
		{`{"http": [{"url": "https://x/", "headers": [["a"]]}]}`, `fixtures: http[0]: headers[0] must be a [name, value] pair of strings`},
		{`{"http": [{"url": "https://x/", "headers": [["a b", "x"]]}]}`, `fixtures: http[0] ("https://x/"): headers[0]: "a b" is not a valid header name`},
		{`{"http": [{"url": "https://x/", "headers": [["a", "x\ny"]]}]}`, `fixtures: http[0] ("https://x/"): headers[0]: the value of "a" contains NUL, CR or LF`},
		{`{"http": [{"url": "https://x/", "body": "a", "bodyBase64": "YQ=="}]}`, `fixtures: http[0]: at most one of "body" and "bodyBase64" may be given`},
		{`{"http": [{"url": "x.test"}]}`, `fixtures: http[0] ("x.test"): not a valid URL`},
		{`{"http": [{"url": "data:,x"}]}`, `fixtures: http[0] ("data:,x"): only http: and https: URLs reach the network (data: URLs are decoded by the kit)`},
		{`{"http": [{"url": "https://u@x/"}]}`, `fixtures: http[0] ("https://u@x/"): fetch refuses URLs with credentials`},
		{`{"http": [{"url": "https://x/"}, {"url": "https://x/"}]}`, `fixtures: http[1] ("https://x/"): duplicate of http[0]`},
		{`{"shell": [{"stdout": "x"}]}`, `fixtures: shell[0]: missing "cmd"`},
		{`{"shell": [{"cmd": "x", "exit": 1}]}`, `fixtures: shell[0]: unknown key "exit" (known keys: cmd, exitCode, stdout, stderr, durationMs)`},
		{`{"shell": [{"cmd": "x", "exitCode": 256}]}`, `fixtures: shell[0] ("x"): exit code 256 is outside 0..255`},
		{`{"shell": [{"cmd": "x", "durationMs": -1}]}`, `fixtures: shell[0] ("x"): negative durationMs -1`},
		{`{"shell": [{"cmd": ""}]}`, `fixtures: shell[0] (""): the shell never runs an empty command or one with a NUL byte`},
		{`{"shell": [{"cmd": "x"}, {"cmd": "x"}]}`, `fixtures: shell[1] ("x"): duplicate of shell[0]`},
	} {
		// outcome.Fixtures.UnmarshalJSON is called directly (json.Unmarshal checks the
		// syntax itself before calling it), then ValidateFixtures.
		_, err := DecodeFixtures([]byte(c.json))
		if err == nil {
			t.Errorf("%s: no error, want %q", c.json, c.want)
			continue
		}
		if err.Error() != c.want {
			t.Errorf("%s\n got %q\nwant %q", c.json, err, c.want)
		}
	}
}

func TestKitsDoNotShareState(t *testing.T) {
	f := outcome.Fixtures{Files: []outcome.File{{Path: "a.txt", Content: "one"}}}
	k1, k2 := New(f), New(f)
	args := value.NewRecord()
	args.Set("path", "a.txt")
	args.Set("data", "two")
	if _, err := callKit(k1, "fs.write", args); err != nil {
		t.Fatal(err)
	}
	read := value.NewRecord()
	read.Set("path", "a.txt")
	if got, _ := callKit(k2, "fs.read", read); got != "one" {
		t.Errorf("second kit sees %q", got)
	}
	if got, _ := callKit(k1, "fs.read", read); got != "two" {
		t.Errorf("first kit sees %q", got)
	}
	if f.Files[0].Content != "one" {
		t.Errorf("fixtures changed")
	}
	if len(k1.Calls()) != 2 || len(k2.Calls()) != 1 {
		t.Errorf("calls leak between kits")
	}
}

func TestCallJSON(t *testing.T) {
	k := New(outcome.Fixtures{Files: []outcome.File{{Path: "a.txt", Content: "x"}}})
	for _, c := range []struct{ tool, args, want string }{
		{"fs.read", `{"path":"a.txt"}`, `{"ok":"x"}`},
		{"fs.read", `{"path":"b\ud800"}`, `{"err":"ENOENT: no such file or directory, open '/work/b` + "\uFFFD" + `'"}`},
		{"fs.write", `{"path":"s\ud800","data":"y"}`, `{"ok":{"kind":"file","path":"/work/s\ud800","bytes":1,"sha256":"a1fce4363854ff888cff4b8e7875d600c2682390412a8cf79b37d0b11148b0fa"}}`},
		{"sh.exec", `{"cmd":"x","timeoutMs":{"$number":"-Infinity"}}`, `{"ok":{"exitCode":1,"stdout":"","stderr":"","durationMs":0}}`},
	} {
		args, _ := value.UnmarshalCanonical([]byte(c.args))
		got, err := k.CallJSON(c.tool, c.args, testData(args.(*value.Record)))
		if err != nil || got != c.want {
			t.Errorf("CallJSON(%s, %s)\n got %s, %v\nwant %s", c.tool, c.args, got, err, c.want)
		}
	}
	for _, bad := range []string{`[]`, `{`, `"x"`} {
		if _, err := k.CallJSON("fs.read", bad, Data{}); err == nil {
			t.Errorf("CallJSON accepted %s", bad)
		}
		if _, err := ValidateJSON("fs.read", bad); err == nil {
			t.Errorf("ValidateJSON accepted %s", bad)
		}
	}
	if len(k.Calls()) != 4 {
		t.Errorf("undecodable calls must not be recorded: %d calls", len(k.Calls()))
	}
}

func TestCallMarshalJSON(t *testing.T) {
	k := New(outcome.Fixtures{})
	write := value.NewRecord()
	write.Set("path", "n.json")
	write.Set("data", value.NewList(math.Copysign(0, -1), math.NaN()))
	write.Set("format", "json")
	read := value.NewRecord()
	read.Set("path", "missing")
	callKit(k, "fs.write", write)
	callKit(k, "fs.read", read)
	want := []string{
		// sha256 of the 15 bytes "[\n  0,\n  null\n]", as node computes it.
		`{"tool":"fs.write","args":{"path":"n.json","data":[{"$number":"-0"},{"$number":"NaN"}],"format":"json"},"outcome":"ok","result":{"kind":"file","path":"/work/n.json","bytes":15,"sha256":"538aa4d949699264cf5624eb4b2021414129d62feb4f3d70edb5d1c7ce653cf4"}}`,
		`{"tool":"fs.read","args":{"path":"missing"},"outcome":"err","error":"ENOENT: no such file or directory, open '/work/missing'"}`,
	}
	calls := k.Calls()
	if len(calls) != len(want) {
		t.Fatalf("%d calls recorded", len(calls))
	}
	for i, c := range calls {
		b, err := json.Marshal(c)
		if err != nil {
			t.Fatal(err)
		}
		if string(b) != want[i] {
			t.Errorf("call %d\n got %s\nwant %s", i, b, want[i])
		}
		var back outcome.Call
		if err := json.Unmarshal(b, &back); err != nil {
			t.Fatalf("%s: %v", b, err)
		}
		if back.Tool != c.Tool || back.Outcome != c.Outcome || back.Error != c.Error ||
			!value.Same(back.Args, c.Args) || !value.Same(back.Result, c.Result) {
			t.Errorf("round trip of %s: %+v", b, back)
		}
	}
	for _, bad := range []string{
		`{"tool":"fs.read","args":{},"outcome":"ok"}`,
		`{"tool":"fs.read","args":{},"outcome":"err","error":"x","result":1}`,
		`{"tool":"fs.read","args":{},"outcome":"maybe","error":"x"}`,
		`{"tool":1,"args":{},"outcome":"err","error":"x"}`,
		`{"tool":"fs.read","args":{},"outcome":"err","error":"x","extra":1}`,
		`{"args":{},"outcome":"err","error":"x"}`,
		`[]`,
	} {
		var c outcome.Call
		if err := json.Unmarshal([]byte(bad), &c); err == nil {
			t.Errorf("accepted %s", bad)
		}
	}
}
