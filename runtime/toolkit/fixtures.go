package toolkit

import (
	"fmt"
	"strconv"
	"strings"
)

// DefaultCwd is the virtual working directory when Fixtures.Cwd is empty.
const DefaultCwd = "/work"

// Fixtures is the per-case world the tools run over: never the real host.
//
// The working directory always exists as a directory. Files are applied in order
// (directories implied by a file's path exist too); an entry that collides with an
// earlier one is skipped by New and reported by Validate. HTTP and shell lookups use the
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

// cwd is the normalised working directory.
func (f Fixtures) cwd() string {
	if f.Cwd == "" {
		return DefaultCwd
	}
	return resolvePath("/", f.Cwd)
}

// Validate reports the first problem that would make New ignore or misread part of the
// fixtures: a relative Cwd, a file entry colliding with another, an HTTP entry with an
// unusable URL, status or header, a shell entry with an impossible exit code, duplicates.
func (f Fixtures) Validate() error {
	if f.Cwd != "" && !strings.HasPrefix(f.Cwd, "/") {
		return fmt.Errorf("cwd %q is not an absolute path", f.Cwd)
	}
	if strings.IndexByte(f.Cwd, 0) >= 0 {
		return fmt.Errorf("cwd %q contains a NUL byte", f.Cwd)
	}
	if _, errs := buildFS(f); len(errs) > 0 {
		return errs[0]
	}
	seenURL := map[string]int{}
	for i, h := range f.HTTP {
		where := fmt.Sprintf("http[%d] (%q)", i, h.URL)
		if j, dup := seenURL[h.URL]; dup {
			return fmt.Errorf("%s: duplicate of http[%d]", where, j)
		}
		seenURL[h.URL] = i
		u, ok := parseURL(h.URL, nil)
		if !ok {
			return fmt.Errorf("%s: not a valid URL", where)
		}
		if u.scheme != "http" && u.scheme != "https" {
			return fmt.Errorf("%s: only http: and https: URLs reach the network (data: URLs are decoded by the kit)", where)
		}
		if u.username != "" || u.password != "" {
			return fmt.Errorf("%s: fetch refuses URLs with credentials", where)
		}
		if h.Error != "" {
			if h.Status != 0 || len(h.Headers) > 0 || h.Body != "" {
				return fmt.Errorf("%s: an entry with an error has no status, headers or body", where)
			}
			continue
		}
		if h.Status != 0 && (h.Status < 200 || h.Status > 599) {
			return fmt.Errorf("%s: status %d is outside 200..599", where, h.Status)
		}
		if nullBodyStatus(h.status()) && h.Body != "" {
			return fmt.Errorf("%s: a %d response has no body", where, h.Status)
		}
		for j, hd := range h.Headers {
			if !isToken(hd[0]) {
				return fmt.Errorf("%s: headers[%d]: %q is not a valid header name", where, j, hd[0])
			}
			if strings.ContainsAny(hd[1], "\x00\r\n") {
				return fmt.Errorf("%s: headers[%d]: the value of %q contains NUL, CR or LF", where, j, hd[0])
			}
		}
	}
	seenCmd := map[string]int{}
	for i, s := range f.Shell {
		where := fmt.Sprintf("shell[%d] (%q)", i, s.Cmd)
		key := hostText(s.Cmd)
		if j, dup := seenCmd[key]; dup {
			return fmt.Errorf("%s: duplicate of shell[%d]", where, j)
		}
		seenCmd[key] = i
		if s.Cmd == "" || strings.IndexByte(s.Cmd, 0) >= 0 {
			return fmt.Errorf("%s: the shell never runs an empty command or one with a NUL byte", where)
		}
		if s.ExitCode < 0 || s.ExitCode > 255 {
			return fmt.Errorf("%s: exit code %d is outside 0..255", where, s.ExitCode)
		}
		if s.DurationMs < 0 {
			return fmt.Errorf("%s: negative durationMs %d", where, s.DurationMs)
		}
	}
	return nil
}

// buildFS builds the virtual file system of f. Entries that cannot be applied are
// skipped and reported.
func buildFS(f Fixtures) (*vfs, []error) {
	fs := &vfs{root: newDir()}
	var errs []error
	cwd := hostText(f.cwd())
	if code := fs.mkdirAll(cwd); code != errOK {
		errs = append(errs, fmt.Errorf("cwd %q: %s", f.Cwd, errnoText[code]))
	}
	seen := map[string]int{}
	for i, file := range f.Files {
		where := "files[" + strconv.Itoa(i) + "] (" + strconv.Quote(file.Path) + ")"
		if file.Path == "" {
			errs = append(errs, fmt.Errorf("%s: empty path", where))
			continue
		}
		if strings.IndexByte(file.Path, 0) >= 0 {
			errs = append(errs, fmt.Errorf("%s: path contains a NUL byte", where))
			continue
		}
		abs := hostText(resolvePath(f.cwd(), file.Path))
		if j, dup := seen[abs]; dup {
			errs = append(errs, fmt.Errorf("%s: %s is also files[%d]", where, abs, j))
			continue
		}
		seen[abs] = i
		if file.Dir {
			if file.Content != "" {
				errs = append(errs, fmt.Errorf("%s: a directory has no content", where))
			}
			if code := fs.mkdirAll(abs); code != errOK {
				errs = append(errs, fmt.Errorf("%s: cannot create directory %s: %s", where, abs, errnoText[code]))
			}
			continue
		}
		if abs == "/" {
			errs = append(errs, fmt.Errorf("%s: the root is a directory", where))
			continue
		}
		if code := fs.mkdirAll(dirname(abs)); code != errOK {
			errs = append(errs, fmt.Errorf("%s: cannot create its directory %s: %s", where, dirname(abs), errnoText[code]))
			continue
		}
		if code := fs.writeFile(abs, file.Content); code != errOK {
			errs = append(errs, fmt.Errorf("%s: cannot create file %s: %s", where, abs, errnoText[code]))
		}
	}
	return fs, errs
}

func (h *HTTPResponse) status() int {
	if h.Status == 0 {
		return 200
	}
	return h.Status
}
