//go:build unix

package worker

import (
	"os/exec"
	"syscall"
)

// ownGroup starts the worker as the leader of a process group of its own, so that
// killing it also kills what it started: an external implementation launched through a
// wrapper (a shell script, an interpreter starting a child) would otherwise leave the
// child holding the worker's stdout, and the host would wait for it.
func ownGroup(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
}

// killGroup kills the worker's process group (the worker and its descendants).
func (w *proc) killGroup() {
	if pid := w.cmd.Process.Pid; pid > 0 {
		syscall.Kill(-pid, syscall.SIGKILL)
	}
	w.cmd.Process.Kill()
}
