package worker

import (
	"os"
	"os/exec"
	"slices"
	"testing"
)

// A worker's /proc files, kept open, give what reading the files afresh gives: the
// resident set of statm, the children of every thread (here this test process's, which
// starts two and ends one), and nothing once closed.
func TestProcFilesReadWhatProcSays(t *testing.T) {
	f := newProcFiles(os.Getpid())
	defer f.close()
	if rss, ok := f.resident(); !ok || rss <= 0 {
		t.Fatalf("resident() = %d, %v", rss, ok)
	}
	var started []*exec.Cmd
	for range 2 {
		c := exec.Command("sleep", "60")
		if err := c.Start(); err != nil {
			t.Fatal(err)
		}
		defer c.Process.Kill()
		started = append(started, c)
	}
	for round, want := range [][]int{
		{started[0].Process.Pid, started[1].Process.Pid},
		{started[1].Process.Pid},
	} {
		// (Only the test's own children: other tests may have workers running.)
		mine := func(pids []int) []int {
			pids = slices.DeleteFunc(pids, func(p int) bool {
				return p != started[0].Process.Pid && p != started[1].Process.Pid
			})
			slices.Sort(pids)
			return pids
		}
		got, fresh, want := mine(f.children()), mine(children(os.Getpid())), mine(want)
		if !slices.Equal(got, want) || !slices.Equal(fresh, want) {
			t.Errorf("round %d: children %v, read afresh %v; want %v", round, got, fresh, want)
		}
		started[0].Process.Kill()
		started[0].Wait()
	}
	f.close()
	if rss, ok := f.resident(); ok || len(f.children()) != 0 {
		t.Errorf("after close: resident() = %d, %v, children %v; want nothing", rss, ok, f.children())
	}
}
