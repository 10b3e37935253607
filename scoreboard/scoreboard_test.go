package scoreboard

import (
	"bytes"
	"strings"
	"testing"

	"github.com/a0diff/a0diff/diff"
)

func div(cat diff.Category, sig string) diff.Divergence {
	return diff.Divergence{Category: cat, Signature: sig, Path: "value", Go: "1", Ref: "2"}
}

var cases = []Case{
	{Name: "c/eval/a.a0", Group: "c/eval", Sections: []string{"5.6", "10.2"}, Verdict: diff.Agree, Size: 10},
	{Name: "c/eval/b.a0", Group: "c/eval", Sections: []string{"5.6"}, Verdict: diff.Diverge, Size: 30,
		Divergences: []diff.Divergence{div(diff.CatValue, "value@value:number")}, Replay: "replay b"},
	{Name: "c/eval/c.a0", Group: "c/eval", Sections: []string{"5.10"}, Verdict: diff.Diverge, Size: 20,
		Divergences: []diff.Divergence{div(diff.CatValue, "value@value:number"), div(diff.CatValue, "value@value:number")}, Replay: "replay c"},
	{Name: "c/parse/d.a0", Group: "c/parse", Verdict: diff.Diverge, Size: 5,
		Divergences: []diff.Divergence{div(diff.CatExit, "exit@exitCode:4/2")}},
	{Name: "c/limits/e.a0", Group: "c/limits", Sections: []string{"D"}, Verdict: diff.OutOfScope},
}

func TestBuild(t *testing.T) {
	scope := diff.Full.Only([]diff.Aspect{diff.AspectValue, diff.AspectExit}, "chosen with --compare")
	b := Build("port", scope, cases)
	if b.Total != (Rate{Name: "all", Passed: 1, Failed: 3, Skipped: 1, Percent: 25}) {
		t.Errorf("total %+v", b.Total)
	}
	var secs []string
	for _, s := range b.Sections {
		secs = append(secs, s.Name)
	}
	if got, want := strings.Join(secs, " "), "5.6 5.10 10.2 D (no section)"; got != want {
		t.Errorf("sections %q, want %q (document order)", got, want)
	}
	for _, c := range b.Categories {
		switch c.Name {
		case "value":
			if c.Passed != 2 || c.Failed != 2 {
				t.Errorf("value %+v", c)
			}
		case "trace":
			if c.Passed+c.Failed != 0 || c.Skipped != 5 {
				t.Errorf("trace is out of scope, yet %+v", c)
			}
		}
	}
	// One bucket per signature, its cases counted once each, the smallest example.
	if len(b.Signatures) != 2 || b.Signatures[0].Signature != "value@value:number" || b.Signatures[0].Cases != 2 ||
		b.Signatures[0].Example != "c/eval/c.a0" || b.Signatures[0].Replay != "replay c" {
		t.Errorf("signatures %+v", b.Signatures)
	}
}

func TestRenderings(t *testing.T) {
	b := Build("port <&>", diff.Full, cases)
	var text, js, html bytes.Buffer
	if err := b.WriteText(&text); err != nil {
		t.Fatal(err)
	}
	if err := b.WriteJSON(&js); err != nil {
		t.Fatal(err)
	}
	if err := b.WriteHTML(&html); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"Scoreboard of port <&> against the reference: 1 of 4 pass (25.0%), 1 not compared", "§5.10", "2  value@value:number"} {
		if !strings.Contains(text.String(), want) {
			t.Errorf("text lacks %q:\n%s", want, text.String())
		}
	}
	if !strings.Contains(js.String(), `"signature": "value@value:number"`) {
		t.Errorf("json:\n%s", js.String())
	}
	page := html.String()
	// Self-contained: no script, nothing fetched; the name escaped.
	for _, bad := range []string{"<script", "src=", "href=", "@import", "url(", "port <&>"} {
		if strings.Contains(page, bad) {
			t.Errorf("the page contains %q", bad)
		}
	}
	if !strings.Contains(page, "port &lt;&amp;&gt;") || !strings.Contains(page, "width: 33.3%") {
		t.Errorf("page:\n%s", page)
	}
}

func TestWriteAllByExtension(t *testing.T) {
	boards := []*Board{Build("port", diff.Full, cases), Build("other", diff.Full, cases[:1])}
	tests := []struct {
		path  string
		write func(*Board, *bytes.Buffer) error
	}{
		{"board.html", func(b *Board, w *bytes.Buffer) error { return b.WriteHTML(w) }},
		{"out/board.json", func(b *Board, w *bytes.Buffer) error { return b.WriteJSON(w) }},
		{"board.txt", func(b *Board, w *bytes.Buffer) error { return b.WriteText(w) }},
		{"-", func(b *Board, w *bytes.Buffer) error { return b.WriteText(w) }},
		{"board.html.bak", func(b *Board, w *bytes.Buffer) error { return b.WriteText(w) }},
	}
	for _, tt := range tests {
		var got, want bytes.Buffer
		if err := WriteAll(&got, tt.path, boards); err != nil {
			t.Fatal(err)
		}
		for _, b := range boards {
			if err := tt.write(b, &want); err != nil {
				t.Fatal(err)
			}
		}
		if got.String() != want.String() {
			t.Errorf("WriteAll(%s) is not the boards in its format, one after the other:\n%s", tt.path, got.String())
		}
	}
}
