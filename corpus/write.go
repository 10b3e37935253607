package corpus

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"

	"github.com/a0diff/a0diff/internal/atomicfile"
	"github.com/a0diff/a0diff/runtime/outcome"
)

// Directives returns the directive lines (each "# @NAME ARGS", without a line
// terminator) that give an entry the host configuration cfg: @name, @allow, @cwd,
// @file, @dir, @http, @sh, @timeout and @limit (for each limit set in cfg.Limits). Parse
// reads them back to cfg: a non-nil empty Allow stays an explicit `# @allow` (nothing
// allowed), and HTTP headers are written only when there are some.
func Directives(cfg outcome.Config) []string {
	var out []string
	if cfg.File != "" {
		out = append(out, "# @name "+cfg.File)
	}
	if cfg.Allow != nil {
		out = append(out, strings.TrimRight("# @allow "+strings.Join(cfg.Allow, ", "), " "))
	}
	fx := cfg.Fixtures
	if fx.Cwd != "" {
		out = append(out, "# @cwd "+fx.Cwd)
	}
	for _, f := range fx.Files {
		if f.Dir {
			out = append(out, "# @dir "+argText(f.Path))
		} else {
			out = append(out, "# @file "+argText(f.Path)+" "+jsonText(f.Content))
		}
	}
	for _, h := range fx.HTTP {
		if h.Error != "" {
			out = append(out, "# @http "+argText(h.URL)+" "+jsonText(struct {
				Error string `json:"error"`
			}{h.Error}))
			continue
		}
		status := h.Status
		if status == 0 {
			status = 200
		}
		out = append(out, "# @http "+argText(h.URL)+" "+jsonText(struct {
			Status  int         `json:"status"`
			Headers [][2]string `json:"headers,omitempty"`
			Body    string      `json:"body"`
		}{status, h.Headers, h.Body}))
	}
	for _, s := range fx.Shell {
		out = append(out, "# @sh "+jsonText(s.Cmd)+" "+jsonText(struct {
			ExitCode   int    `json:"exitCode"`
			Stdout     string `json:"stdout"`
			Stderr     string `json:"stderr"`
			DurationMs int    `json:"durationMs"`
		}{s.ExitCode, s.Stdout, s.Stderr, s.DurationMs}))
	}
	if cfg.Limits.Timeout > 0 {
		out = append(out, "# @timeout "+cfg.Limits.Timeout.String())
	}
	for _, l := range outcome.HarnessLimits {
		if l.Count == nil {
			continue
		}
		if n := *l.Count(&cfg.Limits); n > 0 {
			out = append(out, "# @limit "+string(l.Name)+" "+strconv.Itoa(n))
		}
	}
	return out
}

// argText writes a path or URL as the leading argument of a directive: bare when that
// reads back unchanged and plainly, else as a JSON string (empty, or holding a blank, a
// quote or a control character).
func argText(s string) string {
	if s != "" && !strings.ContainsAny(s, " \t\"") && !strings.ContainsFunc(s, func(r rune) bool { return r < 0x20 }) {
		return s
	}
	return jsonText(s)
}

// jsonText is compact JSON without HTML escaping.
func jsonText(v any) string {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return `""`
	}
	return strings.TrimSuffix(b.String(), "\n")
}

// WriteFileAtomic replaces path's contents with data so that a reader sees either the
// old or the new file, never a partial one: it writes a temporary file in the same
// directory, syncs it, gives it the old file's mode and renames it over path
// (atomicfile.Write). When path is a symbolic link, the file it leads to is replaced and
// the link stays.
func WriteFileAtomic(path string, data []byte) error {
	if target, err := filepath.EvalSymlinks(path); err == nil {
		path = target
	}
	mode := os.FileMode(0o644)
	if st, err := os.Stat(path); err == nil {
		mode = st.Mode().Perm()
	}
	return atomicfile.Write(path, data, mode)
}

// RewriteFile replaces path's contents, read earlier as was, with data
// (WriteFileAtomic) — only when the file still holds was. A file edited, replaced or
// removed since it was read is the user's newer work: it is left as it is and the error
// says so (a0diff --update rewrites entries after running them, which takes a while).
func RewriteFile(path string, was, data []byte) error {
	now, err := os.ReadFile(path)
	if err != nil {
		return fmt.Errorf("%s: not rewritten: %v", path, err)
	}
	if !bytes.Equal(now, was) {
		return fmt.Errorf("%s: changed since a0diff read it; left as it is (run --update again)", path)
	}
	return WriteFileAtomic(path, data)
}

// CreateFileAtomic writes data to the new file path so that a reader sees no file or
// the whole file, and never replaces a file (atomicfile.Create). When path exists the
// error satisfies errors.Is(err, fs.ErrExist).
func CreateFileAtomic(path string, data []byte) error {
	return atomicfile.Create(path, data, 0o644)
}

// CheckWritableDir reports why new files cannot be created in dir (which MkdirAll
// creates when it does not exist): a path on the way that is not a directory, a
// dangling symbolic link, or a directory where a file cannot be created (tried, so that
// permissions, read-only file systems and the like are all noticed before any work).
func CheckWritableDir(dir string) error {
	d := dir
	for {
		st, err := os.Stat(d)
		if err == nil {
			if !st.IsDir() {
				return fmt.Errorf("%s is not a directory", d)
			}
			f, err := os.CreateTemp(d, ".a0diff-write-check-*")
			if err != nil {
				var pe *fs.PathError
				if errors.As(err, &pe) {
					err = pe.Err // the temporary file's name says nothing
				}
				return fmt.Errorf("cannot create files in %s: %w", d, err)
			}
			f.Close()
			os.Remove(f.Name())
			return nil
		}
		// A file on the way (ENOTDIR) is named by the walk up, as a missing directory.
		if !errors.Is(err, fs.ErrNotExist) && !errors.Is(err, syscall.ENOTDIR) {
			return err
		}
		if _, lerr := os.Lstat(d); lerr == nil {
			return fmt.Errorf("%s is a symbolic link to a missing file", d)
		}
		parent := filepath.Dir(d)
		if parent == d {
			return err
		}
		d = parent
	}
}
