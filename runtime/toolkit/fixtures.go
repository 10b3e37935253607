package toolkit

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/a0diff/a0diff/runtime/outcome"
)

// fixturesCwd is the normalised working directory of f.
func fixturesCwd(f outcome.Fixtures) string {
	if f.Cwd == "" {
		return outcome.DefaultCwd
	}
	return resolvePath("/", f.Cwd)
}

// DecodeFixtures reads fixtures from their JSON shape (outcome.Fixtures.UnmarshalJSON)
// and checks them as ValidateFixtures does: what every reader of fixtures from outside
// (corpus entries, a worker's run message) needs.
func DecodeFixtures(b []byte) (outcome.Fixtures, error) {
	var f outcome.Fixtures
	if err := f.UnmarshalJSON(b); err != nil {
		return outcome.Fixtures{}, err
	}
	if err := ValidateFixtures(f); err != nil {
		return outcome.Fixtures{}, fmt.Errorf("fixtures: %w", err)
	}
	return f, nil
}

// ValidateFixtures reports the first problem that would make New ignore or misread part
// of f: a relative Cwd, a file entry colliding with another, an HTTP entry with an
// unusable URL, status or header, a shell entry with an impossible exit code, duplicates.
// (The data types live in package outcome, below the kit; what makes an entry usable is
// the kit's to say.)
func ValidateFixtures(f outcome.Fixtures) error {
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
		where := func() string { return fmt.Sprintf("http[%d] (%q)", i, h.URL) } // for an error only
		if j, dup := seenURL[h.URL]; dup {
			return fmt.Errorf("%s: duplicate of http[%d]", where(), j)
		}
		seenURL[h.URL] = i
		u, ok := parseURL(h.URL, nil)
		if !ok {
			return fmt.Errorf("%s: not a valid URL", where())
		}
		if u.scheme != "http" && u.scheme != "https" {
			return fmt.Errorf("%s: only http: and https: URLs reach the network (data: URLs are decoded by the kit)", where())
		}
		if u.username != "" || u.password != "" {
			return fmt.Errorf("%s: fetch refuses URLs with credentials", where())
		}
		if h.Error != "" {
			if h.Status != 0 || len(h.Headers) > 0 || h.Body != "" {
				return fmt.Errorf("%s: an entry with an error has no status, headers or body", where())
			}
			continue
		}
		if h.Status != 0 && (h.Status < 200 || h.Status > 599) {
			return fmt.Errorf("%s: status %d is outside 200..599", where(), h.Status)
		}
		if nullBodyStatus(httpStatus(&h)) && h.Body != "" {
			return fmt.Errorf("%s: a %d response has no body", where(), h.Status)
		}
		for j, hd := range h.Headers {
			if !isToken(hd[0]) {
				return fmt.Errorf("%s: headers[%d]: %q is not a valid header name", where(), j, hd[0])
			}
			if strings.ContainsAny(hd[1], "\x00\r\n") {
				return fmt.Errorf("%s: headers[%d]: the value of %q contains NUL, CR or LF", where(), j, hd[0])
			}
		}
	}
	seenCmd := map[string]int{}
	for i, s := range f.Shell {
		where := func() string { return fmt.Sprintf("shell[%d] (%q)", i, s.Cmd) } // for an error only
		key := hostText(s.Cmd)
		if j, dup := seenCmd[key]; dup {
			return fmt.Errorf("%s: duplicate of shell[%d]", where(), j)
		}
		seenCmd[key] = i
		if s.Cmd == "" || strings.IndexByte(s.Cmd, 0) >= 0 {
			return fmt.Errorf("%s: the shell never runs an empty command or one with a NUL byte", where())
		}
		if s.ExitCode < 0 || s.ExitCode > 255 {
			return fmt.Errorf("%s: exit code %d is outside 0..255", where(), s.ExitCode)
		}
		if s.DurationMs < 0 {
			return fmt.Errorf("%s: negative durationMs %d", where(), s.DurationMs)
		}
	}
	return nil
}

// buildFS builds the virtual file system of f. Entries that cannot be applied are
// skipped and reported.
func buildFS(f outcome.Fixtures) (*vfs, []error) {
	fs := &vfs{root: newDir()}
	var errs []error
	cwd := hostText(fixturesCwd(f))
	if code := fs.mkdirAll(cwd); code != errOK {
		errs = append(errs, fmt.Errorf("cwd %q: %s", f.Cwd, errnoText[code]))
	}
	seen := map[string]int{}
	for i, file := range f.Files {
		// The entry's name is only written into an error.
		where := func() string { return "files[" + strconv.Itoa(i) + "] (" + strconv.Quote(file.Path) + ")" }
		if file.Path == "" {
			errs = append(errs, fmt.Errorf("%s: empty path", where()))
			continue
		}
		if strings.IndexByte(file.Path, 0) >= 0 {
			errs = append(errs, fmt.Errorf("%s: path contains a NUL byte", where()))
			continue
		}
		abs := hostText(resolvePath(fixturesCwd(f), file.Path))
		if j, dup := seen[abs]; dup {
			errs = append(errs, fmt.Errorf("%s: %s is also files[%d]", where(), abs, j))
			continue
		}
		seen[abs] = i
		if file.Dir {
			if file.Content != "" {
				errs = append(errs, fmt.Errorf("%s: a directory has no content", where()))
			}
			if code := fs.mkdirAll(abs); code != errOK {
				errs = append(errs, fmt.Errorf("%s: cannot create directory %s: %s", where(), abs, errnoText[code]))
			}
			continue
		}
		if abs == "/" {
			errs = append(errs, fmt.Errorf("%s: the root is a directory", where()))
			continue
		}
		if code := fs.mkdirAll(dirname(abs)); code != errOK {
			errs = append(errs, fmt.Errorf("%s: cannot create its directory %s: %s", where(), dirname(abs), errnoText[code]))
			continue
		}
		if code := fs.writeFile(abs, file.Content); code != errOK {
			errs = append(errs, fmt.Errorf("%s: cannot create file %s: %s", where(), abs, errnoText[code]))
		}
	}
	return fs, errs
}

// httpStatus is h's status, 200 when it gives none.
func httpStatus(h *outcome.HTTPResponse) int {
	if h.Status == 0 {
		return 200
	}
	return h.Status
}
