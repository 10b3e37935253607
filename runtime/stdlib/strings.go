package stdlib

import (
	"strings"

	"github.com/a0diff/a0diff/runtime/value"
)

// The string functions of §8.5; all of them work on UTF-16 code units.

// str.concat { parts: list }: String() of each part, concatenated.
func strConcat(args *value.Record, lim Limits) (value.Value, error) {
	parts, ok := listArg(args, "parts")
	if !ok {
		return nil, fail("str.concat: 'parts' must be a list")
	}
	return joinStrings("str.concat", parts.Items, "", lim)
}

// str.split { in: string, sep: string } ([JS] String.prototype.split).
func strSplit(args *value.Record, lim Limits) (value.Value, error) {
	in, ok := stringArg(args, "in")
	if !ok {
		return nil, fail("str.split: 'in' must be a string")
	}
	sep, ok := stringArg(args, "sep")
	if !ok {
		return nil, fail("str.split: 'sep' must be a string")
	}
	var pieces []string
	switch {
	case sep == "":
		units := value.ToUTF16(in)
		pieces = make([]string, len(units))
		for i, u := range units {
			pieces[i] = value.FromUTF16([]uint16{u})
		}
	case value.HasLoneSurrogate(sep):
		pieces = splitUnits(value.ToUTF16(in), value.ToUTF16(sep))
	default:
		// Without lone surrogates in sep, byte matches in canonical WTF-8 are exactly
		// the code-unit matches.
		pieces = strings.Split(in, sep)
	}
	if err := lim.checkList("str.split", len(pieces)); err != nil {
		return nil, err
	}
	items := make([]value.Value, len(pieces))
	for i, p := range pieces {
		items[i] = p
	}
	return &value.List{Items: items}, nil
}

// splitUnits splits s at every non-overlapping occurrence of the non-empty sep.
func splitUnits(s, sep []uint16) []string {
	var out []string
	start := 0
	for i := 0; i+len(sep) <= len(s); {
		if unitsAt(s, sep, i) {
			out = append(out, value.FromUTF16(s[start:i]))
			i += len(sep)
			start = i
			continue
		}
		i++
	}
	return append(out, value.FromUTF16(s[start:]))
}

func unitsAt(s, sub []uint16, i int) bool {
	for j := range sub {
		if s[i+j] != sub[j] {
			return false
		}
	}
	return true
}

// str.starts { in: string, value: string }
func strStarts(args *value.Record, lim Limits) (value.Value, error) {
	in, sub, err := inAndValue(args, "str.starts")
	if err != nil {
		return nil, err
	}
	return value.HasPrefix(in, sub), nil
}

// str.ends { in: string, value: string }
func strEnds(args *value.Record, lim Limits) (value.Value, error) {
	in, sub, err := inAndValue(args, "str.ends")
	if err != nil {
		return nil, err
	}
	return value.HasSuffix(in, sub), nil
}

func inAndValue(args *value.Record, name string) (string, string, error) {
	in, ok := stringArg(args, "in")
	if !ok {
		return "", "", fail(name + ": 'in' must be a string")
	}
	sub, ok := stringArg(args, "value")
	if !ok {
		return "", "", fail(name + ": 'value' must be a string")
	}
	return in, sub, nil
}

// str.replace { in, from, to } ([JS] String.prototype.replaceAll with a string
// pattern): every non-overlapping occurrence of from, left to right, is replaced by to
// with the substitutions $$, $&, $` and $'. An empty from matches at every code-unit
// boundary.
func strReplace(args *value.Record, lim Limits) (value.Value, error) {
	in, ok := stringArg(args, "in")
	if !ok {
		return nil, fail("str.replace: 'in' must be a string")
	}
	from, ok := stringArg(args, "from")
	if !ok {
		return nil, fail("str.replace: 'from' must be a string")
	}
	to, ok := stringArg(args, "to")
	if !ok {
		return nil, fail("str.replace: 'to' must be a string")
	}
	s, f := value.ToUTF16(in), value.ToUTF16(from)
	// The match positions, as replaceAll finds them.
	var matches []int
	step := len(f)
	if step == 0 {
		step = 1
	}
	for i := 0; i+len(f) <= len(s); {
		if unitsAt(s, f, i) {
			matches = append(matches, i)
			i += step
			continue
		}
		i++
	}
	if len(matches) == 0 {
		return in, nil
	}
	tmpl := parseReplacement(value.ToUTF16(to))
	// The result length, checked before anything is built.
	n := len(s) - len(matches)*len(f)
	for _, m := range matches {
		n += tmpl.length(m, len(f), len(s))
	}
	if err := lim.checkString("str.replace", n); err != nil {
		return nil, err
	}
	out := make([]uint16, 0, n)
	prev := 0
	for _, m := range matches {
		out = append(out, s[prev:m]...)
		out = tmpl.expand(out, s, m, len(f))
		prev = m + len(f)
	}
	out = append(out, s[prev:]...)
	return value.FromUTF16(out), nil
}

// replacement is a parsed replacement text: literal runs and the substitutions.
type replacement []replacementPart

type replacementPart struct {
	literal []uint16
	sub     byte // 0 for a literal, else '&', '`' or '\''
}

// parseReplacement splits to into literals and $&, $`, $' substitutions ($$ is a
// literal $; every other $ sequence is literal text).
func parseReplacement(to []uint16) replacement {
	var parts replacement
	var lit []uint16
	for i := 0; i < len(to); i++ {
		if to[i] == '$' && i+1 < len(to) {
			switch c := to[i+1]; c {
			case '$':
				lit = append(lit, '$')
				i++
				continue
			case '&', '`', '\'':
				if len(lit) > 0 {
					parts = append(parts, replacementPart{literal: lit})
					lit = nil
				}
				parts = append(parts, replacementPart{sub: byte(c)})
				i++
				continue
			}
		}
		lit = append(lit, to[i])
	}
	if len(lit) > 0 {
		parts = append(parts, replacementPart{literal: lit})
	}
	return parts
}

// length is the expansion's length for a match at pos of n units in a text of total
// units.
func (r replacement) length(pos, n, total int) int {
	l := 0
	for _, p := range r {
		switch p.sub {
		case 0:
			l += len(p.literal)
		case '&':
			l += n
		case '`':
			l += pos
		case '\'':
			l += total - pos - n
		}
	}
	return l
}

func (r replacement) expand(out, s []uint16, pos, n int) []uint16 {
	for _, p := range r {
		switch p.sub {
		case 0:
			out = append(out, p.literal...)
		case '&':
			out = append(out, s[pos:pos+n]...)
		case '`':
			out = append(out, s[:pos]...)
		case '\'':
			out = append(out, s[pos+n:]...)
		}
	}
	return out
}

// str.template { in: string, vars: record }: every {key} placeholder (one or more
// characters other than "}") whose property in vars is present and not null is
// replaced by String() of it; others stay as they are. Replacements are not rescanned.
func strTemplate(args *value.Record, lim Limits) (value.Value, error) {
	in, ok := stringArg(args, "in")
	if !ok {
		return nil, fail("str.template: 'in' must be a string")
	}
	vars, ok := recordArg(args, "vars")
	if !ok {
		return nil, fail("str.template: 'vars' must be a record")
	}
	// Scan once, collecting the pieces and the total length so the limit is checked
	// before the result is built.
	var pieces []string
	n := 0
	prev := 0
	for i := 0; i < len(in); i++ {
		if in[i] != '{' {
			continue
		}
		end := strings.IndexByte(in[i+1:], '}')
		if end < 0 {
			break // no "}" anywhere after: no further placeholder can match
		}
		if end == 0 {
			continue // "{}" is not a placeholder; scanning resumes at the "}"
		}
		close := i + 1 + end
		v, _, err := vars.LookupErr(in[i+1 : close])
		if err != nil {
			return nil, err
		}
		if v == nil {
			i = close
			continue
		}
		text, err := value.ToStringLimit(v, lim.MaxSize)
		if err != nil {
			return nil, conversionError(err)
		}
		pieces = append(pieces, in[prev:i], text)
		n += value.UTF16Len(in[prev:i]) + value.UTF16Len(text)
		if err := lim.checkString("str.template", n); err != nil {
			return nil, err
		}
		prev = close + 1
		i = close
	}
	if pieces == nil {
		return in, nil
	}
	pieces = append(pieces, in[prev:])
	if err := lim.checkString("str.template", n+value.UTF16Len(in[prev:])); err != nil {
		return nil, err
	}
	return value.Concat(pieces...), nil
}
