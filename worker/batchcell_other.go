//go:build !unix

package worker

import (
	"encoding/binary"
	"os"
	"sync"
)

// progressCell is the progress cell where memory cannot be mapped: eight bytes of a
// temporary file, written and read with positioned system calls (one per item, which a
// batch of cases does not notice).
type progressCell struct {
	mu sync.Mutex
	f  *os.File
}

func newProgressCell() (*progressCell, *os.File, error) {
	f, err := os.CreateTemp("", "a0diff-progress-*")
	if err != nil {
		return nil, nil, err
	}
	g, err := os.OpenFile(f.Name(), os.O_RDWR, 0)
	os.Remove(f.Name())
	if err != nil {
		f.Close()
		return nil, nil, err
	}
	return &progressCell{f: g}, f, nil
}

func mapCell(f *os.File) (*progressCell, error) { return &progressCell{f: f}, nil }

func (c *progressCell) load() uint64 {
	c.mu.Lock()
	defer c.mu.Unlock()
	var b [8]byte
	if c.f == nil {
		return 0
	}
	if n, _ := c.f.ReadAt(b[:], 0); n < 8 {
		return 0
	}
	return binary.LittleEndian.Uint64(b[:])
}

func (c *progressCell) store(v uint64) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.f != nil {
		var b [8]byte
		binary.LittleEndian.PutUint64(b[:], v)
		c.f.WriteAt(b[:], 0)
	}
}

func (c *progressCell) close() {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.f != nil {
		c.f.Close()
		c.f = nil
	}
}
