//go:build !unix

package worker

import (
	"os"
	"os/exec"
)

// ownGroup does nothing where there are no process groups.
func ownGroup(cmd *exec.Cmd) {}

// killGroupOf does nothing where there are no process groups.
func killGroupOf(pid int) {}

// killGroup kills the worker.
func (w *proc) killGroup() { w.cmd.Process.Kill() }

// pollable returns f.
func pollable(f *os.File) *os.File { return f }
