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

// ServedPipes is in and out as a worker reads and writes them (Serve does the same):
// each that is a pipe (*os.File) moved into the runtime's poller and used with raw
// system calls, anything else as it is. A batch worker reads its requests through it:
// a blocking read of stdin parks an OS thread in a system call, and the runtime's
// monitor thread then polls every 20 µs for a millisecond or more after each request.
func ServedPipes(in io.Reader, out io.Writer) (io.Reader, io.Writer) {
	if f, ok := in.(*os.File); ok {
		in = servedIO(f)
	}
	if f, ok := out.(*os.File); ok {
		out = servedIO(f)
	}
	return in, out
}
