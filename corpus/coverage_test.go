package corpus

import (
	"sort"
	"strings"
	"testing"

	"github.com/a0diff/a0diff/runtime/ast"
	"github.com/a0diff/a0diff/runtime/outcome"
	"github.com/a0diff/a0diff/runtime/syntax"
)

// The coverage test keeps the corpus honest: every diagnostic code, stdlib function,
// tool and trace event type the spec defines must be exercised by at least one entry.
// Function and tool names come from the entries' parsed programs; codes and events from
// their @expect lines (a pinned expectation is the only evidence that both
// implementations were checked against the spec on that behaviour).

// knownFunctions are the 36 names known to the validator, in the order of spec §4.1
// (the 34 stdlib functions of §8 plus map and reduce, which the evaluator implements).
var knownFunctions = []string{
	"parse.json", "get", "put", "patch", "eq", "contains", "not", "and", "or", "len",
	"map", "append", "concat", "sort", "filter", "find", "range", "join", "str.concat",
	"str.split", "str.starts", "str.replace", "keys", "values", "merge", "math.max",
	"math.min", "str.ends", "unique", "reduce", "coalesce", "typeof", "pluck", "flat",
	"entries", "str.template",
}

// knownTools are the six tools of spec §4.1 / §9.1.
var knownTools = []string{"fs.read", "fs.write", "fs.list", "fs.exists", "http.get", "sh.exec"}

// traceEvents are the 22 event types of spec §6.2 (outcome.EventNames).
var traceEvents = func() []string {
	out := make([]string, len(outcome.EventNames))
	for i, e := range outcome.EventNames {
		out[i] = string(e)
	}
	return out
}()

// diagnosticCodes are the codes a `run` can report: E_LEX (§1.9), E_AST (§1.7),
// E_PARSE (§2.8, §2.9), the validation codes of §4.7 and the runtime codes of §5.17.
var diagnosticCodes = []string{
	"E_LEX", "E_AST", "E_PARSE",
	"E_DUP_BUDGET", "E_IMPORT_UNSUPPORTED", "E_NO_RETURN", "E_RETURN_NOT_LAST",
	"E_UNKNOWN_CAP", "E_CAP_VALUE", "E_UNKNOWN_BUDGET", "E_BUDGET_TYPE", "E_DUP_BINDING",
	"E_FN_DUP", "E_UNBOUND", "E_UNKNOWN_FN", "E_UNKNOWN_TOOL", "E_UNDECLARED_CAP",
	"E_CALL_EFFECT",
	"E_CAP_DENIED", "E_PATH", "E_TYPE", "E_FOR_NOT_LIST", "E_MATCH_NOT_RECORD",
	"E_MATCH_NO_ARM", "E_TOOL_ARGS", "E_TOOL", "E_FN", "E_BUDGET", "E_ASSERT",
	// E_RUNTIME: a JavaScript TypeError in the evaluator, e.g. assigning a read-only key
	// inherited from a function-value prototype (§10.2; corpus/proto/readonly-*).
	"E_RUNTIME",
}

// excludedCodes are spec codes no corpus entry can pin, with the reason.
var excludedCodes = map[string]string{
	"E_IO":    "CLI file I/O failures (§7.1, §7.4): the harness hands the source and trace sinks to the implementations in memory, so no read or write can fail",
	"E_TRACE": "raised only by the `a0 trace` command (Appendix C), which a0diff does not run",
}

// runtimeCodes are validation codes that can also be raised at run time (exit 4, spec
// §7.2); the corpus must pin both phases. (E_UNKNOWN_TOOL and E_CALL_EFFECT cannot be
// reached at run time through the CLI, §4.6.)
var runtimeCodes = []string{"E_UNBOUND", "E_UNKNOWN_FN"}

// coverage is what the corpus exercises.
type coverage struct {
	entries   int
	functions map[string]bool
	tools     map[string]bool
	events    map[string]bool
	codes     map[string]bool
	runtime   map[string]bool // codes pinned by an entry that expects exit 4
}

func collectCoverage(t *testing.T) coverage {
	t.Helper()
	paths, err := Discover(".")
	if err != nil {
		t.Fatal(err)
	}
	c := coverage{
		functions: map[string]bool{}, tools: map[string]bool{}, events: map[string]bool{},
		codes: map[string]bool{}, runtime: map[string]bool{},
	}
	for _, p := range paths {
		e, err := ParseFile(p)
		if err != nil {
			t.Fatalf("%v", err)
		}
		c.entries++
		for _, ev := range e.Expect.Trace {
			c.events[ev] = true
		}
		for _, d := range e.Expect.Errors {
			c.codes[d.Code] = true
			if e.Expect.HasExit && e.Expect.Exit == "4" {
				c.runtime[d.Code] = true
			}
		}
		// Programs that do not parse (lexical and syntax entries) call nothing.
		if prog, diags := syntax.Parse(e.Config.File, e.Source); len(diags) == 0 {
			recordCalls(prog, c.functions, c.tools)
		}
	}
	return c
}

func TestCorpusCoverage(t *testing.T) {
	c := collectCoverage(t)
	if c.entries == 0 {
		t.Fatal("no corpus entries found")
	}
	checks := []struct {
		what string
		want []string
		have map[string]bool
	}{
		{"stdlib function (spec §4.1) called by no entry", knownFunctions, c.functions},
		{"tool (spec §9.1) called by no entry", knownTools, c.tools},
		{"trace event type (spec §6.2) in no @expect trace line", traceEvents, c.events},
		{"diagnostic code (spec §1.9, §2.9, §4.7, §5.17) in no @expect error line", diagnosticCodes, c.codes},
		{"code pinned at run time (exit 4) by no entry", runtimeCodes, c.runtime},
	}
	for _, ch := range checks {
		var missing []string
		for _, name := range ch.want {
			if !ch.have[name] {
				missing = append(missing, name)
			}
		}
		if len(missing) > 0 {
			t.Errorf("%s: %s", ch.what, strings.Join(missing, ", "))
		}
	}
	// A code pinned by the corpus but absent from the lists above is either a typo in an
	// entry or a spec code this test forgot; both deserve a look.
	known := map[string]bool{}
	for _, code := range diagnosticCodes {
		known[code] = true
	}
	var unknown []string
	for code := range c.codes {
		if !known[code] {
			unknown = append(unknown, code)
		}
	}
	sort.Strings(unknown)
	for _, code := range unknown {
		if reason, ok := excludedCodes[code]; ok {
			t.Errorf("code %s is pinned by an entry although it is listed as excluded (%s): move it to diagnosticCodes", code, reason)
		} else {
			t.Errorf("code %s is pinned by an entry but is not a code of the spec", code)
		}
	}
	t.Logf("%d entries; %d/%d functions, %d/%d tools, %d/%d events, %d/%d codes (excluded: %d)",
		c.entries, count(knownFunctions, c.functions), len(knownFunctions), count(knownTools, c.tools),
		len(knownTools), count(traceEvents, c.events), len(traceEvents), count(diagnosticCodes, c.codes),
		len(diagnosticCodes), len(excludedCodes))
}

// TestCoverageListsMatchSpecCounts guards the hand-written lists against a slip: the
// spec gives their sizes (36 functions, 6 tools, 22 event types), and none may repeat.
func TestCoverageListsMatchSpecCounts(t *testing.T) {
	for _, l := range []struct {
		name  string
		items []string
		size  int
	}{
		{"knownFunctions", knownFunctions, 36},
		{"knownTools", knownTools, 6},
		{"traceEvents", traceEvents, 22},
		{"diagnosticCodes", diagnosticCodes, len(diagnosticCodes)},
	} {
		if len(l.items) != l.size {
			t.Errorf("%s has %d names, the spec lists %d", l.name, len(l.items), l.size)
		}
		seen := map[string]bool{}
		for _, it := range l.items {
			if seen[it] {
				t.Errorf("%s repeats %s", l.name, it)
			}
			seen[it] = true
			if _, excluded := excludedCodes[it]; excluded {
				t.Errorf("%s lists %s, which is also excluded", l.name, it)
			}
		}
	}
}

func count(names []string, have map[string]bool) int {
	n := 0
	for _, name := range names {
		if have[name] {
			n++
		}
	}
	return n
}

// recordCalls records the names of every function call and tool call in a program.
func recordCalls(p *ast.Program, functions, tools map[string]bool) {
	ast.Inspect(p, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.CallExpr:
			tools[strings.Join(n.Tool.Parts, ".")] = true
		case *ast.DoExpr:
			tools[strings.Join(n.Tool.Parts, ".")] = true
		case *ast.FnCallExpr:
			functions[strings.Join(n.Name.Parts, ".")] = true
		}
		return true
	})
}
