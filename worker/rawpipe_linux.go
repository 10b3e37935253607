//go:build linux

package worker

import (
	"io"
	"os"
	"syscall"
	"unsafe"
)

// rawPipe does a worker connection's reads and writes with raw system calls on a
// non-blocking pipe, waiting in the runtime's poller when there is nothing to read or no
// room to write (read and write deadlines still apply). A system call made the ordinary
// way wakes the runtime's monitor thread (sysmon) when it sleeps, and the monitor then
// polls every 20 µs for a millisecond or more: a process that sleeps between messages and
// makes a system call for each one keeps its monitor polling all the time, which cost
// about a tenth of the CPU of a fuzzing campaign (three such processes). A non-blocking
// read or write returns at once, so it need not tell the scheduler.
type rawPipe struct {
	f  *os.File
	rc syscall.RawConn
}

// newRawPipe returns f's raw reads and writes, or nil when f is not a pipe in the
// runtime's poller.
func newRawPipe(f *os.File) *rawPipe {
	if st, err := f.Stat(); err != nil || st.Mode()&os.ModeNamedPipe == 0 {
		return nil
	}
	rc, err := f.SyscallConn()
	if err != nil {
		return nil
	}
	return &rawPipe{f: f, rc: rc}
}

func (p *rawPipe) Read(b []byte) (int, error) {
	if len(b) == 0 {
		return 0, nil
	}
	var n int
	var errno syscall.Errno
	err := p.rc.Read(func(fd uintptr) bool {
		for {
			r, _, e := syscall.RawSyscall(syscall.SYS_READ, fd, uintptr(unsafe.Pointer(&b[0])), uintptr(len(b)))
			switch e {
			case syscall.EINTR:
				continue
			case syscall.EAGAIN:
				return false // wait until the pipe is readable
			}
			n, errno = int(r), e
			return true
		}
	})
	switch {
	case err != nil:
		return 0, err
	case errno != 0:
		return 0, &os.PathError{Op: "read", Path: p.f.Name(), Err: errno}
	case n == 0:
		return 0, io.EOF
	}
	return n, nil
}

func (p *rawPipe) Write(b []byte) (int, error) {
	written := 0
	var errno syscall.Errno
	err := p.rc.Write(func(fd uintptr) bool {
		for written < len(b) {
			r, _, e := syscall.RawSyscall(syscall.SYS_WRITE, fd, uintptr(unsafe.Pointer(&b[written])), uintptr(len(b)-written))
			switch e {
			case 0:
				written += int(r)
			case syscall.EINTR:
			case syscall.EAGAIN:
				return false // wait until the pipe has room
			default:
				errno = e
				return true
			}
		}
		return true
	})
	switch {
	case err != nil:
		return written, err
	case errno != 0:
		return written, &os.PathError{Op: "write", Path: p.f.Name(), Err: errno}
	}
	return written, nil
}
