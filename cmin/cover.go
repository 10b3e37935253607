package cmin

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/a0diff/a0diff/runtime/outcome"
	"github.com/a0diff/a0diff/trial"
)

// ModulePath is the module whose Go evaluator MeasureGoCoverage instruments.
const ModulePath = "github.com/a0diff/a0diff"

// GoCoverage is the statement coverage of the Go evaluator (the packages under
// ModulePath/runtime/) by each of a list of entries.
type GoCoverage struct {
	// Blocks are the instrumented basic blocks, sorted by name ("FILE:LINE.COL,LINE.COL").
	Blocks []Block
	// Covered holds, for each entry, the indexes into Blocks of the blocks its run
	// executed.
	Covered [][]int
	// Cost is the time each step took.
	Cost CoverageCost
	// OverCeiling lists the entries whose coverage run went over the memory ceiling and
	// was killed: they count as covering nothing.
	OverCeiling []string
}

// Block is one basic block of the Go evaluator.
type Block struct {
	Name  string
	Stmts int
}

// CoverageCost is what measuring coverage cost: the wall time of the build, and the
// time spent in the instrumented runs and in the profile conversions, summed over the
// workers.
type CoverageCost struct {
	Build, Run, Convert time.Duration
}

// FindSource returns the root of the a0diff source tree containing dir: the nearest
// directory at or above dir whose go.mod declares ModulePath.
func FindSource(dir string) (string, error) {
	d, err := filepath.Abs(dir)
	if err != nil {
		return "", err
	}
	for {
		data, err := os.ReadFile(filepath.Join(d, "go.mod"))
		if err == nil && modulePathOf(data) == ModulePath {
			return d, nil
		}
		parent := filepath.Dir(d)
		if parent == d {
			return "", fmt.Errorf("%s is not inside the a0diff source tree (no go.mod of %s above it)", dir, ModulePath)
		}
		d = parent
	}
}

func modulePathOf(gomod []byte) string {
	for _, line := range strings.Split(string(gomod), "\n") {
		if rest, ok := strings.CutPrefix(strings.TrimSpace(line), "module "); ok {
			return strings.Trim(strings.TrimSpace(rest), `"`)
		}
	}
	return ""
}

// MeasureGoCoverage measures, for each entry file in paths, which statements of the Go
// evaluator its run executes. It needs the go command and the source tree src (see
// FindSource):
//
//  1. it builds cmin/covrun with coverage instrumentation of ModulePath/runtime/...
//     (go build -cover; cached by the go command after the first time);
//  2. it runs covrun once per entry, each in a process of its own (so that no entry's
//     coverage depends on what ran before it) with GOCOVERDIR set to a fresh directory;
//  3. `go tool covdata textfmt` turns each directory into a text profile, which is read
//     and deleted.
//
// workers processes run at the same time. timeout is the per-run deadline of entries
// without their own @timeout (outcome.DefaultLimits.Timeout when 0). rssLimitMB is the
// memory ceiling of one coverage run (as a0diff's --rss-limit-mb for workers; 0 for
// none): a run over it is killed and its entry counts as covering nothing
// (GoCoverage.OverCeiling), so that a memory bomb in a corpus costs cmin no more than a
// worker would.
func MeasureGoCoverage(ctx context.Context, src string, paths []string, timeout time.Duration, workers, rssLimitMB int) (*GoCoverage, error) {
	if workers <= 0 {
		workers = runtime.NumCPU()
	}
	if timeout <= 0 {
		timeout = outcome.DefaultLimits.Timeout
	}
	tmp, err := os.MkdirTemp("", "a0diff-cmin-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(tmp)
	cov := &GoCoverage{Covered: make([][]int, len(paths))}

	start := time.Now()
	bin := filepath.Join(tmp, "covrun")
	build := exec.CommandContext(ctx, "go", "build", "-cover",
		"-coverpkg="+ModulePath+"/cmin/covrun,"+ModulePath+"/runtime/...",
		"-o", bin, ModulePath+"/cmin/covrun")
	build.Dir = src
	if out, err := build.CombinedOutput(); err != nil {
		return nil, fmt.Errorf("building the coverage-instrumented evaluator in %s: %v\n%s", src, err, out)
	}
	covdata := covdataCommand(ctx, src)
	cov.Cost.Build = time.Since(start)

	var (
		mu             sync.Mutex
		blocks         = map[string]int{} // name → statements
		covered        = make([][]string, len(paths))
		errs           []error
		runs, converts time.Duration
	)
	trial.Parallel(ctx, len(paths), workers, func(i int) {
		dir := filepath.Join(tmp, strconv.Itoa(i))
		t0 := time.Now()
		err := runEntry(ctx, bin, dir, paths[i], timeout, rssLimitMB)
		t1 := time.Now()
		var names []string
		var stmts map[string]int
		over := errors.Is(err, errOverCeiling)
		if over {
			err = nil
		} else if err == nil {
			names, stmts, err = convertProfile(ctx, covdata, dir)
		}
		os.RemoveAll(dir)
		mu.Lock()
		runs += t1.Sub(t0)
		converts += time.Since(t1)
		if err != nil {
			errs = append(errs, fmt.Errorf("%s: %v", paths[i], err))
		}
		if over {
			cov.OverCeiling = append(cov.OverCeiling, paths[i])
		}
		covered[i] = names
		for k, n := range stmts {
			blocks[k] = n
		}
		mu.Unlock()
	})
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	if len(errs) > 0 {
		return nil, errors.Join(errs...)
	}
	cov.Cost.Run, cov.Cost.Convert = runs, converts

	names := make([]string, 0, len(blocks))
	for n := range blocks {
		names = append(names, n)
	}
	sort.Strings(names)
	index := make(map[string]int, len(names))
	for i, n := range names {
		index[n] = i
		cov.Blocks = append(cov.Blocks, Block{Name: n, Stmts: blocks[n]})
	}
	for i, ns := range covered {
		for _, n := range ns {
			cov.Covered[i] = append(cov.Covered[i], index[n])
		}
		sort.Ints(cov.Covered[i])
		cov.Covered[i] = slices.Compact(cov.Covered[i])
	}
	return cov, nil
}

// errOverCeiling: a coverage run went over the memory ceiling and was killed.
var errOverCeiling = errors.New("over the memory ceiling")

// ceilingPoll is how often a coverage run's resident set is read.
const ceilingPoll = 50 * time.Millisecond

// runEntry runs the instrumented covrun on one entry with GOCOVERDIR=dir, killing it
// over rssLimitMB of resident set (read from /proc/PID/statm every ceilingPoll).
func runEntry(ctx context.Context, bin, dir, path string, timeout time.Duration, rssLimitMB int) error {
	if err := os.Mkdir(dir, 0o755); err != nil {
		return err
	}
	cmd := exec.CommandContext(ctx, bin, "-timeout", timeout.String(), path)
	cmd.Env = append(os.Environ(), "GOCOVERDIR="+dir)
	if rssLimitMB > 0 && os.Getenv("GOMEMLIMIT") == "" {
		// As for the workers: the collector works hard long before the ceiling.
		cmd.Env = append(cmd.Env, "GOMEMLIMIT="+strconv.Itoa(rssLimitMB/3)+"MiB")
	}
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Start(); err != nil {
		return fmt.Errorf("the coverage-instrumented evaluator: %v", err)
	}
	over := make(chan struct{})
	stop := make(chan struct{})
	if rssLimitMB > 0 {
		statm := "/proc/" + strconv.Itoa(cmd.Process.Pid) + "/statm"
		go func() {
			t := time.NewTicker(ceilingPoll)
			defer t.Stop()
			for {
				select {
				case <-stop:
					return
				case <-t.C:
					if residentBytes(statm) > int64(rssLimitMB)<<20 {
						close(over)
						cmd.Process.Kill()
						return
					}
				}
			}
		}()
	}
	err := cmd.Wait()
	close(stop)
	select {
	case <-over:
		return errOverCeiling
	default:
	}
	if err != nil {
		return fmt.Errorf("the coverage-instrumented evaluator: %v\n%s", err, bytes.TrimSpace(out.Bytes()))
	}
	return nil
}

// residentBytes reads the resident set from a /proc/PID/statm file (0 when it cannot).
func residentBytes(statm string) int64 {
	b, err := os.ReadFile(statm)
	if err != nil {
		return 0
	}
	f := strings.Fields(string(b))
	if len(f) < 2 {
		return 0
	}
	pages, _ := strconv.ParseInt(f[1], 10, 64)
	return pages * int64(os.Getpagesize())
}

// covdataCommand is the command line that runs the covdata tool: the tool binary itself
// when `go tool -n covdata` names it (saving the go command's start-up on every entry).
func covdataCommand(ctx context.Context, src string) []string {
	cmd := exec.CommandContext(ctx, "go", "tool", "-n", "covdata")
	cmd.Dir = src
	out, err := cmd.Output()
	if p := strings.TrimSpace(string(out)); err == nil && p != "" {
		if _, err := os.Stat(p); err == nil {
			return []string{p}
		}
	}
	return []string{"go", "tool", "covdata"}
}

// convertProfile converts one covrun directory to a text profile and returns the names
// of the blocks of ModulePath/runtime/ it executed, and the statement count of every
// such block it lists.
func convertProfile(ctx context.Context, covdata []string, dir string) (executed []string, stmts map[string]int, err error) {
	profile := dir + ".txt"
	defer os.Remove(profile)
	args := append(append([]string{}, covdata[1:]...), "textfmt", "-i", dir, "-o", profile)
	if out, err := exec.CommandContext(ctx, covdata[0], args...).CombinedOutput(); err != nil {
		return nil, nil, fmt.Errorf("go tool covdata textfmt: %v\n%s", err, out)
	}
	data, err := os.ReadFile(profile)
	if err != nil {
		return nil, nil, err
	}
	return parseProfile(data)
}

// ParseProfile reads a text coverage profile as `go tool covdata textfmt` writes it and
// returns the names of the blocks of ModulePath/runtime/ with a non-zero count, and the
// statement count of every block of ModulePath/runtime/ it lists.
func ParseProfile(data []byte) (executed []string, stmts map[string]int, err error) {
	return parseProfile(data)
}

// parseProfile reads a text coverage profile ("mode: …", then "FILE:L.C,L.C STMTS COUNT"
// lines), keeping the blocks of ModulePath/runtime/.
func parseProfile(data []byte) (executed []string, stmts map[string]int, err error) {
	stmts = map[string]int{}
	prefix := ModulePath + "/runtime/"
	for n, line := range strings.Split(string(data), "\n") {
		if line == "" || strings.HasPrefix(line, "mode:") {
			continue
		}
		f := strings.Fields(line)
		if len(f) != 3 {
			return nil, nil, fmt.Errorf("profile line %d: %q", n+1, line)
		}
		if !strings.HasPrefix(f[0], prefix) {
			continue
		}
		ns, err1 := strconv.Atoi(f[1])
		count, err2 := strconv.Atoi(f[2])
		if err1 != nil || err2 != nil {
			return nil, nil, fmt.Errorf("profile line %d: %q", n+1, line)
		}
		stmts[f[0]] = ns
		if count > 0 {
			executed = append(executed, f[0])
		}
	}
	return executed, stmts, nil
}
