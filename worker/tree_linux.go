//go:build linux

package worker

import (
	"bytes"
	"os"
	"strconv"
	"sync"
	"syscall"
)

// A worker's process tree on Linux. A worker may start processes (an interpreter behind
// a wrapper script, helpers), and those may leave the worker's process group (setsid):
// the supervisor counts their memory against the worker's ceiling and kills them with
// the worker. Two kernel facilities make that possible without scanning every process:
//
//   - /proc/PID/task/TID/children lists a thread's children, so a worker's descendants
//     are found from the worker down;
//   - a0diff makes itself a child subreaper (prctl PR_SET_CHILD_SUBREAPER): a process
//     whose parent ends is re-parented to a0diff rather than to init, so a descendant
//     that outlives the worker that started it (a setsid grandchild keeping the pipes
//     open) is still found, as a child of a0diff, and killed and reaped (sweepOrphans).

const prSetChildSubreaper = 36

var subreaperOnce sync.Once

// becomeSubreaper makes this process the reaper of its orphaned descendants (once).
func becomeSubreaper() {
	subreaperOnce.Do(func() {
		syscall.RawSyscall6(syscall.SYS_PRCTL, prSetChildSubreaper, 1, 0, 0, 0, 0)
	})
}

// setDeathSignal asks the kernel to kill a worker when the thread of a0diff that
// started it ends: a0diff killed outright (SIGKILL, the OOM killer) leaves no worker
// behind. (What a worker started is killed by a0diff itself, killTree and sweepOrphans.)
func setDeathSignal(attr *syscall.SysProcAttr) { attr.Pdeathsig = syscall.SIGKILL }

// children lists the children of process pid (of all its threads).
func children(pid int) []int {
	dir := "/proc/" + strconv.Itoa(pid) + "/task"
	d, err := os.Open(dir)
	if err != nil {
		return nil
	}
	tids, _ := d.Readdirnames(-1)
	d.Close()
	var out []int
	for _, tid := range tids {
		b, err := os.ReadFile(dir + "/" + tid + "/children")
		if err != nil {
			continue
		}
		for _, f := range bytes.Fields(b) {
			if n, err := strconv.Atoi(string(f)); err == nil {
				out = append(out, n)
			}
		}
	}
	return out
}

// descendants lists the processes below pid (children, their children, …).
func descendants(pid int) []int {
	var out []int
	seen := map[int]bool{pid: true}
	queue := children(pid)
	for len(queue) > 0 && len(out) < 4096 {
		p := queue[0]
		queue = queue[1:]
		if seen[p] {
			continue
		}
		seen[p] = true
		out = append(out, p)
		queue = append(queue, children(p)...)
	}
	return out
}

// residentOf is the resident set of process pid in bytes (0 when it is gone).
func residentOf(pid int) int64 {
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/statm")
	if err != nil {
		return 0
	}
	rss, _ := parseStatm(b)
	return rss
}

// procStat reads the state, process group and session of process pid from
// /proc/PID/stat.
func procStat(pid int) (state byte, pgrp, session int, ok bool) {
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return 0, 0, 0, false
	}
	// pid (comm) state ppid pgrp session …; comm may hold spaces and parentheses.
	i := bytes.LastIndexByte(b, ')')
	if i < 0 {
		return 0, 0, 0, false
	}
	f := bytes.Fields(b[i+1:])
	if len(f) < 4 || len(f[0]) != 1 {
		return 0, 0, 0, false
	}
	pgrp, err1 := strconv.Atoi(string(f[2]))
	session, err2 := strconv.Atoi(string(f[3]))
	return f[0][0], pgrp, session, err1 == nil && err2 == nil
}

// sweepOrphans kills and reaps the processes re-parented to a0diff because their parent
// (a worker, or a worker's child) ended: children of this process that are not workers
// the pools started and run outside a0diff's own process group (every worker is the
// leader of a group of its own, which its descendants inherit; a setsid descendant has
// a group and session of its own). Children a0diff started otherwise (os/exec without a
// group of their own) are left alone.
func sweepOrphans() {
	startMu.Lock()
	defer startMu.Unlock()
	self := os.Getpid()
	ownGroup := syscall.Getpgrp()
	_, _, ownSession, _ := procStat(self)
	for range 16 { // killing an orphan may re-parent its own children to a0diff
		found := false
		for _, pid := range children(self) {
			if liveWorker(pid) {
				continue
			}
			state, pgrp, session, ok := procStat(pid)
			if !ok || (pgrp == ownGroup && session == ownSession) {
				continue
			}
			found = true
			if state != 'Z' {
				syscall.Kill(pid, syscall.SIGKILL)
			}
			var ws syscall.WaitStatus
			syscall.Wait4(pid, &ws, 0, nil)
		}
		if !found {
			return
		}
	}
}

// killTree kills pid's process group and every descendant of pid found now (a setsid
// descendant is in no group of pid's).
func killTree(pid int) {
	for range 3 { // a process may fork while the tree is read
		d := descendants(pid)
		syscall.Kill(-pid, syscall.SIGKILL)
		syscall.Kill(pid, syscall.SIGKILL)
		for _, c := range d {
			syscall.Kill(c, syscall.SIGKILL)
		}
		if len(d) == 0 {
			return
		}
	}
}
