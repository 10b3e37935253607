package outcome

// DefaultCwd is the virtual working directory when Fixtures.Cwd is empty.
const DefaultCwd = "/work"

// Fixtures is the per-case world the tools run over: never the real host.
//
// The working directory always exists as a directory. Files are applied in order
// (directories implied by a file's path exist too); an entry that collides with an
// earlier one is skipped by toolkit.New and reported by toolkit.ValidateFixtures. HTTP and shell lookups use the
// first matching entry.
type Fixtures struct {
	// Cwd is the virtual working directory relative paths resolve against ("/work" when
	// empty).
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

// HTTPResponse answers http.get for URL (an http: or https: URL; matched exactly as
// written or after WHATWG URL normalisation, fragment ignored). When Error is set the
// request fails with it. A redirect status (301, 302, 303, 307, 308) with a Location
// header is followed, as fetch does.
type HTTPResponse struct {
	URL     string
	Status  int         // 0 means 200
	Headers [][2]string // name, value in the order given
	Body    string      // raw bytes; decoded as UTF-8 by the tool
	Error   string
}

// ShellResult answers sh.exec for Cmd (exact match, after lone surrogates became
// U+FFFD as they do on the way to the shell).
type ShellResult struct {
	Cmd        string
	ExitCode   int
	Stdout     string // raw bytes; decoded as UTF-8 by the tool
	Stderr     string
	DurationMs int
}
