// Command mutants measures the fuzzer by mutation testing: it injects one plausible
// porting mistake at a time into a scratch copy of the module and reports whether the
// regression corpus and a bounded `a0diff fuzz` campaign (fixed seed, a count of cases,
// not a time) find it, after how many cases, and the reduced program.
//
// Two sources of mutants: the catalogue kept as data in testdata/catalogue.txt (semantic
// mistakes a port of the reference could make, each an exact snippet of one file and
// its replacement), and the operator-level mutants gremlins enumerates in runtime/eval,
// runtime/stdlib and runtime/value (a sample of them by default: there are ~1 700).
//
// The working tree is never modified: the module is copied once into a temporary
// directory; each mutant is applied there, the probe (tools/mutants/probe) is built from
// the copy and run, and the file is restored. Mutants run one after the other. The
// probe runs the mutated Go evaluator in a worker process, so a mutant that makes it hang
// ends as a one-sided Go timeout, which counts as found.
//
//	go run ./tools/mutants [-source catalogue|gremlins|both] [-only REGEX] [-count N]
//	    [-seed S] [-timeout D] [-modes unguided,guided] [-stmt-coverage N] [-corpus=false]
//	    [-gremlins-sample N] [-json FILE]
package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"time"
)

// Result is one mutant's outcome.
type Result struct {
	Mutant
	// Status is "killed" (the corpus or a campaign found it), "survived",
	// "not-viable" (it does not build), or "probe-timeout" (no verdict: the probe itself
	// ran out of its bound).
	Status       string `json:"status"`
	CorpusFailed int    `json:"corpusFailed"` // corpus entries that failed (-1: not run)
	// CorpusTimedOut counts the failed entries that are one-sided Go timeouts.
	CorpusTimedOut int      `json:"corpusTimedOut,omitempty"`
	CorpusFirst    []string `json:"corpusFirst,omitempty"`
	// Fuzz holds one campaign per mode (-modes), in the order of -modes.
	Fuzz    []FuzzRun `json:"fuzz,omitempty"`
	Error   string    `json:"error,omitempty"`
	Seconds float64   `json:"seconds"`
}

// FuzzRun is one mode's bounded campaign against a mutant.
type FuzzRun struct {
	Mode  string `json:"mode"` // "unguided" or "guided"
	Found bool   `json:"found"`
	// TimedOut: the finding case is a one-sided Go timeout (the Go evaluator hangs), not
	// a divergence of outcomes.
	TimedOut  bool   `json:"timedOut,omitempty"`
	Cases     int    `json:"cases"` // cases run until the first divergence (or all)
	Signature string `json:"signature,omitempty"`
	Reduced   string `json:"reduced,omitempty"`
	// Features are the distinct coverage features reached (campaign.Coverage), Derived
	// the cases guided mode derived, Seconds the time the cases took.
	Features int     `json:"features"`
	Derived  int     `json:"derived,omitempty"`
	Seconds  float64 `json:"seconds"`
}

// found reports whether any mode's campaign found the mutant.
func (r Result) found() bool {
	for _, f := range r.Fuzz {
		if f.Found {
			return true
		}
	}
	return false
}

// hangs reports whether the corpus or a campaign found the mutant by a one-sided Go
// timeout.
func (r Result) hangs() bool {
	for _, f := range r.Fuzz {
		if f.Found && f.TimedOut {
			return true
		}
	}
	return r.CorpusTimedOut > 0
}

// viable: the mutant builds and the probe gave a verdict.
func (r Result) viable() bool { return r.Status != "not-viable" && r.Status != "probe-timeout" }

// run returns the campaign of mode (ok false when that mode did not run).
func (r Result) run(mode string) (FuzzRun, bool) {
	for _, f := range r.Fuzz {
		if f.Mode == mode {
			return f, true
		}
	}
	return FuzzRun{}, false
}

// The campaign modes: the cases of `a0diff fuzz --seed S`, and of the same with --guided.
const (
	modeUnguided = "unguided"
	modeGuided   = "guided"
)

// parseModes parses -modes: a comma-separated list of unguided and guided.
func parseModes(text string) ([]string, error) {
	var out []string
	seen := map[string]bool{}
	for _, m := range strings.Split(text, ",") {
		m = strings.TrimSpace(m)
		if m != modeUnguided && m != modeGuided {
			return nil, fmt.Errorf("-modes: want unguided, guided or both comma-separated, not %q", text)
		}
		if !seen[m] {
			seen[m] = true
			out = append(out, m)
		}
	}
	return out, nil
}

type options struct {
	source     string
	catalogue  string
	only       *regexp.Regexp
	count      int
	seed       int64
	modes      []string
	corpus     bool
	corpusPath string        // what the probe replays, relative to the module (corpus)
	timeout    time.Duration // the per-run deadline of the probe's runs
	gSample    int
	gVersion   string
	jsonOut    string
	reduceTime time.Duration
	keep       bool
	stmtCases  int
	inProcess  bool
	// codeCover builds the probes with atomic coverage counters of runtime/..., so that
	// guided mode steers by the Go evaluator's statement coverage (campaign/codecover.go).
	codeCover bool
}

func main() {
	var o options
	var only, modes string
	flag.StringVar(&o.source, "source", "catalogue", "mutants to run: catalogue, gremlins or both")
	flag.StringVar(&o.catalogue, "catalogue", "tools/mutants/testdata/catalogue.txt", "the catalogue file")
	flag.StringVar(&only, "only", "", "run only the mutants whose id or category matches this `REGEX`")
	flag.IntVar(&o.count, "count", 20000, "cases of the bounded a0diff fuzz campaign per mutant (0: no campaign)")
	flag.Int64Var(&o.seed, "seed", 7, "the campaign's seed")
	flag.StringVar(&modes, "modes", modeUnguided, "campaigns run against each mutant, same seed and count: unguided (a0diff fuzz), guided (a0diff fuzz --guided), or unguided,guided")
	flag.BoolVar(&o.corpus, "corpus", true, "replay corpus/ against each mutant")
	o.corpusPath = "corpus"
	flag.DurationVar(&o.timeout, "timeout", 10*time.Second, "the per-run deadline of the corpus replay and the campaign, as a0diff's --timeout (a one-sided Go timeout is re-run at 3 times it)")
	flag.IntVar(&o.gSample, "gremlins-sample", 60, "run a reproducible sample of this many gremlins mutants (0: all)")
	flag.StringVar(&o.gVersion, "gremlins-version", "v0.6.0", "the gremlins version (module proxy)")
	flag.StringVar(&o.jsonOut, "json", "", "also write every result, reduced programs included, as JSON to this file")
	flag.DurationVar(&o.reduceTime, "reduce-time", 20*time.Second, "time bound of each reduction")
	flag.BoolVar(&o.keep, "keep", false, "keep the scratch copy (its path is printed)")
	flag.IntVar(&o.stmtCases, "stmt-coverage", 0, "before the mutants, measure the Go statement coverage of runtime/... reached by the first `N` cases of each mode on the unmutated module (0: skip)")
	flag.BoolVar(&o.inProcess, "in-process", false, "run the Go evaluator in the probe's process rather than in a worker process (faster; a hanging mutant then runs into the probe's bound, probe-timeout)")
	flag.BoolVar(&o.codeCover, "code-coverage", false, "build the probes with atomic coverage counters of runtime/..., so that guided mode steers by the Go evaluator's statement coverage (both modes run the instrumented probe)")
	flag.Parse()
	if only != "" {
		re, err := regexp.Compile(only)
		if err != nil {
			fatalf("-only: %v", err)
		}
		o.only = re
	}
	var err error
	if o.modes, err = parseModes(modes); err != nil {
		fatalf("%v", err)
	}
	if err := run(o, os.Stdout); err != nil {
		fatalf("%v", err)
	}
}

func fatalf(format string, args ...any) {
	fmt.Fprintf(os.Stderr, "mutants: "+format+"\n", args...)
	os.Exit(2)
}

func run(o options, w io.Writer) error {
	root, err := moduleRoot()
	if err != nil {
		return err
	}
	var ms []Mutant
	if o.source == "catalogue" || o.source == "both" {
		cat, err := parseCatalogue(filepath.Join(root, o.catalogue))
		if err != nil {
			return err
		}
		ms = append(ms, cat...)
	} else if o.source != "gremlins" {
		return fmt.Errorf("-source must be catalogue, gremlins or both, not %q", o.source)
	}
	scratch, err := os.MkdirTemp("", "a0diff-mutants-")
	if err != nil {
		return err
	}
	if o.keep {
		fmt.Fprintln(w, "scratch copy:", scratch)
	} else {
		defer os.RemoveAll(scratch)
	}
	if err := copyModule(root, scratch); err != nil {
		return err
	}
	logf := func(f string, a ...any) { fmt.Fprintf(os.Stderr, f+"\n", a...) }
	if o.source == "gremlins" || o.source == "both" {
		gs, err := gremlinsMutants(scratch, o.gVersion, []string{"runtime/eval", "runtime/stdlib", "runtime/value"}, logf)
		if err != nil {
			return err
		}
		total := len(gs)
		gs = sample(gs, o.gSample, o.seed)
		fmt.Fprintf(w, "gremlins: %d operator mutants listed, %d sampled\n", total, len(gs))
		ms = append(ms, gs...)
	}
	if o.only != nil {
		kept := ms[:0]
		for _, m := range ms {
			if o.only.MatchString(m.ID) || o.only.MatchString(m.Category) {
				kept = append(kept, m)
			}
		}
		ms = kept
	}
	for _, m := range ms {
		if _, _, err := m.apply(scratch); err != nil {
			return err
		}
	}

	if o.stmtCases > 0 {
		for _, mode := range o.modes {
			cov, err := statementCoverage(scratch, mode, o)
			if err != nil {
				return fmt.Errorf("statement coverage (%s): %v", mode, err)
			}
			fmt.Fprintf(w, "statement coverage of runtime/..., first %d cases, %s: %s\n", o.stmtCases, mode, cov)
		}
	}

	// The unmutated module first: a divergence there would make every mutant look found.
	// Its campaigns run all their cases, so they also give each mode's coverage and rate.
	base := probe(scratch, Mutant{ID: "baseline"}, o)
	fmt.Fprintf(w, "baseline: corpus %d failed (seed %d, %d cases)\n", base.CorpusFailed, o.seed, o.count)
	for _, f := range base.Fuzz {
		fmt.Fprintf(w, "  %-8s %s; %d coverage features, %.0f cases/s\n", f.Mode, fuzzText(f), f.Features, float64(f.Cases)/max(f.Seconds, 1e-9))
	}
	if base.Error != "" {
		return fmt.Errorf("baseline: %s", base.Error)
	}
	if base.CorpusFailed > 0 || base.found() {
		return fmt.Errorf("the unmutated module already fails (corpus %d entries, %s): fix that first", base.CorpusFailed, fuzzSummary(base))
	}

	var results []Result
	for i, m := range ms {
		r := probe(scratch, m, o)
		results = append(results, r)
		fmt.Fprintf(w, "[%d/%d] %-40s %-10s corpus %-10s %s  (%.0fs)\n", i+1, len(ms), m.ID, r.Status, corpusText(r, o), fuzzSummary(r), r.Seconds)
		if r.Error != "" {
			fmt.Fprintf(w, "      %s\n", oneLine(r.Error))
		}
	}
	summarise(w, results, o)
	if o.jsonOut != "" {
		b, err := json.MarshalIndent(results, "", "  ")
		if err != nil {
			return err
		}
		if err := os.WriteFile(o.jsonOut, append(b, '\n'), 0o644); err != nil {
			return err
		}
	}
	return nil
}

func corpusText(r Result, o options) string {
	switch {
	case !o.corpus || r.CorpusFailed < 0:
		return "-"
	case r.CorpusFailed == 0:
		return "survived"
	case r.CorpusTimedOut > 0:
		return fmt.Sprintf("%d failed (%d timeout)", r.CorpusFailed, r.CorpusTimedOut)
	}
	return fmt.Sprintf("%d failed", r.CorpusFailed)
}

func fuzzText(f FuzzRun) string {
	if f.Found && f.TimedOut {
		return fmt.Sprintf("found (timeout) after %d cases", f.Cases)
	}
	if f.Found {
		return fmt.Sprintf("found after %d cases (%s)", f.Cases, f.Signature)
	}
	return fmt.Sprintf("not found in %d cases", f.Cases)
}

// fuzzSummary is each mode's campaign on one line.
func fuzzSummary(r Result) string {
	parts := make([]string, len(r.Fuzz))
	for i, f := range r.Fuzz {
		parts[i] = "fuzz " + f.Mode + " " + fuzzText(f)
	}
	return strings.Join(parts, "; ")
}

// probe applies m in scratch, builds the probe and runs it, and restores the file.
func probe(scratch string, m Mutant, o options) (r Result) {
	start := time.Now()
	r = Result{Mutant: m, CorpusFailed: -1}
	defer func() { r.Seconds = time.Since(start).Seconds() }()
	if m.File != "" {
		orig, mutated, err := m.apply(scratch)
		if err != nil {
			r.Status, r.Error = "not-viable", err.Error()
			return r
		}
		path := filepath.Join(scratch, filepath.FromSlash(m.File))
		if err := os.WriteFile(path, mutated, 0o644); err != nil {
			r.Status, r.Error = "not-viable", err.Error()
			return r
		}
		defer os.WriteFile(path, orig, 0o644)
	}
	bin := filepath.Join(scratch, ".probe")
	build := exec.Command("go", append(append([]string{"build", "-trimpath"}, coverFlags(o)...), "-o", bin, "./tools/mutants/probe")...)
	build.Dir = scratch
	if out, err := build.CombinedOutput(); err != nil {
		r.Status, r.Error = "not-viable", "does not build: "+firstLine(string(out))
		return r
	}
	for i, mode := range o.modes {
		f, corpus, err := runProbe(scratch, bin, mode, o, o.corpus && i == 0)
		if errors.Is(err, errProbeTimeout) {
			// No verdict. The Go evaluator runs in a worker process, killed at a run's
			// deadline plus grace, so a hang ends as a timeout; this bound is for a probe
			// stuck anyway.
			r.Status, r.Error = "probe-timeout", err.Error()
			return r
		}
		if err != nil {
			// The probe itself died (a mutant that crashes the process outside a run):
			// that is a detection by anything that runs it.
			r.Status, r.Error = "killed", err.Error()
			r.CorpusFailed = 0
			return r
		}
		if corpus != nil {
			r.CorpusFailed, r.CorpusTimedOut, r.CorpusFirst = corpus.Failed, corpus.TimedOut, corpus.First
		}
		if o.count > 0 {
			r.Fuzz = append(r.Fuzz, f)
		}
	}
	r.Status = "survived"
	if r.found() || r.CorpusFailed > 0 {
		r.Status = "killed"
	}
	return r
}

// probeTimeout bounds one run of the probe (the corpus and one mode's campaign).
const probeTimeout = 20 * time.Minute

// errProbeTimeout: the probe ran out of probeTimeout.
var errProbeTimeout = fmt.Errorf("the probe ran out of its %v bound", probeTimeout)

// corpusRun is the probe's corpus report.
type corpusRun struct {
	Failed   int      `json:"failed"`
	TimedOut int      `json:"timedOut"`
	First    []string `json:"first"`
}

// runProbe runs the probe binary bin in one mode (replaying the corpus first if asked).
func runProbe(scratch, bin, mode string, o options, withCorpus bool) (FuzzRun, *corpusRun, error) {
	args := []string{"-seed", fmt.Sprint(o.seed), "-count", fmt.Sprint(o.count), "-reduce-time", o.reduceTime.String()}
	if o.timeout > 0 {
		args = append(args, "-timeout", o.timeout.String())
	}
	if mode == modeGuided {
		args = append(args, "-guided")
	}
	if o.inProcess {
		args = append(args, "-in-process")
	}
	if withCorpus {
		args = append(args, "-corpus", o.corpusPath)
	}
	// A mutant may make the evaluator loop forever; every run has a deadline (the
	// probe's -timeout, 10 s) and its worker is killed after it, but bound the whole
	// probe too.
	ctx, cancel := context.WithTimeout(context.Background(), probeTimeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin, args...)
	cmd.Dir = scratch
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	if ctx.Err() != nil {
		return FuzzRun{}, nil, fmt.Errorf("%s mode: %w", mode, errProbeTimeout)
	}
	var rep struct {
		Corpus *corpusRun `json:"corpus"`
		Fuzz   *FuzzRun   `json:"fuzz"`
	}
	if jerr := json.Unmarshal(stdout.Bytes(), &rep); jerr != nil {
		return FuzzRun{}, nil, fmt.Errorf("the probe failed (%v): %s", err, firstLine(stderr.String()))
	}
	f := FuzzRun{Mode: mode}
	if rep.Fuzz != nil {
		f = *rep.Fuzz
		f.Mode = mode
	}
	return f, rep.Corpus, nil
}

// summarise prints the kill rates per source and mode, and the survivors.
func summarise(w io.Writer, rs []Result, o options) {
	groups := map[string][]Result{}
	for _, r := range rs {
		src := "catalogue"
		if r.Category == "operator" {
			src = "gremlins"
		}
		groups[src] = append(groups[src], r)
	}
	for _, src := range []string{"catalogue", "gremlins"} {
		g := groups[src]
		if len(g) == 0 {
			continue
		}
		viable, byCorpus, either := 0, 0, 0
		var timedOut, hangs []string
		for _, r := range g {
			if r.Status == "probe-timeout" {
				timedOut = append(timedOut, r.ID)
			}
			if r.viable() && r.hangs() {
				hangs = append(hangs, r.ID)
			}
			if !r.viable() {
				continue
			}
			viable++
			if r.CorpusFailed > 0 {
				byCorpus++
			}
			if r.Status == "killed" {
				either++
			}
		}
		fmt.Fprintf(w, "\n%s: %d mutants, %d viable\n", src, len(g), viable)
		if len(timedOut) > 0 {
			fmt.Fprintf(w, "  no verdict (the probe ran out of time, left out of the rates): %s\n", strings.Join(timedOut, ", "))
		}
		if o.corpus {
			fmt.Fprintf(w, "  corpus finds      %d/%d (%.1f%%)\n", byCorpus, viable, pct(byCorpus, viable))
		}
		if o.count > 0 {
			for _, mode := range o.modes {
				byFuzz, cases, withCorpus, seconds := 0, []int(nil), 0, 0.0
				ran := 0
				for _, r := range g {
					f, ok := r.run(mode)
					if !r.viable() || !ok {
						continue
					}
					ran += f.Cases
					seconds += f.Seconds
					if f.Found {
						byFuzz++
						cases = append(cases, f.Cases)
					}
					if f.Found || r.CorpusFailed > 0 {
						withCorpus++
					}
				}
				fmt.Fprintf(w, "  fuzz %-8s finds %d/%d (%.1f%%) within %d cases (seed %d); median %s cases to find; %.0f cases/s over all mutants",
					mode, byFuzz, viable, pct(byFuzz, viable), o.count, o.seed, median(cases), float64(ran)/max(seconds, 1e-9))
				if o.corpus {
					fmt.Fprintf(w, "; with the corpus %d/%d (%.1f%%)", withCorpus, viable, pct(withCorpus, viable))
				}
				fmt.Fprintln(w)
			}
		}
		fmt.Fprintf(w, "  either finds      %d/%d (%.1f%%)\n", either, viable, pct(either, viable))
		if len(hangs) > 0 {
			fmt.Fprintf(w, "  found by a one-sided Go timeout (counted as found): %s\n", strings.Join(hangs, ", "))
		}
		for _, r := range g {
			if !r.viable() {
				continue
			}
			for _, f := range r.Fuzz {
				if !f.Found {
					fmt.Fprintf(w, "  not found by fuzz %s: %s (%s) — %s; corpus %s\n", f.Mode, r.ID, r.Category, r.Desc, corpusText(r, o))
				}
			}
		}
		for _, mode := range o.modes {
			cats := map[string][2]int{}
			for _, r := range g {
				if !r.viable() {
					continue
				}
				f, ok := r.run(mode)
				if !ok {
					continue
				}
				c := cats[r.Category]
				c[1]++
				if f.Found {
					c[0]++
				}
				cats[r.Category] = c
			}
			if len(cats) > 1 {
				names := make([]string, 0, len(cats))
				for k := range cats {
					names = append(names, k)
				}
				sort.Strings(names)
				parts := make([]string, len(names))
				for i, k := range names {
					parts[i] = fmt.Sprintf("%s %d/%d", k, cats[k][0], cats[k][1])
				}
				fmt.Fprintf(w, "  fuzz %s by category: %s\n", mode, strings.Join(parts, ", "))
			}
		}
	}
}

func pct(a, b int) float64 {
	if b == 0 {
		return 0
	}
	return 100 * float64(a) / float64(b)
}

func median(xs []int) string {
	if len(xs) == 0 {
		return "-"
	}
	s := append([]int(nil), xs...)
	sort.Ints(s)
	n := len(s)
	if n%2 == 1 {
		return fmt.Sprint(s[n/2])
	}
	return fmt.Sprint((s[n/2-1] + s[n/2]) / 2)
}

func firstLine(s string) string {
	s = strings.TrimSpace(s)
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		return s[:i]
	}
	return s
}

func oneLine(s string) string { return strings.ReplaceAll(s, "\n", `\n`) }

// moduleRoot is the directory of go.mod above the working directory.
func moduleRoot() (string, error) {
	out, err := exec.Command("go", "env", "GOMOD").Output()
	if err != nil {
		return "", fmt.Errorf("go env GOMOD: %v", err)
	}
	mod := strings.TrimSpace(string(out))
	if mod == "" || mod == os.DevNull {
		return "", fmt.Errorf("not inside a Go module")
	}
	return filepath.Dir(mod), nil
}

// copyModule copies the module's files to dst, leaving out version-control data,
// node_modules and fuzz output.
func copyModule(src, dst string) error {
	return filepath.WalkDir(src, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(src, path)
		if err != nil {
			return err
		}
		if d.IsDir() {
			switch d.Name() {
			case ".git", "node_modules", "fuzz-out":
				return filepath.SkipDir
			}
			return os.MkdirAll(filepath.Join(dst, rel), 0o755)
		}
		if !d.Type().IsRegular() {
			return nil
		}
		b, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		return os.WriteFile(filepath.Join(dst, rel), b, 0o644)
	})
}
