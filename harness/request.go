package harness

import (
	"errors"
	"fmt"
	"io"
	"regexp"
	"time"

	"github.com/a0diff/a0diff/baseline"
	"github.com/a0diff/a0diff/diff"
)

// Request is a corpus run as `a0diff run` asks for it: the values of its flags,
// unchecked. Validate and Resolve check them; every error names the flag to change, so
// the CLI prints it as it is.
type Request struct {
	Paths    []string      // the corpus entries and directories to run
	Workers  int           // -j
	Timeout  time.Duration // --timeout, the deadline of entries without their own
	Format   string        // --format: text, json or junit
	Filter   string        // --filter REGEX ("" for every entry)
	Compare  string        // --compare ASPECTS ("" for all)
	Baseline string        // --baseline FILE ("" for none)
}

// Plan is a checked Request: the compiled --filter (nil without one), the scope
// --compare chooses and the baseline --baseline names (nil without one).
type Plan struct {
	Filter *regexp.Regexp
	Scope  diff.Scope
	Known  *baseline.Baseline
}

// Validate reports the first of r's paths and numbers a run cannot go with, without
// looking at the file system or parsing a flag.
func (r *Request) Validate() error {
	switch {
	case len(r.Paths) == 0:
		return errors.New("no PATH given: name the corpus entries or directories to run (e.g. a0diff corpus/)")
	case r.Workers < 1:
		return fmt.Errorf("-j must be at least 1, not %d", r.Workers)
	case r.Timeout <= 0:
		return fmt.Errorf("--timeout must be positive, not %s", r.Timeout)
	}
	return nil
}

// Resolve checks r whole and returns its Plan: besides Validate's checks, --format,
// --filter, --compare and --baseline (which it reads).
func (r *Request) Resolve() (Plan, error) {
	if err := r.Validate(); err != nil {
		return Plan{}, err
	}
	var p Plan
	if !validFormat(r.Format) {
		return Plan{}, fmt.Errorf("--format must be text, json or junit, not %q", r.Format)
	}
	var err error
	if r.Filter != "" {
		if p.Filter, err = regexp.Compile(r.Filter); err != nil {
			return Plan{}, fmt.Errorf("--filter: %v", err)
		}
	}
	if p.Scope, err = diff.CompareScope(r.Compare); err != nil {
		return Plan{}, err
	}
	if r.Baseline != "" {
		if p.Known, err = baseline.Read(r.Baseline); err != nil {
			return Plan{}, err
		}
	}
	return p, nil
}

// writers are the report formats of a corpus run, by --format name.
var writers = map[string]func(io.Writer, *Report, ReportOptions) error{
	"text":  WriteText,
	"json":  WriteJSON,
	"junit": WriteJUnit,
}

func validFormat(format string) bool { return writers[format] != nil }

// WriteReport writes rep in format (text, json or junit: WriteText, WriteJSON,
// WriteJUnit); another format is an error.
func WriteReport(w io.Writer, format string, rep *Report, o ReportOptions) error {
	write := writers[format]
	if write == nil {
		return fmt.Errorf("--format must be text, json or junit, not %q", format)
	}
	return write(w, rep, o)
}
