//go:build !unix

package worker

import "os/exec"

// ownGroup does nothing where there are no process groups.
func ownGroup(cmd *exec.Cmd) {}

// killGroup kills the worker.
func (w *proc) killGroup() { w.cmd.Process.Kill() }
