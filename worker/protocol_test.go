package worker

import (
	"encoding/json"
	"reflect"
	"testing"
	"time"

	"github.com/a0diff/a0diff/runtime/outcome"
)

// runLine reads every run message runMessage writes as parseMessage and encoding/json
// read it.
func TestRunLineAgreesWithParseMessage(t *testing.T) {
	sources := []string{
		"return 1\n",
		"let s = \"a \\\"quoted\\\" \\\\ word\"\r\n\treturn s\n",
		"return \"<&> é 😀 \u2028 \u2029 \x01 \x1f \x7f\"\n",
		"", "\"", "\\", "\u00ff\u0100\uffff",
		"bad UTF-8: \xff\xfe",
	}
	configs := []outcome.Config{
		{File: "t.a0"},
		{File: "ü\".a0", Allow: []string{"fs.read", "http.get"}, Limits: outcome.Limits{MaxSteps: 7, Timeout: 1500 * time.Microsecond}},
	}
	for _, src := range sources {
		for _, cfg := range configs {
			for _, fixtures := range []bool{false, true} {
				cfg.Fixtures = outcome.Fixtures{Files: []outcome.File{{Path: "a.txt", Content: "x"}}}
				msg, err := runMessage(42, src, cfg, fixtures)
				if err != nil {
					t.Fatal(err)
				}
				line := msg[:len(msg)-1]
				id, gotSrc, config, ok := runLine(line)
				if !ok {
					if src == "bad UTF-8: \xff\xfe" {
						continue // left to encoding/json, which replaces the bytes
					}
					t.Errorf("%q: runLine did not take %s", src, line)
					continue
				}
				m, typ, err := parseMessage(line)
				if err != nil || typ != typeRun {
					t.Fatalf("%s: %v", line, err)
				}
				wantID, _ := m.uint("run")
				wantSrc, _ := m.str("source")
				var wc wireConfig
				if err := json.Unmarshal(m["config"], &wc); err != nil {
					t.Fatal(err)
				}
				var cache configCache
				for range 2 { // afresh, then from the cache
					gotCfg, err := cache.get(config)
					if err != nil {
						t.Fatal(err)
					}
					if id != wantID || gotSrc != wantSrc || !reflect.DeepEqual(gotCfg, wc.config()) {
						t.Errorf("%s:\nrunLine %d %q %+v\nwant    %d %q %+v", line, id, gotSrc, gotCfg, wantID, wantSrc, wc.config())
					}
				}
			}
		}
	}
	for _, line := range []string{
		`{"type":"run","run":0,"source":"x","config":{}}`,
		`{"type":"run","run":01,"source":"x","config":{}}`,
		`{"type":"run","run":1,"source":"\ud800","config":{}}`,
		`{"type":"run","run":1,"source":"\q","config":{}}`,
		`{"type":"run","run":1,"source":"x"}`,
		`{"type":"run","run":1,"config":{},"source":"x"}`,
		`{"run":1,"type":"run","source":"x","config":{}}`,
	} {
		if _, _, _, ok := runLine([]byte(line)); ok {
			t.Errorf("runLine took %s", line)
		}
	}
}

// outcomeLine reads every outcome message outcomeMessage writes as parseMessage reads it,
// and leaves other forms to parseMessage.
func TestOutcomeLineAgreesWithParseMessage(t *testing.T) {
	o := outcome.Outcome{Status: outcome.StatusOK, Value: "v\n\"", HasValue: true, Detail: "d"}
	for _, c := range []struct {
		id                 uint64
		abandoned, running int64
	}{{1, 0, 0}, {987654321, 12, 3}} {
		msg := outcomeMessage(c.id, o, c.abandoned, c.running)
		line := msg[:len(msg)-1]
		id, a, r, body, ok := outcomeLine(line)
		m, _, err := parseMessage(line)
		if !ok || err != nil {
			t.Fatalf("%s: taken %v, %v", line, ok, err)
		}
		wantID, _ := m.uint("run")
		var wantA, wantR int64
		json.Unmarshal(m["abandoned"], &wantA)
		json.Unmarshal(m["abandonedRunning"], &wantR)
		if id != wantID || a != wantA || r != wantR || string(body) != string(m["outcome"]) {
			t.Errorf("%s: outcomeLine %d %d %d %s", line, id, a, r, body)
		}
	}
	for _, line := range []string{
		`{"type":"outcome","run":1,"outcome":{"status":"ok","exitCode":0}}`,
		`{"type":"outcome","run":0,"abandoned":0,"abandonedRunning":0,"outcome":{}}`,
		`{"type":"outcome","run":1,"abandoned":-1,"abandonedRunning":0,"outcome":{}}`,
		`{"type":"outcome","run":1,"abandoned":0,"abandonedRunning":0,"outcome":{}} `,
	} {
		if _, _, _, _, ok := outcomeLine([]byte(line)); ok {
			t.Errorf("outcomeLine took %s", line)
		}
	}
}
