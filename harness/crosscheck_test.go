package harness

import (
	"context"
	"strings"
	"testing"

	"github.com/a0diff/a0diff/diff"
	"github.com/a0diff/a0diff/harness/harnesstest"
	"github.com/a0diff/a0diff/runtime/outcome"
)

// With a third runner (the reference under node), disagreements are attributed, and an
// external implementation's disagreements are counted on their own.
func TestCrossCheckAndExtras(t *testing.T) {
	dir := copyTestdata(t, map[string]string{
		"nodeonly.a0": "# NODEDIFF: only node adds one.\nreturn 2\n",
		"extra.a0":    "# EXTRADIFF: only the external implementation adds one.\nreturn 3\n",
	})
	entries, err := Load([]string{dir}, nil)
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name     string
		node     *harnesstest.Runner
		attrs    map[string]diff.Attribution // entry → attribution ("" when not diverged)
		counts   AttributionCounts
		sigEnds  string // suffix of diverge.a0's signature
		nodeSide string // node's rendering on diverge.a0
	}{
		{"node sides with the reference", &harnesstest.Runner{ImplName: "node", DivergeOn: "DIVERGE"},
			map[string]diff.Attribution{"diverge.a0": diff.AttrImplementation, "nodeonly.a0": "", "extra.a0": "", "agree.a0": ""},
			AttributionCounts{Implementation: 1}, ":implementation", "2"},
		{"node sides with Go", &harnesstest.Runner{ImplName: "node", DivergeOn: "NODEDIFF"},
			map[string]diff.Attribution{"diverge.a0": diff.AttrEngine, "nodeonly.a0": diff.AttrEngineShared, "extra.a0": "", "agree.a0": ""},
			AttributionCounts{Engine: 1, EngineShared: 1}, ":engine", "1"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rs := fakes()
			rs.Ref = &harnesstest.Runner{ImplName: "ref", DivergeOn: "DIVERGE"}
			rs.Node = tt.node
			rs.Extra = []outcome.Runner{&harnesstest.Runner{ImplName: "port", DivergeOn: "EXTRADIFF"}}
			rep := Run(context.Background(), rs, entries, Options{Workers: 2})
			if !rep.CrossChecked || rep.Attribution != tt.counts {
				t.Errorf("attribution counts %+v, want %+v", rep.Attribution, tt.counts)
			}
			if rep.Implementations["port"].Diverged != 2 { // extra.a0, and diverge.a0 where the reference adds one
				t.Errorf("implementations %v, want port: 2", rep.Implementations)
			}
			res := byName(rep)
			for name, want := range tt.attrs {
				r := res[name]
				if r.Attribution != want {
					t.Errorf("%s: attribution %q, want %q", name, r.Attribution, want)
				}
				if (want == "") != (r.Diff.Verdict != diff.Diverge) {
					t.Errorf("%s: verdict %s with attribution %q", name, r.Diff.Verdict, want)
				}
			}
			if !res["extra.a0"].ExtraDiverged() || res["extra.a0"].Passed() {
				t.Errorf("extra.a0: an external implementation's divergence must fail the entry")
			}
			d := res["diverge.a0"]
			if sig := d.Diff.Signature(); !strings.HasSuffix(sig, tt.sigEnds) || d.Diff.Divergences[0].Node != tt.nodeSide {
				t.Errorf("diverge.a0: signature %s, node rendering %q", sig, d.Diff.Divergences[0].Node)
			}
			var text strings.Builder
			WriteText(&text, rep, ReportOptions{})
			for _, want := range []string{"attribution: " + d.Attribution.Explain(), "a0diff exec --impl node ", "[port: value] value (changed)",
				"cross-checked under node: " + tt.counts.String(), "implementation port against the reference: 5 agree, 2 diverged, 1 not compared"} {
				if !strings.Contains(text.String(), want) {
					t.Errorf("text report lacks %q:\n%s", want, text.String())
				}
			}
		})
	}
}
