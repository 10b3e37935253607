package harness

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/a0diff/a0diff/diff"
	"github.com/a0diff/a0diff/runtime/outcome"
	"github.com/a0diff/a0diff/trial"
	"github.com/a0diff/a0diff/worker"
	"github.com/a0diff/a0diff/worker/workertest"
)

// The entry-worker tests re-execute the test binary as an entry worker (the pattern of
// os/exec's own tests): with entryWorkerEnv set, TestMain serves batches with the fake
// implementations of fakes(), whose reference misbehaves on the programs that contain
// "FAULT" as entryWorkerFault says ("exit", "hang" or "alloc").
const (
	entryWorkerEnv   = "A0DIFF_ENTRY_WORKER_TEST"
	entryWorkerFault = "A0DIFF_ENTRY_WORKER_FAULT"
)

func TestMain(m *testing.M) {
	if os.Getenv(entryWorkerEnv) == "" {
		os.Exit(m.Run())
	}
	cell, err := worker.OpenProgressCell()
	if err != nil {
		os.Exit(2)
	}
	rs := fakes()
	rs.Ref = faultyRunner{Runner: rs.Ref, fault: os.Getenv(entryWorkerFault)}
	if err := ServeEntries(os.Stdin, os.Stdout, cell, rs); err != nil {
		os.Exit(2)
	}
	os.Exit(0)
}

// faultyRunner misbehaves on the programs that contain "FAULT".
type faultyRunner struct {
	outcome.Runner
	fault string
}

func (f faultyRunner) Run(ctx context.Context, source string, cfg outcome.Config) outcome.Outcome {
	if strings.Contains(source, "FAULT") {
		workertest.Misbehave(f.fault)
	}
	return f.Runner.Run(ctx, source, cfg)
}

// entryDir is testdata's entries (agreeing, diverging, failing, hanging) and 60 more
// that agree, of which the 31st has a FAULT comment.
func entryDir(t *testing.T) string {
	extra := map[string]string{}
	for k := range 60 {
		note := ""
		if k == 30 {
			note = "# FAULT\n"
		}
		extra[fmt.Sprintf("n%02d.a0", k)] = fmt.Sprintf("%sreturn %d\n# @expect value %d\n", note, k, k)
	}
	return copyTestdata(t, extra)
}

// jsonOf renders rep as JSON without its times.
func jsonOf(t *testing.T, rep *Report) string {
	t.Helper()
	var b bytes.Buffer
	if err := WriteJSON(&b, rep, ReportOptions{}); err != nil {
		t.Fatal(err)
	}
	return regexp.MustCompile(`"elapsedMs": ?\d+`).ReplaceAllString(b.String(), "")
}

// runEntries runs dir's entries with the fakes, in entry workers when cfg is set (the
// test binary, misbehaving as fault says).
func runEntries(t *testing.T, dir string, cfg *worker.BatchConfig, fault string, timeout time.Duration) *Report {
	t.Helper()
	opts := Options{Workers: 2, Timeout: timeout}
	if cfg != nil {
		c := *cfg
		c.Name = "test"
		if c.Command == nil {
			c.Command = []string{os.Args[0]}
		}
		c.Env = append(c.Env, entryWorkerEnv+"=1", entryWorkerFault+"="+fault)
		opts.Batch = &c
	}
	files, err := LoadFiles([]string{dir}, nil)
	if err != nil {
		t.Fatal(err)
	}
	rep, err := RunFiles(context.Background(), fakes(), files, opts)
	if err != nil {
		t.Fatal(err)
	}
	return rep
}

// An entry worker's death, an entry that overruns the deadlines and one that goes over
// the memory ceiling each cost the run nothing: the entry the worker was on (its
// progress cell says which) is run again one by one, the other entries of the batch go
// to the next batch, and the report is the one the entries give one by one.
func TestEntryWorkerFaultsLoseNoEntry(t *testing.T) {
	dir := entryDir(t)
	want := jsonOf(t, runEntries(t, dir, nil, "", time.Second))
	tests := []struct {
		fault   string
		cfg     worker.BatchConfig
		timeout time.Duration
	}{
		{"", worker.BatchConfig{}, time.Second},
		{"exit", worker.BatchConfig{}, time.Second},
		{"hang", worker.BatchConfig{}, time.Second}, // killed after 2 × 1 s + the graces
		{"alloc", worker.BatchConfig{RSSLimitMB: 200}, time.Second},
	}
	for _, tt := range tests {
		t.Run("fault="+tt.fault, func(t *testing.T) {
			rep := runEntries(t, dir, &tt.cfg, tt.fault, tt.timeout)
			if d := cmp.Diff(want, jsonOf(t, rep)); d != "" {
				t.Errorf("report (-one by one +entry workers):\n%s", d)
			}
			st := *rep.Batch
			deaths := 0
			if tt.fault != "" {
				deaths = 1
			}
			// The entries that do not pass plainly (diverge, fail, hang, wrong) run again
			// one by one, and so does the one a death pinned.
			if st.Deaths != deaths || st.Pinned != deaths || st.Redone != 3+deaths || st.Started < 2+deaths {
				t.Errorf("entry workers: %+v; want %d deaths pinning the FAULT entry, 3 other entries run again", st, deaths)
			}
		})
	}
}

// Without entry workers that start, the run goes entry by entry and says why.
func TestEntryWorkersThatCannotStart(t *testing.T) {
	dir := entryDir(t)
	want := jsonOf(t, runEntries(t, dir, nil, "", time.Second))
	rep := runEntries(t, dir, &worker.BatchConfig{Command: []string{"/nonexistent/a0diff"}}, "", time.Second)
	if d := cmp.Diff(want, jsonOf(t, rep)); d != "" {
		t.Errorf("report (-one by one +entry workers):\n%s", d)
	}
	if st := rep.Batch; st.StartError == "" || st.Started != 0 || st.Redone != rep.Len() {
		t.Errorf("entry workers: %+v; want a start error and every entry run one by one", st)
	}
}

// Entry workers serve only the two built-in implementations compared in full.
func TestBatchable(t *testing.T) {
	full := fakes()
	if !Batchable(full) {
		t.Error("the pair is not batchable")
	}
	values, err := diff.ParseAspects("value")
	if err != nil {
		t.Fatal(err)
	}
	for name, rs := range map[string]trial.Runners{
		"--cross-check": {Impl: full.Impl, Ref: full.Ref, Node: full.Ref},
		"--impl":        {Impl: full.Impl, Ref: full.Ref, Extra: []outcome.Runner{full.Impl}},
		"--compare":     {Impl: full.Impl, Ref: full.Ref, Scope: diff.Full.Only(values, "chosen")},
	} {
		if Batchable(rs) {
			t.Errorf("%s: batchable", name)
		}
	}
}
