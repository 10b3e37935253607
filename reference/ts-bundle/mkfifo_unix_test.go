//go:build unix

package tsbundle

import "syscall"

// mkfifo makes a named pipe for the tests of inputs that are not regular files.
func mkfifo(path string) error { return syscall.Mkfifo(path, 0o644) }
