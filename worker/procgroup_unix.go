//go:build unix

package worker

import (
	"os"
	"os/exec"
	"syscall"
)

// ownGroup starts the worker as the leader of a process group of its own, so that
// killing it also kills what it started: an external implementation launched through a
// wrapper (a shell script, an interpreter starting a child) would otherwise leave the
// child holding the worker's stdout, and the host would wait for it.
func ownGroup(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	setDeathSignal(cmd.SysProcAttr)
}

// killGroup kills the worker's process tree: its process group and its descendants
// (also those that left the group).
func (w *proc) killGroup() {
	if pid := w.cmd.Process.Pid; pid > 0 {
		killTree(pid)
	}
	w.cmd.Process.Kill()
}

// killGroupOf kills process pid and its process group.
func killGroupOf(pid int) {
	syscall.Kill(-pid, syscall.SIGKILL)
	syscall.Kill(pid, syscall.SIGKILL)
}

// pollable returns f (a pipe or terminal the worker reads) as a file the runtime's
// poller serves: a read then parks its goroutine instead of blocking an OS thread in a
// system call, whose return waits for the scheduler to hand a processor back (a run's
// round trips are reads of the host's next message). f itself stays as it is; when f
// cannot be polled or is not a pipe, f is returned. (The dup shares f's open file
// description, so f becomes non-blocking too: only for a pipe, never a terminal that a
// shell shares.)
func pollable(f *os.File) *os.File {
	if st, err := f.Stat(); err != nil || st.Mode()&os.ModeNamedPipe == 0 {
		return f
	}
	fd, err := syscall.Dup(int(f.Fd()))
	if err != nil {
		return f
	}
	if err := syscall.SetNonblock(fd, true); err != nil {
		syscall.Close(fd)
		return f
	}
	return os.NewFile(uintptr(fd), f.Name())
}
