//go:build !linux

package worker

import "syscall"

// Without /proc, a worker's tree is its process group (procgroup_unix.go): descendants
// are neither counted against the memory ceiling nor found outside the group.

func setDeathSignal(attr *syscall.SysProcAttr) {}
func becomeSubreaper()                         {}
func descendants(pid int) []int                { return nil }
func residentOf(pid int) int64                 { return 0 }
func sweepOrphans()                            {}
func killTree(pid int)                         { killGroupOf(pid) }

// procFiles would be a worker's /proc files (tree_linux.go): without /proc, nothing.
type procFiles struct{}

func newProcFiles(pid int) *procFiles        { return &procFiles{} }
func (f *procFiles) resident() (int64, bool) { return 0, false }
func (f *procFiles) descendants() []int      { return nil }
func (f *procFiles) close()                  {}
