package gen

import (
	"bytes"
	"encoding/json"
	"strings"

	"github.com/a0diff/a0diff/runtime/outcome"
)

// EntryText renders c as a corpus entry (format: corpus/README.md): the program text,
// then a trailing comment block with the prose lines and the directives that recreate
// c's host configuration (@name, @allow, @cwd, @file, @dir, @http, @sh, @timeout). A
// prose line must not start with "@". The entry's program is c.Source followed by
// comments, so it runs exactly as c does unless the program's last token is unterminated
// (an open string literal would swallow the comment block); callers that need certainty
// parse the text back and run it again.
func EntryText(c *Case, prose []string) string {
	var b strings.Builder
	b.WriteString(c.Source)
	if !strings.HasSuffix(c.Source, "\n") {
		b.WriteByte('\n')
	}
	for _, line := range prose {
		for _, l := range strings.Split(line, "\n") {
			b.WriteString(strings.TrimRight("# "+l, " "))
			b.WriteByte('\n')
		}
	}
	for _, d := range Directives(c.Config) {
		b.WriteString("# " + d + "\n")
	}
	return b.String()
}

// Directives are the corpus directives (without "# ") describing cfg.
func Directives(cfg outcome.Config) []string {
	var out []string
	if cfg.File != "" {
		out = append(out, "@name "+cfg.File)
	}
	if len(cfg.Allow) > 0 {
		out = append(out, "@allow "+strings.Join(cfg.Allow, ", "))
	}
	fx := cfg.Fixtures
	if fx.Cwd != "" {
		out = append(out, "@cwd "+fx.Cwd)
	}
	for _, f := range fx.Files {
		if f.Dir {
			out = append(out, "@dir "+argText(f.Path))
		} else {
			out = append(out, "@file "+argText(f.Path)+" "+jsonText(f.Content))
		}
	}
	for _, h := range fx.HTTP {
		if h.Error != "" {
			out = append(out, "@http "+argText(h.URL)+" "+jsonText(struct {
				Error string `json:"error"`
			}{h.Error}))
			continue
		}
		status := h.Status
		if status == 0 {
			status = 200
		}
		headers := h.Headers
		if headers == nil {
			headers = [][2]string{}
		}
		out = append(out, "@http "+argText(h.URL)+" "+jsonText(struct {
			Status  int         `json:"status"`
			Headers [][2]string `json:"headers"`
			Body    string      `json:"body"`
		}{status, headers, h.Body}))
	}
	for _, s := range fx.Shell {
		out = append(out, "@sh "+jsonText(s.Cmd)+" "+jsonText(struct {
			ExitCode   int    `json:"exitCode"`
			Stdout     string `json:"stdout"`
			Stderr     string `json:"stderr"`
			DurationMs int    `json:"durationMs"`
		}{s.ExitCode, s.Stdout, s.Stderr, s.DurationMs}))
	}
	if cfg.Limits.Timeout > 0 {
		out = append(out, "@timeout "+cfg.Limits.Timeout.String())
	}
	return out
}

// argText writes a path or URL bare when it has no blank and does not start with a quote,
// else as a JSON string.
func argText(s string) string {
	if s != "" && !strings.ContainsAny(s, " \t\"") && !strings.ContainsFunc(s, func(r rune) bool { return r < 0x20 }) {
		return s
	}
	return jsonText(s)
}

// jsonText is compact JSON without HTML escaping.
func jsonText(v any) string {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return `""`
	}
	return strings.TrimSuffix(b.String(), "\n")
}
