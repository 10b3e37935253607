package worker

import (
	"io"
	"os"
)

// pipeIO is what reads and writes f: its raw system calls when f is a pipe in the
// runtime's poller (rawPipe), else f itself.
func pipeIO(f *os.File) io.ReadWriter {
	if raw := newRawPipe(f); raw != nil {
		return raw
	}
	return f
}

// servedIO is a worker's end of a connection: a pipe is moved into the poller (pollable)
// and read and written with raw system calls; anything else is used as it is.
func servedIO(f *os.File) io.ReadWriter {
	if p := pollable(f); p != f {
		return pipeIO(p)
	}
	return f
}
