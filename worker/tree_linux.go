//go:build linux

package worker

import (
	"bytes"
	"os"
	"strconv"
	"sync"
	"syscall"
	"unsafe"
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
		out = appendPids(out, b)
	}
	return out
}

// descendants lists the processes below pid (children, their children, …).
func descendants(pid int) []int { return walkDescendants(pid, children(pid)) }

// walkDescendants lists the processes below pid, whose children are first.
func walkDescendants(pid int, first []int) []int {
	var out []int
	seen := map[int]bool{pid: true}
	queue := first
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
		killGroupOf(pid)
		for _, c := range d {
			syscall.Kill(c, syscall.SIGKILL)
		}
		if len(d) == 0 {
			return
		}
	}
}

// procFiles are the /proc files of one worker, kept open and read with raw system calls:
// its statm (pread at offset 0) and its task directory (read again from its start),
// with each thread's children file. A reading of the tree every poll interval is then
// a dozen system calls that open nothing, and none of them wakes the runtime's monitor
// thread, which an ordinary system call does when it sleeps (it then polls every 20 µs
// for a millisecond or more): opening and reading each thread's file afresh was most of
// the supervisor's CPU in a campaign, and kept its monitor thread polling.
type procFiles struct {
	mu     sync.Mutex
	pid    int
	closed bool
	statm  int            // -1: not open
	task   int            // /proc/PID/task; -1: not open
	kids   map[string]int // thread id → its children file
	seen   map[string]bool
	buf    [8192]byte
}

func newProcFiles(pid int) *procFiles {
	return &procFiles{pid: pid, statm: -1, task: -1, kids: map[string]int{}, seen: map[string]bool{}}
}

// resident is the process's resident set in bytes, as /proc/PID/statm says; ok is false
// when it cannot be read (no /proc, the process is gone, the files were closed).
func (f *procFiles) resident() (int64, bool) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.closed {
		return 0, false
	}
	if f.statm < 0 {
		fd, err := rawOpen("/proc/" + strconv.Itoa(f.pid) + "/statm")
		if err != nil {
			return 0, false
		}
		f.statm = fd
	}
	n, err := rawPread(f.statm, f.buf[:128])
	if err != nil || n == 0 {
		return 0, false
	}
	return parseStatm(f.buf[:n])
}

// children lists the children of the process (of all its threads), as children(pid)
// does.
func (f *procFiles) children() []int {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.closed {
		return nil
	}
	dir := "/proc/" + strconv.Itoa(f.pid) + "/task"
	if f.task < 0 {
		fd, err := rawOpen(dir)
		if err != nil {
			return nil
		}
		f.task = fd
	}
	tids, ok := f.threads()
	if !ok {
		return children(f.pid) // (not expected: the slow way)
	}
	clear(f.seen)
	var out []int
	for _, tid := range tids {
		f.seen[tid] = true
		fd, open := f.kids[tid]
		if !open {
			var err error
			if fd, err = rawOpen(dir + "/" + tid + "/children"); err != nil {
				continue // the thread has ended
			}
			f.kids[tid] = fd
		}
		n, err := rawPread(fd, f.buf[:])
		if err != nil {
			continue
		}
		if n == len(f.buf) { // more children than the buffer holds: read the whole file
			b, _ := os.ReadFile(dir + "/" + tid + "/children")
			out = appendPids(out, b)
			continue
		}
		out = appendPids(out, f.buf[:n])
	}
	for tid, fd := range f.kids {
		if !f.seen[tid] {
			syscall.RawSyscall(syscall.SYS_CLOSE, uintptr(fd), 0, 0)
			delete(f.kids, tid)
		}
	}
	return out
}

// threads reads the task directory from its start: the thread ids.
func (f *procFiles) threads() ([]string, bool) {
	if _, _, e := syscall.RawSyscall(syscall.SYS_LSEEK, uintptr(f.task), 0, 0); e != 0 {
		return nil, false
	}
	var names []string
	for {
		n, _, e := syscall.RawSyscall(syscall.SYS_GETDENTS64, uintptr(f.task), uintptr(unsafe.Pointer(&f.buf[0])), uintptr(len(f.buf)))
		if e != 0 {
			return nil, false
		}
		if n == 0 {
			return names, true
		}
		_, _, names = syscall.ParseDirent(f.buf[:n], -1, names)
	}
}

// descendants lists the processes below the worker, as descendants(pid) does, the
// worker's own children read through f.
func (f *procFiles) descendants() []int {
	return walkDescendants(f.pid, f.children())
}

// close closes the files; later readings report nothing.
func (f *procFiles) close() {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.closed = true
	for _, fd := range []int{f.statm, f.task} {
		if fd >= 0 {
			syscall.RawSyscall(syscall.SYS_CLOSE, uintptr(fd), 0, 0)
		}
	}
	for tid, fd := range f.kids {
		syscall.RawSyscall(syscall.SYS_CLOSE, uintptr(fd), 0, 0)
		delete(f.kids, tid)
	}
	f.statm, f.task = -1, -1
}

func appendPids(out []int, b []byte) []int {
	for _, field := range bytes.Fields(b) {
		if n, err := strconv.Atoi(string(field)); err == nil {
			out = append(out, n)
		}
	}
	return out
}

// rawOpen opens a /proc file or directory for reading (close-on-exec) with a raw
// system call: /proc answers at once, nothing blocks.
func rawOpen(path string) (int, error) {
	p, err := syscall.BytePtrFromString(path)
	if err != nil {
		return -1, err
	}
	atFDCWD := -100
	fd, _, e := syscall.RawSyscall6(syscall.SYS_OPENAT, uintptr(atFDCWD), uintptr(unsafe.Pointer(p)), syscall.O_RDONLY|syscall.O_CLOEXEC, 0, 0, 0)
	if e != 0 {
		return -1, e
	}
	return int(fd), nil
}

// rawPread reads a /proc file from its start into b.
func rawPread(fd int, b []byte) (int, error) {
	n, _, e := syscall.RawSyscall6(syscall.SYS_PREAD64, uintptr(fd), uintptr(unsafe.Pointer(&b[0])), uintptr(len(b)), 0, 0, 0)
	if e != 0 {
		return 0, e
	}
	return int(n), nil
}
