package run_test

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/a0diff/a0diff/runtime/ast"
	"github.com/a0diff/a0diff/runtime/outcome"
	"github.com/a0diff/a0diff/runtime/run"
	"github.com/a0diff/a0diff/runtime/stdlib"
	"github.com/a0diff/a0diff/runtime/syntax"
	"github.com/a0diff/a0diff/runtime/toolkit"
	"github.com/a0diff/a0diff/runtime/value"
)

// fakeTools is a tool kit whose fs.read runs an arbitrary Go function, to hold the
// evaluator to the host-API contract with tools that misbehave. It records no calls.
type fakeTools struct {
	read func(args *value.Record) (any, error)
}

func (f fakeTools) Calls() []outcome.Call { return nil }
func (f fakeTools) CallData(name string, args *value.Record, _ toolkit.Data) (any, error) {
	if name != "fs.read" {
		return nil, errors.New("fake tools only implement fs.read")
	}
	return f.read(args)
}

func runWithRead(t *testing.T, src string, read func(*value.Record) (any, error)) outcome.Outcome {
	t.Helper()
	r := run.NewRunner(run.Options{Kit: func(outcome.Fixtures) toolkit.Kit { return fakeTools{read: read} }})
	return outcome.Normalize(r.Run(context.Background(), src, outcome.Config{File: "t.a0", Allow: []string{"fs.read"}}))
}

// TestToolContract: whatever a tool does, the program sees an A0 value or an E_TOOL.
func TestToolContract(t *testing.T) {
	const direct = "cap { fs.read: true }\nreturn call? fs.read { path: \"x\" }"
	const caught = "cap { fs.read: true }\nlet r = try { return call? fs.read { path: \"x\" } } catch { e } { return e }\nreturn [r, \"after\"]"
	type ch chan int
	cases := []struct {
		name  string
		src   string
		read  func(*value.Record) (any, error)
		exit  int
		value string // canonical JSON of the result
		err   string // "CODE MESSAGE"
	}{
		{"error", direct, func(*value.Record) (any, error) { return nil, errors.New("disk on fire") },
			4, "", "E_TOOL Tool 'fs.read' failed: disk on fire"},
		{"error caught", caught, func(*value.Record) (any, error) { return nil, errors.New("disk on fire") },
			0, `[{"code":"E_TOOL","message":"Tool 'fs.read' failed: disk on fire","details":{"tool":"fs.read"}},"after"]`, ""},
		{"panic", direct, func(*value.Record) (any, error) { panic("oh no") },
			4, "", "E_TOOL Tool 'fs.read' failed: tool panicked: oh no"},
		{"panic caught, the run goes on", caught, func(*value.Record) (any, error) { panic(errors.New("nil map")) },
			0, `[{"code":"E_TOOL","message":"Tool 'fs.read' failed: tool panicked: nil map","details":{"tool":"fs.read"}},"after"]`, ""},
		{"raw map", direct, func(*value.Record) (any, error) {
			return map[string]any{"b": int64(1), "a": []any{2, "x", nil}, "10": true}, nil
		}, 0, `{"10":true,"a":[2,"x",null],"b":1}`, ""},
		{"raw []int", direct, func(*value.Record) (any, error) { return []int{1, 2, 3}, nil }, 0, `[1,2,3]`, ""},
		{"raw int64", direct, func(*value.Record) (any, error) { return int64(-7), nil }, 0, `-7`, ""},
		{"raw uint8 and float32", direct, func(*value.Record) (any, error) { return []any{uint8(255), float32(0.5)}, nil }, 0, `[255,0.5]`, ""},
		{"raw map[string]string", direct, func(*value.Record) (any, error) { return map[string]string{"k": "v"}, nil }, 0, `{"k":"v"}`, ""},
		{"raw value inside an A0 record is converted", direct, func(*value.Record) (any, error) {
			r := value.NewRecord()
			r.Set("n", []int{4})
			r.Set("ok", "yes")
			return r, nil
		}, 0, `{"n":[4],"ok":"yes"}`, ""},
		{"chan rejected", direct, func(*value.Record) (any, error) { return make(ch), nil },
			4, "", "E_TOOL Tool 'fs.read' failed: tool returned a value A0 cannot represent: result: Go type run_test.ch has no A0 value"},
		{"func rejected", direct, func(*value.Record) (any, error) { return func() {}, nil },
			4, "", "E_TOOL Tool 'fs.read' failed: tool returned a value A0 cannot represent: result: Go type func() has no A0 value"},
		{"struct rejected", direct, func(*value.Record) (any, error) { return struct{ A int }{1}, nil },
			4, "", "E_TOOL Tool 'fs.read' failed: tool returned a value A0 cannot represent: result: Go type struct { A int } has no A0 value"},
		{"struct inside a map rejected", direct, func(*value.Record) (any, error) {
			return map[string]any{"a": []any{time.Second, struct{}{}}}, nil
		}, 4, "", "E_TOOL Tool 'fs.read' failed: tool returned a value A0 cannot represent: result.a[1]: Go type struct {} has no A0 value"},
		{"self-referential list rejected", direct, func(*value.Record) (any, error) {
			l := value.NewList(nil)
			l.Items[0] = l
			return l, nil
		}, 4, "", "E_TOOL Tool 'fs.read' failed: tool returned a value A0 cannot represent: " + selfRefMessage()},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			o := runWithRead(t, tc.src, tc.read)
			if o.Status != outcome.StatusOK {
				t.Fatalf("status %s: %s", o.Status, o.Detail)
			}
			if o.ExitCode != tc.exit {
				t.Errorf("exit %d, want %d", o.ExitCode, tc.exit)
			}
			got := ""
			if o.HasValue {
				got = string(value.MarshalCanonical(o.Value))
			}
			if got != tc.value {
				t.Errorf("value %s, want %s", got, tc.value)
			}
			gotErr := ""
			if len(o.Errors) == 1 {
				gotErr = string(o.Errors[0].Code) + " " + o.Errors[0].Message
			}
			if gotErr != tc.err {
				t.Errorf("error %q, want %q", gotErr, tc.err)
			}
			// The failure is also in the trace: tool_end with outcome err.
			if tc.err != "" {
				last := o.Trace[len(o.Trace)-2]
				if last.Event != "tool_end" || !strings.Contains(string(value.MarshalCanonical(last.Data)), `"outcome":"err"`) {
					t.Errorf("event before run_end is %s %s, want tool_end with outcome err", last.Event, value.MarshalCanonical(last.Data))
				}
			}
		})
	}
}

// selfRefMessage is the rejection text for a list holding itself: the depth guard names
// the path down to the level where it gave up.
func selfRefMessage() string {
	return "result" + strings.Repeat("[0]", 10001) + ": nested more than 10000 levels deep"
}

// TestRunTimeChecksWithoutValidation evaluates parsed programs directly, reaching the
// run-time errors that validation makes unreachable through the CLI (spec §5.10, §5.14).
func TestRunTimeChecksWithoutValidation(t *testing.T) {
	cases := []struct {
		name  string
		src   string
		allow []string
		exit  int
		err   string // CODE SPAN MESSAGE DETAILS
	}{
		{"unknown function", `return nosuch { a: 1 }`, nil, 4, `E_UNKNOWN_FN 1:8-1:23 Unknown function 'nosuch'.`},
		{"unknown callback by literal", `return map { in: [1], fn: "nope" }`, nil, 4, `E_UNKNOWN_FN 1:8-1:35 Unknown function 'nope'.`},
		{"unknown tool", `return call? no.such { }`, nil, 4, `E_UNKNOWN_TOOL 1:8-1:25 Unknown tool 'no.such'.`},
		{"call? on an effect tool", "cap { fs.write: true }\nreturn call? fs.write { path: \"x\", data: \"y\" }", []string{"fs.write"}, 4,
			`E_CALL_EFFECT 2:8-2:47 Cannot use 'call?' with effectful tool 'fs.write'. Use 'do' instead.`},
		{"tool capability not allowed", `return do fs.read { path: "x" }`, nil, 3,
			`E_CAP_DENIED 1:8-1:32 Capability 'fs.read' required by tool 'fs.read' is not allowed. {"capability":"fs.read","tool":"fs.read"}`},
		{"unbound variable", `return x.y`, nil, 4, `E_UNBOUND 1:8-1:11 Unbound variable 'x'.`},
		{"callback arity", "fn three { a, b, c } { return a }\nreturn reduce { in: [1], fn: \"three\" }", nil, 4,
			`E_TYPE 2:8-2:39 reduce callback 'three' must accept exactly 2 parameters (accumulator, item), got 3.`},
		{"calling before declaring", "let a = later { }\nfn later { } { return 1 }\nreturn a", nil, 4, `E_UNKNOWN_FN 1:9-1:18 Unknown function 'later'.`},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			prog, diags := syntax.Parse("t.a0", tc.src)
			if len(diags) > 0 {
				t.Fatalf("parse: %v", diags)
			}
			o := run.New().RunProgram(context.Background(), prog, outcome.Config{File: "t.a0", Allow: tc.allow})
			if o.Status != outcome.StatusOK {
				t.Fatalf("status %s: %s", o.Status, o.Detail)
			}
			if o.ExitCode != tc.exit {
				t.Errorf("exit %d, want %d", o.ExitCode, tc.exit)
			}
			if len(o.Errors) != 1 {
				t.Fatalf("errors %v, want one", o.Errors)
			}
			if got := errorText(o.Errors[0]); got != tc.err {
				t.Errorf("error\n got %s\nwant %s", got, tc.err)
			}
		})
	}
}

// TestInternalErrorIsCatchable: a non-A0 failure inside the evaluator (here an operator
// the AST should never hold) is E_RUNTIME without a span, and try catches it.
func TestInternalErrorIsCatchable(t *testing.T) {
	bad := &ast.BinaryExpr{Op: "^", Left: &ast.IntLiteral{Value: 1}, Right: &ast.IntLiteral{Value: 2}}
	uncaught := &ast.Program{Statements: []ast.Stmt{&ast.ReturnStmt{Value: bad}}}
	o := run.New().RunProgram(context.Background(), uncaught, outcome.Config{File: "t.a0"})
	if o.ExitCode != 4 || len(o.Errors) != 1 || errorText(o.Errors[0]) != `E_RUNTIME - unknown binary operator "^"` {
		t.Errorf("uncaught: exit %d, errors %v", o.ExitCode, o.Errors)
	}
	caught := &ast.Program{Statements: []ast.Stmt{&ast.ReturnStmt{Value: &ast.TryExpr{
		TryBody:      []ast.Stmt{&ast.ReturnStmt{Value: bad}},
		CatchBinding: "e",
		CatchBody:    []ast.Stmt{&ast.ReturnStmt{Value: &ast.IdentPath{Parts: []string{"e"}}}},
	}}}}
	o = run.New().RunProgram(context.Background(), caught, outcome.Config{File: "t.a0"})
	if got := string(value.MarshalCanonical(o.Value)); o.ExitCode != 0 || got != `{"code":"E_RUNTIME","message":"unknown binary operator \"^\""}` {
		t.Errorf("caught: exit %d, value %s", o.ExitCode, got)
	}
}

// TestPanicIsCrash: a panic inside the implementation is reported as StatusCrash with a
// stack, never as an A0 error and never by crashing the caller.
func TestPanicIsCrash(t *testing.T) {
	for _, mode := range runModes {
		opts := mode.opts
		opts.Stdlib = func(name string) (stdlib.Func, bool) {
			return func(*value.Record, stdlib.Limits) (value.Value, error) { panic("stdlib bug") }, true
		}
		o := run.NewRunner(opts).Run(context.Background(), `let t = try { return len { in: [] } } catch { e } { return 0 }
return t`, outcome.Config{File: "t.a0"})
		if o.Status != outcome.StatusCrash {
			t.Fatalf("%s: status %s, want crash", mode.name, o.Status)
		}
		if !strings.Contains(o.Detail, "stdlib bug") || !strings.Contains(o.Detail, "goroutine") {
			t.Errorf("%s: detail lacks the panic value or the stack:\n%s", mode.name, o.Detail)
		}
	}
}
