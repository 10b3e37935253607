package main

import (
	"bytes"
	"context"
	"encoding/json"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/a0diff/a0diff/harness"
	"github.com/a0diff/a0diff/lineup"
	"github.com/a0diff/a0diff/worker"
)

// copyTree copies the .a0 files under src to dst, keeping their paths below src (file
// names show in spans, so an entry keeps its name).
func copyTree(t *testing.T, src, dst string) {
	t.Helper()
	err := filepath.WalkDir(src, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".a0") {
			return err
		}
		rel, _ := filepath.Rel(src, path)
		b, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		if err := os.MkdirAll(filepath.Dir(filepath.Join(dst, rel)), 0o755); err != nil {
			return err
		}
		return os.WriteFile(filepath.Join(dst, rel), b, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
}

// runReports runs the entries under dir through the shipped implementations under
// --isolation iso ("process": entry workers; "case": per-case workers) and renders the
// three reports, with the times (which no two runs share) taken out.
func runReports(t *testing.T, iso, ref, dir string, workers int, update bool) (reports map[string]string, rep *harness.Report) {
	t.Helper()
	a := newApp(new(bytes.Buffer), new(bytes.Buffer))
	a.isolation, a.refPath, a.rssLimitMB, a.timeout = iso, ref, worker.DefaultRSSLimitMB, 10*time.Second
	rs, err := a.lineup().Builtin(workers)
	if err != nil {
		t.Fatal(err)
	}
	defer lineup.Close(rs)
	opts := harness.Options{Workers: workers, Timeout: a.timeout, Update: update}
	if iso == "process" {
		opts.Batch = a.lineup().EntryWorkers(workers)
	}
	files, err := harness.LoadFiles([]string{dir}, nil)
	if err != nil {
		t.Fatal(err)
	}
	rep, err = harness.RunFiles(context.Background(), rs, files, opts)
	if err != nil {
		t.Fatal(err)
	}
	lineup.Close(rs)
	noWorkersLeft(t)
	ro := harness.ReportOptions{RefPath: ref}
	reports = map[string]string{}
	for format, write := range map[string]func(*bytes.Buffer) error{
		"text":  func(b *bytes.Buffer) error { return harness.WriteText(b, rep, ro) },
		"json":  func(b *bytes.Buffer) error { return harness.WriteJSON(b, rep, ro) },
		"junit": func(b *bytes.Buffer) error { return harness.WriteJUnit(b, rep, ro) },
	} {
		var b bytes.Buffer
		if err := write(&b); err != nil {
			t.Fatal(err)
		}
		reports[format] = timesOut.ReplaceAllString(b.String(), "TIME")
	}
	return reports, rep
}

// timesOut matches the times of the reports: the text summary's, JSON's elapsedMs,
// JUnit's time attributes.
var timesOut = regexp.MustCompile(`\(\d[0-9.]*[µnm]?s\)|"elapsedMs": ?\d+|time="[0-9.]+"`)

// For the whole corpus, entry workers (the default) and per-case workers give the same
// reports, entry for entry, in the three formats — with the embedded reference (all
// agree) and with one given planted defects (many entries diverge and fail their
// expectations, and entry workers hand them back to per-case workers); and --update
// writes the same files.
func TestEntryWorkersGiveTheSameReports(t *testing.T) {
	planted := plantedDefectsBundle(t)
	for _, tt := range []struct {
		name, ref string
		workers   int
	}{{"embedded", "", 2}, {"planted defects", planted, 2}, {"planted defects -j 1", planted, 1}} {
		t.Run(tt.name, func(t *testing.T) {
			perCase, _ := runReports(t, "case", tt.ref, "../../corpus", tt.workers, false)
			batched, rep := runReports(t, "process", tt.ref, "../../corpus", tt.workers, false)
			for _, format := range []string{"text", "json", "junit"} {
				if d := cmp.Diff(perCase[format], batched[format]); d != "" {
					t.Errorf("%s report (-per-case +entry workers):\n%s", format, d)
				}
			}
			failed := rep.Summary.Failed + rep.Summary.Inconclusive
			if rep.Batch == nil || rep.Batch.Started == 0 || rep.Batch.Redone < failed {
				t.Errorf("entry workers: %+v; want the %d entries that did not pass run again", rep.Batch, failed)
			}
			if tt.ref != "" && rep.Summary.Diverged < 20 {
				t.Errorf("the planted defects gave %d divergences; the test needs more", rep.Summary.Diverged)
			}
			t.Logf("%+v; entry workers %+v", rep.Summary, *rep.Batch)
		})
	}
	t.Run("update", func(t *testing.T) {
		// Entries with their expectations taken out of every other one, and one pinned
		// wrong: --update writes them back in both modes alike.
		parent := t.TempDir()
		written := map[string]map[string]string{}
		var reports []map[string]string
		for _, iso := range []string{"case", "process"} {
			dir := filepath.Join(parent, "entries") // one name for both: reports show paths
			copyTree(t, "../../corpus/spec/appendix-b", dir)
			files, _ := filepath.Glob(filepath.Join(dir, "*.a0"))
			for k, f := range files {
				b, _ := os.ReadFile(f)
				switch {
				case k%2 == 0:
					b = regexp.MustCompile(`(?m)^# @expect .*\n`).ReplaceAll(b, nil)
				case k == 1:
					b = regexp.MustCompile(`(?m)^# @expect exit \d`).ReplaceAll(b, []byte("# @expect exit 5"))
				}
				os.WriteFile(f, b, 0o644)
			}
			r, _ := runReports(t, iso, "", dir, 2, true)
			reports = append(reports, r)
			written[iso] = map[string]string{}
			for _, f := range files {
				b, _ := os.ReadFile(f)
				written[iso][filepath.Base(f)] = string(b)
			}
			if err := os.Rename(dir, dir+"-"+iso); err != nil {
				t.Fatal(err)
			}
		}
		for _, format := range []string{"text", "json", "junit"} {
			if d := cmp.Diff(reports[0][format], reports[1][format]); d != "" {
				t.Errorf("--update, %s report (-per-case +entry workers):\n%s", format, d)
			}
		}
		if d := cmp.Diff(written["case"], written["process"]); d != "" {
			t.Errorf("--update wrote (-per-case +entry workers):\n%s", d)
		}
		if !strings.Contains(reports[1]["text"], "updated") {
			t.Errorf("--update updated nothing:\n%s", reports[1]["text"])
		}
	})
}

// manyEntries copies the corpus copies times into a fresh directory.
func manyEntries(t *testing.T, copies int) string {
	t.Helper()
	dir := t.TempDir()
	for k := range copies {
		copyTree(t, "../../corpus", filepath.Join(dir, "copy-"+strconv.Itoa(k)))
	}
	return dir
}

// kill -9 of an entry worker in the middle of a run loses no entry: the entry it was on
// is run again in per-case workers, the others of its batch go to the next batch, and a
// fresh entry worker goes on; every entry is reported, all agreeing.
func TestKilledEntryWorkerLosesNoEntry(t *testing.T) {
	dir := manyEntries(t, 3)
	files, err := harness.LoadFiles([]string{dir}, nil)
	if err != nil {
		t.Fatal(err)
	}
	// The kill comes when the 100th entry is reported done, from the run's own OnDone:
	// the entry workers are at work then, and the run cannot end before the kill,
	// however fast the machine runs the entries (a kill 100 ms after the first entry
	// worker started could come after the last entry on a fast one).
	var out, errOut bytes.Buffer
	a := newApp(&out, &errOut)
	killed := 0
	a.onEntry = func() {
		if killed++; killed != 100 {
			return
		}
		for _, pid := range children(t) {
			cmdline, _ := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/cmdline")
			if bytes.Contains(cmdline, []byte("entry-worker")) && syscall.Kill(pid, syscall.SIGKILL) == nil {
				killed = -1 << 30 // done: a worker was killed
				return
			}
		}
	}
	code := execute(context.Background(), []string{"--format", "json", "-j", "2", dir}, a)
	stdout, stderr := out.String(), errOut.String()
	if killed >= 0 {
		t.Fatalf("no entry worker was killed (exit %d, %d entries done)", code, killed)
	}
	var rep struct{ Summary struct{ Entries, Agree int } }
	if err := json.Unmarshal([]byte(stdout), &rep); err != nil {
		t.Fatalf("exit %d, no JSON report (%v)\n%s", code, err, stderr)
	}
	if code != exitOK || rep.Summary.Entries != len(files) || rep.Summary.Agree != len(files) {
		t.Errorf("exit %d, %+v; want all %d entries reported, all agreeing\n%s", code, rep.Summary, len(files), stderr)
	}
	// The kill lands on a worker in the middle of a batch or between two: either way
	// one death, which stderr tells.
	if !strings.Contains(stderr, "entry workers: ") || !strings.Contains(stderr, ", 1 died or killed") {
		t.Errorf("stderr does not tell of the one death:\n%s", stderr)
	}
}

// Ctrl-C (SIGINT) during a run in entry workers: the entry in progress is cancelled and
// left out, the report of the entries that completed is written, and a0diff exits with
// 130.
func TestInterruptedRunWritesTheReport(t *testing.T) {
	dir := t.TempDir()
	copyTree(t, "../../corpus/spec/appendix-b", dir)
	// An entry that runs until it is cancelled (its step limit and deadline far away).
	os.WriteFile(filepath.Join(dir, "a-endless.a0"), []byte("# @timeout 10m\n# @limit maxSteps 1000000000000\n"+
		"let n = loop { in: 0, times: 1000000000000, as: \"x\" } { return 1 }\nreturn n\n"), 0o644)
	for _, format := range []string{"json", "junit"} {
		t.Run(format, func(t *testing.T) {
			cmd := exec.Command(os.Args[0], "run", "-j", "2", "--format", format, dir)
			var out, errOut syncBuffer
			cmd.Stdout, cmd.Stderr = &out, &errOut
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			if !signalAndWait(cmd, &out, syscall.SIGINT) {
				t.Fatalf("a0diff did not exit after SIGINT\n%s", errOut.String())
			}
			if code := cmd.ProcessState.ExitCode(); code != exitInterrupted || !strings.Contains(errOut.String(), "interrupted: ") {
				t.Errorf("exit %d, want 130\n%s", code, errOut.String())
			}
			switch format {
			case "json":
				var rep struct {
					Entries []struct{ Path, Verdict string }
					Summary struct{ Entries, Agree int }
				}
				if err := json.Unmarshal(out.Bytes(), &rep); err != nil {
					t.Fatalf("no JSON report: %v\n%.300s", err, out.String())
				}
				for _, e := range rep.Entries {
					if strings.Contains(e.Path, "endless") {
						t.Errorf("the cancelled entry is reported: %+v", e)
					}
				}
				if rep.Summary.Entries != len(rep.Entries) || rep.Summary.Agree != rep.Summary.Entries {
					t.Errorf("summary %+v of %d entries", rep.Summary, len(rep.Entries))
				}
			case "junit":
				if !bytes.Contains(out.Bytes(), []byte("<testsuite")) || bytes.Contains(out.Bytes(), []byte("endless")) {
					t.Errorf("JUnit report: %.500s", out.String())
				}
			}
		})
	}
}
