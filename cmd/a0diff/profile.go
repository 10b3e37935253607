package main

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime/pprof"
)

// profileEnv names a directory into which every a0diff process — the command and each
// worker it starts, which inherit the environment — writes a CPU profile of its whole
// life, NAME-PID.cpu.prof (NAME: the subcommand). It is how a0diff's own speed is
// studied where the time is spent across processes: `go tool pprof` merges several
// profiles given together. A worker that is killed rather than told to stop writes
// nothing.
const profileEnv = "A0DIFF_CPUPROFILE"

// startProfile starts the CPU profile profileEnv asks for and returns what stops it
// (nothing to stop without the variable). A directory that cannot be written is an error
// that names it.
func startProfile(args []string) (stop func(), err error) {
	dir := os.Getenv(profileEnv)
	if dir == "" {
		return func() {}, nil
	}
	name := "a0diff"
	if len(args) > 0 && len(args[0]) > 0 && args[0][0] != '-' {
		name = filepath.Base(args[0])
	}
	f, err := os.Create(filepath.Join(dir, fmt.Sprintf("%s-%d.cpu.prof", name, os.Getpid())))
	if err != nil {
		return nil, fmt.Errorf("%s: %w", profileEnv, err)
	}
	if err := pprof.StartCPUProfile(f); err != nil {
		f.Close()
		return nil, fmt.Errorf("%s: %w", profileEnv, err)
	}
	return func() {
		pprof.StopCPUProfile()
		f.Close()
	}, nil
}
