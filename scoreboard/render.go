package scoreboard

import (
	"bytes"
	"encoding/json"
	"fmt"
	"html/template"
	"io"
	"strings"
)

// WriteAll writes boards one after the other in the format the file name path asks for
// (a0diff run --scoreboard FILE): HTML when it ends in .html, JSON in .json, else text.
func WriteAll(w io.Writer, path string, boards []*Board) error {
	write := (*Board).WriteText
	switch {
	case strings.HasSuffix(path, ".html"):
		write = (*Board).WriteHTML
	case strings.HasSuffix(path, ".json"):
		write = (*Board).WriteJSON
	}
	for _, b := range boards {
		if err := write(b, w); err != nil {
			return err
		}
	}
	return nil
}

// Wrote reports whether a file starting with head (its first 512 bytes or all of it) is
// a scoreboard WriteAll wrote, in any of its formats: one --scoreboard may replace.
func Wrote(head []byte) bool {
	return bytes.HasPrefix(head, []byte(textHead)) ||
		bytes.HasPrefix(head, []byte("{\n  \"implementation\": ")) ||
		bytes.HasPrefix(head, []byte("<!DOCTYPE html>")) && bytes.Contains(head, []byte("<title>"+htmlTitle))
}

// textHead starts a board's text; htmlTitle its page's title.
const (
	textHead  = "Scoreboard of "
	htmlTitle = "A0 conformance: "
)

// WriteText writes the board as text.
func (b *Board) WriteText(w io.Writer) error {
	var s strings.Builder
	fmt.Fprintf(&s, textHead+"%s against the reference: %s\n", b.Implementation, rateText(b.Total))
	for _, l := range b.LeftOut {
		fmt.Fprintf(&s, "  not compared: %s (%s)\n", l.What, l.Why)
	}
	table := func(title string, rows []Rate, prefix string) {
		if len(rows) == 0 {
			return
		}
		fmt.Fprintf(&s, "%s:\n", title)
		width := 0
		for _, r := range rows {
			width = max(width, len(prefix+r.Name))
		}
		for _, r := range rows {
			fmt.Fprintf(&s, "  %-*s  %s\n", width, prefix+r.Name, rateText(r))
		}
	}
	table("By corpus directory", b.Directories, "")
	sections := make([]Rate, len(b.Sections))
	for i, r := range b.Sections {
		sections[i] = r
		if r.Name != NoSection {
			sections[i].Name = "§" + r.Name
		}
	}
	table("By doc/a0.md section", sections, "")
	table("By divergence category (cases without a divergence of that category)", b.Categories, "")
	if len(b.Signatures) > 0 {
		fmt.Fprintf(&s, "Top signatures (one root cause each):\n")
		for _, bk := range b.Signatures {
			fmt.Fprintf(&s, "  %5d  %s\n", bk.Cases, bk.Signature)
			fmt.Fprintf(&s, "         smallest: %s (%d bytes): %s: %s %s, reference %s\n", bk.Example, bk.Size, bk.Path, b.Implementation, bk.Impl, bk.Ref)
			if bk.Replay != "" {
				fmt.Fprintf(&s, "         replay:   %s\n", bk.Replay)
			}
		}
		if b.MoreSignatures > 0 {
			fmt.Fprintf(&s, "  … and %d more signatures (the JSON scoreboard lists the top %d too)\n", b.MoreSignatures, Top)
		}
	}
	_, err := io.WriteString(w, s.String())
	return err
}

func rateText(r Rate) string {
	t := fmt.Sprintf("%d of %d pass", r.Passed, r.Passed+r.Failed)
	if r.Passed+r.Failed > 0 {
		t += fmt.Sprintf(" (%.1f%%)", r.Percent)
	}
	if r.Skipped > 0 {
		t += fmt.Sprintf(", %d not compared", r.Skipped)
	}
	return t
}

// WriteJSON writes the board as one JSON document (the Board's fields).
func (b *Board) WriteJSON(w io.Writer) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(b)
}

// WriteHTML writes the board as one self-contained HTML page: inline style, no script,
// nothing fetched.
func (b *Board) WriteHTML(w io.Writer) error {
	sections := make([]Rate, len(b.Sections))
	for i, r := range b.Sections {
		sections[i] = r
		if r.Name != NoSection {
			sections[i].Name = "§" + r.Name
		}
	}
	return page.Execute(w, struct {
		*Board
		Tables []rateTable
	}{b, []rateTable{
		{"By corpus directory", "directory", b.Directories},
		{"By doc/a0.md section", "section", sections},
		{"By divergence category", "category (cases without a divergence of it)", b.Categories},
	}})
}

type rateTable struct {
	Title, Column string
	Rows          []Rate
}

var page = template.Must(template.New("board").Funcs(template.FuncMap{
	"pct":  func(r Rate) string { return fmt.Sprintf("%.1f%%", r.Percent) },
	"rate": rateText,
}).Parse(`<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>` + htmlTitle + `{{.Implementation}}</title>
<style>
body { font: 14px/1.4 system-ui, sans-serif; margin: 2em auto; max-width: 72em; padding: 0 1em; color: #222; }
h1 { font-size: 1.5em; } h2 { font-size: 1.15em; margin-top: 2em; }
table { border-collapse: collapse; width: 100%; }
th, td { text-align: left; padding: .25em .6em; border-bottom: 1px solid #ddd; vertical-align: top; }
td.n { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
.bar { background: #f3d3d0; height: .9em; width: 12em; }
.bar span { display: block; height: 100%; background: #3c9a4c; }
code { font: 12px ui-monospace, monospace; word-break: break-all; }
.muted { color: #666; }
</style>
</head>
<body>
<h1>A0 conformance of <code>{{.Implementation}}</code></h1>
<p>Against the reference: <strong>{{rate .Total}}</strong>.</p>
{{if .LeftOut}}<p class="muted">Not compared:</p>
<ul class="muted">{{range .LeftOut}}<li><code>{{.What}}</code> ({{.Why}})</li>{{end}}</ul>{{end}}
{{range .Tables}}{{if .Rows}}<h2>{{.Title}}</h2>
<table>
<tr><th>{{.Column}}</th><th>pass rate</th><th></th><th>passed</th><th>failed</th><th>not compared</th></tr>
{{range .Rows}}<tr><td>{{.Name}}</td><td class="n">{{pct .}}</td><td><div class="bar"><span style="width: {{pct .}}"></span></div></td><td class="n">{{.Passed}}</td><td class="n">{{.Failed}}</td><td class="n">{{.Skipped}}</td></tr>
{{end}}</table>
{{end}}{{end}}
{{if .Signatures}}<h2>Top signatures</h2>
<table>
<tr><th>cases</th><th>signature</th><th>smallest example</th></tr>
{{range .Signatures}}<tr><td class="n">{{.Cases}}</td><td><code>{{.Signature}}</code></td><td><code>{{.Example}}</code> ({{.Size}} bytes): <code>{{.Path}}</code> {{$.Implementation}} <code>{{.Impl}}</code>, reference <code>{{.Ref}}</code>{{if .Replay}}<br>replay: <code>{{.Replay}}</code>{{end}}</td></tr>
{{end}}</table>
{{if .MoreSignatures}}<p class="muted">… and {{.MoreSignatures}} more signatures.</p>{{end}}{{end}}
</body>
</html>
`))
