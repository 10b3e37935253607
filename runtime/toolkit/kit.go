package toolkit

import (
	"errors"
	"fmt"

	"github.com/a0diff/a0diff/runtime/value"
)

// Call is one tool invocation as the kit saw it.
type Call struct {
	Tool    string
	Args    value.Value // the argument record as given
	Outcome string      // "ok" or "err"
	Result  value.Value // when ok
	Error   string      // when err
}

// Kit executes tools over one case's fixtures and records every call. A Kit is used by
// one run at a time; make a fresh one (New) per run so effects do not leak between runs.
type Kit struct {
	fixtures Fixtures
	cwd      string
	fs       *vfs
	// httpExact maps a fixture URL as written, httpNormal its normalised form, and
	// shellIndex a command as the shell sees it, to the first fixture entry.
	httpExact  map[string]int
	httpNormal map[string]int
	shellIndex map[string]int
	calls      []Call
}

// New returns a kit over f (f is copied; the kit's file system starts from it). Entries
// Fixtures.Validate would reject are ignored as documented on Fixtures.
func New(f Fixtures) *Kit {
	f.Files = append([]File(nil), f.Files...)
	f.HTTP = append([]HTTPResponse(nil), f.HTTP...)
	f.Shell = append([]ShellResult(nil), f.Shell...)
	fs, _ := buildFS(f)
	k := &Kit{
		fixtures:   f,
		cwd:        f.cwd(),
		fs:         fs,
		httpExact:  map[string]int{},
		httpNormal: map[string]int{},
		shellIndex: map[string]int{},
	}
	for i, h := range f.HTTP {
		if _, dup := k.httpExact[h.URL]; !dup {
			k.httpExact[h.URL] = i
		}
		if u, ok := parseURL(h.URL, nil); ok {
			if _, dup := k.httpNormal[httpKey(u)]; !dup {
				k.httpNormal[httpKey(u)] = i
			}
		}
	}
	for i, s := range f.Shell {
		key := hostText(s.Cmd)
		if _, dup := k.shellIndex[key]; !dup {
			k.shellIndex[key] = i
		}
	}
	return k
}

// Data is the text an implementation serialised from a tool's arguments for the tool:
// what fs.write writes (spec §9.2). The kit does not serialise: each implementation does
// it its own way — the Go evaluator with runtime/value's JSON writer, the reference with
// JavaScript's JSON.stringify — so that a serialisation bug on either side shows as a
// divergence instead of on both.
type Data struct {
	Text string
	// OK is false when there is no text: data absent, or JSON.stringify gave undefined.
	OK bool
}

// Call runs the tool with already-validated args, records it, and returns its result or
// its failure message (which the evaluator turns into E_TOOL). An unknown tool or args
// that fail ValidateArgs give a failure too (and are recorded), never a panic. A nil
// args is an empty record.
//
// Call is CallData without data, which suits every tool but fs.write: fs.write then
// fails as Node's writeFileSync does without data.
func (k *Kit) Call(tool string, args *value.Record) (value.Value, error) {
	return k.CallData(tool, args, Data{})
}

// CallData is Call with the text the caller serialised for fs.write (ignored by the
// other tools).
func (k *Kit) CallData(tool string, args *value.Record, data Data) (value.Value, error) {
	if args == nil {
		args = value.NewRecord()
	}
	result, err := k.run(tool, args, data)
	c := Call{Tool: tool, Args: args}
	if err != nil {
		result = nil
		c.Outcome, c.Error = "err", err.Error()
	} else {
		c.Outcome, c.Result = "ok", result
	}
	k.calls = append(k.calls, c)
	return result, err
}

func (k *Kit) run(tool string, args *value.Record, data Data) (value.Value, error) {
	if _, ok := Lookup(tool); !ok {
		return nil, failf("Unknown tool '" + tool + "'.")
	}
	if issues := ValidateArgs(tool, args); issues != "" {
		return nil, failf("Invalid arguments for tool '" + tool + "': " + issues)
	}
	switch tool {
	case "fs.read":
		return k.fsRead(args)
	case "fs.write":
		return k.fsWrite(args, data)
	case "fs.list":
		return k.fsList(args)
	case "fs.exists":
		return k.fsExists(args)
	case "http.get":
		return k.httpGet(args)
	default: // "sh.exec"
		return k.shExec(args)
	}
}

// Calls returns the calls recorded so far, in order.
func (k *Kit) Calls() []Call { return append([]Call(nil), k.calls...) }

// IsToolFailure reports whether err, returned by Call, is a tool failure (E_TOOL) rather
// than a harness limit (*value.LimitError).
func IsToolFailure(err error) bool {
	var te *toolError
	return errors.As(err, &te)
}

// MarshalJSON writes the call as an Outcome's toolCalls entry:
// {"tool":T,"args":A,"outcome":"ok","result":R} or {…,"outcome":"err","error":MSG},
// values in value.MarshalCanonical form.
func (c Call) MarshalJSON() ([]byte, error) {
	b := []byte(`{"tool":`)
	b = append(b, value.MarshalCanonical(c.Tool)...)
	b = append(b, `,"args":`...)
	b = append(b, value.MarshalCanonical(c.Args)...)
	b = append(b, `,"outcome":`...)
	b = append(b, value.MarshalCanonical(c.Outcome)...)
	if c.Outcome == "ok" {
		b = append(b, `,"result":`...)
		b = append(b, value.MarshalCanonical(c.Result)...)
	} else {
		b = append(b, `,"error":`...)
		b = append(b, value.MarshalCanonical(c.Error)...)
	}
	return append(b, '}'), nil
}

// UnmarshalJSON reads what MarshalJSON writes.
func (c *Call) UnmarshalJSON(b []byte) error {
	v, err := value.UnmarshalCanonical(b)
	if err != nil {
		return fmt.Errorf("tool call: %w", err)
	}
	r, ok := v.(*value.Record)
	if !ok {
		return errors.New("tool call: not a JSON object")
	}
	var out Call
	for _, key := range r.Keys() {
		item, _ := r.Get(key)
		switch key {
		case "tool", "outcome", "error":
			s, ok := item.(string)
			if !ok {
				return fmt.Errorf("tool call: %q is not a string", key)
			}
			switch key {
			case "tool":
				out.Tool = s
			case "outcome":
				out.Outcome = s
			default:
				out.Error = s
			}
		case "args":
			out.Args = item
		case "result":
			out.Result = item
		default:
			return fmt.Errorf("tool call: unknown key %q", key)
		}
	}
	switch {
	case !r.Has("tool") || !r.Has("args") || !r.Has("outcome"):
		return errors.New(`tool call: "tool", "args" and "outcome" are required`)
	case out.Outcome == "ok" && (!r.Has("result") || r.Has("error")):
		return errors.New(`tool call: an "ok" call has a "result" and no "error"`)
	case out.Outcome == "err" && (!r.Has("error") || r.Has("result")):
		return errors.New(`tool call: an "err" call has an "error" and no "result"`)
	case out.Outcome != "ok" && out.Outcome != "err":
		return fmt.Errorf("tool call: outcome %q is neither \"ok\" nor \"err\"", out.Outcome)
	}
	*c = out
	return nil
}
