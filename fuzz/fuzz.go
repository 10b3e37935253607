// Package fuzz holds the native `go test -fuzz` targets of a0diff (fuzz_test.go) and what
// they share with fuzz/tocorpus, the tool that turns a failing fuzz input into a corpus
// entry: decoding inputs into cases, running both implementations, and the checks.
//
// The targets:
//
//   - FuzzParse: arbitrary text; the Go front end and the reference agree on whether the
//     program is rejected before it runs (exit 2) and on the diagnostic codes; neither
//     crashes.
//   - FuzzDiff: a source text through both implementations; any divergence fails.
//   - FuzzGen: the input bytes drive the generator's decisions (gen.ByteChooser); the
//     generated case runs through both; any divergence fails.
//
// FuzzParse and FuzzDiff read their input as a corpus entry when it is one with
// directives (so the seed corpus, the entries under corpus/, keep their host
// configurations), else as a bare program under gen.StandardConfig (every capability
// allowed, the generator's fixtures).
package fuzz

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/a0diff/a0diff/corpus"
	"github.com/a0diff/a0diff/diff"
	"github.com/a0diff/a0diff/gen"
	tsbundle "github.com/a0diff/a0diff/reference/ts-bundle"
	"github.com/a0diff/a0diff/runtime/outcome"
	"github.com/a0diff/a0diff/runtime/run"
	"github.com/a0diff/a0diff/runtime/syntax"
	"github.com/a0diff/a0diff/trial"
)

// Targets are the native fuzz targets, in the order `make fuzz` runs them.
var Targets = []string{"FuzzParse", "FuzzDiff", "FuzzGen"}

// Timeout is the deadline of one run inside a fuzz target: short, because a fuzzer
// wants throughput, and a program that needs longer is inconclusive anyway.
const Timeout = 2 * time.Second

// GenOptions are the generator options of FuzzGen.
var GenOptions = gen.Options{InvalidShare: 0.1}

var (
	runnersOnce sync.Once
	runners     trial.Runners
)

// Runners are the two shipped implementations, created once per process (the reference's
// goja runtimes are pooled inside its Runner).
func Runners() trial.Runners {
	runnersOnce.Do(func() {
		runners = trial.Runners{Impl: run.New(), Ref: tsbundle.NewRunner(tsbundle.Embedded())}
	})
	return runners
}

// SourceCase turns the input of FuzzParse or FuzzDiff into a program and its host
// configuration: a corpus entry's source and directives when data parses as an entry
// with at least one directive, else the decoded text under gen.StandardConfig.
func SourceCase(data []byte) (source string, cfg outcome.Config) {
	if e, err := corpus.Parse(gen.DefaultFile, data); err == nil && len(e.Directives) > 0 {
		cfg = e.RunConfig(Timeout)
		if cfg.Limits.Timeout > Timeout {
			cfg.Limits.Timeout = Timeout
		}
		return e.Source, cfg
	}
	cfg = gen.StandardConfig()
	cfg.Limits.Timeout = Timeout
	return syntax.DecodeSource(data), cfg
}

// GenCase is the case FuzzGen generates from data.
func GenCase(data []byte) *gen.Case {
	return gen.Generate(gen.NewByteChooser(data), GenOptions)
}

// Run runs source under cfg in both implementations, as trial.Compare does: a side
// that timed out while the other completed (or ended by a deterministic limit) runs again
// with trial.RetryFactor times the deadline before its timeout is believed, so that a
// loaded machine does not fail a target.
func Run(ctx context.Context, source string, cfg outcome.Config) (goOut, refOut outcome.Outcome) {
	c := trial.Compare(ctx, Runners(), source, trial.Config(cfg, Timeout))
	return c.Impl, c.Ref
}

// CheckParse is FuzzParse's property: neither implementation crashed, and — when both
// reached an A0 outcome — both rejected the program before running it (exit 2) or
// neither did, with the same diagnostic codes in the same order. It returns a
// description of the disagreement, or "".
func CheckParse(goOut, refOut outcome.Outcome) string {
	if goOut.Status == outcome.StatusCrash || refOut.Status == outcome.StatusCrash {
		return fmt.Sprintf("crash: go %s, ref %s\n%s%s", goOut.Status, refOut.Status, goOut.Detail, refOut.Detail)
	}
	if goOut.Status != outcome.StatusOK || refOut.Status != outcome.StatusOK {
		return "" // a run that did not finish says nothing about the front end
	}
	goStatic, refStatic := goOut.ExitCode == 2, refOut.ExitCode == 2
	if goStatic != refStatic {
		return fmt.Sprintf("go exit %d %v, ref exit %d %v", goOut.ExitCode, codes(goOut), refOut.ExitCode, codes(refOut))
	}
	if goStatic && !slices.Equal(codes(goOut), codes(refOut)) {
		return fmt.Sprintf("diagnostic codes: go %v, ref %v", codes(goOut), codes(refOut))
	}
	return ""
}

func codes(o outcome.Outcome) []string {
	var out []string
	for _, d := range o.Errors {
		out = append(out, string(d.Code))
	}
	return out
}

// Describe renders a divergence for a failing target.
func Describe(source string, res diff.Result) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s: %s\n", res.Verdict, res.Signature())
	for _, d := range res.Divergences {
		fmt.Fprintf(&b, "  %s\n", d)
	}
	fmt.Fprintf(&b, "program:\n%s", source)
	return b.String()
}

// ReadInput reads a file of the go fuzzing corpus format (`go test fuzz v1` followed by
// one Go literal per line, string("…") or []byte("…")) with exactly one value.
func ReadInput(path string) ([]byte, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	lines := bytes.Split(bytes.TrimRight(data, "\n"), []byte("\n"))
	if len(lines) != 2 || string(lines[0]) != "go test fuzz v1" {
		return nil, fmt.Errorf("%s:1: not a go fuzzing input with one value (want the header `go test fuzz v1` and one value line)", path)
	}
	lit := string(lines[1])
	for _, prefix := range []string{"[]byte(", "string("} {
		if strings.HasPrefix(lit, prefix) && strings.HasSuffix(lit, ")") {
			s, err := strconv.Unquote(lit[len(prefix) : len(lit)-1])
			if err != nil {
				return nil, fmt.Errorf("%s:2: malformed %s literal: %v", path, strings.TrimSuffix(prefix, "("), err)
			}
			return []byte(s), nil
		}
	}
	return nil, fmt.Errorf("%s:2: want string(\"…\") or []byte(\"…\"), got %.40q", path, lit)
}
