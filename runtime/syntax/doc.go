// Package syntax is the A0 front end of spec §1–§3: it turns source text into the AST of
// package ast, or into the exact diagnostics the reference reports (E_LEX, E_PARSE, E_AST).
//
// DecodeSource turns a file's bytes into the source string both implementations see;
// Parse lexes (§1), parses by recursive descent making the decisions of §2.7, and builds
// the AST with the desugaring of §2.8. Positions are UTF-16 based (§1.1, §3.1).
//
// Section numbers (§N) and appendices refer to doc/a0.md, the project's reference of A0.
package syntax
