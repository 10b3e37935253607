// Package diag is the leaf of the A0 front end: the error codes of A0 (Code), the
// Diagnostic every stage reports (spec §7.5), and the UTF-16 measure of source text that
// spans and positions are counted in.
//
// It imports only package ast (for Span) and the standard library, so that the lexer,
// parser and validator (packages syntax and validate) depend on nothing of the evaluator,
// the value model or the tool kit. Package outcome re-exports Diagnostic, and package
// value re-exports the text helpers, so that there is one implementation of each.
//
// Section numbers (§N) refer to doc/a0.md, the project's reference of A0.
package diag

import "github.com/a0diff/a0diff/runtime/ast"

// Diagnostic is a compile-time diagnostic or a runtime error (spec §7.5).
type Diagnostic struct {
	Code    Code
	Message string
	Span    *ast.Span // nil when absent
	Hint    string    // "" when absent
	// Details is nil when absent, else a *value.Record. It is typed any (which is what
	// value.Value is) because package value builds on this one and cannot be named here.
	Details any
}
