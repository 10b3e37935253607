package diff

import (
	"strings"
	"testing"

	"github.com/a0diff/a0diff/runtime/outcome"
)

func TestCompareIn(t *testing.T) {
	// impl is a port that words its messages its own way, emits trace events without
	// data and rounds numbers; ref is the reference.
	impl := `{"status":"ok","exitCode":4,"errors":[{"code":"E_TYPE","message":"port: bad type"}],"trace":[{"event":"run_start","data":{}},{"event":"run_end","data":{}}]}`
	ref := `{"status":"ok","exitCode":4,"errors":[{"code":"E_TYPE","message":"Expected a number.","hint":"Use Number()"}],"trace":[{"event":"run_start","data":{"file":"t.a0"}},{"event":"run_end","data":{"durationMs":1}}]}`
	tests := []struct {
		compare string
		impl    string
		ref     string
		want    Verdict
		sig     string
	}{
		{"all", impl, ref, Diverge, "errors@errors[*].message:E_TYPE"},
		{"value,exit,errors.code", impl, ref, Agree, ""},
		{"value,exit,errors.code,trace.event", impl, ref, Agree, ""},
		{"value,exit,errors.code,trace", impl, ref, Diverge, "trace@trace[*].data.file:ref-only:run_start"},
		{"exit,errors.code", `{"status":"ok","exitCode":4,"errors":[{"code":"E_PATH","message":"m"}]}`, ref, Diverge, "errors@errors[*].code:E_PATH,E_TYPE"},
		{"value", `{"status":"ok","exitCode":0,"value":0.3}`, `{"status":"ok","exitCode":0,"value":0.30000000000000004}`, Diverge, "value@value:number"},
		{"exit", `{"status":"ok","exitCode":0,"value":0.3}`, `{"status":"ok","exitCode":0,"value":0.30000000000000004}`, Agree, ""},
		// How a run ended is always compared.
		{"value", `{"status":"crash","exitCode":0}`, `{"status":"ok","exitCode":0,"value":1}`, Diverge, "crash@status:go"},
	}
	for _, tt := range tests {
		as, err := ParseAspects(tt.compare)
		if err != nil {
			t.Fatal(err)
		}
		s := Full.Only(as, "chosen with --compare")
		res := CompareIn(s, parseOutcome(t, tt.impl), parseOutcome(t, tt.ref))
		if res.Verdict != tt.want || res.Signature() != tt.sig {
			t.Errorf("--compare %s: %s %q, want %s %q (%v)", tt.compare, res.Verdict, res.Signature(), tt.want, tt.sig, res.Divergences)
		}
	}
}

func TestScopeLimits(t *testing.T) {
	s := Full.WithoutLimits([]outcome.LimitName{outcome.LimitSteps, outcome.LimitTimeout}, "declared by port")
	overSteps := parseOutcome(t, `{"status":"resource","exitCode":0,"limit":"maxSteps"}`)
	overDepth := parseOutcome(t, `{"status":"resource","exitCode":0,"limit":"maxDepth"}`)
	ranOn := parseOutcome(t, `{"status":"timeout","exitCode":0}`)
	if v := CompareIn(s, ranOn, overSteps).Verdict; v != OutOfScope {
		t.Errorf("a run the reference ended at an unenforced limit: %s, want %s", v, OutOfScope)
	}
	if v := CompareIn(s, parseOutcome(t, `{"status":"ok","exitCode":0,"value":1}`), overDepth).Verdict; v != Diverge {
		t.Errorf("a run the reference ended at an enforced limit: %s, want %s", v, Diverge)
	}
	if got, want := s.String(), "left out: limit maxSteps (declared by port)"; got != want {
		t.Errorf("String() = %q, want %q", got, want)
	}
}

func TestParseAspects(t *testing.T) {
	tests := []struct{ in, want, err string }{
		{"value,exit,errors.code", "value exit errors.code", ""},
		{"errors", "errors.code errors.message errors.span errors.hint errors.details", ""},
		{"trace, toolCalls", "trace.event trace.span trace.data toolCalls", ""},
		{"value,trace.datum", "", `unknown aspect "trace.datum"`},
		{" , ", "", "no aspect named"},
	}
	for _, tt := range tests {
		as, err := ParseAspects(tt.in)
		if tt.err != "" {
			if err == nil || !strings.Contains(err.Error(), tt.err) {
				t.Errorf("ParseAspects(%q): error %v, want %q", tt.in, err, tt.err)
			}
			continue
		}
		if got := joinAspects(as); strings.ReplaceAll(got, ", ", " ") != tt.want || err != nil {
			t.Errorf("ParseAspects(%q) = %q, %v, want %q", tt.in, got, err, tt.want)
		}
	}
	s := Full.Without([]Aspect{AspectTraceData}, "declared by port").Only([]Aspect{AspectValue, AspectExit, AspectTraceData}, "chosen with --compare")
	want := "left out: errors.code, errors.message, errors.span, errors.hint, errors.details, evidence, trace.event, trace.span, toolCalls (chosen with --compare); trace.data (declared by port)"
	if got := s.String(); got != want {
		t.Errorf("String() = %q\nwant %q", got, want)
	}
}

func TestCompareScope(t *testing.T) {
	tests := []struct{ list, want, err string }{
		{"", "", ""},
		{"all", "", ""},
		{"value,exit", "left out: errors.code, errors.message, errors.span, errors.hint, errors.details, evidence, trace.event, trace.span, trace.data, toolCalls (chosen with --compare)", ""},
		{"value,bogus", "", `--compare: unknown aspect "bogus"`},
		{",", "", "--compare: no aspect named"},
	}
	for _, tt := range tests {
		s, err := CompareScope(tt.list)
		if tt.err != "" {
			if err == nil || !strings.HasPrefix(err.Error(), tt.err) {
				t.Errorf("CompareScope(%q): error %v, want one starting %q", tt.list, err, tt.err)
			}
			continue
		}
		if err != nil || s.String() != tt.want {
			t.Errorf("CompareScope(%q) = %q, %v; want %q", tt.list, s.String(), err, tt.want)
		}
	}
}
