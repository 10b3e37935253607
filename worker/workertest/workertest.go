// Package workertest makes a test binary that runs as a worker misbehave on purpose: the
// supervision tests of worker, campaign and harness re-execute their test binary as a
// worker process and have it exit, hang or hold memory at a chosen run, to check that
// the supervisor attributes the death, the overrun or the memory ceiling to that run.
// It imports nothing of a0diff, so that any package's tests can use it.
package workertest

import (
	"os"
	"time"
)

// sink keeps what Misbehave allocates reachable, so that it stays resident.
var sink [][]byte

// Resident returns mib MiB in blocks of 1 MiB, a byte of every page written, so that
// all of it is resident in the process. The caller keeps the blocks as long as they
// should stay resident. A byte a page keeps the test fast and its memory what it asks
// for under the race detector too, whose shadow memory (several bytes for each byte
// written) would otherwise multiply what the supervisor reads.
func Resident(mib int) [][]byte {
	page := os.Getpagesize()
	blocks := make([][]byte, mib)
	for k := range blocks {
		b := make([]byte, 1<<20)
		for i := 0; i < len(b); i += page {
			b[i] = 1
		}
		blocks[k] = b
	}
	return blocks
}

// Misbehave does what fault names, in the run of a worker: "exit" ends the process
// with status 3; "hang" sleeps for an hour; "alloc" makes memory resident without
// bound, 8 MiB at a time, until the supervisor kills the process. It returns false at
// once for any other fault.
func Misbehave(fault string) bool {
	switch fault {
	case "exit":
		os.Exit(3)
	case "hang":
		time.Sleep(time.Hour)
	case "alloc":
		for {
			sink = append(sink, Resident(8)...)
		}
	default:
		return false
	}
	return true
}
