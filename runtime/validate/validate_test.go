package validate

import (
	"strings"
	"testing"

	"github.com/a0diff/a0diff/runtime/syntax"
	"github.com/a0diff/a0diff/runtime/syntax/testfile"
)

// specHint is the hint §4.7 gives each code, written out from the spec (not taken from the
// package), choosing the variant by the message where a code has several.
func specHint(code, msg string) string {
	switch code {
	case "E_DUP_BUDGET":
		return "Combine all budget fields into a single 'budget { ... }' header."
	case "E_IMPORT_UNSUPPORTED":
		return "Remove 'import ... as ...' for now."
	case "E_NO_RETURN":
		if strings.HasPrefix(msg, "Program ") {
			return "Add a 'return <expr>' statement at the end of your program."
		}
		return "Add a 'return <expr>' statement at the end of the body."
	case "E_RETURN_NOT_LAST":
		return "Move any statements after return before it, or remove them."
	case "E_UNKNOWN_CAP":
		return "Valid capabilities: fs.read, fs.write, http.get, sh.exec"
	case "E_CAP_VALUE":
		return "Use capability declarations like 'cap { fs.read: true }'."
	case "E_UNKNOWN_BUDGET":
		return "Valid budget fields: timeMs, maxToolCalls, maxBytesWritten, maxIterations"
	case "E_BUDGET_TYPE":
		return "Use integer values, for example: budget { timeMs: 5000 }."
	case "E_DUP_BINDING":
		if strings.HasPrefix(msg, "Duplicate parameter ") {
			return "Use unique parameter names in function declarations."
		}
		return "Use a different variable name."
	case "E_FN_DUP":
		if strings.Contains(msg, "conflicts with a built-in stdlib function") {
			return "Use a different function name to avoid shadowing the stdlib."
		}
		return "Use a different function name."
	case "E_UNBOUND":
		return "Make sure the variable is defined with 'let' before use."
	case "E_UNKNOWN_FN":
		return "Known stdlib functions: parse.json, get, put, patch, eq, contains, not, and, or, len, map, append, concat, sort, filter, find, range, join, str.concat, str.split, str.starts, str.replace, keys, values, merge, math.max, math.min, str.ends, unique, reduce, coalesce, typeof, pluck, flat, entries, str.template. User-defined functions must be declared before use."
	case "E_UNKNOWN_TOOL":
		return "Valid tools: fs.read, fs.write, fs.list, fs.exists, http.get, sh.exec"
	}
	return ""
}

// TestValidate checks every program of the testdata files against its diagnostics.
func TestValidate(t *testing.T) {
	for _, file := range []string{"testdata/validate.txt", "testdata/appendix_b.txt"} {
		t.Run(file, func(t *testing.T) { checkFile(t, file) })
	}
}

func checkFile(t *testing.T, file string) {
	cases, err := testfile.Read(file)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range cases {
		t.Run(c.Name, func(t *testing.T) {
			prog, diags := syntax.Parse("v.a0", c.Source)
			if len(diags) > 0 {
				t.Fatalf("%s:%d: does not parse: %v", file, c.Line, diags)
			}
			res := Check(prog)
			if len(c.Expect) == 1 && strings.HasPrefix(c.Expect[0], "unsupported spread") {
				if !res.UnsupportedSpread {
					t.Fatalf("%s:%d: UnsupportedSpread not set; diagnostics:\n%s", file, c.Line, strings.Join(testfile.Diagnostics(res.Diagnostics), "\n"))
				}
				return
			}
			if res.UnsupportedSpread {
				t.Fatalf("%s:%d: UnsupportedSpread set", file, c.Line)
			}
			want := c.Expect
			if len(want) == 1 && want[0] == "ok" {
				want = nil
			}
			for _, d := range res.Diagnostics {
				if d.Span != nil && d.Span.File != "v.a0" {
					t.Errorf("%s:%d: span file %q", file, c.Line, d.Span.File)
				}
			}
			got := strings.Join(testfile.Diagnostics(res.Diagnostics), "\n")
			exp := strings.Join(testfile.NormalizeExpected(want, specHint), "\n")
			if got != exp {
				t.Errorf("%s:%d:\n got:\n%s\nwant:\n%s", file, c.Line, got, exp)
			}
		})
	}
}
