// Package testfile reads the human-editable test files of the module, in three formats
// with one reader each:
//
//   - the case file (Read, below): named cases, each a program (A0, or a script, an
//     exchange, a JavaScript expression) followed by its expected lines: the front-end
//     packages (runtime/syntax, runtime/validate, runtime/ast), the worker protocol's
//     scripted workers, the node host's exchanges, the text bound's programs, the
//     engine differences and the reference's own front-end and evaluator cases;
//   - txtar archives of named files (ReadArchive: diff, corpus, gen, the tool scenarios);
//   - tables, one case per line with tab-separated fields (ReadTable, and ParseTable for a
//     table that is a file of an archive: value, locale, stdlib, outcome, the URL cases,
//     the tool argument checks and calls, the three-way comparisons).
//
// inventory_test.go lists every testdata text file of the module with its format, so
// that a new file in a format of its own fails a test. reference/ts/scripts/testfile.cjs
// is the JavaScript reader of the same three formats (for the reference's tests and the
// scripts that replay test data under node); a test holds it to read every file as
// this package does.
//
// A case file is a sequence of cases:
//
//	# a comment line (outside cases)
//	=== name of the case
//	program text, any number of lines
//	---
//	expected result lines
//
// Lines starting with `#` are comments, except inside program text (where they are A0
// comments).
// The program is its lines joined with "\n" (no final newline). Since some programs need
// characters a text file cannot show plainly, both the program and the expected lines
// expand these escapes: <TAB>, <CR>, <LF>, <SP>, <U+XXXX> (a code point; a lone
// surrogate becomes its WTF-8 encoding, as strings are held in package value, and a high
// surrogate followed by a low one the code point they make), <xHH> (a raw byte).
//
// Diagnostics are written one per line as `CODE SPAN MESSAGE`, where SPAN is
// `L:C-L:C` or `-` when absent, optionally followed by an indented `hint: TEXT` line
// (`hint: -` for no hint). Without a hint line the code's default hint is expected (see
// Diagnostics).
package testfile

import (
	"bufio"
	"fmt"
	"os"
	"strconv"
	"strings"

	"github.com/a0diff/a0diff/runtime/ast"
	"github.com/a0diff/a0diff/runtime/diag"
)

// Case is one case of a test file.
type Case struct {
	Name   string
	Line   int // line of the `===` header, for error messages
	Source string
	Expect []string // expected lines, escapes expanded, trailing blank lines removed
}

// Read parses a test file.
func Read(path string) ([]Case, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var cases []Case
	var cur *Case
	var src []string
	inExpect := false
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<24)
	n := 0
	flush := func() error {
		if cur == nil {
			return nil
		}
		if !inExpect {
			return fmt.Errorf("%s:%d: case %q has no --- line", path, cur.Line, cur.Name)
		}
		for len(cur.Expect) > 0 && strings.TrimSpace(cur.Expect[len(cur.Expect)-1]) == "" {
			cur.Expect = cur.Expect[:len(cur.Expect)-1]
		}
		cases = append(cases, *cur)
		return nil
	}
	for sc.Scan() {
		n++
		line := sc.Text()
		switch {
		case strings.HasPrefix(line, "=== "):
			if err := flush(); err != nil {
				return nil, err
			}
			cur = &Case{Name: strings.TrimSpace(line[4:]), Line: n}
			src = nil
			inExpect = false
		case cur == nil:
			if strings.TrimSpace(line) != "" && !strings.HasPrefix(line, "#") {
				return nil, fmt.Errorf("%s:%d: text outside a case", path, n)
			}
		case !inExpect && line == "---":
			inExpect = true
			s, err := Expand(strings.Join(src, "\n"))
			if err != nil {
				return nil, fmt.Errorf("%s:%d: %v", path, cur.Line, err)
			}
			cur.Source = s
		case inExpect && strings.HasPrefix(line, "#"):
			// A comment between cases.
		case inExpect:
			s, err := Expand(line)
			if err != nil {
				return nil, fmt.Errorf("%s:%d: %v", path, n, err)
			}
			cur.Expect = append(cur.Expect, s)
		default:
			src = append(src, line)
		}
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	if err := flush(); err != nil {
		return nil, err
	}
	return cases, nil
}

// Expand replaces the escapes described in the package documentation.
func Expand(s string) (string, error) {
	if !strings.Contains(s, "<") {
		return s, nil
	}
	var sb strings.Builder
	for i := 0; i < len(s); {
		if s[i] != '<' {
			sb.WriteByte(s[i])
			i++
			continue
		}
		end := strings.IndexByte(s[i:], '>')
		if end < 0 {
			sb.WriteString(s[i:])
			break
		}
		tok := s[i+1 : i+end]
		switch {
		case tok == "TAB":
			sb.WriteByte('\t')
		case tok == "CR":
			sb.WriteByte('\r')
		case tok == "LF":
			sb.WriteByte('\n')
		case tok == "SP":
			sb.WriteByte(' ')
		case strings.HasPrefix(tok, "U+"):
			v, err := strconv.ParseUint(tok[2:], 16, 32)
			if err != nil || v > 0x10FFFF {
				return "", fmt.Errorf("bad escape <%s>", tok)
			}
			if low, n := lowSurrogateAt(s[i+end+1:]); v >= 0xD800 && v <= 0xDBFF && n > 0 {
				// A high and a low surrogate are one code point (WTF-8 has no pair of halves).
				sb.WriteRune(rune(0x10000 + (v-0xD800)<<10 + (low - 0xDC00)))
				end += n
			} else if v >= 0xD800 && v <= 0xDFFF {
				sb.Write([]byte{0xE0 | byte(v>>12), 0x80 | byte(v>>6&0x3F), 0x80 | byte(v&0x3F)})
			} else {
				sb.WriteRune(rune(v))
			}
		case len(tok) == 3 && tok[0] == 'x':
			v, err := strconv.ParseUint(tok[1:], 16, 8)
			if err != nil {
				return "", fmt.Errorf("bad escape <%s>", tok)
			}
			sb.WriteByte(byte(v))
		default:
			// Not an escape (e.g. `<EOF>` in a message, or `a < b`): keep the `<`.
			sb.WriteByte('<')
			i++
			continue
		}
		i += end + 1
	}
	return sb.String(), nil
}

// lowSurrogateAt reports whether s starts with the escape of a low surrogate, <U+DC00>
// to <U+DFFF>: its value and the escape's length (0 when it does not).
func lowSurrogateAt(s string) (uint64, int) {
	if !strings.HasPrefix(s, "<U+") {
		return 0, 0
	}
	end := strings.IndexByte(s, '>')
	if end < 0 {
		return 0, 0
	}
	v, err := strconv.ParseUint(s[3:end], 16, 32)
	if err != nil || v < 0xDC00 || v > 0xDFFF {
		return 0, 0
	}
	return v, end + 1
}

// Diagnostics renders diags in the file format with every hint explicit.
func Diagnostics(diags []diag.Diagnostic) []string {
	var out []string
	for _, d := range diags {
		sp := "-"
		if d.Span != nil {
			sp = ast.FormatSpan(*d.Span)
		}
		out = append(out, string(d.Code)+" "+sp+" "+d.Message)
		h := d.Hint
		if h == "" {
			h = "-"
		}
		out = append(out, "  hint: "+h)
	}
	return out
}

// NormalizeExpected makes the hints of expected diagnostic lines explicit: a diagnostic
// line without a following `hint:` line gets `hint: ` + defaultHint(code, message) (or `-`
// when that is empty).
func NormalizeExpected(lines []string, defaultHint func(code, message string) string) []string {
	var out []string
	for i := 0; i < len(lines); i++ {
		l := lines[i]
		if strings.TrimSpace(l) == "" {
			continue
		}
		out = append(out, l)
		if i+1 < len(lines) && strings.HasPrefix(strings.TrimSpace(lines[i+1]), "hint:") {
			out = append(out, "  "+strings.TrimSpace(lines[i+1]))
			i++
			continue
		}
		code, rest, _ := strings.Cut(l, " ")
		_, msg, _ := strings.Cut(rest, " ")
		h := defaultHint(code, msg)
		if h == "" {
			h = "-"
		}
		out = append(out, "  hint: "+h)
	}
	return out
}
