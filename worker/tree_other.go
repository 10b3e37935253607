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
