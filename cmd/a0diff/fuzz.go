package main

import (
	"context"
	"crypto/rand"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/fnv"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/spf13/cobra"

	"github.com/a0diff/a0diff/cmd/a0diff/harness"
	"github.com/a0diff/a0diff/corpus"
	"github.com/a0diff/a0diff/diff"
	"github.com/a0diff/a0diff/diff/reduce"
	"github.com/a0diff/a0diff/gen"
	"github.com/a0diff/a0diff/runtime/outcome"
)

func init() { register(newFuzzCmd) }

const fuzzLong = `Generate A0 programs with their host configurations (package gen) and run each through
the Go evaluator and the reference, comparing the outcomes. Every case is reproducible
from the seed and its index alone: case I of a run with --seed S is the same whatever
-j, --count or --time were, so "--seed S --start I --count 1" replays it (with the same
--swarm, --invalid-share, --size and --features).

The first line printed is the seed. Each new divergence — one per signature (see package
diff) — is minimised (unless --minimize=false) and written to --out as a corpus entry:
the program, a comment saying how it was found and how to replay it, and the directives
of its host configuration. The reduction is diff/reduce's (as in "a0diff reduce", at most
30 s per divergence). An entry whose file already exists is not overwritten, so
repeated runs into the same directory add only new signatures. A progress line is shown
on a terminal. At the end a summary gives the number of cases, cases per second, the
share of valid-mode programs that pass validation, the verdict counts and the signature
buckets.

Exit status: 0 when nothing diverged, 1 when something did, 2 on usage errors.`

type fuzzFlags struct {
	seed         int64
	count        int
	duration     time.Duration
	start        int
	workers      int
	out          string
	swarm        bool
	invalidShare float64
	size         int
	features     string
	minimize     bool
}

func newFuzzCmd(a *app) *cobra.Command {
	f := &fuzzFlags{}
	cmd := &cobra.Command{
		Use:   "fuzz [--seed S] [--count N | --time D] [-j N] [--out DIR] [--swarm]",
		Short: "Run generated programs through both implementations and compare",
		Long:  fuzzLong,
		Args:  exactArgs(0, "no arguments"),
		RunE: func(cmd *cobra.Command, args []string) error {
			if !cmd.Flags().Changed("seed") {
				f.seed = randomSeed()
			}
			if !cmd.Flags().Changed("count") && !cmd.Flags().Changed("time") {
				f.count = 1000
			}
			return runFuzz(cmd.Context(), a, f)
		},
	}
	fl := cmd.Flags()
	fl.Int64Var(&f.seed, "seed", 0, "the run's seed (default: random, printed first)")
	fl.IntVar(&f.count, "count", 0, "run this many cases (default 1000 unless --time is given)")
	fl.DurationVar(&f.duration, "time", 0, "run cases for this long (with --count: whichever ends first)")
	fl.IntVar(&f.start, "start", 0, "index of the first case")
	fl.IntVarP(&f.workers, "jobs", "j", runtime.NumCPU(), "number of cases run in parallel")
	fl.StringVar(&f.out, "out", "fuzz-out", "directory the divergences are written to")
	fl.BoolVar(&f.swarm, "swarm", false, "swarm testing: each case uses a random subset of the features")
	fl.Float64Var(&f.invalidShare, "invalid-share", 0.1, "share of cases (0…1) mutated into invalid programs")
	fl.IntVar(&f.size, "size", 0, "program size bound, about the number of AST nodes (default 60)")
	fl.StringVar(&f.features, "features", "all", "comma-separated features the programs may use (see package gen)")
	fl.BoolVar(&f.minimize, "minimize", true, "reduce each new divergence before writing it")
	return cmd
}

func randomSeed() int64 {
	var b [8]byte
	if _, err := rand.Read(b[:]); err != nil {
		return time.Now().UnixNano()
	}
	return int64(binary.BigEndian.Uint64(b[:]) >> 1)
}

// fuzzCase is one case's result.
type fuzzCase struct {
	index   int
	c       *gen.Case
	valid   bool // passes validation
	verdict diff.Verdict
	sig     string
	res     diff.Result
}

// bucket counts the cases of one signature.
type bucket struct {
	sig     string
	count   int
	first   int
	file    string // the entry written ("" when none)
	note    string // why none was written, or a remark about it
	program string // the (reduced) program written
}

type fuzzRun struct {
	a     *app
	f     *fuzzFlags
	opts  gen.Options
	rs    harness.Runners
	start time.Time

	mu sync.Mutex
	// validMode+invalidMode is the number of cases run
	validMode, validPass, invalidMode int
	verdicts                          map[diff.Verdict]int
	// buckets holds the signatures seen; the worker that found a signature first
	// minimises and writes it
	buckets map[string]*bucket
}

func runFuzz(ctx context.Context, a *app, f *fuzzFlags) error {
	switch {
	case f.workers < 1:
		return usageErrorf("-j must be at least 1, not %d", f.workers)
	case f.count < 0:
		return usageErrorf("--count must not be negative, not %d", f.count)
	case f.duration < 0:
		return usageErrorf("--time must not be negative, not %s", f.duration)
	case f.start < 0:
		return usageErrorf("--start must not be negative, not %d", f.start)
	case f.invalidShare < 0 || f.invalidShare > 1:
		return usageErrorf("--invalid-share must be between 0 and 1, not %v", f.invalidShare)
	case f.size < 0:
		return usageErrorf("--size must not be negative, not %d", f.size)
	}
	if err := a.checkTimeout(); err != nil {
		return err
	}
	if f.out == "" {
		return usageErrorf("--out must name a directory")
	}
	features, err := gen.ParseFeatures(f.features)
	if err != nil {
		return usageErrorf("--features: %v", err)
	}
	if features == 0 {
		return usageErrorf("--features: at least one feature is needed")
	}
	rs, err := a.implementations()
	if err != nil {
		return err
	}
	if c, ok := rs.Ref.(io.Closer); ok {
		defer c.Close()
	}
	r := &fuzzRun{
		a: a, f: f, rs: rs, start: time.Now(),
		opts:     gen.Options{Size: f.size, Features: features, Swarm: f.swarm, InvalidShare: f.invalidShare},
		verdicts: map[diff.Verdict]int{},
		buckets:  map[string]*bucket{},
	}
	fmt.Fprintf(a.stdout, "a0diff fuzz: seed %d\n", f.seed)

	runCtx := ctx
	if f.duration > 0 {
		var cancel context.CancelFunc
		runCtx, cancel = context.WithTimeout(ctx, f.duration)
		defer cancel()
	}
	progress := isTerminal(a.stderr)
	stopProgress := make(chan struct{})
	var progressDone sync.WaitGroup
	if progress {
		progressDone.Add(1)
		go func() {
			defer progressDone.Done()
			t := time.NewTicker(200 * time.Millisecond)
			defer t.Stop()
			for {
				select {
				case <-stopProgress:
					fmt.Fprint(a.stderr, "\r\033[K")
					return
				case <-t.C:
					fmt.Fprintf(a.stderr, "\r\033[K%s", r.progressLine())
				}
			}
		}()
	}

	jobs := make(chan int)
	var wg sync.WaitGroup
	for range f.workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range jobs {
				r.record(ctx, r.runCase(ctx, i))
			}
		}()
	}
feed:
	for i := f.start; f.count == 0 || i < f.start+f.count; i++ {
		select {
		case jobs <- i:
		case <-runCtx.Done():
			break feed
		}
	}
	close(jobs)
	wg.Wait()
	close(stopProgress)
	progressDone.Wait()

	r.summary(a.stdout)
	if ctx.Err() != nil {
		return &exitError{code: exitFailure, err: errors.New("interrupted")}
	}
	if r.verdicts[diff.Diverge] > 0 {
		return errFailed
	}
	return nil
}

// newCase regenerates case i.
func (r *fuzzRun) newCase(i int) *gen.Case {
	return gen.Generate(gen.RandChooser{R: gen.CaseRand(r.f.seed, i)}, r.opts)
}

// config is c's configuration with the run deadline.
func (r *fuzzRun) config(c *gen.Case) outcome.Config {
	cfg := c.Config
	cfg.Limits.Timeout = r.a.timeout
	cfg.Limits = cfg.Limits.WithDefaults()
	return cfg
}

func (r *fuzzRun) compare(ctx context.Context, c *gen.Case) diff.Result {
	cfg := r.config(c)
	g := outcome.SafeRun(ctx, r.rs.Go, c.Source, cfg)
	ref := outcome.SafeRun(ctx, r.rs.Ref, c.Source, cfg)
	return diff.Compare(g, ref)
}

func (r *fuzzRun) runCase(ctx context.Context, i int) *fuzzCase {
	c := r.newCase(i)
	res := r.compare(ctx, c)
	return &fuzzCase{index: i, c: c, valid: gen.Validates(c.Source), verdict: res.Verdict, sig: res.Signature(), res: res}
}

// record tallies a case; the first case of a new signature is minimised and written
// (by the worker that found it, so that the others keep going).
func (r *fuzzRun) record(ctx context.Context, fc *fuzzCase) {
	r.mu.Lock()
	r.verdicts[fc.verdict]++
	if fc.c.Mode == gen.Valid {
		r.validMode++
		if fc.valid {
			r.validPass++
		}
	} else {
		r.invalidMode++
	}
	claim := false
	if fc.verdict == diff.Diverge {
		b := r.buckets[fc.sig]
		if b == nil {
			b = &bucket{sig: fc.sig, first: fc.index}
			r.buckets[fc.sig] = b
			claim = true
		}
		b.count++
		if fc.index < b.first {
			b.first = fc.index
		}
	}
	r.mu.Unlock()
	if !claim {
		return
	}
	file, note, program := r.writeEntry(ctx, fc)
	r.mu.Lock()
	b := r.buckets[fc.sig]
	b.file, b.note, b.program = file, note, program
	r.mu.Unlock()
}

func (r *fuzzRun) progressLine() string {
	r.mu.Lock()
	defer r.mu.Unlock()
	el := time.Since(r.start).Seconds()
	cases := r.validMode + r.invalidMode
	return fmt.Sprintf("%d cases, %.0f cases/s, %d diverged, %d signatures", cases, float64(cases)/max(el, 1e-9), r.verdicts[diff.Diverge], len(r.buckets))
}

// replayFlags are the generator flags a replay command must repeat.
func (r *fuzzRun) replayFlags() string {
	s := ""
	if r.f.swarm {
		s += " --swarm"
	}
	s += " --invalid-share " + strconv.FormatFloat(r.f.invalidShare, 'g', -1, 64)
	if r.f.size != 0 {
		s += " --size " + strconv.Itoa(r.f.size)
	}
	if r.f.features != "all" && r.f.features != "" {
		s += " --features " + r.f.features
	}
	return s
}

// writeEntry reduces the case of a new signature and writes it to --out. It returns the
// file written ("" when none), a note, and the program written (for the summary). The reduction is diff/reduce's (the signature
// set is kept, the result is 1-minimal); when it fails — a flaky divergence, say — the
// case is shrunk with gen.Minimize, keeping the first signature, instead.
func (r *fuzzRun) writeEntry(ctx context.Context, fc *fuzzCase) (file, note, program string) {
	path := filepath.Join(r.f.out, entryName(fc.sig))
	if _, err := os.Stat(path); err == nil {
		return "", "already in " + r.f.out + " (" + path + ")", ""
	}
	if err := os.MkdirAll(r.f.out, 0o755); err != nil {
		return "", err.Error(), ""
	}
	what := fc.c.Mode.String()
	if fc.c.Mutation != "" {
		what += ": " + fc.c.Mutation
	}
	replay := fmt.Sprintf("a0diff fuzz --seed %d --start %d --count 1%s", r.f.seed, fc.index, r.replayFlags())
	if r.a.refPath != "" {
		replay += " --ref " + r.a.refPath
	}
	found := fmt.Sprintf("Found by a0diff fuzz: seed %d, case %d (%s; features %s).", r.f.seed, fc.index, what, fc.c.Features)
	replayLines := []string{
		"Replay the generated case: " + replay,
		"Replay this entry: " + harness.ReplayCommand("go", path, "") + " ; " + harness.ReplayCommand("ref", path, r.a.refPath),
	}
	if r.f.minimize {
		rs := reduce.Runners{Go: r.rs.Go, Ref: r.rs.Ref}
		opts := reduce.Options{Timeout: r.a.timeout, MaxTime: minimizeBudget, Workers: 1}
		res, err := reduce.Reduce(ctx, fc.c.Source, fc.c.Config, rs, opts)
		if err == nil {
			origin := fmt.Sprintf("case %d of a0diff fuzz --seed %d", fc.index, r.f.seed)
			note := append([]string{found}, describe(res.Diff)...)
			if err = reduce.Save(ctx, res, rs, opts, origin, path, append(note, replayLines...)...); err == nil {
				return path, "", res.Source
			}
		}
		if ctx.Err() != nil {
			return "", "interrupted", ""
		}
		// fall back on the generator's own shrinking
		c, res2 := r.shrink(ctx, fc)
		prose := append(append([]string{found}, describe(res2)...), replayLines...)
		prose = append(prose, "diff/reduce could not reduce it ("+err.Error()+"); shrunk by gen.Minimize instead.")
		return r.writeCase(ctx, path, c, prose, fc.sig)
	}
	prose := append(append([]string{found}, describe(fc.res)...), replayLines...)
	return r.writeCase(ctx, path, fc.c, prose, fc.sig)
}

// shrink minimises fc's case with gen.Minimize, keeping its first signature.
func (r *fuzzRun) shrink(ctx context.Context, fc *fuzzCase) (*gen.Case, diff.Result) {
	minCtx, cancel := context.WithTimeout(ctx, minimizeBudget)
	defer cancel()
	keep := func(d *gen.Case) bool {
		if minCtx.Err() != nil {
			return false
		}
		got := r.compare(minCtx, d)
		return got.Verdict == diff.Diverge && got.Signature() == fc.sig
	}
	c := gen.Minimize(fc.c, keep, 400)
	if c == fc.c {
		return c, fc.res
	}
	return c, r.compare(ctx, c)
}

// writeCase writes c as an entry at path, noting when the entry file does not reproduce
// the signature.
func (r *fuzzRun) writeCase(ctx context.Context, path string, c *gen.Case, prose []string, sig string) (file, note, program string) {
	text := gen.EntryText(c, prose)
	if e, err := corpus.Parse(path, []byte(text)); err != nil {
		note = "the entry does not parse back: " + err.Error()
	} else {
		cfg := harness.ConfigFor(e, r.a.timeout)
		got := diff.Compare(outcome.SafeRun(ctx, r.rs.Go, e.Source, cfg), outcome.SafeRun(ctx, r.rs.Ref, e.Source, cfg))
		if got.Signature() != sig {
			note = fmt.Sprintf("as an entry file the case gives signature %q instead", got.Signature())
		}
	}
	if err := reduce.WriteNew(path, []byte(text)); err != nil {
		return "", err.Error(), ""
	}
	return path, note, c.Source
}

// describe renders the first divergences of res as prose lines.
func describe(res diff.Result) []string {
	lines := []string{"Divergence " + res.Signature() + ":"}
	for i, d := range res.Divergences {
		if i == 3 {
			lines = append(lines, fmt.Sprintf("  … %d more", len(res.Divergences)-3))
			break
		}
		lines = append(lines, fmt.Sprintf("  [%s] %s (%s): go %s, ref %s", d.Category, d.Path, d.Kind, oneLine(d.Go), oneLine(d.Ref)))
	}
	return lines
}

// minimizeBudget bounds the time spent reducing one divergence.
const minimizeBudget = 30 * time.Second

// oneLine keeps a rendering on one comment line.
func oneLine(s string) string {
	return strings.NewReplacer("\n", `\n`, "\r", `\r`).Replace(s)
}

// entryName is the file name of a signature's entry: a readable slug and a hash.
func entryName(sig string) string {
	var b strings.Builder
	dash := false
	for _, c := range sig {
		if c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' {
			b.WriteRune(c)
			dash = false
		} else if !dash && b.Len() > 0 {
			b.WriteByte('-')
			dash = true
		}
	}
	slug := strings.TrimSuffix(b.String(), "-")
	if len(slug) > 60 {
		slug = strings.TrimSuffix(slug[:60], "-")
	}
	h := fnv.New32a()
	h.Write([]byte(sig))
	return fmt.Sprintf("%s-%08x.a0", strings.ToLower(slug), h.Sum32())
}

func (r *fuzzRun) summary(w io.Writer) {
	r.mu.Lock()
	defer r.mu.Unlock()
	el := time.Since(r.start)
	cases := r.validMode + r.invalidMode
	fmt.Fprintf(w, "cases: %d in %s (%.1f cases/s, %d workers)\n", cases, el.Round(time.Millisecond), float64(cases)/max(el.Seconds(), 1e-9), r.f.workers)
	share := 0.0
	if r.validMode > 0 {
		share = 100 * float64(r.validPass) / float64(r.validMode)
	}
	fmt.Fprintf(w, "valid share: %.1f%% of %d valid-mode cases pass validation; %d invalid-mode cases\n", share, r.validMode, r.invalidMode)
	fmt.Fprintf(w, "verdicts: %d agree, %d diverge, %d inconclusive\n", r.verdicts[diff.Agree], r.verdicts[diff.Diverge], r.verdicts[diff.Inconclusive])
	if len(r.buckets) == 0 {
		return
	}
	bs := make([]*bucket, 0, len(r.buckets))
	for _, b := range r.buckets {
		bs = append(bs, b)
	}
	sort.Slice(bs, func(i, j int) bool {
		if bs[i].count != bs[j].count {
			return bs[i].count > bs[j].count
		}
		return bs[i].sig < bs[j].sig
	})
	fmt.Fprintf(w, "signatures: %d\n", len(bs))
	for _, b := range bs {
		line := fmt.Sprintf("  %s: %d cases, first case %d", b.sig, b.count, b.first)
		if b.file != "" {
			line += " → " + b.file
		}
		if b.note != "" {
			line += " (" + b.note + ")"
		}
		fmt.Fprintln(w, line)
		if b.program != "" {
			for _, l := range strings.Split(strings.TrimRight(b.program, "\n"), "\n") {
				fmt.Fprintln(w, "      "+l)
			}
		}
	}
}
