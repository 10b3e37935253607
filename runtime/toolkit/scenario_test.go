package toolkit

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/a0diff/a0diff/runtime/outcome"
	"github.com/a0diff/a0diff/runtime/syntax/testfile"
	"github.com/a0diff/a0diff/runtime/value"
)

// The scenarios in testdata/tools/*.txt are read by this test and by
// testdata/node/verify.js, which replays them against real Node.js. Each is a txtar
// archive (testfile.ReadArchive) whose calls file is a table (testfile.ParseTable):
//
//	# comment
//	-- fixtures --
//	{ fixtures JSON }
//	-- calls --
//	TOOL <TAB> {canonical JSON argument record} <TAB> ok CANONICAL-JSON-RESULT
//	TOOL <TAB> {canonical JSON argument record} <TAB> err MESSAGE-TEXT
//
// (err "JSON string" for texts with escapes). Calls run in order on one kit. A fourth
// field "go-only" keeps verify.js from replaying the call.

type scenarioCall struct {
	line     int
	tool     string
	args     string
	wantKind string
	want     string
}

type scenario struct {
	fixtures string
	calls    []scenarioCall
}

// parseScenario reads a scenario archive (testfile.ReadArchive): the files "fixtures"
// and "calls", both optional.
func parseScenario(t *testing.T, a *testfile.Archive) scenario {
	t.Helper()
	for _, name := range a.Names {
		if name != "fixtures" && name != "calls" {
			t.Fatalf("%s unknown section %q", a.At(name), name)
		}
	}
	sc := scenario{fixtures: a.Files["fixtures"]}
	rows, err := testfile.ParseTable(a.Path, a.Lines["calls"]+1, a.Files["calls"])
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range rows {
		if n := len(r.Fields); n != 3 && !(n == 4 && r.Fields[3] == "go-only") {
			t.Fatalf("%s: want TOOL, ARGS and ok RESULT or err TEXT (and go-only), tab-separated; got %q", r.At(a.Path), r.Fields)
		}
		kind, want, _ := strings.Cut(r.Fields[2], " ")
		if kind != "ok" && kind != "err" {
			t.Fatalf("%s: want ok RESULT or err TEXT, got %q", r.At(a.Path), r.Fields[2])
		}
		sc.calls = append(sc.calls, scenarioCall{line: r.Line, tool: r.Fields[0], args: r.Fields[1], wantKind: kind, want: want})
	}
	if len(sc.calls) == 0 {
		t.Fatalf("%s: no calls", a.Path)
	}
	return sc
}

func mustCanonical(t *testing.T, where, text string) value.Value {
	t.Helper()
	v, err := value.UnmarshalCanonical([]byte(text))
	if err != nil {
		t.Fatalf("%s: %v", where, err)
	}
	return v
}

func TestScenarios(t *testing.T) {
	files, err := filepath.Glob("testdata/tools/*.txt")
	if err != nil || len(files) == 0 {
		t.Fatalf("no scenarios: %v", err)
	}
	for _, file := range files {
		t.Run(filepath.Base(file), func(t *testing.T) {
			sc := parseScenario(t, testfile.MustReadArchive(t, file))
			var f outcome.Fixtures
			var err error
			if strings.TrimSpace(sc.fixtures) != "" {
				if f, err = DecodeFixtures([]byte(sc.fixtures)); err != nil {
					t.Fatalf("%s: %v", file, err)
				}
			}
			k := New(f)
			for i, c := range sc.calls {
				where := file + ":" + itoa(c.line)
				args, ok := mustCanonical(t, where, c.args).(*value.Record)
				if !ok {
					t.Fatalf("%s: arguments are not a record", where)
				}
				got, err := callKit(k, c.tool, args)
				switch c.wantKind {
				case "ok":
					want := mustCanonical(t, where, c.want)
					if err != nil {
						t.Errorf("%s: %s %s\n got err %q\nwant ok  %s", where, c.tool, c.args, err, c.want)
					} else if !value.Same(got, want) {
						t.Errorf("%s: %s %s\n got ok %s\nwant ok %s", where, c.tool, c.args, value.MarshalCanonical(got), c.want)
					}
				case "err":
					want := c.want
					if strings.HasPrefix(want, `"`) {
						want = mustCanonical(t, where, want).(string)
					}
					if err == nil {
						t.Errorf("%s: %s %s\n got ok  %s\nwant err %q", where, c.tool, c.args, value.MarshalCanonical(got), want)
					} else if err.Error() != want {
						t.Errorf("%s: %s %s\n got err %q\nwant err %q", where, c.tool, c.args, err, want)
					}
				}
				// The kit records the call just made, with the arguments as given.
				calls := k.Calls()
				if len(calls) != i+1 || calls[i].Tool != c.tool || calls[i].Args != value.Value(args) {
					t.Fatalf("%s: call not recorded in order", where)
				}
			}
		})
	}
}

func itoa(n int) string { return value.FormatNumber(float64(n)) }
