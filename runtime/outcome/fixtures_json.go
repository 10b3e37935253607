package outcome

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"sort"
	"strings"
	"unicode/utf8"

	"github.com/a0diff/a0diff/runtime/value"
)

// Fixtures cross files (corpus entries, the reference host's config) as JSON:
//
//	{
//	  "cwd": "/work",
//	  "files": [
//	    {"path": "a.txt", "content": "text"},
//	    {"path": "d", "dir": true},
//	    {"path": "b.bin", "base64": "AAEC"}
//	  ],
//	  "http": [
//	    {"url": "https://x.test/", "status": 200, "headers": [["Content-Type", "text/plain"]], "body": "hi"},
//	    {"url": "https://x.test/raw", "status": 200, "bodyBase64": "//4="},
//	    {"url": "https://down.test/", "error": "fetch failed"}
//	  ],
//	  "shell": [
//	    {"cmd": "echo hi", "exitCode": 0, "stdout": "hi\n", "stderr": "", "durationMs": 3}
//	  ]
//	}
//
// Every key is optional except a file's "path", an HTTP entry's "url" and a shell entry's
// "cmd"; "status" defaults to 200 (held as 0 in HTTPResponse), the rest to
// empty/zero/false.
// A file has at most one of "content", "base64" and "dir"; an HTTP entry at most one of
// "body" and "bodyBase64", and with "error" nothing but "url". Unknown keys are errors,
// so a misspelt key never silently does nothing. Whether the entries are usable (paths
// that do not collide, URLs the kit can answer, …) is the tool kit's to check:
// toolkit.DecodeFixtures reads and checks.

// MarshalJSON writes the documented shape; content that is not valid UTF-8 is written
// as base64 (files, HTTP bodies) or as the text the tool would decode (shell output).
func (f Fixtures) MarshalJSON() ([]byte, error) {
	type file struct {
		Path    string  `json:"path"`
		Content *string `json:"content,omitempty"`
		Base64  string  `json:"base64,omitempty"`
		Dir     bool    `json:"dir,omitempty"`
	}
	type httpEntry struct {
		URL        string      `json:"url"`
		Status     int         `json:"status,omitempty"`
		Headers    [][2]string `json:"headers,omitempty"`
		Body       string      `json:"body,omitempty"`
		BodyBase64 string      `json:"bodyBase64,omitempty"`
		Error      string      `json:"error,omitempty"`
	}
	type shellEntry struct {
		Cmd        string `json:"cmd"`
		ExitCode   int    `json:"exitCode"`
		Stdout     string `json:"stdout,omitempty"`
		Stderr     string `json:"stderr,omitempty"`
		DurationMs int    `json:"durationMs,omitempty"`
	}
	out := struct {
		Cwd   string       `json:"cwd,omitempty"`
		Files []file       `json:"files,omitempty"`
		HTTP  []httpEntry  `json:"http,omitempty"`
		Shell []shellEntry `json:"shell,omitempty"`
	}{Cwd: f.Cwd}
	for _, fl := range f.Files {
		e := file{Path: fl.Path, Dir: fl.Dir}
		switch {
		case fl.Dir:
		case utf8.ValidString(fl.Content):
			content := fl.Content
			e.Content = &content
		default:
			e.Base64 = base64.StdEncoding.EncodeToString([]byte(fl.Content))
		}
		out.Files = append(out.Files, e)
	}
	for _, h := range f.HTTP {
		e := httpEntry{URL: h.URL, Error: h.Error}
		if h.Error == "" {
			e.Status, e.Headers = h.Status, h.Headers
			if utf8.ValidString(h.Body) {
				e.Body = h.Body
			} else {
				e.BodyBase64 = base64.StdEncoding.EncodeToString([]byte(h.Body))
			}
		}
		out.HTTP = append(out.HTTP, e)
	}
	for _, s := range f.Shell {
		out.Shell = append(out.Shell, shellEntry{
			Cmd: s.Cmd, ExitCode: s.ExitCode, DurationMs: s.DurationMs,
			Stdout: value.DecodeUTF8(s.Stdout), Stderr: value.DecodeUTF8(s.Stderr),
		})
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(out); err != nil {
		return nil, err
	}
	return bytes.TrimSuffix(buf.Bytes(), []byte("\n")), nil
}

// UnmarshalJSON reads the documented shape. Errors name the offending place
// ("fixtures: files[2]: unknown key \"contnet\""). It does not check the entries
// against each other or against what the tools accept (toolkit.ValidateFixtures).
func (f *Fixtures) UnmarshalJSON(b []byte) error {
	var out Fixtures
	top, err := decodeObject(b, "fixtures")
	if err != nil {
		return err
	}
	if err := top.allow("cwd", "files", "http", "shell"); err != nil {
		return err
	}
	if out.Cwd, err = top.str("cwd"); err != nil {
		return err
	}
	files, err := top.list("files")
	if err != nil {
		return err
	}
	for i, raw := range files {
		o, err := decodeObject(raw, fmt.Sprintf("fixtures: files[%d]", i))
		if err != nil {
			return err
		}
		if err := o.allow("path", "content", "base64", "dir"); err != nil {
			return err
		}
		var fl File
		if err := o.require("path"); err != nil {
			return err
		}
		if fl.Path, err = o.str("path"); err != nil {
			return err
		}
		if n := o.count("content", "base64", "dir"); n > 1 {
			return o.errorf(`at most one of "content", "base64" and "dir" may be given`)
		}
		if fl.Content, err = o.str("content"); err != nil {
			return err
		}
		if fl.Dir, err = o.boolean("dir"); err != nil {
			return err
		}
		if o.has("base64") {
			if fl.Content, err = o.base64("base64"); err != nil {
				return err
			}
		}
		out.Files = append(out.Files, fl)
	}
	entries, err := top.list("http")
	if err != nil {
		return err
	}
	for i, raw := range entries {
		o, err := decodeObject(raw, fmt.Sprintf("fixtures: http[%d]", i))
		if err != nil {
			return err
		}
		if err := o.allow("url", "status", "headers", "body", "bodyBase64", "error"); err != nil {
			return err
		}
		if err := o.require("url"); err != nil {
			return err
		}
		var h HTTPResponse
		if h.URL, err = o.str("url"); err != nil {
			return err
		}
		if o.has("error") {
			if o.count("status", "headers", "body", "bodyBase64") > 0 {
				return o.errorf(`an entry with "error" has only "url" besides`)
			}
			if h.Error, err = o.str("error"); err != nil {
				return err
			}
			if h.Error == "" {
				return o.errorf(`"error" must not be empty`)
			}
			out.HTTP = append(out.HTTP, h)
			continue
		}
		if o.count("body", "bodyBase64") > 1 {
			return o.errorf(`at most one of "body" and "bodyBase64" may be given`)
		}
		if h.Status, err = o.integer("status"); err != nil {
			return err
		}
		if h.Headers, err = o.pairs("headers"); err != nil {
			return err
		}
		if h.Body, err = o.str("body"); err != nil {
			return err
		}
		if o.has("bodyBase64") {
			if h.Body, err = o.base64("bodyBase64"); err != nil {
				return err
			}
		}
		out.HTTP = append(out.HTTP, h)
	}
	shell, err := top.list("shell")
	if err != nil {
		return err
	}
	for i, raw := range shell {
		o, err := decodeObject(raw, fmt.Sprintf("fixtures: shell[%d]", i))
		if err != nil {
			return err
		}
		if err := o.allow("cmd", "exitCode", "stdout", "stderr", "durationMs"); err != nil {
			return err
		}
		if err := o.require("cmd"); err != nil {
			return err
		}
		var s ShellResult
		if s.Cmd, err = o.str("cmd"); err != nil {
			return err
		}
		if s.ExitCode, err = o.integer("exitCode"); err != nil {
			return err
		}
		if s.Stdout, err = o.str("stdout"); err != nil {
			return err
		}
		if s.Stderr, err = o.str("stderr"); err != nil {
			return err
		}
		if s.DurationMs, err = o.integer("durationMs"); err != nil {
			return err
		}
		out.Shell = append(out.Shell, s)
	}
	*f = out
	return nil
}

// jsonObject is one decoded JSON object with the place it came from, for messages.
type jsonObject struct {
	where  string
	fields map[string]json.RawMessage
}

func decodeObject(b []byte, where string) (*jsonObject, error) {
	trimmed := bytes.TrimSpace(b)
	if len(trimmed) == 0 || trimmed[0] != '{' {
		if err := checkSyntax(b, where); err != nil {
			return nil, err
		}
		return nil, fmt.Errorf("%s: expected a JSON object", where)
	}
	var fields map[string]json.RawMessage
	if err := json.Unmarshal(b, &fields); err != nil {
		if serr := checkSyntax(b, where); serr != nil {
			return nil, serr
		}
		return nil, fmt.Errorf("%s: %v", where, err)
	}
	return &jsonObject{where: where, fields: fields}, nil
}

// checkSyntax reports a JSON syntax error with its line and column.
func checkSyntax(b []byte, where string) error {
	var v any
	err := json.Unmarshal(b, &v)
	var se *json.SyntaxError
	if errors.As(err, &se) {
		// Offset counts the bytes read, the offending one included.
		line, col := 1, 1
		for _, c := range b[:max(0, min(int(se.Offset)-1, len(b)))] {
			if c == '\n' {
				line, col = line+1, 1
			} else {
				col++
			}
		}
		return fmt.Errorf("%s: invalid JSON at line %d, column %d: %v", where, line, col, se)
	}
	return nil
}

func (o *jsonObject) errorf(format string, args ...any) error {
	return fmt.Errorf("%s: %s", o.where, fmt.Sprintf(format, args...))
}

func (o *jsonObject) has(key string) bool { _, ok := o.fields[key]; return ok }

func (o *jsonObject) count(keys ...string) int {
	n := 0
	for _, k := range keys {
		if o.has(k) {
			n++
		}
	}
	return n
}

func (o *jsonObject) allow(keys ...string) error {
	var unknown []string
	for k := range o.fields {
		known := false
		for _, a := range keys {
			known = known || k == a
		}
		if !known {
			unknown = append(unknown, k)
		}
	}
	if len(unknown) == 0 {
		return nil
	}
	sort.Strings(unknown)
	return o.errorf("unknown key %q (known keys: %s)", unknown[0], strings.Join(keys, ", "))
}

func (o *jsonObject) require(key string) error {
	if !o.has(key) {
		return o.errorf("missing %q", key)
	}
	return nil
}

func (o *jsonObject) str(key string) (string, error) {
	raw, ok := o.fields[key]
	if !ok {
		return "", nil
	}
	var s string
	if err := json.Unmarshal(raw, &s); err != nil {
		return "", o.errorf("%q must be a string", key)
	}
	return s, nil
}

func (o *jsonObject) boolean(key string) (bool, error) {
	raw, ok := o.fields[key]
	if !ok {
		return false, nil
	}
	var b bool
	if err := json.Unmarshal(raw, &b); err != nil {
		return false, o.errorf("%q must be true or false", key)
	}
	return b, nil
}

func (o *jsonObject) integer(key string) (int, error) {
	raw, ok := o.fields[key]
	if !ok {
		return 0, nil
	}
	var f float64
	if err := json.Unmarshal(raw, &f); err != nil || f != math.Trunc(f) || math.Abs(f) > 1<<31 {
		return 0, o.errorf("%q must be an integer", key)
	}
	return int(f), nil
}

func (o *jsonObject) base64(key string) (string, error) {
	s, err := o.str(key)
	if err != nil {
		return "", err
	}
	b, err := base64.StdEncoding.DecodeString(s)
	if err != nil {
		return "", o.errorf("%q is not standard base64: %v", key, err)
	}
	return string(b), nil
}

func (o *jsonObject) list(key string) ([]json.RawMessage, error) {
	raw, ok := o.fields[key]
	if !ok || string(bytes.TrimSpace(raw)) == "null" {
		return nil, nil
	}
	var items []json.RawMessage
	if err := json.Unmarshal(raw, &items); err != nil {
		return nil, o.errorf("%q must be an array", key)
	}
	return items, nil
}

func (o *jsonObject) pairs(key string) ([][2]string, error) {
	items, err := o.list(key)
	if err != nil {
		return nil, err
	}
	var out [][2]string
	for i, raw := range items {
		var pair []string
		if err := json.Unmarshal(raw, &pair); err != nil || len(pair) != 2 {
			return nil, o.errorf("%s[%d] must be a [name, value] pair of strings", key, i)
		}
		out = append(out, [2]string{pair[0], pair[1]})
	}
	return out, nil
}
