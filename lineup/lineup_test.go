package lineup

import (
	"context"
	"errors"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/a0diff/a0diff/diff"
	"github.com/a0diff/a0diff/runtime/outcome"
	"github.com/a0diff/a0diff/runtime/run"
	"github.com/a0diff/a0diff/trial"
	"github.com/a0diff/a0diff/worker"
)

// fake is an in-process implementation that runs nothing.
type fake string

func (f fake) Name() string { return string(f) }
func (f fake) Run(context.Context, string, outcome.Config) outcome.Outcome {
	return outcome.Outcome{}
}

// testLineup is a Lineup whose in-process implementations are fakes, whose --ref bundle
// fails to load when the path is "broken.js", and whose binary is /bin/a0diff.
func testLineup(isolation, refPath string) *Lineup {
	return &Lineup{
		Isolation: isolation, RefPath: refPath, RSSLimitMB: 512,
		NewGo: func() outcome.Runner { return fake("go-in-process") },
		NewRef: func(path string) (outcome.Runner, error) {
			if path == "broken.js" {
				return nil, errors.New("broken.js: not a bundle")
			}
			return fake("ref-in-process"), nil
		},
		Executable: func() (string, error) { return "/bin/a0diff", nil },
	}
}

// describe says what r is: "in process NAME" or "pool NAME" (with "beside" when the
// pool has one worker).
func describe(r outcome.Runner) string {
	switch r := r.(type) {
	case nil:
		return "nil"
	case *worker.Pool:
		if r.RunsBeside() {
			return "pool " + r.Name() + " beside"
		}
		return "pool " + r.Name()
	default:
		return "in process " + r.Name()
	}
}

// checkErr fails unless err is nil and want is "", or err contains want and is a
// *FlagError exactly when flag.
func checkErr(t *testing.T, err error, want string, flag bool) {
	t.Helper()
	if want == "" {
		if err != nil {
			t.Errorf("error %v", err)
		}
		return
	}
	var fe *FlagError
	if err == nil || !strings.Contains(err.Error(), want) || errors.As(err, &fe) != flag {
		t.Errorf("error %v (a flag error: %v), want one containing %q (a flag error: %v)", err, errors.As(err, &fe), want, flag)
	}
}

func TestCheck(t *testing.T) {
	tests := []struct {
		isolation string
		rss       int
		err       string
	}{
		{Process, 0, ""},
		{Case, 2048, ""},
		{None, 0, ""},
		{"thread", 0, `--isolation must be process, case or none, not "thread"`},
		{"", 0, `--isolation must be process, case or none, not ""`},
		{Process, -1, "--rss-limit-mb must not be negative, not -1"},
		{Process, 8 << 20, ""},
		// Over it, the ceiling in bytes overflowed and every worker died of a malformed
		// GOMEMLIMIT.
		{Process, 8<<20 + 1, "--rss-limit-mb must be at most 8388608 (8 TiB; 0 for no ceiling), not 8388609"},
		{Process, 99999999999999, "--rss-limit-mb must be at most 8388608 (8 TiB; 0 for no ceiling), not 99999999999999"},
	}
	for _, tt := range tests {
		l := Lineup{Isolation: tt.isolation, RSSLimitMB: tt.rss}
		checkErr(t, l.Check(), tt.err, true)
	}
}

// Which runner plays Impl and Ref for the built-in pair.
func TestBuiltin(t *testing.T) {
	tests := []struct {
		isolation, refPath string
		workers            int
		impl, ref          string
		err                string
	}{
		{None, "", 4, "in process go-in-process", "in process ref-in-process", ""},
		{None, "broken.js", 4, "", "", "broken.js: not a bundle"},
		{Process, "", 1, "pool go beside", "pool ref beside", ""},
		{Process, "", 4, "pool go", "pool ref", ""},
		{Case, "mine.js", 2, "pool go", "pool ref", ""},
		// --ref is loaded before any worker starts.
		{Process, "broken.js", 2, "", "", "broken.js: not a bundle"},
	}
	for _, tt := range tests {
		rs, err := testLineup(tt.isolation, tt.refPath).Builtin(tt.workers)
		checkErr(t, err, tt.err, false)
		if err == nil {
			if describe(rs.Impl) != tt.impl || describe(rs.Ref) != tt.ref || rs.Node != nil || rs.Extra != nil {
				t.Errorf("%s %q -j %d: impl %s, ref %s, node %v, extra %v; want %s, %s", tt.isolation, tt.refPath, tt.workers,
					describe(rs.Impl), describe(rs.Ref), rs.Node, rs.Extra, tt.impl, tt.ref)
			}
			Close(rs)
		}
	}
}

// Which runner exec --impl NAME gets.
func TestOne(t *testing.T) {
	tests := []struct {
		isolation, refPath, name string
		want                     string
		err                      string
		flagErr                  bool
	}{
		{None, "", "go", "in process go-in-process", "", false},
		{None, "", "ref", "in process ref-in-process", "", false},
		{Process, "", "go", "pool go beside", "", false},
		{Case, "", "ref", "pool ref beside", "", false},
		{Process, "broken.js", "ref", "", "broken.js: not a bundle", false},
		// An external implementation runs in a worker whatever the isolation.
		{None, "", "mine=/opt/a0 --serve", "pool mine beside", "", false},
		{Process, "", "mine=/opt/a0", "pool mine beside", "", false},
		{None, "", "gc", "", `--impl must be go, ref, node or NAME=COMMAND, not "gc"`, true},
		{None, "", "", "", `--impl must be go, ref, node or NAME=COMMAND, not ""`, true},
		{None, "", "go=/opt/a0", "", `--impl "go=/opt/a0": go is the name of a built-in implementation`, true},
		{None, "", "_x=/opt/a0", "", `--impl "_x=/opt/a0": the name must be`, true},
		{None, "", "x=", "", `--impl "x=": the command is empty`, true},
	}
	for _, tt := range tests {
		r, err := testLineup(tt.isolation, tt.refPath).One(tt.name)
		checkErr(t, err, tt.err, tt.flagErr)
		if err == nil {
			if got := describe(r); got != tt.want {
				t.Errorf("%s --impl %q: %s, want %s", tt.isolation, tt.name, got, tt.want)
			}
			CloseRunner(r)
		}
	}
}

func TestNodeWithoutNode(t *testing.T) {
	t.Setenv("PATH", t.TempDir())
	_, err := testLineup(None, "").One("node")
	checkErr(t, err, "--cross-check needs node (V8) on the PATH", true)
	var rs trial.Runners
	err = testLineup(Process, "").AddExtras(&rs, Extras{CrossCheck: true, Impls: []string{"x=y"}}, 2)
	checkErr(t, err, "--cross-check needs node (V8) on the PATH", true)
	if rs.Node != nil || rs.Extra != nil {
		t.Errorf("runners added on error: %+v", rs)
	}
}

// Every --impl is read before anything starts: a later bad one is reported, naming the
// flag, before an earlier one that cannot start.
func TestAddExtrasErrors(t *testing.T) {
	tests := []struct {
		impls   []string
		err     string
		flagErr bool
	}{
		{[]string{"gone=/nonexistent/a0-impl --serve"}, "--impl gone=/nonexistent/a0-impl --serve: starting /nonexistent/a0-impl", false},
		{[]string{"gone=/nonexistent/a0-impl", "a=x", "a=y"}, "--impl a=y: the name a is given twice", true},
		{[]string{"gone=/nonexistent/a0-impl", "ref=x"}, `--impl "ref=x": ref is the name of a built-in implementation`, true},
		{[]string{"gone=/nonexistent/a0-impl", "a"}, `--impl "a": want NAME=COMMAND`, true},
	}
	for _, tt := range tests {
		var rs trial.Runners
		err := testLineup(Process, "").AddExtras(&rs, Extras{Impls: tt.impls}, 2)
		checkErr(t, err, tt.err, tt.flagErr)
		if rs.Extra != nil {
			t.Errorf("%q: runners added on error: %v", tt.impls, rs.Extra)
		}
	}
	var rs trial.Runners
	if err := testLineup(Process, "").AddExtras(&rs, Extras{}, 2); err != nil || rs.Node != nil || rs.Extra != nil {
		t.Errorf("no extras: %v %+v", err, rs)
	}
}

// The built-in workers are `a0diff worker --impl NAME`, the reference's with --ref.
func TestWorkerConfig(t *testing.T) {
	t.Setenv("GOMAXPROCS", "")
	tests := []struct {
		impl, refPath string
		argv          []string
	}{
		{"go", "", []string{"/bin/a0diff", "worker", "--impl", "go"}},
		{"go", "mine.js", []string{"/bin/a0diff", "worker", "--impl", "go"}},
		{"ref", "", []string{"/bin/a0diff", "worker", "--impl", "ref"}},
		{"ref", "mine.js", []string{"/bin/a0diff", "worker", "--impl", "ref", "--ref", "mine.js"}},
	}
	for _, tt := range tests {
		cfg, err := testLineup(Process, tt.refPath).workerConfig(tt.impl, 3)
		if err != nil || cfg.Name != tt.impl || !reflect.DeepEqual(cfg.Command, tt.argv) || cfg.Size != 3 || cfg.RSSLimitMB != 512 ||
			!slices.Contains(cfg.Env, "GOMAXPROCS=1") {
			t.Errorf("%s %q: %+v %v", tt.impl, tt.refPath, cfg, err)
		}
	}
	l := testLineup(Process, "")
	l.Executable = func() (string, error) { return "", errors.New("no binary") }
	if _, err := l.Builtin(2); err == nil || err.Error() != "no binary" {
		t.Errorf("Builtin without a binary: %v", err)
	}
}

// The batch workers are `a0diff campaign-worker` and `a0diff entry-worker`, started
// only with --isolation process, and campaign workers only for the built-in pair alone.
func TestBatchWorkers(t *testing.T) {
	node := fake("node")
	tests := []struct {
		isolation, refPath string
		entries            bool
		rs                 trial.Runners
		name               string
		argv               []string
	}{
		{Process, "", false, trial.Runners{}, "campaign", []string{"/bin/a0diff", "campaign-worker"}},
		{Process, "mine.js", false, trial.Runners{}, "campaign", []string{"/bin/a0diff", "campaign-worker", "--ref", "mine.js"}},
		{Process, "", false, trial.Runners{Node: node}, "", nil},
		{Process, "", false, trial.Runners{Extra: []outcome.Runner{fake("mine")}}, "", nil},
		{Case, "", false, trial.Runners{}, "", nil},
		{None, "", false, trial.Runners{}, "", nil},
		{Process, "", true, trial.Runners{}, "entry", []string{"/bin/a0diff", "entry-worker"}},
		{Process, "mine.js", true, trial.Runners{}, "entry", []string{"/bin/a0diff", "entry-worker", "--ref", "mine.js"}},
		{Case, "", true, trial.Runners{}, "", nil},
		{None, "", true, trial.Runners{}, "", nil},
	}
	for _, tt := range tests {
		l := testLineup(tt.isolation, tt.refPath)
		cfg := l.CampaignWorkers(tt.rs, 2)
		if tt.entries {
			cfg = l.EntryWorkers(2)
		}
		if tt.name == "" {
			if cfg != nil {
				t.Errorf("%s %q entries %v %+v: %+v, want none", tt.isolation, tt.refPath, tt.entries, tt.rs, cfg)
			}
			continue
		}
		if cfg == nil || cfg.Name != tt.name || !reflect.DeepEqual(cfg.Command, tt.argv) || cfg.RSSLimitMB != 512 ||
			!reflect.DeepEqual(cfg.Env, append(worker.BatchWorkerMemoryLimitEnv(512), worker.BatchWorkerProcsEnv(2)...)) {
			t.Errorf("%s %q entries %v: %+v", tt.isolation, tt.refPath, tt.entries, cfg)
		}
	}
	l := testLineup(Process, "")
	l.Executable = func() (string, error) { return "", errors.New("no binary") }
	if cfg := l.CampaignWorkers(trial.Runners{}, 2); cfg != nil {
		t.Errorf("without a binary: %+v", cfg)
	}
}

func TestWorkerImplementation(t *testing.T) {
	tests := []struct {
		impl, refPath, err string
		flagErr            bool
	}{
		{"go", "", "", false},
		{"ref", "", "", false},
		{"ref", "testdata/none.js", "testdata/none.js", false},
		{"node", "", `--impl must be go or ref, not "node"`, true},
	}
	for _, tt := range tests {
		_, err := WorkerImplementation(tt.impl, tt.refPath)
		checkErr(t, err, tt.err, tt.flagErr)
	}
}

// TestShippedImplementationsAgree checks the wiring of the real implementations (the Go
// evaluator and the embedded reference bundle) on a program whose outcome the spec fixes:
// `return 1 / 0` is E_TYPE "Division by zero." on the operator (spec §5.6), exit 4.
func TestShippedImplementationsAgree(t *testing.T) {
	var warnings strings.Builder
	ref, err := OpenRef("", &warnings)
	if err != nil {
		t.Fatal(err)
	}
	cfg := outcome.Config{File: "t.a0", Limits: outcome.DefaultLimits}
	g := (&Lineup{}).newGo().Run(context.Background(), "return 1 / 0\n", cfg)
	r := ref.Run(context.Background(), "return 1 / 0\n", cfg)
	if res := diff.Compare(g, r); res.Verdict != diff.Agree {
		t.Fatalf("implementations disagree: %v", res.Divergences)
	}
	if g.ExitCode != 4 || len(g.Errors) != 1 || g.Errors[0].Code != "E_TYPE" || g.Errors[0].Message != "Division by zero." ||
		g.Errors[0].Span == nil || g.Errors[0].Span.StartCol != 8 || g.Errors[0].Span.EndCol != 13 {
		t.Errorf("outcome %s", outcome.Marshal(g))
	}
	if warnings.Len() > 0 {
		t.Errorf("warnings about the embedded bundle: %s", warnings.String())
	}
	if _, err := OpenRef("testdata/none.js", &warnings); err == nil {
		t.Error("a missing --ref bundle loaded")
	}
	rs, err := BatchRunners("")
	if err != nil || describe(rs.Impl) != "in process "+run.New().Name() || rs.Ref == nil {
		t.Errorf("BatchRunners: %+v %v", rs, err)
	}
}
