package syntax

import (
	"strings"
	"testing"

	"github.com/a0diff/a0diff/runtime/ast"
)

// TestDecodeStringLiteral checks the JSON decoding of string tokens (§1.7): escapes,
// surrogate pairs written as two escapes, and lone surrogates kept as WTF-8.
func TestDecodeStringLiteral(t *testing.T) {
	cases := []struct {
		img, want string
	}{
		{`""`, ""},
		{`"a\"b\\c\/d"`, `a"b\c/d`},
		{`"\b\f\n\r\t"`, "\b\f\n\r\t"},
		{`"\u00e9\u00C9"`, "éÉ"},
		{`"\ud83d\ude00"`, "😀"},
		{`"\uD83D\uDE00"`, "😀"},
		{`"\ud83d"`, "\xed\xa0\xbd"},
		{`"\ude00\ud83d"`, "\xed\xb8\x80\xed\xa0\xbd"},
		{`"\ud83dx"`, "\xed\xa0\xbdx"},
		{`"\ud83d\u0041"`, "\xed\xa0\xbdA"},
		{`"\u0000"`, "\x00"},
		{"\"😀é\x7f\"", "😀é\x7f"},
	}
	for _, c := range cases {
		got, msg, ok := decodeStringLiteral(c.img)
		if !ok || got != c.want {
			t.Errorf("decode(%s) = %q, %q, %v; want %q", c.img, got, msg, ok, c.want)
		}
	}
	if _, msg, ok := decodeStringLiteral("\"a\nb\""); ok || msg != "Bad control character in string literal in JSON at position 2" {
		t.Errorf("raw LF: %q %v", msg, ok)
	}
}

// TestKeywordsAgreeWithAst checks that package ast's view of identifiers (used by the
// printer) matches the lexer's keyword table.
func TestKeywordsAgreeWithAst(t *testing.T) {
	for kw := range keywords {
		if ast.IsIdent(kw) {
			t.Errorf("ast.IsIdent(%q) = true for a keyword", kw)
		}
		wantKeyName := kw != "true" && kw != "false" && kw != "null"
		if ast.IsKeyName(kw) != wantKeyName {
			t.Errorf("ast.IsKeyName(%q) = %v", kw, !wantKeyName)
		}
		toks, errs := tokenize("k", kw)
		if len(errs) > 0 || toks[0].kind != keywords[kw] {
			t.Errorf("%q does not lex as its keyword", kw)
		}
		if k, ok := keyword(kw); !ok || k != keywords[kw] {
			t.Errorf("keyword(%q) = %v, %v; the table says %v", kw, k, ok, keywords[kw])
		}
		for _, near := range []string{kw[:len(kw)-1], kw + "s", "_" + kw, strings.ToUpper(kw)} {
			if _, isKw := keywords[near]; !isKw {
				if k, ok := keyword(near); ok {
					t.Errorf("keyword(%q) = %v for no keyword", near, k)
				}
			}
		}
	}
	for _, id := range []string{"call", "format", "iffy", "_", "True", "x1", "ok", "in"} {
		toks, _ := tokenize("k", id)
		if toks[0].kind != tIdent || !ast.IsIdent(id) {
			t.Errorf("%q: kind %v, IsIdent %v", id, toks[0].kind, ast.IsIdent(id))
		}
	}
}
