package toolkit

import (
	"errors"

	"github.com/a0diff/a0diff/runtime/outcome"
	"github.com/a0diff/a0diff/runtime/value"
)

// Kit is the role every implementation calls its tools through: the hermetic tool kit of
// one run, which executes a tool and records the call. It is the one name of that role in
// a0diff; what a tool is (its mode, its capability) and whether its arguments are valid
// are fixed by the catalogue (Lookup, ValidateArgs), not by a kit. The implementations:
// Virtual runs the tools itself over the case's fixtures; worker.HostKit, in a worker
// process, sends each call to the host, which runs it on a Virtual. The Go evaluator and
// the goja host of the reference both take a Kit, so either runs on either.
type Kit interface {
	// CallData runs the tool (Lookup, ValidateArgs) with args (nil is an empty record)
	// and records the call; data is the text the caller serialised for fs.write (Data),
	// ignored by the other tools. It returns the tool's result, or its failure (E_TOOL
	// for the program; IsToolFailure) or a harness limit (*value.LimitError).
	CallData(tool string, args *value.Record, data Data) (value.Value, error)
	// Calls returns the calls recorded so far, in order.
	Calls() []outcome.Call
}

// Virtual is the kit that runs the tools itself, over the virtual world of one case's
// fixtures (an in-memory file system, HTTP responses, shell results), and records every
// call. A Virtual is used by one run at a time; make a fresh one (New) per run so effects
// do not leak between runs.
type Virtual struct {
	fixtures outcome.Fixtures
	cwd      string
	fs       *vfs
	// httpExact maps a fixture URL as written, httpNormal its normalised form, and
	// shellIndex a command as the shell sees it, to the first fixture entry. The HTTP
	// maps are made by the first request (indexHTTP): parsing every fixture URL costs
	// more than many runs, and most make no request.
	httpExact  map[string]int
	httpNormal map[string]int
	shellIndex map[string]int
	calls      []outcome.Call
}

// New returns a Virtual kit over f (f is copied; the kit's file system starts from it). Entries
// ValidateFixtures would reject are ignored as documented on outcome.Fixtures.
func New(f outcome.Fixtures) *Virtual {
	f.Files = append([]outcome.File(nil), f.Files...)
	f.HTTP = append([]outcome.HTTPResponse(nil), f.HTTP...)
	f.Shell = append([]outcome.ShellResult(nil), f.Shell...)
	fs, _ := buildFS(f)
	k := &Virtual{
		fixtures:   f,
		cwd:        fixturesCwd(f),
		fs:         fs,
		shellIndex: map[string]int{},
	}
	for i, s := range f.Shell {
		key := hostText(s.Cmd)
		if _, dup := k.shellIndex[key]; !dup {
			k.shellIndex[key] = i
		}
	}
	return k
}

// indexHTTP makes the HTTP fixture maps, once.
func (k *Virtual) indexHTTP() {
	if k.httpExact != nil {
		return
	}
	k.httpExact, k.httpNormal = map[string]int{}, map[string]int{}
	for i, h := range k.fixtures.HTTP {
		if _, dup := k.httpExact[h.URL]; !dup {
			k.httpExact[h.URL] = i
		}
		if u, ok := parseURL(h.URL, nil); ok {
			if _, dup := k.httpNormal[httpKey(u)]; !dup {
				k.httpNormal[httpKey(u)] = i
			}
		}
	}
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
func (k *Virtual) Call(tool string, args *value.Record) (value.Value, error) {
	return k.CallData(tool, args, Data{})
}

// CallData is Call with the text the caller serialised for fs.write (ignored by the
// other tools).
func (k *Virtual) CallData(tool string, args *value.Record, data Data) (value.Value, error) {
	if args == nil {
		args = value.NewRecord()
	}
	result, err := k.run(tool, args, data)
	c := outcome.Call{Tool: tool, Args: args}
	if err != nil {
		result = nil
		c.Outcome, c.Error = "err", err.Error()
	} else {
		c.Outcome, c.Result = "ok", result
	}
	k.calls = append(k.calls, c)
	return result, err
}

func (k *Virtual) run(tool string, args *value.Record, data Data) (value.Value, error) {
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
func (k *Virtual) Calls() []outcome.Call { return append([]outcome.Call(nil), k.calls...) }

// IsToolFailure reports whether err, returned by Call, is a tool failure (E_TOOL) rather
// than a harness limit (*value.LimitError).
func IsToolFailure(err error) bool {
	var te *toolError
	return errors.As(err, &te)
}

var _ Kit = (*Virtual)(nil)
