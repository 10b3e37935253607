package eval

import (
	"github.com/a0diff/a0diff/runtime/ast"
	"github.com/a0diff/a0diff/runtime/diag"
	"github.com/a0diff/a0diff/runtime/outcome"
	"github.com/a0diff/a0diff/runtime/value"
)

// evalEvidence is `assert { … }` / `check { … }` (spec §5.13). The evidence record is
// appended to the run's evidence, traced, and is the expression's value; a failed assert
// raises E_ASSERT carrying it.
func (ev *evaluator) evalEvidence(e ast.Expr, kind string, argsExpr *ast.RecordExpr, s *scope) (value.Value, error) {
	args, err := ev.evalRecord(argsExpr, s)
	if err != nil {
		return nil, err
	}
	that, _ := args.Lookup("that")
	ok := value.Truthy(that)
	msg := ""
	if m, _ := args.Lookup("msg"); m != nil {
		if str, isStr := m.(string); isStr {
			msg = str
		}
	}
	span := spanPtr(e)
	rec := value.NewRecordSize(5)
	rec.Set("kind", kind)
	rec.Set("ok", ok)
	rec.Set("msg", msg)
	rec.Set("span", outcome.SpanValue(*span))
	if d, _ := args.Lookup("details"); d != nil {
		if dr, isRec := d.(*value.Record); isRec {
			rec.Set("details", dr)
		}
	}
	ev.evidence = append(ev.evidence, rec)
	ev.emit(outcome.EventEvidence, span, rec)
	if kind == "assert" && !ok {
		return nil, &Error{Code: diag.Assert, Message: "Assertion failed: " + msg, Span: span, Details: detailRecord("evidence", rec)}
	}
	return rec, nil
}
