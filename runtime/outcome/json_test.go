package outcome

import (
	"strings"
	"testing"
)

// Outcome texts as a reference bundle returns them (spec values, canonical encoding) and
// what Marshal must write back after Parse: the round trip is the identity on canonical
// text, which is what lets the differ compare the two sides' Marshal output.
var roundTrips = []string{
	`{"status":"ok","exitCode":0,"value":{"2":4,"10":2,"b":1,"a":3,"01":5},"errors":[],"evidence":[],"trace":[],"toolCalls":[]}`,
	`{"status":"ok","exitCode":0,"value":[{"$number":"-0"},{"$number":"NaN"},{"$number":"Infinity"},{"$number":"-Infinity"},"\ud83d",1e+21],"errors":[],"evidence":[],"trace":[],"toolCalls":[]}`,
	`{"status":"ok","exitCode":4,"errors":[{"code":"E_TYPE","message":"Division by zero.","span":{"file":"ex07.a0","startLine":3,"startCol":8,"endLine":3,"endCol":13}}],"evidence":[],"trace":[{"event":"run_start","span":{"file":"ex07.a0","startLine":1,"startCol":1,"endLine":3,"endCol":13},"data":{"file":"ex07.a0","capabilities":[]}},{"event":"stmt_start","span":{"file":"ex07.a0","startLine":1,"startCol":1,"endLine":1,"endCol":11}}],"toolCalls":[]}`,
	`{"status":"ok","exitCode":2,"errors":[{"code":"E_AST","message":"Bad control character in string literal in JSON at position 4"},{"code":"E_NO_RETURN","message":"if body must end with a return statement.","hint":"Add a 'return <expr>' statement at the end of the body."}],"evidence":[],"trace":[],"toolCalls":[]}`,
	`{"status":"ok","exitCode":0,"value":true,"errors":[],"evidence":[],"trace":[],"toolCalls":[{"tool":"fs.read","args":{"path":"a.txt"},"outcome":"ok","result":"hi"},{"tool":"fs.read","args":{"path":"b.txt"},"outcome":"err","error":"ENOENT: no such file or directory, open '/work/b.txt'"}]}`,
	`{"status":"resource","exitCode":0,"errors":[],"evidence":[],"trace":[],"toolCalls":[],"detail":"maxDepth: 2000"}`,
	`{"status":"ok","exitCode":0,"value":{"$function":"toString"},"errors":[],"evidence":[],"trace":[],"toolCalls":[]}`,
}

func TestMarshalParseRoundTrip(t *testing.T) {
	for _, text := range roundTrips {
		o, err := Parse([]byte(text))
		if err != nil {
			t.Fatalf("Parse(%s): %v", text, err)
		}
		if got := string(Marshal(o)); got != text {
			t.Errorf("round trip changed the text\n got %s\nwant %s", got, text)
		}
	}
}

func TestParseRejectsMalformedOutcomes(t *testing.T) {
	for _, tc := range []struct{ text, want string }{
		{`[]`, "outcome:"},
		{`{"exitCode":0}`, `"status" and "exitCode" are required`},
		{`{"status":"ok"}`, `"status" and "exitCode" are required`},
		{`{"status":"fine","exitCode":0}`, `unknown status "fine"`},
		{`{"status":"ok","exitCode":0,"errors":[{"message":"m"}]}`, `errors[0]: "code" and "message" are required`},
		{`{"status":"ok","exitCode":0,"errors":[{"code":"E","message":1}]}`, `errors[0]: "message" must be a string`},
		{`{"status":"ok","exitCode":0,"trace":[{"span":null}]}`, `trace[0]: "event" is required`},
		{`{"status":"ok","exitCode":0,"value":{"$number":"many"}}`, "outcome: value:"},
	} {
		_, err := Parse([]byte(tc.text))
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("Parse(%s) = %v, want an error containing %q", tc.text, err, tc.want)
		}
	}
}

// TestNormalize: the volatile fields of spec Appendix D go, everything else stays.
func TestNormalize(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{
			`{"status":"ok","exitCode":0,"value":1,"errors":[],"evidence":[],"trace":[{"event":"tool_end","data":{"tool":"fs.read","outcome":"ok","durationMs":3}},{"event":"run_end","data":{"durationMs":7}}],"toolCalls":[]}`,
			`{"status":"ok","exitCode":0,"value":1,"errors":[],"evidence":[],"trace":[{"event":"tool_end","data":{"tool":"fs.read","outcome":"ok"}},{"event":"run_end","data":{}}],"toolCalls":[]}`,
		},
		{
			`{"status":"ok","exitCode":4,"errors":[{"code":"E_BUDGET","message":"Budget exceeded: timeMs limit of 0ms exceeded (3ms elapsed).","details":{"budget":"timeMs","limit":0,"actual":3}}],"evidence":[],"trace":[{"event":"budget_exceeded","data":{"budget":"timeMs","limit":0,"actual":3}},{"event":"run_end","data":{"durationMs":3,"error":"E_BUDGET","message":"Budget exceeded: timeMs limit of 0ms exceeded (3ms elapsed)."}}],"toolCalls":[]}`,
			`{"status":"ok","exitCode":4,"errors":[{"code":"E_BUDGET","message":"Budget exceeded: timeMs limit exceeded.","details":{"budget":"timeMs","limit":0}}],"evidence":[],"trace":[{"event":"budget_exceeded","data":{"budget":"timeMs","limit":0}},{"event":"run_end","data":{"error":"E_BUDGET","message":"Budget exceeded: timeMs limit exceeded."}}],"toolCalls":[]}`,
		},
		{ // other budgets keep their actual: it is deterministic
			`{"status":"ok","exitCode":4,"errors":[{"code":"E_BUDGET","message":"Budget exceeded: maxIterations limit of 2 reached.","details":{"budget":"maxIterations","limit":2,"actual":3}}],"evidence":[],"trace":[{"event":"budget_exceeded","data":{"budget":"maxIterations","limit":2,"actual":3}}],"toolCalls":[]}`,
			`{"status":"ok","exitCode":4,"errors":[{"code":"E_BUDGET","message":"Budget exceeded: maxIterations limit of 2 reached.","details":{"budget":"maxIterations","limit":2,"actual":3}}],"evidence":[],"trace":[{"event":"budget_exceeded","data":{"budget":"maxIterations","limit":2,"actual":3}}],"toolCalls":[]}`,
		},
	} {
		o, err := Parse([]byte(tc.in))
		if err != nil {
			t.Fatal(err)
		}
		if got := string(Marshal(Normalize(o))); got != tc.want {
			t.Errorf("Normalize\n got %s\nwant %s", got, tc.want)
		}
		if again := string(Marshal(o)); again != tc.in {
			t.Errorf("Normalize modified its input: %s", again)
		}
	}
}

// TestParseDeepValues: A0 values nest as deep as a program builds them, deeper than
// encoding/json's limit of 10 000 levels; Parse must read them wherever they occur.
func TestParseDeepValues(t *testing.T) {
	deep := strings.Repeat("[", 30000) + strings.Repeat("]", 30000)
	for _, text := range []string{
		`{"status":"ok","exitCode":0,"value":` + deep + `,"errors":[],"evidence":[],"trace":[],"toolCalls":[]}`,
		`{"status":"ok","exitCode":5,"errors":[{"code":"E_ASSERT","message":"Assertion failed: ","details":{"d":` + deep + `}}],"evidence":[{"kind":"assert","d":` + deep + `}],"trace":[{"event":"evidence","data":{"d":` + deep + `}}],"toolCalls":[{"tool":"fs.write","args":{"data":` + deep + `},"outcome":"ok","result":` + deep + `}]}`,
	} {
		o, err := Parse([]byte(text))
		if err != nil {
			t.Fatalf("Parse of a value 30 000 levels deep: %v", err)
		}
		if got := string(Marshal(o)); got != text {
			t.Errorf("round trip changed the text (%d bytes, want %d)", len(got), len(text))
		}
	}
}

func TestParseRejectsMalformedStructure(t *testing.T) {
	for _, text := range []string{
		``, `{`, `{"status":"ok","exitCode":0`, `{"status":"ok","exitCode":0,}`, `{"status" "ok"}`,
		`{"status":"ok","exitCode":0} x`, `{"status":"ok","exitCode":0,"errors":[1,]}`,
		`{"status":"ok","exitCode":0,"value":[[1]}`, `{"status":"ok","exitCode":0,"value":"x}`,
		`{"status":"ok","exitCode":0,"trace":{}}`, `{"status":"ok","exitCode":"0"}`,
		`{"status":"ok","exitCode":0,"value":}`, `{"status":"ok","exitCode":0,"errors":[{"code":"E","message":"m",}]}`,
	} {
		if _, err := Parse([]byte(text)); err == nil || !strings.HasPrefix(err.Error(), "outcome:") {
			t.Errorf("Parse(%s) = %v, want an outcome: error", text, err)
		}
	}
}
