package main

import (
	"bytes"
	"context"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/a0diff/a0diff/campaign"
	"github.com/a0diff/a0diff/diff"
	"github.com/a0diff/a0diff/gen"
	"github.com/a0diff/a0diff/lineup"
	tsbundle "github.com/a0diff/a0diff/reference/ts-bundle"
	"github.com/a0diff/a0diff/runtime/outcome"
	"github.com/a0diff/a0diff/worker"
)

// plantedDefectsBundle writes the embedded reference with testdata/mutant-ref.js
// appended: a reference that diverges on a tenth or so of the generated programs.
func plantedDefectsBundle(t *testing.T) string {
	return patchedBundle(t, "testdata/mutant-ref.js")
}

// patchedBundle writes the embedded reference with the script patch appended to a
// temporary file and returns its path.
func patchedBundle(t *testing.T, patch string) string {
	t.Helper()
	text, err := os.ReadFile(patch)
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), filepath.Base(patch))
	if err := os.WriteFile(path, append([]byte(tsbundle.EmbeddedSource()+"\n"), text...), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// campaignRun is what one campaign did, for comparing two runs.
type campaignRun struct {
	verdicts map[int]diff.Verdict
	summary  *campaign.Summary
	entries  map[string]string // file name → text
	batch    campaign.BatchStats
}

// runCampaign runs a campaign with the shipped implementations under --isolation iso
// ("process": campaign workers; "case": per-case workers), writing entries to out.
func runCampaign(t *testing.T, iso, ref, out string, opts campaign.Options) campaignRun {
	t.Helper()
	a := newApp(new(bytes.Buffer), new(bytes.Buffer))
	a.isolation, a.refPath, a.rssLimitMB, a.timeout = iso, ref, worker.DefaultRSSLimitMB, opts.Timeout
	rs, err := a.lineup().Builtin(opts.Workers)
	if err != nil {
		t.Fatal(err)
	}
	defer lineup.Close(rs)
	if iso == "process" {
		opts.Batch = a.lineup().CampaignWorkers(rs, opts.Workers)
	}
	opts.Out, opts.RefPath = out, ref
	r := campaignRun{verdicts: map[int]diff.Verdict{}, entries: map[string]string{}}
	var mu sync.Mutex
	opts.OnCase = func(i int, v diff.Verdict) {
		mu.Lock()
		defer mu.Unlock()
		if _, dup := r.verdicts[i]; dup {
			t.Errorf("--isolation %s: case %d recorded twice", iso, i)
		}
		r.verdicts[i] = v
	}
	c := campaign.New(rs, opts)
	r.summary = c.Run(context.Background())
	r.batch = c.BatchStats()
	lineup.Close(rs)
	noWorkersLeft(t)
	files, _ := filepath.Glob(filepath.Join(out, "*.a0"))
	for _, f := range files {
		b, _ := os.ReadFile(f)
		r.entries[filepath.Base(f)] = string(b)
	}
	return r
}

// comparable is the part of a summary two runs of one campaign must share (not their
// times, nor the order in which cases happened to complete). With several workers the
// entry of a signature is written from whichever of its cases was recorded first, in
// either mode, so its program is compared only at -j 1 (exact).
func comparable(s *campaign.Summary, exact bool) any {
	type bucket struct {
		Signature, Note, Program, Derived string
		File                              string
		Count, First                      int
	}
	var bs []bucket
	for _, b := range s.Buckets {
		if !exact {
			b.Program, b.Derived, b.Note = "", "", ""
		}
		bs = append(bs, bucket{b.Signature, b.Note, b.Program, b.Derived, filepath.Base(b.File), b.Count, b.First})
	}
	return struct {
		Cases, ValidMode, ValidPass, InvalidMode, Timeouts, Coverage, Pool, Derived int
		Verdicts                                                                    map[diff.Verdict]int
		Buckets                                                                     []bucket
	}{s.Cases(), s.ValidMode, s.ValidPass, s.InvalidMode, s.Timeouts, s.Coverage, s.Pool, s.Derived, s.Verdicts, bs}
}

// For one seed, count and options, campaign workers and per-case workers give the same
// verdict for every case, the same signatures, counts and coverage, and write the same
// entries — with a reference that diverges often, so that the cases campaign workers
// hand back to per-case workers are many.
func TestCampaignWorkersGiveTheSameResults(t *testing.T) {
	ref := plantedDefectsBundle(t)
	tests := []struct {
		name  string
		count int
		opts  campaign.Options
	}{
		{"-j 2", 2500, campaign.Options{Seed: 21, Workers: 2}},
		{"-j 1", 800, campaign.Options{Seed: 24, Workers: 1}},
		{"sharded", 600, campaign.Options{Seed: 22, Workers: 2, Shard: campaign.Shard{K: 1, N: 3}, Start: 7}},
		{"guided", 600, campaign.Options{Seed: 23, Workers: 2, Guided: true}},
		{"guided -j 1", 400, campaign.Options{Seed: 25, Workers: 1, Guided: true}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			opts := tt.opts
			opts.Count, opts.Timeout = tt.count, outcome.DefaultLimits.Timeout
			opts.Gen = gen.Options{Features: gen.AllFeatures, InvalidShare: 0.1}
			opts.FeaturesFlag = "all"
			dir := t.TempDir()
			out := filepath.Join(dir, "out") // the same path for both: entries name their file
			perCase := runCampaign(t, "case", ref, out, opts)
			if err := os.Rename(out, filepath.Join(dir, "case")); err != nil && len(perCase.entries) > 0 {
				t.Fatal(err)
			}
			batched := runCampaign(t, "process", ref, out, opts)

			if perCase.summary.Verdicts[diff.Diverge] < 20 || len(perCase.entries) < 2 {
				t.Fatalf("the planted defects gave %d divergences and %d entries; the test needs more", perCase.summary.Verdicts[diff.Diverge], len(perCase.entries))
			}
			if d := cmp.Diff(perCase.verdicts, batched.verdicts); d != "" {
				t.Errorf("verdicts per case (-per-case +campaign workers):\n%s", d)
			}
			exact := opts.Workers == 1
			if d := cmp.Diff(comparable(perCase.summary, exact), comparable(batched.summary, exact)); d != "" {
				t.Errorf("summaries (-per-case +campaign workers):\n%s", d)
			}
			if exact {
				if d := cmp.Diff(perCase.entries, batched.entries); d != "" {
					t.Errorf("entries written (-per-case +campaign workers):\n%s", d)
				}
			} else if d := cmp.Diff(slices.Sorted(maps.Keys(perCase.entries)), slices.Sorted(maps.Keys(batched.entries))); d != "" {
				t.Errorf("entry files written (-per-case +campaign workers):\n%s", d)
			}
			// At least the cases that are not agreement run again (on a loaded machine a
			// case may also time out in a campaign worker and agree when run again).
			if batched.batch.Started == 0 || batched.batch.Redone < perCase.summary.Verdicts[diff.Diverge]+perCase.summary.Verdicts[diff.Inconclusive]+perCase.summary.Timeouts {
				t.Errorf("campaign workers: %+v; want the %d cases that are not agreement run again", batched.batch,
					perCase.summary.Verdicts[diff.Diverge]+perCase.summary.Verdicts[diff.Inconclusive]+perCase.summary.Timeouts)
			}
			t.Logf("%d cases: %v, %d signatures, %d entries; campaign workers %+v", perCase.summary.Cases(), perCase.summary.Verdicts, len(perCase.summary.Buckets), len(perCase.entries), batched.batch)
			if perCase.batch.Started != 0 {
				t.Errorf("--isolation case started campaign workers: %+v", perCase.batch)
			}
		})
	}
}

// A run past its deadline in a campaign worker, where each implementation runs on the
// worker's own goroutine (lineup.BatchRunners), ends as it does in per-case workers:
// JavaScript looping past the deadline is interrupted there, and a run stuck in a native
// built-in that nothing in the worker can interrupt is ended by the supervisor, which
// kills the worker when its progress cell stops past the case's deadlines; each such
// case is run again per case, which attributes the timeout to the reference. The
// verdicts, case by case, and the summary are those of per-case workers.
func TestCampaignWorkersBoundRunsPastTheDeadline(t *testing.T) {
	ref := patchedBundle(t, "testdata/stuck-ref.js")
	// Seed 4's first 40 cases: three on which the bundle loops, one on which it is stuck
	// in indexOf.
	opts := campaign.Options{Seed: 4, Count: 40, Workers: 2, Timeout: 500 * time.Millisecond,
		Gen: gen.Options{Features: gen.AllFeatures, InvalidShare: 0.1}, FeaturesFlag: "all"}
	dir := t.TempDir()
	perCase := runCampaign(t, "case", ref, filepath.Join(dir, "case"), opts)
	batched := runCampaign(t, "process", ref, filepath.Join(dir, "process"), opts)
	if perCase.summary.Timeouts != 4 || perCase.summary.Verdicts[diff.Agree] != 36 {
		t.Fatalf("per case: %v, %d timeouts; the test needs the bundle stuck on 4 of the 40 cases", perCase.summary.Verdicts, perCase.summary.Timeouts)
	}
	if d := cmp.Diff(perCase.verdicts, batched.verdicts); d != "" {
		t.Errorf("verdicts per case (-per-case +campaign workers):\n%s", d)
	}
	if d := cmp.Diff(comparable(perCase.summary, false), comparable(batched.summary, false)); d != "" {
		t.Errorf("summaries (-per-case +campaign workers):\n%s", d)
	}
	// The stuck case killed its worker and was pinned by the death; the loops were
	// timeouts in the worker, run again.
	if b := batched.batch; b.Deaths < 1 || b.Pinned < 1 || b.Redone < 4 {
		t.Errorf("campaign workers: %+v; want the stuck case pinned by a death and the 4 cases run again", b)
	}
}

// `a0diff fuzz` uses campaign workers by default when only the built-in implementations
// run, and says so; --isolation case and external implementations keep per-case workers.
func TestFuzzUsesCampaignWorkersByDefault(t *testing.T) {
	code, stdout, stderr := realCLI(context.Background(), "fuzz", "--seed", "5", "--count", "60", "-j", "2", "--out", t.TempDir())
	if code != exitOK || !strings.Contains(stdout, "campaign workers: ") || !strings.Contains(stdout, "\ncases: 60 in ") {
		t.Errorf("default: exit %d\n%s%s", code, stdout, stderr)
	}
	noWorkersLeft(t)
	code, stdout, stderr = realCLI(context.Background(), "fuzz", "--isolation", "case", "--seed", "5", "--count", "60", "-j", "2", "--out", t.TempDir())
	if code != exitOK || strings.Contains(stdout, "campaign workers: ") || !strings.Contains(stdout, "go workers: 2 started") {
		t.Errorf("--isolation case: exit %d\n%s%s", code, stdout, stderr)
	}
	self := selfImpl(t, "self", "--impl", "go")
	code, stdout, stderr = realCLI(context.Background(), "fuzz", "--seed", "5", "--count", "20", "-j", "1", "--out", t.TempDir(), "--impl", self)
	if code != exitOK || strings.Contains(stdout, "campaign workers: ") || !slices.Contains(strings.Split(stdout, "\n"), "self workers: 1 started, 0 crashed, 0 killed at the deadline, 0 killed over the memory ceiling, 0 replaced for memory kept after a run") {
		t.Errorf("--impl: exit %d\n%s%s", code, stdout, stderr)
	}
}
