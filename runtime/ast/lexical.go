package ast

// Lexical facts the printer and Printable need (spec §1.2, §1.5, §2.5). Package ast cannot
// import the lexer (package syntax imports ast), so the few rules are restated here.

// keywords are the reserved words of §1.2 (CallQ aside).
var keywords = map[string]bool{
	"cap": true, "budget": true, "import": true, "assert": true, "as": true, "let": true,
	"return": true, "do": true, "check": true, "match": true, "catch": true, "filter": true,
	"loop": true, "if": true, "else": true, "for": true, "fn": true, "try": true,
	"true": true, "false": true, "null": true,
}

// IsIdent reports whether s lexes as one Ident token: `[A-Za-z_][A-Za-z0-9_]*` and not a
// keyword. Names of variables, functions, parameters and binders must satisfy it.
func IsIdent(s string) bool {
	return isIdentWord(s) && !keywords[s]
}

// IsKeyName reports whether s can be a record key segment or a later path segment: an
// identifier or a keyword other than true, false and null (§2.5).
func IsKeyName(s string) bool {
	return isIdentWord(s) && s != "true" && s != "false" && s != "null"
}

func isIdentWord(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || i > 0 && c >= '0' && c <= '9' {
			continue
		}
		return false
	}
	return true
}

// isIntText reports whether s is an IntLit of §1.6 (as a whole token).
func isIntText(s string) bool {
	if s == "" || s[0] == '0' && len(s) > 1 {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// isFloatText reports whether s is a FloatLit of §1.6 (as a whole token).
func isFloatText(s string) bool {
	i := 0
	digits := func() int {
		n := 0
		for i < len(s) && s[i] >= '0' && s[i] <= '9' {
			i++
			n++
		}
		return n
	}
	start := i
	if n := digits(); n == 0 || n > 1 && s[start] == '0' {
		return false
	}
	if i >= len(s) || s[i] != '.' {
		return false
	}
	i++
	if digits() == 0 {
		return false
	}
	if i == len(s) {
		return true
	}
	if s[i] != 'e' && s[i] != 'E' {
		return false
	}
	i++
	if i < len(s) && (s[i] == '+' || s[i] == '-') {
		i++
	}
	return digits() > 0 && i == len(s)
}
