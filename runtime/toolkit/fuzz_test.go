package toolkit

import (
	"bytes"
	"encoding/json"
	"github.com/a0diff/a0diff/runtime/outcome"
	"testing"

	"github.com/a0diff/a0diff/runtime/value"
)

var fuzzFixtures = outcome.Fixtures{
	Files: []outcome.File{{Path: "a.txt", Content: "a"}, {Path: "d/b.bin", Content: "\xff"}},
	HTTP: []outcome.HTTPResponse{
		{URL: "https://x.test/", Body: "x"},
		{URL: "https://x.test/r", Status: 302, Headers: [][2]string{{"Location", "/"}}},
	},
	Shell: []outcome.ShellResult{{Cmd: "echo hi", Stdout: "hi\n"}},
}

// FuzzCall runs every tool on hostile strings: the kit must neither panic nor depend on
// anything but its inputs (two fresh kits answer alike).
func FuzzCall(f *testing.F) {
	for _, s := range []string{"", "a.txt", "../../d/b.bin", "/", "a\x00b", "data:,x", "https://x.test/r",
		"http://[::1", "echo hi", "\xed\xa0\x80", "xn--a.com", "data:;base64,%", "http://日本.jp/"} {
		f.Add(uint8(0), s, "utf8", -1.0)
	}
	f.Fuzz(func(t *testing.T, which uint8, s, extra string, n float64) {
		tool := Catalogue[int(which)%len(Catalogue)]
		args := value.NewRecord()
		args.Set(tool.Args[0].Name, value.FromGoString(s))
		switch tool.Name {
		case "fs.read":
			args.Set("encoding", value.FromGoString(extra))
		case "fs.write":
			args.Set("data", value.FromGoString(extra))
			args.Set("format", value.FromGoString(extra))
		case "http.get", "sh.exec":
			h := value.NewRecord()
			h.Set(value.FromGoString(extra), value.FromGoString(s))
			if tool.Name == "http.get" {
				args.Set("headers", h)
			} else {
				args.Set("env", h)
				args.Set("cwd", value.FromGoString(extra))
				args.Set("timeoutMs", n)
			}
		}
		run := func() string {
			k := New(fuzzFixtures)
			res, err := callKit(k, tool.Name, args)
			if err != nil {
				return "err " + err.Error()
			}
			return "ok " + string(value.MarshalCanonical(res))
		}
		if a, b := run(), run(); a != b {
			t.Fatalf("nondeterministic: %q vs %q", a, b)
		}
	})
}

// FuzzParseURL checks that parsing never panics and that a parsed URL's serialisation
// parses to itself (the URL standard's idempotence).
func FuzzParseURL(f *testing.F) {
	for _, line := range []string{"http://example.com/a?b#c", "sc://x/", "data:,x", "http://[::1]:80/",
		"file:///c:/x", "http://0x7f.1/", "http://ÉX.com/", "x:/.//p", "http://a/b/../../.."} {
		f.Add(line)
	}
	f.Fuzz(func(t *testing.T, s string) {
		u, ok := parseURL(s, nil)
		if !ok {
			return
		}
		href := u.href(false)
		again, ok := parseURL(href, nil)
		if !ok {
			t.Fatalf("%q → %q, which does not parse", s, href)
		}
		if again.href(false) != href {
			t.Fatalf("%q → %q → %q", s, href, again.href(false))
		}
	})
}

// FuzzFixturesJSON checks that fixture JSON never panics the decoder and that whatever
// it accepts survives a round trip.
func FuzzFixturesJSON(f *testing.F) {
	f.Add([]byte(`{"files":[{"path":"a","content":"x"}],"http":[{"url":"https://x/"}],"shell":[{"cmd":"x"}]}`))
	f.Add([]byte(`{"cwd":"/w","files":[{"path":"d","dir":true},{"path":"b","base64":"AA=="}]}`))
	f.Fuzz(func(t *testing.T, b []byte) {
		fx, err := DecodeFixtures(b)
		if err != nil {
			return
		}
		out, err := fx.MarshalJSON()
		if err != nil {
			t.Fatal(err)
		}
		back, err := DecodeFixtures(out)
		if err != nil {
			t.Fatalf("re-reading %s: %v", out, err)
		}
		again, _ := back.MarshalJSON()
		if !bytes.Equal(out, again) {
			t.Fatalf("%s\n!=\n%s", out, again)
		}
		_ = json.Valid(out)
	})
}
