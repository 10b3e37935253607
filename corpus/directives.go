package corpus

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/a0diff/a0diff/runtime/outcome"
	"github.com/a0diff/a0diff/runtime/toolkit"
)

var (
	directiveName = regexp.MustCompile(`^[a-z]+$`)
	// capabilityName accepts any dotted identifier: the policy ignores unknown names
	// (spec §9.3), so an entry may list one deliberately.
	capabilityName = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)*$`)
	errorCode      = regexp.MustCompile(`^E_[A-Z0-9_]+$`)
	spanText       = regexp.MustCompile(`^[1-9][0-9]*:[1-9][0-9]*-[1-9][0-9]*:[1-9][0-9]*$`)
	eventName      = regexp.MustCompile(`^[a-z][a-z_]*$`)
)

// sectionRef is a citation of a section of doc/a0.md: § and a section number (§5, §5.4), or § and an appendix letter.
var sectionRef = regexp.MustCompile(`^§([0-9]+|[A-Z])(\.[0-9]+)*$`)

// ParseSections parses the arguments of `@spec §N …`: blank-separated citations of
// doc/a0.md sections. It returns them without the §.
func ParseSections(args string) ([]string, error) {
	var out []string
	for _, f := range strings.Fields(args) {
		if !sectionRef.MatchString(f) {
			return nil, fmt.Errorf("malformed section %q (want blank-separated citations of doc/a0.md such as §5.4 §10.2)", f)
		}
		out = append(out, strings.TrimPrefix(f, "§"))
	}
	if len(out) == 0 {
		return nil, errors.New("no section cited (want # @spec §N …)")
	}
	return out, nil
}

// ExitValues are the values `@expect exit` accepts.
var ExitValues = []string{"0", "1", "2", "3", "4", "5", "timeout", "resource", "crash"}

// parseLimit parses the arguments of `@limit NAME N`: NAME a harness limit set by a
// count (outcome.CountedLimit: maxSteps, maxDepth, maxSize), N a positive decimal
// integer.
func parseLimit(args string) (outcome.HarnessLimit, int, error) {
	name, num := cutBlank(args)
	num = trimBlanks(num)
	limit, ok := outcome.CountedLimit(name)
	if !ok {
		return limit, 0, fmt.Errorf("unknown limit %q (want %s, then a positive integer)", name, countedLimitNames())
	}
	n, err := strconv.Atoi(num)
	if err != nil || n <= 0 || strings.ContainsAny(num, "+-") {
		return limit, 0, fmt.Errorf("%s: want a positive integer, got %q", name, num)
	}
	return limit, n, nil
}

// countedLimitNames lists the limits `@limit` sets, "a, b or c".
func countedLimitNames() string {
	names := outcome.LimitNames(func(l outcome.HarnessLimit) bool { return l.Count != nil })
	var b strings.Builder
	for i, n := range names {
		switch {
		case i == 0:
		case i == len(names)-1:
			b.WriteString(" or ")
		default:
			b.WriteString(", ")
		}
		b.WriteString(string(n))
	}
	return b.String()
}

// splitDirective splits a directive line into its name and arguments.
func splitDirective(text string) (Directive, error) {
	t := trimBlanks(text)
	t = trimBlanks(t[1:])[1:] // drop '#', blanks and '@'
	name, args := cutBlank(t)
	if !directiveName.MatchString(name) {
		return Directive{}, fmt.Errorf("malformed directive name %q (want # @NAME ARGS with NAME in lower case)", "@"+name)
	}
	return Directive{Name: name, Args: args}, nil
}

// ParseAllow parses a comma-separated capability list (the arguments of @allow and of
// `a0diff exec --allow`). An empty or blank list allows nothing: it returns an empty,
// non-nil slice.
func ParseAllow(list string) ([]string, error) {
	caps := []string{}
	if trimBlanks(list) == "" {
		return caps, nil
	}
	for _, c := range strings.Split(list, ",") {
		c = trimBlanks(c)
		if !capabilityName.MatchString(c) {
			return nil, fmt.Errorf("malformed capability %q (want a comma-separated list such as fs.read, fs.write)", c)
		}
		caps = append(caps, c)
	}
	return caps, nil
}

// cutBlank splits s at its first space or tab.
func cutBlank(s string) (before, after string) {
	if i := strings.IndexAny(s, " \t"); i >= 0 {
		return s[:i], s[i+1:]
	}
	return s, ""
}

// directiveParser applies directives to an entry, remembering where each one-off
// directive first appeared.
type directiveParser struct {
	entry *Entry
	seen  map[string]int // key → line of first occurrence
	// The lines of the fixture directives, by kind and index, so that a problem the
	// tool kit finds in the assembled fixtures is reported at its line.
	fixtureLines map[string][]int
	cwdLine      int
}

func (p *directiveParser) once(key string, line int) error {
	if first, ok := p.seen[key]; ok {
		return fmt.Errorf("repeated (first given at line %d)", first)
	}
	p.seen[key] = line
	return nil
}

func (p *directiveParser) apply(d Directive) error {
	cfg := &p.entry.Config
	fx := &cfg.Fixtures
	args := trimBlanks(d.Args)
	switch d.Name {
	case "name":
		if err := p.once("name", d.Line); err != nil {
			return err
		}
		if args == "" {
			return errors.New("missing file name")
		}
		cfg.File = args
	case "allow":
		caps, err := ParseAllow(args)
		if err != nil {
			return err
		}
		cfg.Allow = append(append([]string{}, cfg.Allow...), caps...)
	case "cwd":
		if err := p.once("cwd", d.Line); err != nil {
			return err
		}
		if !strings.HasPrefix(args, "/") {
			return fmt.Errorf("want an absolute path, got %q", args)
		}
		fx.Cwd = args
		p.cwdLine = d.Line
	case "file":
		path, rest, err := leadingToken(args)
		if err != nil {
			return err
		}
		if err := p.once("path "+path, d.Line); err != nil {
			return fmt.Errorf("%s: %v", path, err)
		}
		var content string
		if err := strictJSON(rest, &content); err != nil {
			return fmt.Errorf("content must be one JSON string: %v", err)
		}
		fx.Files = append(fx.Files, outcome.File{Path: path, Content: content})
		p.fixtureLines["files"] = append(p.fixtureLines["files"], d.Line)
	case "dir":
		path, rest, err := leadingToken(args)
		if err != nil {
			return err
		}
		if rest != "" {
			return fmt.Errorf("unexpected %q after the path", rest)
		}
		if err := p.once("path "+path, d.Line); err != nil {
			return fmt.Errorf("%s: %v", path, err)
		}
		fx.Files = append(fx.Files, outcome.File{Path: path, Dir: true})
		p.fixtureLines["files"] = append(p.fixtureLines["files"], d.Line)
	case "http":
		url, rest, err := leadingToken(args)
		if err != nil {
			return err
		}
		if err := p.once("http "+url, d.Line); err != nil {
			return fmt.Errorf("%s: %v", url, err)
		}
		var r struct {
			Status  *int       `json:"status"`
			Headers [][]string `json:"headers"`
			Body    string     `json:"body"`
			Error   string     `json:"error"`
		}
		if err := strictJSON(rest, &r); err != nil {
			return fmt.Errorf(`want URL {"status":N,"headers":[[NAME,VALUE],…],"body":TEXT} or URL {"error":TEXT}: %v`, err)
		}
		// Each header is exactly [NAME, VALUE]: decoding into [2]string would pad a
		// short pair with "" and drop the rest of a long one without a word.
		var headers [][2]string
		if r.Headers != nil {
			headers = make([][2]string, 0, len(r.Headers))
		}
		for i, h := range r.Headers {
			if len(h) != 2 {
				return fmt.Errorf(`headers[%d]: want [NAME,VALUE], got %d strings`, i, len(h))
			}
			headers = append(headers, [2]string{h[0], h[1]})
		}
		resp := outcome.HTTPResponse{URL: url, Headers: headers, Body: r.Body, Error: r.Error}
		switch {
		case r.Status != nil:
			resp.Status = *r.Status
		case r.Error == "":
			resp.Status = 200
		}
		fx.HTTP = append(fx.HTTP, resp)
		p.fixtureLines["http"] = append(p.fixtureLines["http"], d.Line)
	case "sh":
		cmd, rest, err := leadingToken(args)
		if err != nil {
			return err
		}
		if err := p.once("sh "+cmd, d.Line); err != nil {
			return fmt.Errorf("%q: %v", cmd, err)
		}
		var r struct {
			ExitCode   int    `json:"exitCode"`
			Stdout     string `json:"stdout"`
			Stderr     string `json:"stderr"`
			DurationMs int    `json:"durationMs"`
		}
		if err := strictJSON(rest, &r); err != nil {
			return fmt.Errorf(`want "CMD" {"exitCode":N,"stdout":TEXT,"stderr":TEXT,"durationMs":N}: %v`, err)
		}
		fx.Shell = append(fx.Shell, outcome.ShellResult{Cmd: cmd, ExitCode: r.ExitCode, Stdout: r.Stdout, Stderr: r.Stderr, DurationMs: r.DurationMs})
		p.fixtureLines["shell"] = append(p.fixtureLines["shell"], d.Line)
	case "timeout":
		if err := p.once("timeout", d.Line); err != nil {
			return err
		}
		t, err := time.ParseDuration(args)
		if err != nil || t <= 0 {
			return fmt.Errorf("want a positive Go duration such as 2s or 500ms, got %q", args)
		}
		cfg.Limits.Timeout = t
	case "limit":
		limit, n, err := parseLimit(args)
		if err != nil {
			return err
		}
		if err := p.once("limit "+string(limit.Name), d.Line); err != nil {
			return fmt.Errorf("%s: %v", limit.Name, err)
		}
		*limit.Count(&cfg.Limits) = n
	case "spec":
		sections, err := ParseSections(args)
		if err != nil {
			return err
		}
		p.entry.Sections = append(p.entry.Sections, sections...)
	case "expect":
		return p.expect(d)
	default:
		return errors.New("unknown directive (known: @name @allow @cwd @file @dir @http @sh @timeout @limit @expect)")
	}
	return nil
}

func (p *directiveParser) expect(d Directive) error {
	x := &p.entry.Expect
	x.Lines = append(x.Lines, d.Line)
	kind, rest := cutBlank(d.Args)
	switch kind {
	case "exit":
		if err := p.once("expect exit", d.Line); err != nil {
			return err
		}
		rest = trimBlanks(rest)
		for _, v := range ExitValues {
			if rest == v {
				x.Exit, x.HasExit, x.ExitLine = rest, true, d.Line
				return nil
			}
		}
		return fmt.Errorf("exit: want one of %s, got %q", strings.Join(ExitValues, ", "), rest)
	case "value":
		if err := p.once("expect value", d.Line); err != nil {
			return err
		}
		rest = trimBlanks(rest)
		if !json.Valid([]byte(rest)) {
			return fmt.Errorf("value: not valid JSON: %q", rest)
		}
		x.Value, x.HasValue, x.ValueLine = rest, true, d.Line
	case "error":
		e, err := parseExpectedError(rest)
		if err != nil {
			return fmt.Errorf("error: %v", err)
		}
		e.Line = d.Line
		x.Errors = append(x.Errors, e)
	case "trace":
		// Several trace lines concatenate, so that a long trace can be wrapped by hand.
		if !x.HasTrace {
			x.HasTrace, x.TraceLine = true, d.Line
		}
		for _, name := range strings.Fields(rest) {
			if !eventName.MatchString(name) {
				return fmt.Errorf("trace: malformed event name %q", name)
			}
			x.Trace = append(x.Trace, name)
		}
	default:
		return fmt.Errorf("unknown expectation %q (known: exit, value, error, trace)", kind)
	}
	return nil
}

var fixtureRef = regexp.MustCompile(`^(files|http|shell)\[(\d+)\]`)

// validateFixtures has the tool kit check the assembled fixtures (colliding paths,
// unusable URLs or statuses, …) and returns its first complaint with the line of the
// directive concerned (0 when it cannot tell).
func (p *directiveParser) validateFixtures() (line int, err error) {
	err = toolkit.ValidateFixtures(p.entry.Config.Fixtures)
	if err == nil {
		return 0, nil
	}
	if m := fixtureRef.FindStringSubmatch(err.Error()); m != nil {
		i, _ := strconv.Atoi(m[2])
		if lines := p.fixtureLines[m[1]]; i < len(lines) {
			return lines[i], err
		}
	}
	return p.cwdLine, err
}

// parseExpectedError parses `CODE SPAN MESSAGE`.
func parseExpectedError(s string) (ExpectedError, error) {
	code, rest, ok1 := strings.Cut(s, " ")
	span, msg, ok2 := strings.Cut(rest, " ")
	if !ok1 || !ok2 {
		return ExpectedError{}, errors.New("want CODE SPAN MESSAGE (SPAN is L:C-L:C or -)")
	}
	if !errorCode.MatchString(code) {
		return ExpectedError{}, fmt.Errorf("malformed code %q (want E_…)", code)
	}
	if span != "-" && !spanText.MatchString(span) {
		return ExpectedError{}, fmt.Errorf("malformed span %q (want startLine:startCol-endLine:endCol or -)", span)
	}
	m, err := unquoteMessage(msg)
	if err != nil {
		return ExpectedError{}, err
	}
	return ExpectedError{Code: code, Span: span, Message: m}, nil
}

// leadingToken splits off the first argument: a JSON string when it starts with a quote
// (for paths and commands with blanks), else everything up to the first blank.
func leadingToken(s string) (tok, rest string, err error) {
	if s == "" {
		return "", "", errors.New("missing argument")
	}
	if s[0] != '"' {
		tok, rest, _ = strings.Cut(s, " ")
		return tok, trimBlanks(rest), nil
	}
	dec := json.NewDecoder(strings.NewReader(s))
	if err := dec.Decode(&tok); err != nil {
		return "", "", fmt.Errorf("malformed quoted argument: %v", err)
	}
	return tok, trimBlanks(s[dec.InputOffset():]), nil
}

// strictJSON decodes exactly one JSON value into v, rejecting unknown fields and
// trailing text.
func strictJSON(s string, v any) error {
	if s == "" {
		return errors.New("missing JSON argument")
	}
	dec := json.NewDecoder(strings.NewReader(s))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return err
	}
	if rest := bytes.TrimSpace([]byte(s[dec.InputOffset():])); len(rest) > 0 {
		return fmt.Errorf("unexpected %q after the JSON value", rest)
	}
	return nil
}

// spanString formats a span the way @expect error lines write it.
func spanString(startLine, startCol, endLine, endCol int) string {
	return strconv.Itoa(startLine) + ":" + strconv.Itoa(startCol) + "-" + strconv.Itoa(endLine) + ":" + strconv.Itoa(endCol)
}
