// Package reduce minimises a program on which the two A0 implementations diverge, keeping
// exactly the same set of divergence signatures (package diff), so that the reduction
// never slides from the bug it started with onto another one. It is what `a0diff reduce`
// and `a0diff fuzz` use to turn a divergence into a small regression entry.
//
// The reduction works on the AST: hierarchical delta debugging (ddmin over the
// statements, record fields and call arguments, list elements, parameters and headers
// of each tree level in turn, and over the fixtures of the host configuration), then
// C-Reduce-style simplifications run to a fixpoint: replace an expression by one of its
// parts or by a literal, inline a `let`, flatten a block, drop unused parameters and
// arrow targets, shorten strings and paths, lower numbers, rename identifiers and keys to
// short names. Every candidate is printed with the canonical printer (ast.Print) and run
// through both implementations under the run's limits; a candidate is kept when the two
// outcomes still diverge with the original signature set. Outcomes are cached by printed
// program and configuration. A program that does not parse (or whose canonical print
// loses the divergence) is first reduced as text, line by line and token by token.
//
// The result is 1-minimal: removing any single statement, field, argument, list element,
// parameter, header or fixture loses the divergence.
//
// Minimize makes the same reduction against any other property (the module's one
// reducer: the generators have none of their own).
package reduce

import (
	"context"
	"crypto/sha256"
	"encoding/json"
	"fmt"
	"math"
	"runtime"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/a0diff/a0diff/corpus"
	"github.com/a0diff/a0diff/diff"
	"github.com/a0diff/a0diff/runtime/ast"
	"github.com/a0diff/a0diff/runtime/outcome"
	"github.com/a0diff/a0diff/runtime/syntax"
	"github.com/a0diff/a0diff/trial"
)

// trial runs the implementations on src under the run limits and compares their
// Outcomes (trial.Compare: with the cross-check, when rs has one, the comparison is
// three-way and the signatures carry the attribution, so a reduction keeps it too).
func (r *reducer) trial(src string, cfg outcome.Config) trial.Comparison {
	cfg.Limits = r.limits
	return trial.Compare(r.ctx, r.rs, src, cfg)
}

// Options bound and observe a reduction. The zero value reduces to a fixpoint without
// limits other than the runs' own.
type Options struct {
	// Timeout is the per-run deadline for configurations without their own
	// Limits.Timeout (outcome.DefaultLimits.Timeout when 0). Every candidate runs under
	// the same limits as the original program.
	Timeout time.Duration
	// MaxTime stops the reduction after this long (0: no bound); the result is then the
	// smallest program found so far, which still diverges the same way.
	MaxTime time.Duration
	// MaxCandidates stops the reduction after this many candidate runs (0: no bound).
	MaxCandidates int
	// CandidateTimeout, when positive and shorter, is the deadline of every candidate
	// after the original program (which runs under Timeout): a candidate that loops in
	// an implementation without limits costs this, not the run's deadline, and its
	// timeout is a divergence of another signature, so it is not kept.
	CandidateTimeout time.Duration
	// Workers is how many candidates delta debugging runs at the same time
	// (runtime.NumCPU() when ≤ 0). The result does not depend on it.
	Workers int
	// Progress, when set, is called after every candidate run (from the goroutine that
	// called Reduce).
	Progress func(Progress)
	// Known, when set, is the comparison of the input the caller has already made with
	// the same runners and limits (trial.Compare, so a divergence there is believed):
	// Reduce then starts from its signatures instead of running the input again.
	Known *diff.Result
	// Program, when set, is the input's tree (a generated case's), whose canonical
	// print is the source: Reduce then works on a copy of it instead of parsing the
	// source again.
	Program *ast.Program
}

// Progress is a snapshot of a running reduction.
type Progress struct {
	// Phase names the current step ("delta debugging", "simplifying", "text", …).
	Phase string
	// Candidates counts the candidate programs run so far; CacheHits the candidates
	// answered from the cache.
	Candidates, CacheHits int
	// Size is the size of the smallest diverging program so far.
	Size    Size
	Elapsed time.Duration
}

// Size measures a program.
type Size struct {
	// Nodes counts the AST nodes (0 when the program does not parse).
	Nodes int `json:"nodes"`
	// Lines counts the lines holding code (not blank, not only a comment).
	Lines int `json:"lines"`
	// Bytes is the length of the text.
	Bytes int `json:"bytes"`
}

func (s Size) String() string {
	if s.Nodes == 0 {
		return fmt.Sprintf("%d lines, %d bytes (does not parse)", s.Lines, s.Bytes)
	}
	return fmt.Sprintf("%d AST nodes, %d lines", s.Nodes, s.Lines)
}

// Result is a finished reduction.
type Result struct {
	// Source is the reduced program; Config its reduced host configuration (the limits
	// are the input's, as given).
	Source string
	Config outcome.Config
	// Canonical reports that Source is the canonical print (ast.Print) of a tree; it is
	// false only when the program never parsed in a form that keeps the divergence.
	Canonical bool
	// Signatures is the divergence signature set, the original's and the result's.
	Signatures []string
	// Before and After are the sizes of the input and of the result.
	Before, After Size
	// Candidates counts the candidate runs, CacheHits the candidates answered from the
	// cache.
	Candidates, CacheHits int
	Elapsed               time.Duration
	// Stopped says why the reduction ended before its fixpoint (MaxTime, MaxCandidates);
	// "" when it reached the fixpoint and the result is 1-minimal.
	Stopped string
	// Go and Ref are the outcomes of the result, Diff their comparison. When the result
	// is the input and Options.Known gave its comparison, Diff is that and Go and Ref are
	// zero (the input is not run again); Minimize leaves all three zero.
	Go, Ref outcome.Outcome
	Diff    diff.Result
}

// Factor is how many times smaller the result is, in AST nodes (0 when unknown).
func (r Result) Factor() float64 {
	if r.Before.Nodes == 0 || r.After.Nodes == 0 {
		return 0
	}
	return float64(r.Before.Nodes) / float64(r.After.Nodes)
}

// NoDivergenceError is returned when the program to reduce does not diverge.
type NoDivergenceError struct {
	Verdict diff.Verdict
}

func (e *NoDivergenceError) Error() string {
	if e.Verdict == diff.Inconclusive {
		return "the implementations do not diverge on it: both timed out or hit a harness limit (inconclusive), nothing to reduce"
	}
	return "the implementations agree on it, nothing to reduce"
}

// NotBelievedError is returned when the program's divergence involves a side the
// machine may have caused (trial.NeedsRerun: a one-sided timeout, a deadline against
// a limit, a worker killed from outside or over the memory ceiling) and a run with
// trial.RetryFactor times the deadline did not show it again.
type NotBelievedError struct {
	First []string
	Again diff.Verdict
}

func (e *NotBelievedError) Error() string {
	return fmt.Sprintf("the divergence (%s) did not show again with %d times the deadline (the re-run's verdict: %s): it depends on the machine's load or on a worker killed from outside, not on the program; nothing to reduce",
		strings.Join(e.First, ", "), trial.RetryFactor, e.Again)
}

// ReduceEntry reduces a corpus entry: its source and host configuration.
func ReduceEntry(ctx context.Context, e *corpus.Entry, rs trial.Runners, opts Options) (Result, error) {
	return Reduce(ctx, e.Source, e.Config, rs, opts)
}

// Reduce minimises source under cfg while Compare of the two implementations' outcomes
// keeps the same signature set. It fails when the program does not diverge, when ctx is
// cancelled, or when the final program does not reproduce the divergence.
func Reduce(ctx context.Context, source string, cfg outcome.Config, rs trial.Runners, opts Options) (Result, error) {
	r := &reducer{ctx: ctx, rs: reduceRunners(rs), opts: opts, start: time.Now(), cache: map[[32]byte]bool{}}
	r.limits = trial.Config(cfg, opts.Timeout).Limits
	r.cfg = copyConfig(cfg)

	var c trial.Comparison
	if opts.Known != nil {
		c.Diff = *opts.Known
	} else {
		c = r.trial(source, r.cfg)
	}
	if err := ctx.Err(); err != nil {
		return Result{}, err
	}
	first := c.Diff
	if c.Retried && first.Verdict != diff.Diverge && c.FirstDiff.Verdict == diff.Diverge {
		// A side the machine may have caused (a one-sided timeout under load, a worker
		// killed from outside) that a run with trial.RetryFactor times the deadline did
		// not show again: run and fuzz would not believe it either.
		return Result{}, &NotBelievedError{First: c.FirstDiff.Signatures(), Again: first.Verdict}
	}
	if first.Verdict != diff.Diverge {
		return Result{}, &NoDivergenceError{Verdict: first.Verdict}
	}
	if opts.CandidateTimeout > 0 && opts.CandidateTimeout < r.limits.Timeout {
		r.limits.Timeout = opts.CandidateTimeout
	}
	r.want = first.Signatures()
	if opts.Known == nil {
		r.last.key, r.last.cmp = r.key(source, r.cfg), c
	}
	res, err := r.reduce(source)
	if err != nil {
		return Result{}, err
	}
	res.Signatures = r.want
	// The outcomes of the result are those of its last run as a candidate (or, for an
	// input nothing could be taken from, those the caller passed as Known: the result's
	// Go and Ref are then zero); the entry writer (Save) runs it once more before
	// writing it, which catches a divergence that only showed up by chance.
	switch key := r.key(res.Source, res.Config); {
	case r.last.key == key:
		res.Go, res.Ref, res.Diff = r.last.cmp.Impl, r.last.cmp.Ref, r.last.cmp.Diff
	case opts.Known != nil && key == r.key(source, copyConfig(cfg)):
		res.Diff = *opts.Known
	default:
		c2 := r.trial(res.Source, res.Config)
		if err := ctx.Err(); err != nil {
			return Result{}, err
		}
		res.Go, res.Ref, res.Diff = c2.Impl, c2.Ref, c2.Diff
	}
	res.Elapsed = time.Since(r.start)
	return res, nil
}

// reduce reduces source, which holds the property (r.judge), to a fixpoint or until a
// bound stops it: the shared part of Reduce and Minimize. The result's outcomes are left
// to the caller.
func (r *reducer) reduce(source string) (Result, error) {
	cfg, opts, ctx := r.cfg, r.opts, r.ctx
	r.cache[r.key(source, r.cfg)] = true
	r.pieces = []string{source}
	r.phase = "parsing"
	var prog *ast.Program
	if opts.Program != nil && ast.Print(opts.Program) == source {
		prog = ast.Clone(opts.Program)
	} else {
		prog, _ = syntax.Parse(cfg.File, source)
	}
	before := Size{Lines: codeLines(source), Bytes: len(source)}
	if prog != nil {
		before.Nodes = countNodes(prog) // before the reduction edits it
	}
	if prog != nil && r.interesting(ast.Print(prog), r.cfg) {
		r.pieces = nil
		r.prog = prog
	} else {
		r.reduceText()
		if p, _ := syntax.Parse(r.cfg.File, r.text()); p != nil && r.interesting(ast.Print(p), r.cfg) {
			r.pieces = nil
			r.prog = p
		}
	}
	if r.prog != nil {
		r.reduceAST()
	}
	if err := ctx.Err(); err != nil {
		return Result{}, err
	}

	res := Result{
		Source:     r.current(),
		Config:     r.cfg,
		Canonical:  r.prog != nil,
		Before:     before,
		Candidates: r.candidates,
		CacheHits:  r.hits,
		Stopped:    r.stopReason,
	}
	if r.prog != nil { // the tree the source is the print of: no parse again
		res.After = Size{Nodes: countNodes(r.prog), Lines: codeLines(res.Source), Bytes: len(res.Source)}
	} else {
		res.After = measure(res.Config.File, res.Source)
	}
	res.Elapsed = time.Since(r.start)
	return res, nil
}

// reduceRunners are the runners of a reduction: the pair of rs (and its cross-check),
// whose sides run at the same time (a candidate's two runs share nothing).
func reduceRunners(rs trial.Runners) trial.Runners {
	rs = rs.Primary()
	rs.Concurrent = true
	return rs
}

// reducer is the state of one reduction. Exactly one of prog (AST mode) and pieces
// (text mode) is set while reducing; it always holds a program that diverges with want.
type reducer struct {
	ctx    context.Context
	rs     trial.Runners
	opts   Options
	limits outcome.Limits
	want   []string
	// keep, when set, is the property a candidate must hold instead of the wanted
	// signatures (Minimize).
	keep  func(src string, cfg outcome.Config) bool
	cache map[[32]byte]bool
	// last is the latest candidate run found interesting: its key and comparison (the
	// result's outcomes, when it is the result).
	last struct {
		key [32]byte
		cmp trial.Comparison
	}

	prog   *ast.Program
	pieces []string
	cfg    outcome.Config

	phase      string
	changed    bool
	candidates int
	hits       int
	start      time.Time
	stopReason string
}

// current is the text of the current program.
func (r *reducer) current() string {
	if r.prog != nil {
		return ast.Print(r.prog)
	}
	return r.text()
}

func (r *reducer) text() string { return strings.Join(r.pieces, "") }

// stopped reports whether the reduction must end now, recording why.
func (r *reducer) stopped() bool {
	switch {
	case r.ctx.Err() != nil:
		return true
	case r.stopReason != "":
		return true
	case r.opts.MaxTime > 0 && time.Since(r.start) >= r.opts.MaxTime:
		r.stopReason = fmt.Sprintf("stopped after the time bound of %s", r.opts.MaxTime)
	case r.opts.MaxCandidates > 0 && r.candidates >= r.opts.MaxCandidates:
		r.stopReason = fmt.Sprintf("stopped after the bound of %d candidates", r.opts.MaxCandidates)
	default:
		return false
	}
	return true
}

// key identifies a candidate: its text and its configuration.
func (r *reducer) key(src string, cfg outcome.Config) [32]byte {
	c, err := json.Marshal(cfg)
	if err != nil { // a Config is plain data; this cannot happen
		c = []byte(fmt.Sprintf("%#v", cfg))
	}
	h := sha256.New()
	h.Write([]byte(src))
	h.Write([]byte{0})
	h.Write(c)
	var k [32]byte
	h.Sum(k[:0])
	return k
}

// interesting runs src under cfg through both implementations (or asks the cache) and
// reports whether they diverge with exactly the wanted signatures.
func (r *reducer) interesting(src string, cfg outcome.Config) bool {
	return r.firstInteresting(1, func(int) (string, outcome.Config) { return src, cfg }) == 0
}

// firstInteresting returns the smallest k < n such that the candidate k (a program and
// its configuration) diverges with the wanted signatures, or -1. Candidates not in
// the cache are run up to Workers at a time, in order; the verdicts of a window that
// come after its first interesting candidate only go to the cache, so the answer is the
// one testing them one by one would give.
func (r *reducer) firstInteresting(n int, candidateAt func(k int) (string, outcome.Config)) int {
	workers := r.opts.Workers
	if workers <= 0 {
		workers = runtime.NumCPU()
	}
	type candidate struct {
		key              [32]byte
		src              string
		cfg              outcome.Config
		cached, ran, yes bool
		cmp              trial.Comparison
	}
	for lo := 0; lo < n; lo += workers {
		window := make([]candidate, min(workers, n-lo))
		var wg sync.WaitGroup
		for i := range window {
			c := &window[i]
			c.src, c.cfg = candidateAt(lo + i)
			c.key = r.key(c.src, c.cfg)
			if v, ok := r.cache[c.key]; ok {
				r.hits++
				c.cached, c.yes = true, v
				continue
			}
			if r.stopped() {
				continue
			}
			c.ran = true
			wg.Add(1)
			go func() {
				defer wg.Done()
				c.yes, c.cmp = r.judge(c.src, c.cfg)
			}()
		}
		wg.Wait()
		if r.ctx.Err() != nil {
			return -1 // runs cut short say nothing about their candidates
		}
		found := -1
		for i := range window {
			c := &window[i]
			if c.ran {
				r.cache[c.key] = c.yes
				r.candidates++
				r.report()
			}
			if found < 0 && (c.cached || c.ran) && c.yes {
				found = lo + i
				if c.ran {
					r.last.key, r.last.cmp = c.key, c.cmp
				}
			}
		}
		if found >= 0 || r.stopped() {
			return found
		}
	}
	return -1
}

// judge runs one candidate: whether both implementations diverge on it with exactly
// the wanted signatures. It is called concurrently and touches no reducer state.
func (r *reducer) judge(src string, cfg outcome.Config) (bool, trial.Comparison) {
	if r.keep != nil {
		return r.keep(src, cfg), trial.Comparison{}
	}
	c := r.trial(src, cfg)
	return c.Diff.Verdict == diff.Diverge && slices.Equal(c.Diff.Signatures(), r.want), c
}

func (r *reducer) report() {
	if r.opts.Progress != nil {
		r.opts.Progress(Progress{
			Phase:      r.phase,
			Candidates: r.candidates,
			CacheHits:  r.hits,
			Size:       r.bestSize(),
			Elapsed:    time.Since(r.start),
		})
	}
}

// bestSize measures the current (diverging) program cheaply enough for progress reports.
func (r *reducer) bestSize() Size {
	if r.prog != nil {
		text := ast.Print(r.prog)
		return Size{Nodes: countNodes(r.prog), Lines: codeLines(text), Bytes: len(text)}
	}
	text := r.text()
	return Size{Lines: codeLines(text), Bytes: len(text)}
}

// try applies an edit, keeps it when the program still diverges the same way, and
// undoes it otherwise.
func (r *reducer) try(apply func() (undo func())) bool {
	if r.stopped() {
		return false
	}
	before := r.key(r.current(), r.cfg)
	undo := apply()
	src := r.current()
	// An edit that changes nothing (nothing was dead, say) must not count as progress:
	// the cache would call it interesting and the fixpoint loop would never end.
	if r.key(src, r.cfg) != before && r.interesting(src, r.cfg) {
		r.changed = true
		return true
	}
	undo()
	return false
}

// trySmaller is try for simplifications: the edit must make the program strictly
// smaller (see cost) before it is even run, which also guarantees that the
// simplification passes terminate.
func (r *reducer) trySmaller(apply func() (undo func())) bool {
	if r.stopped() {
		return false
	}
	before := cost(r.prog)
	undo := apply()
	if !cost(r.prog).less(before) || !r.interesting(ast.Print(r.prog), r.cfg) {
		undo()
		return false
	}
	r.changed = true
	return true
}

// programCost orders programs for the simplification passes: fewer nodes first, then
// fewer variable references, then shorter text, then smaller number literals.
type programCost struct {
	nodes, refs, bytes int
	magnitude          float64
}

func (a programCost) less(b programCost) bool {
	switch {
	case a.nodes != b.nodes:
		return a.nodes < b.nodes
	case a.refs != b.refs:
		return a.refs < b.refs
	case a.bytes != b.bytes:
		return a.bytes < b.bytes
	}
	return a.magnitude < b.magnitude
}

func cost(p *ast.Program) programCost {
	var c programCost
	walk(p, func(n ast.Node) {
		c.nodes++
		switch n := n.(type) {
		case *ast.IdentPath:
			c.refs++
		case *ast.IntLiteral:
			c.magnitude += math.Min(math.Abs(n.Value), 1e300)
		case *ast.FloatLiteral:
			c.magnitude += math.Min(math.Abs(n.Value), 1e300)
		}
	})
	c.bytes = len(ast.Print(p))
	return c
}

// measure sizes a program text.
func measure(file, src string) Size {
	s := Size{Lines: codeLines(src), Bytes: len(src)}
	if p, _ := syntax.Parse(file, src); p != nil {
		s.Nodes = countNodes(p)
	}
	return s
}

// codeLines counts the lines holding code.
func codeLines(src string) int {
	n := 0
	for _, line := range strings.Split(src, "\n") {
		t := strings.TrimSpace(line)
		if t != "" && !strings.HasPrefix(t, "#") {
			n++
		}
	}
	return n
}

// copyConfig copies the slices of cfg so that reducing never writes into the caller's.
func copyConfig(cfg outcome.Config) outcome.Config {
	cfg.Allow = slices.Clone(cfg.Allow)
	cfg.Fixtures.Files = slices.Clone(cfg.Fixtures.Files)
	cfg.Fixtures.HTTP = slices.Clone(cfg.Fixtures.HTTP)
	cfg.Fixtures.Shell = slices.Clone(cfg.Fixtures.Shell)
	return cfg
}
