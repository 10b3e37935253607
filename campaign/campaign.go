// Package campaign is the loop of `a0diff fuzz`: it generates cases (package gen) from a
// seed, runs each through both implementations (and the cross-check under node and the
// external implementations of trial.Runners, when given), compares the Outcomes
// (package diff), buckets the divergences by signature, and reduces and writes the first
// case of each new signature as a corpus entry. The CLI only parses flags and prints the
// Summary.
//
// Case I of a campaign with seed S is the same whatever the number of workers, the
// count or the duration were, so one case can be replayed alone, and a campaign can be
// split over machines: shard K of N runs the cases I with I mod N = K, so the N shards
// together run exactly the cases of the unsharded campaign.
package campaign

import (
	"context"
	"errors"
	"fmt"
	"hash/fnv"
	"os"
	"path/filepath"
	"reflect"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/a0diff/a0diff/corpus"
	"github.com/a0diff/a0diff/diff"
	"github.com/a0diff/a0diff/gen"
	"github.com/a0diff/a0diff/harness"
	"github.com/a0diff/a0diff/reduce"
	"github.com/a0diff/a0diff/runtime/outcome"
	"github.com/a0diff/a0diff/trial"
	"github.com/a0diff/a0diff/worker"
)

// Options configure a campaign.
type Options struct {
	Seed int64
	// Count is the number of cases; 0 means no bound (Duration or cancellation ends it).
	Count int
	// Duration bounds the campaign's time (0: no bound).
	Duration time.Duration
	// Start is the index of the first case.
	Start int
	// Workers is the number of cases run at the same time (at least 1).
	Workers int
	// Out is the directory the divergences are written to.
	Out string
	// Gen are the generator's options.
	Gen gen.Options
	// FeaturesFlag is the --features text, repeated in replay commands ("all" or "").
	FeaturesFlag string
	// Minimize reduces each new divergence before writing it.
	Minimize bool
	// Timeout is the per-run deadline.
	Timeout time.Duration
	// RefPath is the --ref bundle, repeated in replay commands ("" for the embedded one).
	RefPath string
	// Shard restricts the campaign to one shard of the case indices (the zero value: all).
	Shard Shard
	// Guided derives a share of the cases from the ones that reached new coverage
	// (see guided.go). It cannot be combined with a Shard.
	Guided bool
	// OnCase, when set, is called with the index and verdict of every case run to a
	// verdict (from the workers, concurrently).
	OnCase func(index int, verdict diff.Verdict)
	// Batch, when set, runs the campaign in campaign workers started with it (see
	// batch.go); the runners then serve only the cases that are not agreement.
	Batch *worker.BatchConfig
	// Reduce bounds the reductions of new signatures (zero fields: DefaultReduceBudget).
	Reduce ReduceBudget
	// Impls maps each external implementation's name to its --impl NAME=COMMAND, for
	// replay commands.
	Impls map[string]string
}

// ReduceBudget bounds the work a campaign spends reducing the first case of each new
// signature, so that an implementation with many signatures, or without limits (whose
// candidates may run on to their deadline), does not turn a campaign into a reduction.
// A signature found when the campaign's budget is spent is reported with its first case
// and replay command, not reduced.
type ReduceBudget struct {
	// PerSignatureCandidates and PerSignatureTime bound the reduction of one signature.
	PerSignatureCandidates int
	PerSignatureTime       time.Duration
	// Candidates and Time bound all the reductions of the campaign together. Time 0
	// bounds them relative to the campaign: at most ReduceShare of its elapsed time (and
	// at least MinReduceTime), so that reducing never takes most of a campaign.
	Candidates int
	Time       time.Duration
	// CandidateTimeout is the deadline of each candidate (the first run of the case
	// keeps the campaign's --timeout), far below the run's deadline.
	CandidateTimeout time.Duration
}

// DefaultReduceBudget is the budget of a campaign that sets none.
var DefaultReduceBudget = ReduceBudget{
	PerSignatureCandidates: 500, PerSignatureTime: 10 * time.Second,
	Candidates: 5000, Time: 0,
	CandidateTimeout: time.Second,
}

// ReduceShare is the share of a campaign's elapsed time its reductions may take when
// ReduceBudget.Time is 0, and MinReduceTime what they may take however short the
// campaign so far (the first signatures come early).
const (
	ReduceShare   = 0.25
	MinReduceTime = 2 * time.Second
)

func (b ReduceBudget) withDefaults() ReduceBudget {
	d := DefaultReduceBudget
	if b.PerSignatureCandidates <= 0 {
		b.PerSignatureCandidates = d.PerSignatureCandidates
	}
	if b.PerSignatureTime <= 0 {
		b.PerSignatureTime = d.PerSignatureTime
	}
	if b.Candidates <= 0 {
		b.Candidates = d.Candidates
	}
	if b.CandidateTimeout <= 0 {
		b.CandidateTimeout = d.CandidateTimeout
	}
	return b
}

// MaxCaseIndex bounds the case indices of a campaign (--start plus --count), far beyond
// any campaign's length, so that the index of a case never wraps around.
const MaxCaseIndex = 1 << 62

// Check reports the first option a campaign cannot run with, naming it by the flag of
// `a0diff fuzz` that sets it.
func (o *Options) Check() error {
	switch {
	case o.Workers < 1:
		return fmt.Errorf("-j must be at least 1, not %d", o.Workers)
	case o.Count < 0:
		return fmt.Errorf("--count must not be negative, not %d", o.Count)
	case o.Duration < 0:
		return fmt.Errorf("--time must not be negative, not %s", o.Duration)
	case o.Start < 0:
		return fmt.Errorf("--start must not be negative, not %d", o.Start)
	case o.Start > MaxCaseIndex-o.Count:
		// The case indices must not wrap: a campaign from near the largest int ran no
		// case at all, and said nothing.
		return fmt.Errorf("--start plus --count must be at most %d, not %d + %d", MaxCaseIndex, o.Start, o.Count)
	case !(o.Gen.InvalidShare >= 0 && o.Gen.InvalidShare <= 1): // NaN too
		return fmt.Errorf("--invalid-share must be between 0 and 1, not %v", o.Gen.InvalidShare)
	case o.Gen.Size < 0:
		return fmt.Errorf("--size must not be negative, not %d", o.Gen.Size)
	case o.Out == "":
		return errors.New("--out must name a directory")
	case o.Guided && o.Shard.N > 1:
		return errors.New("--guided cannot be combined with --shard: the pool of a guided campaign grows from all its cases")
	}
	return nil
}

// Shard is shard K of a campaign split N ways: the cases I with I mod N = K. Count and
// Start keep their meaning — they bound the case indices of the whole campaign — so the
// N shards of a campaign run exactly its cases between them. N ≤ 1 is the whole campaign.
type Shard struct{ K, N int }

// Owns reports whether case i belongs to the shard.
func (s Shard) Owns(i int) bool { return s.N <= 1 || i%s.N == s.K }

// String is "K/N" (the --shard syntax), or "" for the whole campaign.
func (s Shard) String() string {
	if s.N <= 1 {
		return ""
	}
	return strconv.Itoa(s.K) + "/" + strconv.Itoa(s.N)
}

// ParseShard parses "K/N" with 0 ≤ K < N.
func ParseShard(text string) (Shard, error) {
	ks, ns, ok := strings.Cut(text, "/")
	k, err1 := strconv.Atoi(ks)
	n, err2 := strconv.Atoi(ns)
	if !ok || err1 != nil || err2 != nil || n < 1 || k < 0 || k >= n {
		return Shard{}, fmt.Errorf("want K/N with 0 <= K < N, not %q", text)
	}
	return Shard{K: k, N: n}, nil
}

// Bucket counts the cases of one signature.
type Bucket struct {
	Signature string
	Count     int
	First     int    // the lowest case index seen
	File      string // the entry written ("" when none)
	Note      string // why none was written, or a remark about it
	Program   string // the (reduced) program written
	// Attribution is the attribution of the bucket's divergence (cross-check only).
	Attribution diff.Attribution
	// Implementation names the external implementation whose divergence from the
	// reference this is ("" for the Go evaluator).
	Implementation string
	// Derived says how guided fuzzing derived the first case ("" when it was generated
	// afresh, and so replays from its index).
	Derived string
}

// Summary is what a campaign did.
type Summary struct {
	Seed    int64
	Start   int
	Count   int // the campaign's bound on case indices (0: none); see Shard
	Shard   Shard
	Workers int
	Elapsed time.Duration
	// ValidMode+InvalidMode is the number of cases run to a verdict.
	ValidMode, ValidPass, InvalidMode int
	Verdicts                          map[diff.Verdict]int
	// Buckets are the signatures seen, most frequent first. One-sided timeouts are not
	// among them.
	Buckets []Bucket
	// Timeouts counts the cases on which one side timed out, also when re-run with a
	// longer deadline (trial.Compare), while the other completed; TimeoutCases are the
	// first of them (at most MaxTimeoutCases); Retried counts the re-runs.
	Timeouts     int
	TimeoutCases []int
	Retried      int
	// Abandoned counts the runs the implementations gave up on while their engine kept
	// computing (trial.Abandoned).
	Abandoned int64
	// CrossChecked: the reference also ran under node; Attribution counts the diverged
	// cases by attribution.
	CrossChecked bool
	Attribution  harness.AttributionCounts
	// Implementations counts, per external implementation, the cases on which it
	// agreed with the reference, diverged from it, or was not compared.
	Implementations map[string]harness.ImplCounts
	// Scopes is what the comparisons left out, per implementation ("go" for the Go
	// evaluator against the reference); implementations compared in full are absent.
	Scopes map[string]diff.Scope
	// Reduced counts the candidates and time the reductions took, and BudgetSpent the
	// signatures left unreduced because the campaign's reduction budget was spent.
	ReducedCandidates int
	ReducedTime       time.Duration
	BudgetSpent       int
	// Coverage is the number of distinct coverage features the Go evaluator's outcomes
	// reached (see guided.go), Curve the coverage and signatures at Checkpoints.
	Coverage int
	Curve    []CurvePoint
	// Guided: the campaign ran in guided mode; Pool is the number of cases kept and
	// Derived the number of cases derived from them.
	Guided        bool
	Pool, Derived int
}

// MaxTimeoutCases bounds Summary.TimeoutCases.
const MaxTimeoutCases = 10

// Cases is the number of cases run to a verdict.
func (s *Summary) Cases() int { return s.ValidMode + s.InvalidMode }

// Rate is the number of cases per second.
func (s *Summary) Rate() float64 { return float64(s.Cases()) / max(s.Elapsed.Seconds(), 1e-9) }

// Campaign is one fuzzing run. Its methods are safe for concurrent use (Progress is
// meant to be called while Run runs).
type Campaign struct {
	rs    trial.Runners
	opts  Options
	start time.Time

	mu                                sync.Mutex
	validMode, validPass, invalidMode int
	verdicts                          map[diff.Verdict]int
	// buckets holds the signatures seen; the worker that found a signature first
	// minimises and writes it
	buckets map[string]*Bucket

	timeouts, retried int
	timeoutCases      []int
	attribution       harness.AttributionCounts
	implementations   map[string]harness.ImplCounts

	// reducedCandidates and reducedTime are the reduction budget spent so far;
	// budgetSpent counts the signatures not reduced for want of it.
	reducedCandidates int
	reducedTime       time.Duration
	budgetSpent       int

	// covered maps each coverage feature reached to the lowest case index that reached
	// it, curve its checkpoints; inOrder takes the cases in index order (order.go).
	covered map[uint64]int
	curve   []CurvePoint
	inOrder inOrder
	derived int
	// guide is the state of guided mode (nil without it); batch counts the cases of the
	// current batch in flight (see guided.go).
	guide *Guide
	batch sync.WaitGroup
	// batchStats count what the campaign workers did (Options.Batch).
	batchStats batchState
	// seeCase, when set (by tests), is called with every case run to a verdict.
	seeCase func(*fuzzCase)
}

// New prepares a campaign over rs.
func New(rs trial.Runners, opts Options) *Campaign {
	if opts.Workers < 1 {
		opts.Workers = 1
	}
	c := &Campaign{rs: rs, opts: opts, verdicts: map[diff.Verdict]int{}, buckets: map[string]*Bucket{},
		implementations: map[string]harness.ImplCounts{}, covered: map[uint64]int{}}
	c.opts.Reduce = opts.Reduce.withDefaults()
	c.inOrder = newInOrder(c.opts)
	if opts.Guided {
		c.guide = NewGuide(opts.Seed, opts.Gen)
	}
	for _, x := range rs.Extra {
		c.implementations[x.Name()] = harness.ImplCounts{}
	}
	return c
}

// Run runs the campaign until Count cases are done, Duration has passed or ctx is
// cancelled, and returns its summary. After cancellation no new case starts; the cases
// in flight are cancelled and not counted.
func (c *Campaign) Run(ctx context.Context) *Summary {
	c.mu.Lock()
	c.start = time.Now()
	c.mu.Unlock()
	feedCtx := ctx
	if c.opts.Duration > 0 {
		var cancel context.CancelFunc
		feedCtx, cancel = context.WithTimeout(ctx, c.opts.Duration)
		defer cancel()
	}
	if c.opts.Batch != nil {
		c.runBatched(ctx, feedCtx)
		c.writeClaims(ctx, c.leftClaims())
		return c.Summary()
	}
	// Cases are made by their own goroutines, a few ahead of the ones that run them: the
	// supervisor is mostly waiting while the implementations run a case (in their worker
	// processes, or in goja's goroutine), so the next programs are generated meanwhile on
	// another core instead of between two cases. One maker per runner keeps up with the
	// runners at any -j, and at -j 1 cases still run in index order.
	indices := make(chan int)
	jobs := make(chan job, c.opts.Workers)
	var makers sync.WaitGroup
	for range c.opts.Workers {
		makers.Add(1)
		go func() {
			defer makers.Done()
			for i := range indices {
				gc, derived := c.caseAt(i)
				jobs <- job{index: i, c: gc, derived: derived}
			}
		}()
	}
	var wg sync.WaitGroup
	for range c.opts.Workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := range jobs {
				fc := c.runCase(ctx, j)
				if ctx.Err() == nil { // a cancelled run is no verdict
					c.record(ctx, fc)
					if c.seeCase != nil {
						c.seeCase(fc)
					}
					if c.opts.OnCase != nil {
						c.opts.OnCase(fc.index, fc.verdict)
					}
				}
				if c.opts.Guided {
					c.batch.Done()
				}
			}
		}()
	}
	c.feed(feedCtx, indices)
	close(indices)
	makers.Wait()
	close(jobs)
	wg.Wait()
	c.writeClaims(ctx, c.leftClaims())
	return c.Summary()
}

// feed sends the campaign's case indices (its shard's, from Start, Count of them or
// until ctx ends) to the runners, in guided batches when the campaign is guided.
func (c *Campaign) feed(ctx context.Context, indices chan<- int) {
	if c.opts.Guided {
		c.feedBatches(ctx, indices)
		return
	}
	for i := c.opts.Start; c.opts.Count == 0 || i < c.opts.Start+c.opts.Count; i++ {
		if !c.opts.Shard.Owns(i) {
			continue
		}
		select {
		case indices <- i:
		case <-ctx.Done():
			return
		}
	}
}

// feedBatches feeds the cases of a guided campaign in batches of GuidedBatch: it waits
// for each batch to finish and updates the pool from it before feeding the next.
func (c *Campaign) feedBatches(ctx context.Context, indices chan<- int) {
	end := c.opts.Start + c.opts.Count
	for b := c.opts.Start; c.opts.Count == 0 || b < end; b += GuidedBatch {
		n := GuidedBatch
		if c.opts.Count != 0 {
			n = min(n, end-b)
		}
		c.batch.Add(n)
		for i := b; i < b+n; i++ {
			select {
			case indices <- i:
			case <-ctx.Done():
				c.batch.Add(-(b + n - i)) // the cases never fed
				c.batch.Wait()
				return
			}
		}
		c.batch.Wait()
		c.guide.EndBatch()
	}
}

// Progress returns the number of cases so far, their rate, the number diverged and the
// number of signatures.
func (c *Campaign) Progress() (cases int, rate float64, diverged, signatures int) {
	c.mu.Lock()
	defer c.mu.Unlock()
	el := time.Since(c.start).Seconds()
	cases = c.validMode + c.invalidMode
	return cases, float64(cases) / max(el, 1e-9), c.verdicts[diff.Diverge], len(c.buckets)
}

// Summary returns the campaign's counts so far.
func (c *Campaign) Summary() *Summary {
	c.mu.Lock()
	defer c.mu.Unlock()
	s := &Summary{
		Seed: c.opts.Seed, Start: c.opts.Start, Count: c.opts.Count, Shard: c.opts.Shard,
		Workers: c.opts.Workers, Elapsed: time.Since(c.start),
		ValidMode: c.validMode, ValidPass: c.validPass, InvalidMode: c.invalidMode,
		Verdicts: map[diff.Verdict]int{},
		Timeouts: c.timeouts, Retried: c.retried, TimeoutCases: append([]int(nil), c.timeoutCases...),
		Abandoned: trial.Abandoned(c.rs),
		Coverage:  len(c.covered), Curve: append([]CurvePoint(nil), c.curve...),
		Guided: c.opts.Guided, Derived: c.derived,
	}
	if c.guide != nil {
		s.Pool = c.guide.Pool()
	}
	for v, n := range c.verdicts {
		s.Verdicts[v] = n
	}
	s.CrossChecked, s.Attribution = c.rs.Node != nil, c.attribution
	if len(c.rs.Extra) > 0 {
		s.Implementations = map[string]harness.ImplCounts{}
		for name, n := range c.implementations {
			s.Implementations[name] = n
		}
	}
	s.Scopes = map[string]diff.Scope{}
	if !c.rs.Scope.IsFull() {
		s.Scopes["go"] = c.rs.Scope
	}
	for _, x := range c.rs.Extra {
		if sc := trial.ScopeOf(c.rs.Scope, x); !sc.IsFull() {
			s.Scopes[x.Name()] = sc
		}
	}
	s.ReducedCandidates, s.ReducedTime, s.BudgetSpent = c.reducedCandidates, c.reducedTime, c.budgetSpent
	for _, b := range c.buckets {
		s.Buckets = append(s.Buckets, *b)
	}
	sort.Ints(s.TimeoutCases)
	if len(s.TimeoutCases) > MaxTimeoutCases {
		s.TimeoutCases = s.TimeoutCases[:MaxTimeoutCases]
	}
	sort.Slice(s.Buckets, func(i, j int) bool {
		bi, bj := s.Buckets[i], s.Buckets[j]
		if bi.Count != bj.Count {
			return bi.Count > bj.Count
		}
		return bi.Signature < bj.Signature
	})
	return s
}

// fuzzCase is one case's result.
type fuzzCase struct {
	index   int
	c       *gen.Case
	verdict diff.Verdict
	sig     string
	res     diff.Result
	timeout bool // one-sided, after the re-run
	retried bool
	attr    diff.Attribution
	extras  []trial.Extra
	// obs is what guided mode learns from the case: validity, cost, coverage features.
	obs Observed
	// derived says how guided fuzzing derived the case ("" for a fresh case).
	derived string
}

// NewCase regenerates case i of a campaign with the given seed and generator options.
func NewCase(seed int64, i int, opts gen.Options) *gen.Case {
	return gen.GenerateCase(seed, i, opts)
}

// validates is gen.Validates(gc.Source), read from the Go evaluator's outcome when it
// tells: the Go runner lexes, parses and validates with the same packages as
// gen.Validates before it evaluates anything, and ends exactly the programs that fail
// there with status ok and exit code 2 (diagnostics) or 1 (the unsupported spread of spec
// §4.5); evaluation never gives these codes. The step, depth and size limits end only a
// program being evaluated (or its Outcome), so one validated. Any other status (a
// timeout, a crash, the parser's nesting bound, the evaluator's frame bound) says
// nothing, and the program is checked again. This saves parsing and validating every
// case a second time.
func validates(gc *gen.Case, goOut outcome.Outcome) bool {
	switch {
	case goOut.Status == outcome.StatusOK:
		return goOut.ExitCode != 1 && goOut.ExitCode != 2
	case goOut.Status == outcome.StatusResource &&
		(goOut.Limit == outcome.LimitSteps || goOut.Limit == outcome.LimitDepth || goOut.Limit == outcome.LimitSize):
		return true
	}
	return gen.Validates(gc.Source)
}

// config is gc's configuration resolved for a run, with the campaign's deadline.
func (c *Campaign) config(gc *gen.Case) outcome.Config {
	return trial.Config(gc.Config, c.opts.Timeout)
}

// compare compares the primary implementations (with the cross-check, if any) on gc.
func (c *Campaign) compare(ctx context.Context, gc *gen.Case) diff.Result {
	return trial.Compare(ctx, c.rs.Primary(), gc.Source, c.config(gc)).Diff
}

// ExtraSignature is the bucket signature of an external implementation's divergence
// from the reference.
func ExtraSignature(impl, sig string) string { return "impl " + impl + ": " + sig }

// job is a case made and waiting to run: its index, its program and, for a derived case
// of guided mode, how it was derived.
type job struct {
	index   int
	c       *gen.Case
	derived string
}

// caseAt makes case i: the generator's, or in guided mode perhaps one derived from the
// pool.
func (c *Campaign) caseAt(i int) (gc *gen.Case, derived string) {
	if c.guide != nil {
		return c.guide.Case(i)
	}
	return NewCase(c.opts.Seed, i, c.opts.Gen), ""
}

func (c *Campaign) runCase(ctx context.Context, j job) *fuzzCase {
	cmp := trial.Compare(ctx, c.rs, j.c.Source, c.config(j.c))
	res := cmp.Diff
	return &fuzzCase{index: j.index, c: j.c, verdict: res.Verdict, sig: res.Signature(), res: res,
		timeout: cmp.Timeout(), retried: cmp.Retried, attr: cmp.Attribution, extras: cmp.Extras,
		obs: Observe(j.index, j.c, cmp), derived: j.derived}
}

// record tallies a case; the first case of a new signature is minimised and written
// (by the worker that found it, so that the others keep going).
func (c *Campaign) record(ctx context.Context, fc *fuzzCase) {
	c.mu.Lock()
	if fc.retried {
		c.retried++
	}
	if fc.timeout {
		c.timeouts++
		// the first cases by index, not by the order they finished in
		c.timeoutCases = append(c.timeoutCases, fc.index)
		if len(c.timeoutCases) > MaxTimeoutCases {
			sort.Ints(c.timeoutCases)
			c.timeoutCases = c.timeoutCases[:MaxTimeoutCases]
		}
	} else {
		c.verdicts[fc.verdict]++
	}
	if fc.c.Mode == gen.Valid {
		c.validMode++
		if fc.obs.Valid {
			c.validPass++
		}
	} else {
		c.invalidMode++
	}
	if fc.derived != "" {
		c.derived++
	}
	if fc.verdict == diff.Diverge && !fc.timeout && fc.attr != "" {
		c.attribution.Add(fc.attr)
	}
	// The entry of a signature is written from its lowest-index case (a claim, written
	// once the cases below it are recorded: order.go).
	for _, x := range fc.extras {
		counts := c.implementations[x.Name]
		counts.Add(x.Diff.Verdict)
		c.implementations[x.Name] = counts
		if x.Diff.Verdict != diff.Diverge {
			continue
		}
		sig := ExtraSignature(x.Name, x.Diff.Signature())
		b := c.buckets[sig]
		if b == nil {
			b = &Bucket{Signature: sig, First: fc.index, Implementation: x.Name, Derived: fc.derived}
			c.buckets[sig] = b
			c.claim(sig, fc, x.Name)
		} else if fc.index < b.First {
			b.First, b.Derived = fc.index, fc.derived
			c.claim(sig, fc, x.Name)
		}
		b.Count++
	}
	if fc.verdict == diff.Diverge && !fc.timeout {
		b := c.buckets[fc.sig]
		if b == nil {
			b = &Bucket{Signature: fc.sig, First: fc.index, Attribution: fc.attr, Derived: fc.derived}
			c.buckets[fc.sig] = b
			c.claim(fc.sig, fc, "")
		} else if fc.index < b.First {
			b.First, b.Attribution, b.Derived = fc.index, fc.attr, fc.derived
			c.claim(fc.sig, fc, "")
		}
		b.Count++
	}
	due := c.noteCoverage(fc)
	c.mu.Unlock()
	c.writeClaims(ctx, due)
}

// ReplayFlags are the generator flags a replay command must repeat.
func (o *Options) ReplayFlags() string {
	s := ""
	if o.Gen.Swarm {
		s += " --swarm"
	}
	s += " --invalid-share " + strconv.FormatFloat(o.Gen.InvalidShare, 'g', -1, 64)
	if o.Gen.Size != 0 {
		s += " --size " + strconv.Itoa(o.Gen.Size)
	}
	if o.FeaturesFlag != "all" && o.FeaturesFlag != "" {
		s += " --features " + o.FeaturesFlag
	}
	return s
}

// Replay is the command that replays case i alone (in any shard).
func (o *Options) Replay(i int) string {
	cmd := fmt.Sprintf("a0diff fuzz --seed %d --start %d --count 1%s", o.Seed, i, o.ReplayFlags())
	if o.RefPath != "" {
		cmd += " --ref " + o.RefPath
	}
	return cmd
}

// writeEntry reduces the case of a new signature and writes it to Out. It returns the
// file written ("" when none), a note, and the program written (for the summary). The
// reduction is package reduce's (the signature set is kept, the result is 1-minimal); when
// it fails — a flaky divergence, say — the case is reduced with reduce.Minimize, keeping
// the first signature only, instead.
func (c *Campaign) writeEntry(ctx context.Context, fc *fuzzCase) (file, note, program string) {
	path := filepath.Join(c.opts.Out, EntryName(fc.sig))
	if _, err := os.Stat(path); err == nil {
		return "", "already in " + c.opts.Out + " (" + path + ")", ""
	}
	if err := os.MkdirAll(c.opts.Out, 0o755); err != nil {
		return "", err.Error(), ""
	}
	what := fc.c.Mode.String()
	if fc.c.Mutation != "" {
		what += ": " + fc.c.Mutation
	}
	if fc.derived != "" {
		what += ", " + fc.derived
	}
	replay := c.opts.Replay(fc.index)
	found := fmt.Sprintf("Found by a0diff fuzz: seed %d, case %d (%s; features %s).", c.opts.Seed, fc.index, what, fc.c.Features)
	if fc.attr != "" {
		found += " Cross-checked under node: " + fc.attr.Explain() + "."
		replay += " --cross-check"
	}
	replayLines := []string{
		"Replay the generated case: " + replay,
		"Replay this entry: " + harness.ReplayCommand("go", path, "") + " ; " + harness.ReplayCommand("ref", path, c.opts.RefPath),
	}
	if fc.derived != "" {
		replayLines = replayLines[1:] // a derived case replays from this entry only
	}
	if c.opts.Minimize {
		rs := c.rs.Primary()
		opts, ok := c.reduceOptions()
		if !ok {
			prose := append(append([]string{found}, Describe(fc.res)...), replayLines...)
			prose = append(prose, "Not reduced: "+c.budgetNote()+".")
			return c.writeCase(ctx, path, fc.c, prose, fc.sig)
		}
		opts.Known, opts.Program = &fc.res, fc.c.Program
		res, err := c.reduce(ctx, fc.c.Source, fc.c.Config, rs, opts)
		if err == nil {
			origin := fmt.Sprintf("case %d of a0diff fuzz --seed %d", fc.index, c.opts.Seed)
			note := append([]string{found}, Describe(res.Diff)...)
			if err = reduce.Save(ctx, res, rs, opts, origin, path, append(note, replayLines...)...); err == nil {
				return path, "", res.Source
			}
		}
		if ctx.Err() != nil {
			return "", "interrupted", ""
		}
		var nb *reduce.NotBelievedError
		if errors.As(err, &nb) {
			// The machine's doing (load, a worker killed from outside): nothing to keep.
			return "", "not written: " + err.Error(), ""
		}
		// fall back on the generator's own shrinking
		gc, res2 := c.shrink(ctx, fc)
		prose := append(append([]string{found}, Describe(res2)...), replayLines...)
		prose = append(prose, "the reducer (package reduce) could not reduce it ("+err.Error()+"); reduced keeping its first signature only (reduce.Minimize) instead.")
		return c.writeCase(ctx, path, gc, prose, fc.sig)
	}
	prose := append(append([]string{found}, Describe(fc.res)...), replayLines...)
	return c.writeCase(ctx, path, fc.c, prose, fc.sig)
}

// writeExtraEntry reduces the divergence of the external implementation name from the
// reference on fc's case (package reduce, as for the Go evaluator, with the external
// implementation in the Go evaluator's place) and writes it to Out; when it cannot be
// reduced, nothing is written and the note says why (the summary gives the case).
func (c *Campaign) writeExtraEntry(ctx context.Context, fc *fuzzCase, name, sig string) (file, note, program string) {
	impl := c.rs.Named(name)
	path := filepath.Join(c.opts.Out, EntryName(sig))
	if _, err := os.Stat(path); err == nil {
		return "", "already in " + c.opts.Out + " (" + path + ")", ""
	}
	if !c.opts.Minimize {
		return "", "not written without --minimize (replay the first case)", ""
	}
	if err := os.MkdirAll(c.opts.Out, 0o755); err != nil {
		return "", err.Error(), ""
	}
	rs := trial.Runners{Impl: impl, Ref: c.rs.Ref, Scope: trial.ScopeOf(c.rs.Scope, impl)}
	opts, ok := c.reduceOptions()
	if !ok {
		return "", "not reduced: " + c.budgetNote() + " (replay the first case)", ""
	}
	opts.Program = fc.c.Program
	for _, x := range fc.extras {
		if x.Name == name {
			opts.Known = &x.Diff
		}
	}
	res, err := c.reduce(ctx, fc.c.Source, fc.c.Config, rs, opts)
	if err != nil {
		return "", "not reduced: " + err.Error(), ""
	}
	origin := fmt.Sprintf("case %d of a0diff fuzz --seed %d", fc.index, c.opts.Seed)
	prose := []string{
		fmt.Sprintf("Found by a0diff fuzz: seed %d, case %d: the external implementation %s diverges from the reference (in the lines below, \"go\" is %s).", c.opts.Seed, fc.index, name, name),
	}
	prose = append(prose, Describe(res.Diff)...)
	prose = append(prose, "Replay this entry: "+harness.ExtraReplayCommand(name, c.opts.Impls[name], path)+" ; "+harness.ReplayCommand("ref", path, c.opts.RefPath))
	if err := reduce.Save(ctx, res, rs, opts, origin, path, prose...); err != nil {
		return "", "not written: " + err.Error(), ""
	}
	return path, "", res.Source
}

// reduceOptions are the options of the next reduction: the per-signature bounds, cut
// to what is left of the campaign's budget; ok is false when that is spent (the caller
// then reports the signature unreduced, and it is counted).
func (c *Campaign) reduceOptions() (opts reduce.Options, ok bool) {
	b := c.opts.Reduce
	c.mu.Lock()
	defer c.mu.Unlock()
	limit := b.Time
	if limit <= 0 {
		limit = max(MinReduceTime, time.Duration(ReduceShare*float64(time.Since(c.start))))
	}
	leftCandidates, leftTime := b.Candidates-c.reducedCandidates, limit-c.reducedTime
	if leftCandidates <= 0 || leftTime <= 0 {
		c.budgetSpent++
		return reduce.Options{}, false
	}
	return reduce.Options{
		Timeout: c.opts.Timeout, CandidateTimeout: b.CandidateTimeout, Workers: 1,
		MaxTime: min(b.PerSignatureTime, leftTime), MaxCandidates: min(b.PerSignatureCandidates, leftCandidates),
	}, true
}

// budgetNote says why a signature was not reduced.
func (c *Campaign) budgetNote() string {
	b := c.opts.Reduce
	if b.Time <= 0 {
		return fmt.Sprintf("the campaign's reduction budget (%d candidates, %.0f%% of its time) is spent", b.Candidates, 100*ReduceShare)
	}
	return fmt.Sprintf("the campaign's reduction budget (%d candidates, %s) is spent", b.Candidates, b.Time)
}

// reduce runs one reduction and charges its candidates and time to the budget.
func (c *Campaign) reduce(ctx context.Context, source string, cfg outcome.Config, rs trial.Runners, opts reduce.Options) (reduce.Result, error) {
	start := time.Now()
	candidates := 0
	opts.Progress = func(p reduce.Progress) { candidates = p.Candidates }
	res, err := reduce.Reduce(ctx, source, cfg, rs, opts)
	c.mu.Lock()
	c.reducedCandidates += candidates
	c.reducedTime += time.Since(start)
	c.mu.Unlock()
	return res, err
}

// shrink minimises fc's case with reduce.Minimize, keeping its first signature, within
// MinimizeCandidates candidates and MinimizeBudget (or the per-signature time, when
// shorter).
func (c *Campaign) shrink(ctx context.Context, fc *fuzzCase) (*gen.Case, diff.Result) {
	// The comparisons of the candidates kept (one at a time: Workers is 1), so that the
	// result is not run again before the entry writer's one run.
	type run struct {
		c   *gen.Case
		res diff.Result
	}
	var kept []run
	keep := func(src string, cfg outcome.Config) bool {
		gc := &gen.Case{Source: src, Config: cfg}
		got := c.compare(ctx, gc)
		ok := got.Verdict == diff.Diverge && got.Signature() == fc.sig
		if ok {
			kept = append(kept, run{gc, got})
		}
		return ok
	}
	opts := reduce.Options{Workers: 1, MaxCandidates: MinimizeCandidates, Program: fc.c.Program, Known: &fc.res,
		MaxTime: min(MinimizeBudget, c.opts.Reduce.PerSignatureTime)}
	res, err := reduce.Minimize(ctx, fc.c.Source, fc.c.Config, keep, opts)
	if err != nil {
		return fc.c, fc.res
	}
	kept = append(kept, run{fc.c, fc.res})
	for i := len(kept) - 1; i >= 0; i-- {
		if k := kept[i]; k.c.Source == res.Source && reflect.DeepEqual(k.c.Config, res.Config) {
			return k.c, k.res
		}
	}
	gc := &gen.Case{Source: res.Source, Config: res.Config}
	return gc, c.compare(ctx, gc)
}

// writeCase writes gc as an entry at path (corpus.WriteNew, which runs the entry once
// more), noting when the entry file does not reproduce the signature.
func (c *Campaign) writeCase(ctx context.Context, path string, gc *gen.Case, prose []string, sig string) (file, note, program string) {
	d := corpus.Draft{Source: gc.Source, Config: gc.Config, Prose: prose}
	got, err := corpus.WriteNew(ctx, path, d, c.rs.Primary(), c.opts.Timeout, nil)
	if err != nil {
		return "", err.Error(), ""
	}
	if got.Diff.Signature() != sig {
		note = fmt.Sprintf("as an entry file the case gives signature %q instead", got.Diff.Signature())
	}
	return path, note, gc.Source
}

// Describe renders the first divergences of res as prose lines.
func Describe(res diff.Result) []string {
	lines := []string{"Divergence " + res.Signature() + ":"}
	for i, d := range res.Divergences {
		if i == 3 {
			lines = append(lines, fmt.Sprintf("  … %d more", len(res.Divergences)-3))
			break
		}
		line := fmt.Sprintf("  [%s] %s (%s): go %s, ref %s", d.Category, d.Path, d.Kind, oneLine(d.Go), oneLine(d.Ref))
		if d.Node != "" {
			line += ", node " + oneLine(d.Node)
		}
		lines = append(lines, line)
	}
	return lines
}

// MinimizeBudget and MinimizeCandidates bound the reduction of a divergence whose
// signature set the reducer could not keep (Campaign.shrink).
const (
	MinimizeBudget     = 30 * time.Second
	MinimizeCandidates = 400
)

// oneLine keeps a rendering on one comment line.
func oneLine(s string) string {
	return strings.NewReplacer("\n", `\n`, "\r", `\r`).Replace(s)
}

// EntryName is the file name of a signature's entry: a readable slug and a hash.
func EntryName(sig string) string {
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
