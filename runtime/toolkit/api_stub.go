package toolkit

// THIS FILE IS A TEMPORARY STUB listing the API the rest of the project codes against.
// The toolkit helper replaces it with the real implementation (split by concern) and
// deletes it. Signatures may be extended, not changed.

import "github.com/a0diff/a0diff/runtime/value"

// Mode is a tool's mode.
type Mode string

const (
	Read   Mode = "read"
	Effect Mode = "effect"
)

// Tool describes one tool of the catalogue (spec §4.1, §9.1).
type Tool struct {
	Name       string
	Mode       Mode
	Capability string
}

// Catalogue is the six tools in the spec's order (fs.read, fs.write, fs.list, fs.exists,
// http.get, sh.exec).
var Catalogue []Tool

// Lookup finds a tool by its dotted name.
func Lookup(name string) (Tool, bool) { panic("unimplemented") }

// Fixtures is the per-case world the tools run over: never the real host.
type Fixtures struct {
	// Cwd is the virtual working directory relative paths resolve against ("/work" when empty).
	Cwd   string
	Files []File
	HTTP  []HTTPResponse
	Shell []ShellResult
}

// File is one virtual file (or directory when Dir) at an absolute or Cwd-relative path.
// Content is raw bytes held in a Go string.
type File struct {
	Path    string
	Content string
	Dir     bool
}

// HTTPResponse answers http.get for URL. When Error is set the request fails with it.
type HTTPResponse struct {
	URL     string
	Status  int
	Headers [][2]string // name, value in the order given
	Body    string
	Error   string
}

// ShellResult answers sh.exec for Cmd (exact match).
type ShellResult struct {
	Cmd        string
	ExitCode   int
	Stdout     string
	Stderr     string
	DurationMs int
}

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
type Kit struct{}

// New returns a kit over f (f is copied; the kit's file system starts from it).
func New(f Fixtures) *Kit { panic("unimplemented") }

// ValidateArgs checks args against the tool's schema (spec §9.1) and returns the ISSUES
// text ("path: Expected string, received number; …"), or "" when valid.
func ValidateArgs(tool string, args *value.Record) string { panic("unimplemented") }

// Call runs the tool with already-validated args, records it, and returns its result or
// its failure message (which the evaluator turns into E_TOOL).
func (k *Kit) Call(tool string, args *value.Record) (value.Value, error) { panic("unimplemented") }

// Calls returns the calls recorded so far, in order.
func (k *Kit) Calls() []Call { panic("unimplemented") }
