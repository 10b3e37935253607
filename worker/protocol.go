// Package worker runs A0 implementations in supervised worker processes.
//
// A worker is a process that speaks the line-delimited JSON protocol of PROTOCOL.md on
// its stdin and stdout: the host sends one run at a time, serves the run's tool calls
// from its hermetic tool kit, and receives the run's Outcome. Serve is the worker side
// (`a0diff worker` uses it for the built-in implementations); Pool is the host side, the
// supervisor: an outcome.Runner that keeps a pool of workers of one implementation,
// owns the deadline (a worker that overruns it by more than a grace is killed), enforces
// a memory ceiling measured by the kernel (the worker's resident set), turns a worker's
// death into that run's crash/timeout/resource Outcome, and starts a fresh worker for the
// next run.
//
// One Pool per implementation, so a death is always attributed to the implementation
// that was running.
package worker

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"time"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/a0diff/a0diff/runtime/outcome"
	"github.com/a0diff/a0diff/runtime/toolkit"
)

// ProtocolVersion is the version a hello must announce.
const ProtocolVersion = 1

// Message types (the "type" member of every message).
const (
	typeHello      = "hello"      // worker → host, once, first
	typeRun        = "run"        // host → worker
	typeTool       = "tool"       // worker → host: a tool call of the current run
	typeToolResult = "toolResult" // host → worker: its answer
	typeCancel     = "cancel"     // host → worker: end the current run now
	typeOutcome    = "outcome"    // worker → host: the run's Outcome
)

// maxMessage bounds one message line the host reads from a worker; a longer line ends
// the run as resource and the worker is killed. It bounds what a worker can make a0diff
// hold: the line (at most maxMessage plus one read of the line reader) and the Outcome
// parsed from it. The largest Outcome the built-in implementations give within their
// default limits (a value of maxSize, a trace of maxSteps events) is a few MiB.
const maxMessage = 32 << 20

// maxRunMessage bounds one message line a worker reads from the host (Serve): a run
// message carries a program's source, at most corpus.MaxEntryBytes, escaped as JSON.
const maxRunMessage = 256 << 20

// Hello is the worker's first message.
type Hello struct {
	Type           string `json:"type"`
	Protocol       int    `json:"protocol"`
	Implementation string `json:"implementation"`
	Version        string `json:"version"`
	// Limits names the harness limits the implementation honours (of
	// outcome.HarnessLimits); the host reports the others as ignored.
	Limits []outcome.LimitName `json:"limits"`
	// Unmodelled names the parts of the Outcome the implementation does not model
	// (aspects of diff.Aspects, e.g. "trace.data", "errors.message"): they are left out
	// of its comparisons. Optional.
	Unmodelled []string `json:"unmodelled,omitempty"`
	// Tools is "host" when the worker calls tools through the host (tool messages),
	// "local" when it runs its own copy of the hermetic kit.
	Tools string `json:"tools"`
}

// wireLimits is outcome.Limits on the wire. The deadline crosses the process boundary as
// a duration in milliseconds, the one place it is not a context's deadline (see
// outcome.Bound): toWireLimits and limits are its two conversions.
type wireLimits struct {
	MaxSteps  int     `json:"maxSteps"`
	MaxDepth  int     `json:"maxDepth"`
	MaxSize   int     `json:"maxSize"`
	TimeoutMs float64 `json:"timeoutMs"`
}

// toWireLimits is l, resolved, on the wire.
func toWireLimits(l outcome.Limits) wireLimits {
	return wireLimits{MaxSteps: l.MaxSteps, MaxDepth: l.MaxDepth, MaxSize: l.MaxSize,
		TimeoutMs: float64(l.Timeout) / float64(time.Millisecond)}
}

// limits is w as outcome.Limits: the worker's runner turns Timeout back into the
// deadline of the run's context (outcome.Bound).
func (w wireLimits) limits() outcome.Limits {
	return outcome.Limits{MaxSteps: w.MaxSteps, MaxDepth: w.MaxDepth, MaxSize: w.MaxSize,
		Timeout: time.Duration(w.TimeoutMs * float64(time.Millisecond))}
}

// wireConfig is outcome.Config on the wire.
type wireConfig struct {
	File     string            `json:"file"`
	Allow    []string          `json:"allow"`
	Fixtures *outcome.Fixtures `json:"fixtures,omitempty"`
	Limits   wireLimits        `json:"limits"`
}

// toWire is cfg, its limits resolved (as Pool.Run and trial.Config leave them), on the
// wire; the fixtures only for a worker that runs its own kit (a worker whose tools are
// the host's never needs them, and they are the bulk of a run message).
func toWire(cfg outcome.Config, fixtures bool) wireConfig {
	allow := cfg.Allow
	if allow == nil {
		allow = []string{}
	}
	w := wireConfig{File: cfg.File, Allow: allow, Limits: toWireLimits(cfg.Limits)}
	if fixtures {
		w.Fixtures = &cfg.Fixtures
	}
	return w
}

// decode reads a run message's config: its JSON shape, and the fixtures as the tool kit
// checks them (toolkit.ValidateFixtures), so that fixtures the kit would ignore or
// misread are the run message's error.
func (w *wireConfig) decode(text []byte) error {
	if err := json.Unmarshal(text, w); err != nil {
		return err
	}
	if w.Fixtures != nil {
		if err := toolkit.ValidateFixtures(*w.Fixtures); err != nil {
			return fmt.Errorf("fixtures: %w", err)
		}
	}
	return nil
}

func (w wireConfig) config() outcome.Config {
	var fx outcome.Fixtures
	if w.Fixtures != nil {
		fx = *w.Fixtures
	}
	return outcome.Config{File: w.File, Allow: w.Allow, Fixtures: fx, Limits: w.Limits.limits()}
}

// runMessage is the host's request to run a program.
func runMessage(id uint64, source string, cfg outcome.Config, fixtures bool) ([]byte, error) {
	src, err := json.Marshal(source)
	if err != nil {
		return nil, err
	}
	c, err := json.Marshal(toWire(cfg, fixtures))
	if err != nil {
		return nil, err
	}
	var b bytes.Buffer
	b.Grow(len(src) + len(c) + 48)
	b.WriteString(`{"type":"run","run":`)
	b.WriteString(strconv.FormatUint(id, 10))
	b.WriteString(`,"source":`)
	b.Write(src)
	b.WriteString(`,"config":`)
	b.Write(c)
	b.WriteString("}\n")
	return b.Bytes(), nil
}

// runLine reads a run message in the exact form runMessage writes, without splitting it
// into members and decoding them with encoding/json first. ok is false for any other
// line (parseMessage then reads it, and says what is wrong).
func runLine(line []byte) (id uint64, source string, config []byte, ok bool) {
	const prefix = `{"type":"run","run":`
	rest, found := bytes.CutPrefix(line, []byte(prefix))
	if !found || len(rest) == 0 || rest[len(rest)-1] != '}' {
		return 0, "", nil, false
	}
	i := 0
	for i < len(rest) && i < 19 && rest[i] >= '0' && rest[i] <= '9' {
		i++
	}
	if i == 0 || rest[0] == '0' {
		return 0, "", nil, false
	}
	n, err := strconv.ParseUint(string(rest[:i]), 10, 64)
	rest, found = bytes.CutPrefix(rest[i:], []byte(`,"source":`))
	if err != nil || !found {
		return 0, "", nil, false
	}
	source, end, ok := unquote(rest)
	if !ok {
		return 0, "", nil, false
	}
	config, found = bytes.CutPrefix(rest[end:], []byte(`,"config":`))
	if !found {
		return 0, "", nil, false
	}
	return n, source, config[:len(config)-1], true
}

// unquote decodes the JSON string at the start of b and returns its end. It takes the
// escapes encoding/json writes for valid UTF-8 text (no surrogate escapes: those it
// leaves to encoding/json, false); b must be valid UTF-8 for ok.
func unquote(b []byte) (s string, end int, ok bool) {
	if len(b) == 0 || b[0] != '"' {
		return "", 0, false
	}
	var out []byte
	start := 1
	for i := 1; i < len(b); i++ {
		switch c := b[i]; {
		case c == '"':
			out = append(out, b[start:i]...)
			if !utf8.Valid(out) {
				return "", 0, false
			}
			return string(out), i + 1, true
		case c < 0x20:
			return "", 0, false
		case c == '\\':
			out = append(out, b[start:i]...)
			if i+1 >= len(b) {
				return "", 0, false
			}
			i++
			switch b[i] {
			case '"', '\\', '/':
				out = append(out, b[i])
			case 'n':
				out = append(out, '\n')
			case 'r':
				out = append(out, '\r')
			case 't':
				out = append(out, '\t')
			case 'b':
				out = append(out, '\b')
			case 'f':
				out = append(out, '\f')
			case 'u':
				if i+4 >= len(b) {
					return "", 0, false
				}
				r, err := strconv.ParseUint(string(b[i+1:i+5]), 16, 32)
				if err != nil || utf16.IsSurrogate(rune(r)) {
					return "", 0, false
				}
				out = utf8.AppendRune(out, rune(r))
				i += 4
			default:
				return "", 0, false
			}
			start = i + 1
		}
	}
	return "", 0, false
}

// configCache reads a run's config, reusing an earlier reading when the text repeats (a
// campaign's runs share a few: the file name and the allowed capabilities vary little; a
// config with fixtures is always read afresh).
type configCache struct {
	read map[string]outcome.Config
}

// maxConfigs bounds the configs a cache keeps (it starts afresh when full).
const maxConfigs = 16

func (c *configCache) get(text []byte) (outcome.Config, error) {
	if cfg, ok := c.read[string(text)]; ok {
		return cfg, nil
	}
	var wc wireConfig
	if err := wc.decode(text); err != nil {
		return outcome.Config{}, err
	}
	cfg := wc.config()
	if wc.Fixtures == nil {
		if c.read == nil || len(c.read) >= maxConfigs {
			c.read = map[string]outcome.Config{}
		}
		cfg.Allow = slices.Clip(cfg.Allow) // an append by a runner copies
		c.read[string(text)] = cfg
	}
	return cfg, nil
}

// outcomeMessage is the worker's answer to a run: the canonical Outcome JSON
// (outcome.Marshal) and the worker's counts of abandoned runs.
func outcomeMessage(id uint64, o outcome.Outcome, abandoned, abandonedRunning int64) []byte {
	b := make([]byte, 0, 512+96*len(o.Trace))
	b = append(b, `{"type":"outcome","run":`...)
	b = strconv.AppendUint(b, id, 10)
	b = append(b, `,"abandoned":`...)
	b = strconv.AppendInt(b, abandoned, 10)
	b = append(b, `,"abandonedRunning":`...)
	b = strconv.AppendInt(b, abandonedRunning, 10)
	b = append(b, `,"outcome":`...)
	b = outcome.AppendMarshal(b, o)
	return append(b, "}\n"...)
}

// outcomeLine reads an outcome message in the exact form outcomeMessage writes, the one
// every run of a built-in worker ends with, without splitting the Outcome into members
// first (parseMessage would walk all of it twice). ok is false for any other line, which
// parseMessage then reads.
func outcomeLine(line []byte) (id uint64, abandoned, running int64, body []byte, ok bool) {
	const prefix = `{"type":"outcome","run":`
	if !bytes.HasPrefix(line, []byte(prefix)) || len(line) == 0 || line[len(line)-1] != '}' {
		return 0, 0, 0, nil, false
	}
	rest := line[len(prefix):]
	number := func(after string) (int64, bool) {
		i := 0
		for i < len(rest) && i < 19 && rest[i] >= '0' && rest[i] <= '9' {
			i++
		}
		if i == 0 || (rest[0] == '0' && i > 1) || !bytes.HasPrefix(rest[i:], []byte(after)) {
			return 0, false
		}
		n, err := strconv.ParseInt(string(rest[:i]), 10, 64)
		rest = rest[i+len(after):]
		return n, err == nil
	}
	n, ok1 := number(`,"abandoned":`)
	a, ok2 := number(`,"abandonedRunning":`)
	r, ok3 := number(`,"outcome":`)
	if !ok1 || !ok2 || !ok3 || n <= 0 {
		return 0, 0, 0, nil, false
	}
	return uint64(n), a, r, rest[:len(rest)-1], true
}

// message is one parsed line: its members, raw.
type message map[string]json.RawMessage

func parseMessage(line []byte) (message, string, error) {
	m, err := outcome.SplitObject(line)
	if err != nil {
		return nil, "", err
	}
	var typ string
	if err := json.Unmarshal(m["type"], &typ); err != nil || typ == "" {
		return nil, "", fmt.Errorf(`a message needs a string "type"`)
	}
	return message(m), typ, nil
}

// uint reads a non-negative integer member.
func (m message) uint(k string) (uint64, error) {
	raw, ok := m[k]
	if !ok {
		return 0, fmt.Errorf("%q is missing", k)
	}
	var n uint64
	if err := json.Unmarshal(raw, &n); err != nil {
		return 0, fmt.Errorf("%q: %v", k, err)
	}
	return n, nil
}

func (m message) str(k string) (string, error) {
	raw, ok := m[k]
	if !ok {
		return "", fmt.Errorf("%q is missing", k)
	}
	var s string
	if err := json.Unmarshal(raw, &s); err != nil {
		return "", fmt.Errorf("%q: %v", k, err)
	}
	return s, nil
}
