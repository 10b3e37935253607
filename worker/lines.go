package worker

import (
	"bytes"
	"errors"
	"io"
	"os"
	"time"
)

// lineReader reads a worker's messages (one per line) straight from its stdout on the
// goroutine that waits for them: the pipe is in the runtime's poller, so a read deadline
// bounds each wait (the run's deadline, the next memory poll, a cancellation), and no
// reader goroutine hands the lines over. A read that times out loses nothing: the bytes
// of an unfinished line stay in the buffer.
type lineReader struct {
	f    *os.File
	r    io.Reader // f, or its raw reads
	buf  []byte
	i, w int // buf[i:w] is read and not yet returned
	// scanned is how much of buf[i:w] holds no newline (searched already).
	scanned int
	// deadline is the read deadline last set on f; zero after a timeout, when f may hold
	// another one (a cancellation sets a past deadline from another goroutine).
	deadline time.Time
}

// lineBuffer is the reader's usual buffer size; a buffer grown for a long line is
// dropped once the line has been read.
const lineBuffer = 64 << 10

func newLineReader(f *os.File) *lineReader {
	return &lineReader{f: f, r: pipeIO(f), buf: make([]byte, lineBuffer)}
}

// setDeadline sets the read deadline of the next reads.
func (l *lineReader) setDeadline(t time.Time) {
	if t.Equal(l.deadline) && !t.IsZero() {
		return
	}
	l.f.SetReadDeadline(t)
	l.deadline = t
}

// next returns the next line without its newline, valid until the next call. A line
// over max bytes is errTooLong; a timeout is os.ErrDeadlineExceeded (call again to go
// on); the end of the output is io.EOF (io.ErrUnexpectedEOF inside a line).
func (l *lineReader) next(max int) ([]byte, error) {
	for {
		if i := bytes.IndexByte(l.buf[l.i+l.scanned:l.w], '\n'); i >= 0 {
			end := l.i + l.scanned + i
			line := l.buf[l.i:end]
			l.i, l.scanned = end+1, 0
			return line, nil
		}
		l.scanned = l.w - l.i
		if l.scanned > max {
			return nil, errTooLong
		}
		switch {
		case l.i == l.w && len(l.buf) > lineBuffer:
			l.buf = make([]byte, lineBuffer) // after a long line
			l.i, l.w = 0, 0
		case l.i == l.w:
			l.i, l.w = 0, 0
		case l.w == len(l.buf) && l.i > 0:
			l.w = copy(l.buf, l.buf[l.i:l.w])
			l.i = 0
		case l.w == len(l.buf):
			// Grown by doubling, but never past what a line of max bytes needs: the
			// buffer of an endless line stops at max plus one read.
			grown := make([]byte, min(2*len(l.buf), max+lineBuffer))
			copy(grown, l.buf)
			l.buf = grown
		}
		n, err := l.r.Read(l.buf[l.w:])
		l.w += n
		if err != nil && n == 0 {
			if errors.Is(err, os.ErrDeadlineExceeded) {
				l.deadline = time.Time{}
				return nil, os.ErrDeadlineExceeded
			}
			if err == io.EOF && l.w > l.i {
				return nil, io.ErrUnexpectedEOF
			}
			return nil, err
		}
	}
}
