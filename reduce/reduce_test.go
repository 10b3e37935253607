package reduce

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/a0diff/a0diff/corpus"
	"github.com/a0diff/a0diff/diff"
	"github.com/a0diff/a0diff/gen"
	"github.com/a0diff/a0diff/runtime/ast"
	"github.com/a0diff/a0diff/runtime/outcome"
	"github.com/a0diff/a0diff/runtime/syntax"
	"github.com/a0diff/a0diff/trial"
)

var figures = flag.Bool("reduce.figures", false, "reduce 25 generated programs of 200+ lines and report the median and worst reduction and time")

// divergingProgram returns a generated program of at least 100 lines of code on which
// the shipped implementations agree and the faulty Go implementation diverges from the
// reference (trying seeds from seed on: the trigger's value does not always reach the
// outcome).
func divergingProgram(t testing.TB, faultName string, seed uint64, stmts int) (string, outcome.Config, uint64) {
	t.Helper()
	ctx := context.Background()
	f := faults[faultName]
	for s := seed; s < seed+40; s++ {
		src, cfg := bigProgram(s, faultName, stmts)
		if codeLines(src) < 100 {
			continue
		}
		ref := reference().Run(ctx, src, cfg)
		if d := diff.Compare(shippedRunners().Impl.Run(ctx, src, cfg), ref); d.Verdict != diff.Agree {
			t.Fatalf("%s seed %d: the shipped implementations do not agree (%v) on:\n%s", faultName, s, d.Signatures(), src)
		}
		if diff.Compare(f.goImpl().Run(ctx, src, cfg), ref).Verdict == diff.Diverge {
			return src, cfg, s
		}
	}
	t.Fatalf("%s: no seed from %d on makes the fault reach the outcome", faultName, seed)
	return "", outcome.Config{}, 0
}

// checkResult asserts the guarantees of a reduction: the result shows the original
// signatures, is the canonical print of its tree, and is 1-minimal.
func checkResult(t *testing.T, res Result, rs trial.Runners, want []string) {
	t.Helper()
	if !slices.Equal(res.Signatures, want) || !slices.Equal(res.Diff.Signatures(), want) {
		t.Errorf("signatures: result %v, its replay %v, want %v", res.Signatures, res.Diff.Signatures(), want)
	}
	if res.Stopped != "" {
		t.Errorf("stopped early: %s", res.Stopped)
	}
	if !res.Canonical {
		t.Fatalf("result not canonical:\n%s", res.Source)
	}
	prog, diags := syntax.Parse(res.Config.File, res.Source)
	if prog == nil {
		t.Fatalf("result does not parse (%v):\n%s", diags, res.Source)
	}
	if ast.Print(prog) != res.Source {
		t.Errorf("result is not printed canonically:\n%s\ncanonical:\n%s", res.Source, ast.Print(prog))
	}
	for _, m := range notOneMinimal(res, rs) {
		t.Errorf("not 1-minimal: %s", m)
	}
}

// notOneMinimal removes each single statement, record field (argument, header entry),
// list element, parameter, header and fixture of the result in turn, and describes each
// removal after which the program still diverges with the result's signatures.
func notOneMinimal(res Result, rs trial.Runners) []string {
	r := &reducer{ctx: context.Background(), rs: rs, want: res.Signatures, cache: map[[32]byte]bool{}, start: time.Now()}
	r.limits = res.Config.Limits.WithDefaults()
	r.cfg = copyConfig(res.Config)
	prog, _ := syntax.Parse(res.Config.File, res.Source)
	if prog == nil {
		return []string{"does not parse"}
	}
	r.prog = prog
	var seqs []seq
	walk(prog, func(n ast.Node) { seqs = append(seqs, nodeSeqs(n)...) })
	fx := &r.cfg.Fixtures
	seqs = append(seqs, sliceSeq("allowed capability", &r.cfg.Allow), sliceSeq("file", &fx.Files),
		sliceSeq("http answer", &fx.HTTP), sliceSeq("shell result", &fx.Shell))
	var out []string
	for _, s := range seqs {
		n := s.len()
		for i := range n {
			var keep []int
			for j := range n {
				if j != i {
					keep = append(keep, j)
				}
			}
			undo := s.keep(keep)
			if r.interesting(r.current(), r.cfg) {
				out = append(out, fmt.Sprintf("%s %d of %d can go:\n%s%v", s.kind, i, n, r.current(), corpus.Directives(r.cfg)))
			}
			undo()
		}
	}
	return out
}

// TestReduceGeneratedPrograms reduces a generated program of 100+ lines per injected
// fault (one fault with -short) and checks the guarantees.
func TestReduceGeneratedPrograms(t *testing.T) {
	names := []string{"concat3", "maxneg", "keysrev", "csvupper", "loopcount"}
	if testing.Short() {
		names = names[:1]
	}
	for _, name := range names {
		t.Run(name, func(t *testing.T) {
			src, cfg, seed := divergingProgram(t, name, 1, 60)
			rs := faultyRunners(faults[name])
			want := diff.Compare(rs.Impl.Run(context.Background(), src, cfg), rs.Ref.Run(context.Background(), src, cfg)).Signatures()
			res, err := Reduce(context.Background(), src, cfg, rs, Options{})
			if err != nil {
				t.Fatalf("seed %d: %v", seed, err)
			}
			checkResult(t, res, rs, want)
			if res.Factor() < 10 {
				t.Errorf("seed %d: only %.1fx smaller (%v -> %v):\n%s", seed, res.Factor(), res.Before, res.After, res.Source)
			}
			t.Logf("%s (%s), seed %d: %v -> %v (%.1fx), %d candidates, %s", name, faults[name].about, seed, res.Before, res.After, res.Factor(), res.Candidates, res.Elapsed.Round(time.Millisecond))
		})
	}
}

// TestReductionFigures (go test ./reduce -run Figures -reduce.figures -v) reduces
// 25 generated programs of 200+ lines, five per fault, and reports the median and worst
// reduction in AST nodes and time. It requires a median reduction of at least 20x and a
// median time of at most 10 s, and 1-minimal results.
func TestReductionFigures(t *testing.T) {
	if !*figures {
		t.Skip("run with -reduce.figures to measure 25 reductions")
	}
	type row struct {
		name    string
		factor  float64
		elapsed time.Duration
		before  Size
		after   Size
	}
	var rows []row
	for _, name := range []string{"concat3", "maxneg", "keysrev", "csvupper", "loopcount"} {
		seed := uint64(100)
		for range 5 {
			src, cfg, s := divergingProgram(t, name, seed, 110)
			seed = s + 1
			rs := faultyRunners(faults[name])
			want := diff.Compare(rs.Impl.Run(context.Background(), src, cfg), rs.Ref.Run(context.Background(), src, cfg)).Signatures()
			res, err := Reduce(context.Background(), src, cfg, rs, Options{})
			if err != nil {
				t.Fatalf("%s seed %d: %v", name, s, err)
			}
			checkResult(t, res, rs, want)
			rows = append(rows, row{fmt.Sprintf("%s/%d", name, s), res.Factor(), res.Elapsed, res.Before, res.After})
			t.Logf("%-14s %4d -> %3d nodes (%5.1fx), %3d -> %2d lines, %4d candidates, %s",
				fmt.Sprintf("%s/%d", name, s), res.Before.Nodes, res.After.Nodes, res.Factor(),
				res.Before.Lines, res.After.Lines, res.Candidates, res.Elapsed.Round(time.Millisecond))
		}
	}
	factors := make([]float64, len(rows))
	times := make([]time.Duration, len(rows))
	for i, r := range rows {
		factors[i], times[i] = r.factor, r.elapsed
	}
	sort.Float64s(factors)
	slices.Sort(times)
	medianFactor := (factors[(len(factors)-1)/2] + factors[len(factors)/2]) / 2
	medianTime := (times[(len(times)-1)/2] + times[len(times)/2]) / 2
	t.Logf("%d programs: reduction median %.1fx, worst %.1fx; time median %s, worst %s",
		len(rows), medianFactor, factors[0], medianTime.Round(time.Millisecond), times[len(times)-1].Round(time.Millisecond))
	if medianFactor < 20 {
		t.Errorf("median reduction %.1fx, want at least 20x", medianFactor)
	}
	if medianTime > 10*time.Second {
		t.Errorf("median time %s, want at most 10s", medianTime)
	}
}

// TestCases reduces the entries of testdata/ (see testdata/README.md) and compares the
// results with their `want:` blocks.
func TestCases(t *testing.T) {
	files, err := filepath.Glob("testdata/*.a0")
	if err != nil || len(files) == 0 {
		t.Fatalf("no testdata/*.a0: %v", err)
	}
	for _, file := range files {
		t.Run(filepath.Base(file), func(t *testing.T) {
			e, err := corpus.ParseFile(file)
			if err != nil {
				t.Fatal(err)
			}
			faultName, want := caseExpectations(t, file, e.Raw)
			f, ok := faults[faultName]
			if !ok {
				t.Fatalf("%s: unknown fault %q", file, faultName)
			}
			rs := faultyRunners(f)
			res, err := ReduceEntry(context.Background(), e, rs, Options{})
			if err != nil {
				t.Fatal(err)
			}
			got := strings.TrimSuffix(res.Source, "\n")
			if d := corpus.Directives(res.Config); len(d) > 0 {
				got += "\n" + strings.Join(d, "\n")
			}
			if got != want {
				t.Errorf("%s (%s): reduced to\n%s\nwant\n%s", file, f.about, got, want)
			}
			if res.Canonical {
				checkResult(t, res, rs, res.Signatures)
			}
		})
	}
}

// caseExpectations reads the `# fault:` line and the `# want:` block of a case.
func caseExpectations(t *testing.T, file string, raw []byte) (faultName, want string) {
	lines := strings.Split(string(raw), "\n")
	var block []string
	inWant := false
	for _, l := range lines {
		switch {
		case strings.HasPrefix(l, "# fault: "):
			faultName = strings.TrimPrefix(l, "# fault: ")
			inWant = false
		case l == "# want:":
			inWant = true
		case inWant && l == "#":
			block = append(block, "")
		case inWant && strings.HasPrefix(l, "#   "):
			block = append(block, strings.TrimPrefix(l, "#   "))
		case inWant:
			inWant = false
		}
	}
	if faultName == "" || len(block) == 0 {
		t.Fatalf("%s: want a `# fault: NAME` line and a `# want:` block", file)
	}
	return faultName, strings.Join(block, "\n")
}

func TestAgreeingProgramIsNotReduced(t *testing.T) {
	_, err := Reduce(context.Background(), "return 1\n", outcome.Config{File: "x.a0"}, shippedRunners(), Options{})
	var nd *NoDivergenceError
	if !errors.As(err, &nd) || nd.Verdict != diff.Agree {
		t.Fatalf("got %v, want a NoDivergenceError with verdict agree", err)
	}
}

// textRunner is a fake implementation for testing the search on its own. It returns
// the value 1; a faulty one returns 2 instead when every word of need occurs in the
// source, so a faulty and a correct one diverge exactly on those programs.
type textRunner struct {
	name   string
	faulty bool
	need   []string
}

func (f textRunner) Name() string { return f.name }
func (f textRunner) Run(_ context.Context, src string, _ outcome.Config) outcome.Outcome {
	v := 1.0
	if f.faulty {
		v = 2
		for _, w := range f.need {
			if !slices.Contains(strings.Fields(src), w) {
				v = 1
			}
		}
	}
	return outcome.Outcome{Status: outcome.StatusOK, Value: v, HasValue: true}
}

// TestDeltaDebuggingFindsTheNeededStatements checks the search on its own: the
// divergence needs exactly some statements of a long list.
func TestDeltaDebuggingFindsTheNeededStatements(t *testing.T) {
	tests := []struct {
		n    int
		need []string
	}{
		{10, []string{"x3"}},
		{40, []string{"x0", "x39"}},
		{64, []string{"x5", "x17", "x18", "x60"}},
		{100, nil}, // no statement needed: the empty program
	}
	for _, tt := range tests {
		var src strings.Builder
		for i := range tt.n {
			fmt.Fprintf(&src, "x%d\n", i)
		}
		rs := trial.Runners{Impl: textRunner{name: "go"}, Ref: textRunner{name: "ref", faulty: true, need: tt.need}}
		res, err := Reduce(context.Background(), src.String(), outcome.Config{File: "x.a0"}, rs, Options{})
		if err != nil {
			t.Fatal(err)
		}
		want := ""
		for _, w := range tt.need {
			want += w + "\n"
		}
		if res.Source != want || !res.Canonical {
			t.Errorf("%d statements needing %v: reduced to %q (canonical %v), want %q", tt.n, tt.need, res.Source, res.Canonical, want)
		}
	}
}

// limitsRecorder is an implementation that records the limits of every run.
type limitsRecorder struct {
	outcome.Runner
	mu   sync.Mutex
	seen map[outcome.Limits]int
}

func (l *limitsRecorder) Run(ctx context.Context, src string, cfg outcome.Config) outcome.Outcome {
	l.mu.Lock()
	l.seen[cfg.Limits]++
	l.mu.Unlock()
	return l.Runner.Run(ctx, src, cfg)
}

func TestEveryCandidateRunsUnderTheRunLimits(t *testing.T) {
	e, err := corpus.ParseFile("testdata/concat3.a0")
	if err != nil {
		t.Fatal(err)
	}
	src, cfg := e.Source, e.Config
	rs := faultyRunners(faults["concat3"])
	goRec := &limitsRecorder{Runner: rs.Impl, seen: map[outcome.Limits]int{}}
	refRec := &limitsRecorder{Runner: rs.Ref, seen: map[outcome.Limits]int{}}
	rs = trial.Runners{Impl: goRec, Ref: refRec}
	if _, err := Reduce(context.Background(), src, cfg, rs, Options{Timeout: 3 * time.Second}); err != nil {
		t.Fatal(err)
	}
	want := outcome.Limits{MaxSteps: outcome.DefaultLimits.MaxSteps, MaxDepth: outcome.DefaultLimits.MaxDepth, MaxSize: outcome.DefaultLimits.MaxSize, Timeout: 3 * time.Second}
	for side, rec := range map[string]*limitsRecorder{"go": goRec, "ref": refRec} {
		if len(rec.seen) != 1 || rec.seen[want] == 0 {
			t.Errorf("%s runs saw the limits %v, want only %v", side, rec.seen, want)
		}
	}
}

// hangUnless is an implementation that runs until its deadline unless the program
// mentions word, and otherwise is the wrapped (faulty) one.
type hangUnless struct {
	outcome.Runner
	word string
}

func (h hangUnless) Run(ctx context.Context, src string, cfg outcome.Config) outcome.Outcome {
	if strings.Contains(src, h.word) {
		return h.Runner.Run(ctx, src, cfg)
	}
	select {
	case <-ctx.Done():
	case <-time.After(cfg.Limits.Timeout):
	}
	return outcome.Outcome{Status: outcome.StatusTimeout, Detail: "hung on purpose"}
}

// hangingCandidates is a program that diverges (concat3) and runners whose
// implementation hangs on every candidate without the word "keepme".
func hangingCandidates() (string, trial.Runners) {
	rs := faultyRunners(faults["concat3"])
	rs.Impl = hangUnless{Runner: rs.Impl, word: "keepme"}
	return `let keepme = "k"
let unused = [1, 2, 3]
let s = str.concat { parts: ["a", keepme, "c"] }
return { s: s, n: len { in: unused } }
`, rs
}

// TestHangingCandidatesAreRejected: candidates on which one side hangs end at the run
// deadline with a timeout divergence, which is not the original signature; the
// reduction goes on past them and keeps what avoids the hang.
func TestHangingCandidatesAreRejected(t *testing.T) {
	src, rs := hangingCandidates()
	start := time.Now()
	res, err := Reduce(context.Background(), src, outcome.Config{File: "hang.a0"}, rs, Options{Timeout: 500 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(res.Source, "keepme") {
		t.Errorf("the result lost the word that avoids the hang:\n%s", res.Source)
	}
	if want := []string{"value@value:string"}; !slices.Equal(res.Signatures, want) {
		t.Errorf("signatures %v, want %v", res.Signatures, want)
	}
	// About 12 s on any machine, idle or loaded: nearly all of it is waiting out the
	// hanging candidates' deadlines (and their re-runs), not CPU. The bound is five
	// times that: a candidate that outlived its deadline would cross it.
	if el := time.Since(start); el > 60*time.Second {
		t.Errorf("took %s: hanging candidates stalled the reduction", el)
	}
	t.Logf("%d candidates in %s:\n%s", res.Candidates, res.Elapsed.Round(time.Millisecond), res.Source)
}

// TestCandidatesHaveTheirOwnDeadline: with CandidateTimeout, a hanging candidate ends at
// that deadline, not at the run's (an hour here: the test would not end without it),
// and the original program still runs under the run's.
func TestCandidatesHaveTheirOwnDeadline(t *testing.T) {
	src, rs := hangingCandidates()
	res, err := Reduce(context.Background(), src, outcome.Config{File: "hang.a0"}, rs, Options{Timeout: time.Hour, CandidateTimeout: 300 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(res.Source, "keepme") || !slices.Equal(res.Signatures, []string{"value@value:string"}) {
		t.Errorf("reduced to %v:\n%s", res.Signatures, res.Source)
	}
}

// TestScopeIsKept: a reduction within a scope keeps the divergences in scope and
// ignores the others (here the whole value is out of scope but the exit code).
func TestScopeIsKept(t *testing.T) {
	src := `let s = str.concat { parts: ["a", "b", "c"] }
return { s: s }
`
	rs := faultyRunners(faults["concat3"])
	rs.Scope = diff.Full.Only([]diff.Aspect{diff.AspectExit}, "chosen with --compare")
	if _, err := Reduce(context.Background(), src, outcome.Config{File: "scope.a0"}, rs, Options{}); err == nil {
		t.Errorf("a divergence out of scope was reduced")
	}
}

func TestBoundsStopTheReductionWithADivergingProgram(t *testing.T) {
	src, cfg, _ := divergingProgram(t, "keysrev", 1, 60)
	rs := faultyRunners(faults["keysrev"])
	res, err := Reduce(context.Background(), src, cfg, rs, Options{MaxCandidates: 20, Workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	if res.Stopped == "" || res.Candidates != 20 {
		t.Errorf("stopped %q after %d candidates, want a stop after 20", res.Stopped, res.Candidates)
	}
	if res.Diff.Verdict != diff.Diverge || !slices.Equal(res.Diff.Signatures(), res.Signatures) {
		t.Errorf("the partial result does not diverge the same way: %v", res.Diff.Signatures())
	}
	if res.After.Nodes > res.Before.Nodes {
		t.Errorf("grew: %v -> %v", res.Before, res.After)
	}
}

func TestCancelledContextEndsTheReduction(t *testing.T) {
	src, cfg, _ := divergingProgram(t, "concat3", 1, 60)
	// The context is cancelled by the reduction's own 20th run, not by a clock: how far
	// a reduction gets in a given time depends on the machine.
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var cancelled time.Time
	rs := faultyRunners(faults["concat3"])
	runs := &cancelAfter{after: 20, cancel: func() { cancelled = time.Now(); cancel() }}
	rs.Impl, rs.Ref = runs.wrap(rs.Impl), runs.wrap(rs.Ref)
	_, err := Reduce(ctx, src, cfg, rs, Options{})
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("got %v after %d runs, want the context's error", err, runs.n.Load())
	}
	if el := time.Since(cancelled); el > 5*time.Second {
		t.Errorf("returned %s after the cancellation", el)
	}
}

// cancelAfter counts the runs of the runners it wraps and calls cancel once, when the
// count reaches after.
type cancelAfter struct {
	after  int64
	n      atomic.Int64
	once   sync.Once
	cancel func()
}

func (c *cancelAfter) wrap(r outcome.Runner) outcome.Runner { return countedRunner{r, c} }

type countedRunner struct {
	outcome.Runner
	c *cancelAfter
}

func (r countedRunner) Run(ctx context.Context, source string, cfg outcome.Config) outcome.Outcome {
	o := r.Runner.Run(ctx, source, cfg)
	if r.c.n.Add(1) >= r.c.after {
		r.c.once.Do(r.c.cancel)
	}
	return o
}

// TestDirectivesRoundTrip writes a configuration as directives and reads it back with
// the corpus parser.
func TestDirectivesRoundTrip(t *testing.T) {
	cfg := outcome.Config{
		File:  "case one.a0",
		Allow: []string{"fs.read", "sh.exec"},
		Fixtures: outcome.Fixtures{
			Cwd: "/srv",
			Files: []outcome.File{
				{Path: "a.txt", Content: "line\n\"quoted\" <b>\u00e9"},
				{Path: "my dir/b.txt", Content: ""},
				{Path: "empty", Dir: true},
			},
			HTTP: []outcome.HTTPResponse{
				{URL: "https://api.test/x", Status: 404, Headers: [][2]string{{"content-type", "text/plain"}}, Body: "nope"},
				{URL: "https://down.test/", Error: "fetch failed"},
			},
			Shell: []outcome.ShellResult{{Cmd: "ls -l", ExitCode: 2, Stdout: "a\n", Stderr: "err", DurationMs: 5}},
		},
		Limits: outcome.Limits{Timeout: 1500 * time.Millisecond},
	}
	res := Result{Source: "return 1\n", Config: cfg, Canonical: true, Signatures: []string{"value@value"}}
	data := res.Draft(res.Note("in.a0")).Text(false)
	e, err := corpus.Parse("out.a0", data)
	if err != nil {
		t.Fatalf("%v\n%s", err, data)
	}
	got := e.Config
	got.Fixtures.HTTP[0].Status, cfg.Fixtures.HTTP[0].Status = 404, 404
	if fmt.Sprintf("%#v", got) != fmt.Sprintf("%#v", cfg) {
		t.Errorf("round trip:\n got %#v\nwant %#v\n%s", got, cfg, data)
	}
	if !strings.HasPrefix(string(data), "return 1\n# Reduced by a0diff reduce from in.a0.\n") {
		t.Errorf("the program must come first, then the note:\n%s", data)
	}
	none := Result{Source: "return 1\n", Config: outcome.Config{File: "x.a0", Allow: []string{}}}
	if d := corpus.Directives(none.Config); !slices.Equal(d, []string{"# @name x.a0", "# @allow"}) {
		t.Errorf("an empty allow list must stay explicit: %q", d)
	}
}

func TestWriteNewNeverReplaces(t *testing.T) {
	dir := t.TempDir()
	in := filepath.Join(dir, "case.a0")
	os.WriteFile(in, []byte("return 1\n"), 0o644)
	first := DefaultPath(in)
	if want := filepath.Join(dir, "case.reduced.a0"); first != want {
		t.Errorf("DefaultPath = %s, want %s", first, want)
	}
	if err := corpus.CreateFileAtomic(first, []byte("one\n")); err != nil {
		t.Fatal(err)
	}
	if err := corpus.CreateFileAtomic(first, []byte("two\n")); !errors.Is(err, fs.ErrExist) {
		t.Errorf("second write: %v, want an 'already exists' error", err)
	}
	if data, _ := os.ReadFile(first); string(data) != "one\n" {
		t.Errorf("the file was replaced: %q", data)
	}
	if second, want := DefaultPath(in), filepath.Join(dir, "case.reduced-2.a0"); second != want {
		t.Errorf("DefaultPath after the first = %s, want %s", second, want)
	}
	if left, _ := filepath.Glob(filepath.Join(dir, ".*tmp*")); len(left) > 0 {
		t.Errorf("temporary files left behind: %v", left)
	}
}

func TestSaveChecksAndWritesTheEntry(t *testing.T) {
	dir := t.TempDir()
	e, err := corpus.ParseFile("testdata/concat3.a0")
	if err != nil {
		t.Fatal(err)
	}
	rs := faultyRunners(faults["concat3"])
	res, err := ReduceEntry(context.Background(), e, rs, Options{})
	if err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "concat3.reduced.a0")
	if err := Save(context.Background(), res, rs, Options{}, "testdata/concat3.a0", out, "Found by a test."); err != nil {
		t.Fatal(err)
	}
	data, _ := os.ReadFile(out)
	for _, want := range []string{res.Source, "# Found by a test.\n", "#   value@value:string\n", "# @name concat3.a0\n"} {
		if !strings.Contains(string(data), want) {
			t.Errorf("the entry lacks %q:\n%s", want, data)
		}
	}
	// The same result against implementations that agree is refused, and nothing is
	// written.
	other := filepath.Join(dir, "other.a0")
	if err := Save(context.Background(), res, shippedRunners(), Options{}, "x", other); err == nil {
		t.Error("Save wrote an entry that does not reproduce the divergence")
	}
	if _, err := os.Stat(other); err == nil {
		t.Error("a failed Save left a file")
	}
}

// TestReductionFiguresOnGen (with -reduce.figures) reduces programs of package gen of
// 100+ lines on which an injected fault makes the implementations diverge, checks the
// guarantees and reports the figures.
func TestReductionFiguresOnGen(t *testing.T) {
	if !*figures {
		t.Skip("run with -reduce.figures")
	}
	ctx := context.Background()
	var factors []float64
	var times []time.Duration
	for i := 0; i < 3000 && len(factors) < 10; i++ {
		c := gen.Generate(gen.RandChooser{R: gen.CaseRand(11, i)}, gen.Options{Size: 1500})
		if c.Mode != gen.Valid || codeLines(c.Source) < 100 {
			continue
		}
		cfg := c.Config
		ref := reference().Run(ctx, c.Source, cfg)
		if diff.Compare(shippedRunners().Impl.Run(ctx, c.Source, cfg), ref).Verdict != diff.Agree {
			continue // a real divergence: not what this test measures
		}
		for _, name := range []string{"concat3", "keysrev", "maxneg", "loopcount"} {
			rs := faultyRunners(faults[name])
			first := diff.Compare(rs.Impl.Run(ctx, c.Source, cfg), ref)
			if first.Verdict != diff.Diverge {
				continue
			}
			res, err := Reduce(ctx, c.Source, cfg, rs, Options{})
			if err != nil {
				t.Fatalf("gen case %d, %s: %v", i, name, err)
			}
			checkResult(t, res, rs, first.Signatures())
			factors = append(factors, res.Factor())
			times = append(times, res.Elapsed)
			t.Logf("gen case %4d %-9s %4d -> %3d nodes (%5.1fx), %3d -> %2d lines, %4d candidates, %s",
				i, name, res.Before.Nodes, res.After.Nodes, res.Factor(), res.Before.Lines, res.After.Lines, res.Candidates, res.Elapsed.Round(time.Millisecond))
			break
		}
	}
	if len(factors) == 0 {
		t.Fatal("no gen program of 100+ lines made an injected fault diverge")
	}
	sort.Float64s(factors)
	slices.Sort(times)
	t.Logf("%d gen programs: reduction median %.1fx, worst %.1fx; time median %s, worst %s",
		len(factors), factors[len(factors)/2], factors[0], times[len(times)/2].Round(time.Millisecond), times[len(times)-1].Round(time.Millisecond))
}

// slowUnder times out at once under a deadline of at most need and otherwise returns
// the value 1: a one-sided timeout that only the machine's load made.
type slowUnder struct {
	name string
	need time.Duration
}

func (s slowUnder) Name() string { return s.name }
func (s slowUnder) Run(_ context.Context, _ string, cfg outcome.Config) outcome.Outcome {
	if cfg.Limits.Timeout <= s.need {
		return outcome.Outcome{Status: outcome.StatusTimeout, Detail: "slow"}
	}
	return outcome.Outcome{Status: outcome.StatusOK, Value: 1.0, HasValue: true}
}

// A one-sided timeout that does not show again with trial.RetryFactor times the
// deadline is refused, not reduced; one that does is reduced.
func TestLoadDependentTimeoutIsNotReduced(t *testing.T) {
	correct := textRunner{name: "ref"}
	_, err := Reduce(context.Background(), "let a = 1\nreturn a\n", outcome.Config{File: "slow.a0"},
		trial.Runners{Impl: slowUnder{"go", time.Second}, Ref: correct}, Options{Timeout: time.Second})
	var nb *NotBelievedError
	if !errors.As(err, &nb) || !strings.Contains(err.Error(), "did not show again with 3 times the deadline") {
		t.Fatalf("got %v, want a NotBelievedError", err)
	}
	res, err := Reduce(context.Background(), "let a = 1\nreturn a\n", outcome.Config{File: "slow.a0"},
		trial.Runners{Impl: slowUnder{"go", time.Hour}, Ref: correct}, Options{Timeout: time.Second})
	if err != nil || !slices.Equal(res.Signatures, []string{"timeout@status:go"}) {
		t.Errorf("a persistent one-sided timeout: %v, signatures %v", err, res.Signatures)
	}
}
