package eval

import (
	"fmt"

	"github.com/a0diff/a0diff/runtime/ast"
	"github.com/a0diff/a0diff/runtime/diag"
	"github.com/a0diff/a0diff/runtime/outcome"
	"github.com/a0diff/a0diff/runtime/value"
)

// Error is an A0 runtime error (spec §5.17): catchable by `try`, reported with a code.
type Error struct {
	Code    diag.Code
	Message string
	Span    *ast.Span     // nil when the error has no span (E_RUNTIME)
	Details *value.Record // nil when the error carries no details
}

func (e *Error) Error() string { return string(e.Code) + ": " + e.Message }

// Record is the value `catch { e }` binds: code, message and, when present, details.
func (e *Error) Record() *value.Record {
	r := value.NewRecordSize(3)
	r.Set("code", string(e.Code))
	r.Set("message", e.Message)
	if e.Details != nil {
		r.Set("details", e.Details)
	}
	return r
}

// Diagnostic converts e into the Outcome's diagnostic shape.
func (e *Error) Diagnostic() outcome.Diagnostic {
	d := outcome.Diagnostic{Code: e.Code, Message: e.Message, Span: e.Span}
	if e.Details != nil {
		d.Details = e.Details
	}
	return d
}

// abort ends a run for a reason that is not an A0 error (a harness limit, the deadline):
// it propagates through every construct, `try` included.
type abort struct {
	status outcome.Status
	limit  outcome.LimitName // the harness limit that ended the run, "" otherwise
	detail string
}

func (a *abort) Error() string { return string(a.status) + ": " + a.detail }

// asA0Error turns any error that reached A0 level into an *Error: internal (non-A0)
// errors become E_RUNTIME with their message, as the reference does for JS exceptions.
func asA0Error(err error) *Error {
	if e, ok := err.(*Error); ok {
		return e
	}
	return &Error{Code: diag.Runtime, Message: err.Error()}
}

func newError(code diag.Code, n ast.Node, format string, args ...any) *Error {
	return &Error{Code: code, Message: fmt.Sprintf(format, args...), Span: spanPtr(n)}
}

// detailRecord builds a details record from alternating keys and values.
func detailRecord(kv ...any) *value.Record {
	r := value.NewRecordSize(len(kv) / 2)
	for i := 0; i+1 < len(kv); i += 2 {
		r.Set(kv[i].(string), kv[i+1])
	}
	return r
}

// typeofArg is the typeof-name of an argument read: "undefined" when it is absent.
func typeofArg(v value.Value, present bool) string {
	if !present {
		return "undefined"
	}
	return value.TypeofName(v)
}

// spanPtr returns a pointer to n's own span field, so that events and errors share the
// AST's spans instead of copying them (the AST is not modified after parsing).
func spanPtr(n ast.Node) *ast.Span {
	if n == nil {
		return nil
	}
	return n.NodeSpan()
}
