package syntax

// kind is a token kind of spec §1.2. The names (kindNames) appear verbatim in
// `Expected NAME but found 'X'.` messages.
type kind uint8

const (
	tEOF kind = iota
	tArrow
	tGtEq
	tLtEq
	tEqEq
	tBangEq
	tCallQ
	tCap
	tBudget
	tImport
	tAssert
	tAs
	tLet
	tReturn
	tDo
	tCheck
	tMatch
	tCatch
	tFilter
	tLoop
	tIf
	tElse
	tFor
	tFn
	tTry
	tTrue
	tFalse
	tNull
	tFloat
	tInt
	tString
	tIdent
	tLBrace
	tRBrace
	tLBracket
	tRBracket
	tLParen
	tRParen
	tColon
	tComma
	tDotDotDot
	tDot
	tEquals
	tGt
	tLt
	tPlus
	tMinus
	tStar
	tSlash
	tPercent

	// Discarded kinds: produced by the matcher, never handed to the parser.
	tSpace
	tNewline
	tComment

	numKinds
)

var kindNames = [numKinds]string{
	tEOF: "EOF", tArrow: "Arrow", tGtEq: "GtEq", tLtEq: "LtEq", tEqEq: "EqEq", tBangEq: "BangEq",
	tCallQ: "CallQ", tCap: "Cap", tBudget: "Budget", tImport: "Import", tAssert: "Assert",
	tAs: "As", tLet: "Let", tReturn: "Return", tDo: "Do", tCheck: "Check", tMatch: "Match",
	tCatch: "Catch", tFilter: "Filter", tLoop: "Loop", tIf: "If", tElse: "Else", tFor: "For",
	tFn: "Fn", tTry: "Try", tTrue: "True", tFalse: "False", tNull: "Null",
	tFloat: "FloatLit", tInt: "IntLit", tString: "StringLit", tIdent: "Ident",
	tLBrace: "LBrace", tRBrace: "RBrace", tLBracket: "LBracket", tRBracket: "RBracket",
	tLParen: "LParen", tRParen: "RParen", tColon: "Colon", tComma: "Comma",
	tDotDotDot: "DotDotDot", tDot: "Dot", tEquals: "Equals", tGt: "Gt", tLt: "Lt",
	tPlus: "Plus", tMinus: "Minus", tStar: "Star", tSlash: "Slash", tPercent: "Percent",
	tSpace: "WhiteSpace", tNewline: "Newline", tComment: "Comment",
}

func (k kind) String() string {
	if k < numKinds {
		return kindNames[k]
	}
	return "?"
}

// keywords maps each keyword spelling to its kind (CallQ is matched separately: its `?`
// makes it no identifier).
var keywords = map[string]kind{
	"cap": tCap, "budget": tBudget, "import": tImport, "assert": tAssert, "as": tAs,
	"let": tLet, "return": tReturn, "do": tDo, "check": tCheck, "match": tMatch,
	"catch": tCatch, "filter": tFilter, "loop": tLoop, "if": tIf, "else": tElse,
	"for": tFor, "fn": tFn, "try": tTry, "true": tTrue, "false": tFalse, "null": tNull,
}

// keyword is keywords[word], looked up by a switch, which the compiler turns into
// comparisons by length and text: the lexer asks for every word of a program, and
// hashing each word for the map was a twentieth of parsing a generated program.
func keyword(word string) (kind, bool) {
	switch word {
	case "cap":
		return tCap, true
	case "budget":
		return tBudget, true
	case "import":
		return tImport, true
	case "assert":
		return tAssert, true
	case "as":
		return tAs, true
	case "let":
		return tLet, true
	case "return":
		return tReturn, true
	case "do":
		return tDo, true
	case "check":
		return tCheck, true
	case "match":
		return tMatch, true
	case "catch":
		return tCatch, true
	case "filter":
		return tFilter, true
	case "loop":
		return tLoop, true
	case "if":
		return tIf, true
	case "else":
		return tElse, true
	case "for":
		return tFor, true
	case "fn":
		return tFn, true
	case "try":
		return tTry, true
	case "true":
		return tTrue, true
	case "false":
		return tFalse, true
	case "null":
		return tNull, true
	}
	return 0, false
}

// token is one significant token. Positions follow §3.1: 1-based lines and UTF-16
// columns, endCol exclusive.
type token struct {
	kind kind
	// The image, the token's exact source text, is src[start:end] (see parser.text);
	// offsets rather than a string keep tokens free of pointers, so filling and
	// recycling the token slice costs the garbage collector nothing.
	start, end int32
	line       int32
	col        int32
	endLine    int32
	endCol     int32
}

// Sets of kinds that drive the parser's decisions (§2.7).

// isKeyName reports whether k may be a record key segment or a later path segment.
func isKeyName(k kind) bool {
	switch k {
	case tIdent, tIf, tElse, tFor, tFn, tMatch, tCap, tBudget, tImport, tAs, tLet, tReturn,
		tDo, tAssert, tCheck, tTry, tCatch, tFilter, tLoop:
		return true
	}
	return false
}

// canStartComparison reports whether k starts a Comparison (an operator expression).
func canStartComparison(k kind) bool {
	switch k {
	case tMinus, tLParen, tLBrace, tLBracket, tInt, tFloat, tString, tTrue, tFalse, tNull, tIdent:
		return true
	}
	return false
}

// canStartExpr reports whether k is in FIRST(Expr); `if` counts even though the token
// after it decides whether it really starts one.
func canStartExpr(k kind) bool {
	switch k {
	case tIf, tFor, tMatch, tCallQ, tDo, tAssert, tCheck, tTry, tFilter, tLoop:
		return true
	}
	return canStartComparison(k)
}

// canStartStmt reports whether a statement list continues at k.
func canStartStmt(k kind) bool {
	return k == tFn || k == tLet || k == tReturn || canStartExpr(k)
}

// canStartEntry reports whether k starts a record entry.
func canStartEntry(k kind) bool {
	return k == tDotDotDot || isKeyName(k)
}
