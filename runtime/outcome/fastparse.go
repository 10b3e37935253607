package outcome

import (
	"encoding/json"
	"math"
	"strconv"
	"unicode/utf8"

	"github.com/a0diff/a0diff/runtime/ast"
	"github.com/a0diff/a0diff/runtime/value"
)

// parseFast reads an Outcome in one pass over its text, building values, events, spans
// and calls as it goes: no split into raw members first, no record per span, no second
// walk to decode $number markers (the member-by-member reading of Parse took most of a
// worker run's cost in the supervisor). It takes only the shapes Marshal and the
// reference write — every member known and present at most once, spans of five integer
// members, no $record wrapper — and reads them exactly as Parse's other
// path does; on anything else it reports false and Parse reads the text the careful way,
// which also finds the words for what is wrong.
func parseFast(text []byte) (Outcome, bool) {
	if !utf8.Valid(text) {
		return Outcome{}, false // value.FromGoString would rewrite the text
	}
	p := fastParser{s: string(text)}
	o, ok := p.outcome()
	if !ok || p.skipWS() != len(p.s) {
		return Outcome{}, false
	}
	return o, true
}

// fastParser reads the canonical JSON of an Outcome; every method reports false when the
// text is not of the shapes parseFast takes.
type fastParser struct {
	s string
	i int
}

func (p *fastParser) skipWS() int {
	for p.i < len(p.s) && (p.s[p.i] == ' ' || p.s[p.i] == '\t' || p.s[p.i] == '\n' || p.s[p.i] == '\r') {
		p.i++
	}
	return p.i
}

// eat consumes c after whitespace.
func (p *fastParser) eat(c byte) bool {
	if p.skipWS() < len(p.s) && p.s[p.i] == c {
		p.i++
		return true
	}
	return false
}

// object reads `{ "k": V, … }`, calling member for each key with p at its value.
func (p *fastParser) object(member func(k string) bool) bool {
	if !p.eat('{') {
		return false
	}
	if p.eat('}') {
		return true
	}
	for {
		k, ok := p.rawString()
		if !ok || !p.eat(':') || !member(k) {
			return false
		}
		if p.eat(',') {
			continue
		}
		return p.eat('}')
	}
}

// array reads `[ V, … ]`, calling elem with p at each element.
func (p *fastParser) array(elem func() bool) bool {
	if !p.eat('[') {
		return false
	}
	if p.eat(']') {
		return true
	}
	for {
		if !elem() {
			return false
		}
		if p.eat(',') {
			continue
		}
		return p.eat(']')
	}
}

// rawString reads a string token's text: the bytes between the quotes when it has no
// escape (for valid UTF-8 text, what both encoding/json and the canonical reader make of
// it), else decoded as a canonical value.
func (p *fastParser) rawString() (string, bool) {
	if p.skipWS() >= len(p.s) || p.s[p.i] != '"' {
		return "", false
	}
	start := p.i + 1
	for j := start; j < len(p.s); j++ {
		switch c := p.s[j]; {
		case c == '"':
			p.i = j + 1
			return p.s[start:j], true
		case c == '\\':
			return p.escapedString(value.UnmarshalCanonical)
		case c < 0x20:
			return "", false
		}
	}
	return "", false
}

// jsonString reads a string member that Parse reads with encoding/json (statuses, codes,
// names, details), which decodes escapes of lone surrogates otherwise than the canonical
// reader.
func (p *fastParser) jsonString() (string, bool) {
	if p.skipWS() >= len(p.s) || p.s[p.i] != '"' {
		return "", false
	}
	start := p.i + 1
	for j := start; j < len(p.s); j++ {
		switch c := p.s[j]; {
		case c == '"':
			p.i = j + 1
			return p.s[start:j], true
		case c == '\\':
			return p.escapedString(func(b []byte) (value.Value, error) {
				var s string
				err := json.Unmarshal(b, &s)
				return s, err
			})
		case c < 0x20:
			return "", false
		}
	}
	return "", false
}

// escapedString reads the string token at p.i, which has escapes, with decode.
func (p *fastParser) escapedString(decode func([]byte) (value.Value, error)) (string, bool) {
	start := p.i
	j := start + 1
	for j < len(p.s) && p.s[j] != '"' {
		if p.s[j] == '\\' {
			j++
		}
		j++
	}
	if j >= len(p.s) {
		return "", false
	}
	v, err := decode([]byte(p.s[start : j+1]))
	s, ok := v.(string)
	if err != nil || !ok {
		return "", false
	}
	p.i = j + 1
	return s, true
}

// number reads a JSON number token (the grammar value.ParseJSON accepts) as the nearest
// double.
func (p *fastParser) number() (float64, bool) {
	start, j := p.skipWS(), p.i
	if j < len(p.s) && p.s[j] == '-' {
		j++
	}
	switch {
	case j < len(p.s) && p.s[j] == '0':
		j++
	case j < len(p.s) && p.s[j] >= '1' && p.s[j] <= '9':
		for j < len(p.s) && p.s[j] >= '0' && p.s[j] <= '9' {
			j++
		}
	default:
		return 0, false
	}
	if j < len(p.s) && p.s[j] == '.' {
		j++
		d := j
		for j < len(p.s) && p.s[j] >= '0' && p.s[j] <= '9' {
			j++
		}
		if j == d {
			return 0, false
		}
	}
	if j < len(p.s) && (p.s[j] == 'e' || p.s[j] == 'E') {
		j++
		if j < len(p.s) && (p.s[j] == '+' || p.s[j] == '-') {
			j++
		}
		d := j
		for j < len(p.s) && p.s[j] >= '0' && p.s[j] <= '9' {
			j++
		}
		if j == d {
			return 0, false
		}
	}
	if j < len(p.s) && p.s[j] >= '0' && p.s[j] <= '9' {
		return 0, false // a leading zero
	}
	f, _ := strconv.ParseFloat(p.s[start:j], 64)
	p.i = j
	return f, true
}

// integer reads a number token without fraction or exponent that fits an int comfortably
// (line, column, exit code).
func (p *fastParser) integer() (int, bool) {
	start := p.skipWS()
	f, ok := p.number()
	if !ok || p.i-start > 10 {
		return 0, false
	}
	for _, c := range p.s[start:p.i] {
		if c == '.' || c == 'e' || c == 'E' {
			return 0, false
		}
	}
	return int(f), true
}

// frame is an open list or record of value.
type frame struct {
	rec   *value.Record
	items []value.Value
	key   string
}

// value reads a canonical value, iteratively (values nest as deep as a program builds
// them).
func (p *fastParser) value() (value.Value, bool) {
	var stack []frame
	for {
		var v value.Value
		var ok bool
		if p.skipWS() >= len(p.s) {
			return nil, false
		}
		switch c := p.s[p.i]; {
		case c == '"':
			if v, ok = p.rawString(); !ok {
				return nil, false
			}
		case c == '-' || (c >= '0' && c <= '9'):
			if v, ok = p.number(); !ok {
				return nil, false
			}
		case c == '{':
			p.i++
			if p.eat('}') {
				v = value.NewRecord()
				break
			}
			k, ok := p.rawString()
			if !ok || !p.eat(':') {
				return nil, false
			}
			stack = append(stack, frame{rec: value.NewRecordSize(4), key: k})
			continue
		case c == '[':
			p.i++
			if p.eat(']') {
				v = &value.List{Items: []value.Value{}}
				break
			}
			stack = append(stack, frame{})
			continue
		case p.literal("true"):
			v = true
		case p.literal("false"):
			v = false
		case p.literal("null"):
			v = nil
		default:
			return nil, false
		}
		// Hand v to the open containers, closing those that end here.
		for {
			if len(stack) == 0 {
				return v, true
			}
			f := &stack[len(stack)-1]
			if f.rec != nil {
				f.rec.Set(f.key, v)
				if p.eat(',') {
					k, ok := p.rawString()
					if !ok || !p.eat(':') {
						return nil, false
					}
					f.key = k
					break
				}
				if !p.eat('}') {
					return nil, false
				}
				if v, ok = marker(f.rec); !ok {
					return nil, false
				}
			} else {
				f.items = append(f.items, v)
				if p.eat(',') {
					break
				}
				if !p.eat(']') {
					return nil, false
				}
				v = &value.List{Items: f.items}
			}
			stack = stack[:len(stack)-1]
		}
	}
}

// marker decodes a record of one $number or $function member as
// value.UnmarshalCanonical does; a $record wrapper is left to it (false): the record it
// wraps was read as a value already, its own marker decoded.
func marker(r *value.Record) (value.Value, bool) {
	if r.Len() != 1 {
		return r, true
	}
	switch r.Keys()[0] {
	case "$number":
		s, _ := r.ValueAt(0).(string)
		switch s {
		case "NaN":
			return math.NaN(), true
		case "Infinity":
			return math.Inf(1), true
		case "-Infinity":
			return math.Inf(-1), true
		case "-0":
			return math.Copysign(0, -1), true
		}
		return nil, false
	case "$function":
		s, _ := r.ValueAt(0).(string)
		return value.FuncByName(s), s != ""
	case "$record":
		return nil, false
	}
	return r, true
}

// literal consumes word if it is next.
func (p *fastParser) literal(word string) bool {
	if len(p.s)-p.i >= len(word) && p.s[p.i:p.i+len(word)] == word {
		p.i += len(word)
		return true
	}
	return false
}

// once records that member bit was read and reports whether it was the first time.
func once(seen *uint32, bit uint32) bool {
	if *seen&bit != 0 {
		return false
	}
	*seen |= bit
	return true
}

func (p *fastParser) outcome() (Outcome, bool) {
	var o Outcome
	var seen uint32
	ok := p.object(func(k string) bool {
		switch k {
		case "status":
			s, ok := p.jsonString()
			o.Status = Status(s)
			return ok && once(&seen, 1)
		case "exitCode":
			n, ok := p.integer()
			o.ExitCode = n
			return ok && once(&seen, 2)
		case "value":
			v, ok := p.value()
			o.Value, o.HasValue = v, true
			return ok && once(&seen, 4)
		case "errors":
			return once(&seen, 8) && p.array(func() bool {
				d, ok := p.diagnostic()
				o.Errors = append(o.Errors, d)
				return ok
			})
		case "evidence":
			return once(&seen, 16) && p.array(func() bool {
				v, ok := p.value()
				o.Evidence = append(o.Evidence, v)
				return ok
			})
		case "trace":
			return once(&seen, 32) && p.array(func() bool {
				e, ok := p.event()
				o.Trace = append(o.Trace, e)
				return ok
			})
		case "toolCalls":
			return once(&seen, 64) && p.array(func() bool {
				c, ok := p.call()
				o.ToolCalls = append(o.ToolCalls, c)
				return ok
			})
		case "limit":
			s, ok := p.jsonString()
			o.Limit = LimitName(s)
			return ok && once(&seen, 128)
		case "detail":
			s, ok := p.jsonString()
			o.Detail = s
			return ok && once(&seen, 256)
		}
		return false
	})
	if !ok || seen&3 != 3 {
		return Outcome{}, false
	}
	switch o.Status {
	case StatusOK, StatusCrash, StatusTimeout, StatusResource:
		return o, true
	}
	return Outcome{}, false
}

func (p *fastParser) span() (*ast.Span, bool) {
	s := &ast.Span{}
	var seen uint32
	ok := p.object(func(k string) bool {
		var to *int
		var bit uint32
		switch k {
		case "file":
			f, ok := p.rawString()
			s.File = f
			return ok && once(&seen, 1)
		case "startLine":
			to, bit = &s.StartLine, 2
		case "startCol":
			to, bit = &s.StartCol, 4
		case "endLine":
			to, bit = &s.EndLine, 8
		case "endCol":
			to, bit = &s.EndCol, 16
		default:
			return false
		}
		n, ok := p.integer()
		*to = n
		return ok && once(&seen, bit)
	})
	return s, ok && seen == 31
}

func (p *fastParser) event() (Event, bool) {
	var e Event
	var seen uint32
	ok := p.object(func(k string) bool {
		var ok bool
		switch k {
		case "event":
			var name string
			name, ok = p.rawString()
			e.Event = EventName(name)
			return ok && once(&seen, 1)
		case "span":
			e.Span, ok = p.span()
			return ok && once(&seen, 2)
		case "data":
			e.Data, ok = p.value()
			return ok && once(&seen, 4)
		}
		return false
	})
	return e, ok && seen&1 != 0
}

func (p *fastParser) diagnostic() (Diagnostic, bool) {
	var d Diagnostic
	var seen uint32
	ok := p.object(func(k string) bool {
		var ok bool
		switch k {
		case "code":
			var c string
			c, ok = p.jsonString()
			d.Code = Code(c)
			return ok && once(&seen, 1)
		case "message":
			d.Message, ok = p.rawString()
			return ok && once(&seen, 2)
		case "span":
			d.Span, ok = p.span()
			return ok && once(&seen, 4)
		case "hint":
			d.Hint, ok = p.jsonString()
			return ok && once(&seen, 8)
		case "details":
			d.Details, ok = p.value()
			return ok && once(&seen, 16)
		}
		return false
	})
	return d, ok && seen&3 == 3
}

func (p *fastParser) call() (Call, bool) {
	var c Call
	var seen uint32
	ok := p.object(func(k string) bool {
		var ok bool
		switch k {
		case "tool":
			c.Tool, ok = p.jsonString()
			return ok && once(&seen, 1)
		case "args":
			c.Args, ok = p.value()
			return ok && once(&seen, 2)
		case "outcome":
			c.Outcome, ok = p.jsonString()
			return ok && once(&seen, 4)
		case "result":
			c.Result, ok = p.value()
			return ok && once(&seen, 8)
		case "error":
			var v value.Value
			v, ok = p.value()
			c.Error, _ = v.(string)
			return ok && once(&seen, 16)
		}
		return false
	})
	return c, ok
}
