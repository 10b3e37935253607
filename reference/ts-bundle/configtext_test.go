package tsbundle

import (
	"encoding/json"
	"testing"

	"github.com/a0diff/a0diff/runtime/outcome"
)

// TestConfigTextIsJSONMarshal: configText writes what json.Marshal writes for the
// configJSON's shape, byte for byte (the reference's reader of the host's configJSON
// expects exactly that shape), for plain names and for names json.Marshal escapes.
func TestConfigTextIsJSONMarshal(t *testing.T) {
	limits := outcome.Limits{MaxSteps: 100000, MaxDepth: 10000, MaxSize: 1048576}
	for _, cfg := range []outcome.Config{
		{File: "case-1.a0", Allow: nil, Limits: limits},
		{File: "case-1.a0", Allow: []string{}, Limits: limits},
		{File: "ex01.a0", Allow: []string{"fs.read", "fs.write", "http.get", "sh.exec"}, Limits: limits},
		{File: "", Allow: []string{""}, Limits: outcome.Limits{MaxSteps: 1, MaxDepth: -3, MaxSize: 0}},
		{File: `dir/a "quoted" \ name.a0`, Allow: []string{"<b>&</b>"}, Limits: limits},
		{File: "tab\there\nnewline\x00\x7f", Allow: []string{"é", "\u2028\u2029", "\xff\xfe bad UTF-8"}, Limits: limits},
		{File: "日本語.a0", Allow: []string{"x"}, Limits: outcome.Limits{MaxSteps: 1 << 40, MaxDepth: 7, MaxSize: 9}},
	} {
		if got, want := configText(cfg), marshalConfig(cfg); got != want {
			t.Errorf("configText(%+v)\n got %s\nwant %s", cfg, got, want)
		}
	}
	for i, c := range generatedCases(200) {
		if got, want := configText(c.Config), marshalConfig(c.Config); got != want {
			t.Errorf("generated case %d: configText\n got %s\nwant %s", i, got, want)
		}
	}
}

// marshalConfig is configJSON as json.Marshal writes it.
func marshalConfig(cfg outcome.Config) string {
	type limits struct {
		MaxSteps int `json:"maxSteps"`
		MaxDepth int `json:"maxDepth"`
		MaxSize  int `json:"maxSize"`
	}
	c := struct {
		File   string   `json:"file"`
		Allow  []string `json:"allow"`
		Limits limits   `json:"limits"`
	}{cfg.File, cfg.Allow, limits{cfg.Limits.MaxSteps, cfg.Limits.MaxDepth, cfg.Limits.MaxSize}}
	if c.Allow == nil {
		c.Allow = []string{}
	}
	b, err := json.Marshal(c)
	if err != nil {
		panic(err)
	}
	return string(b)
}
