//go:build unix

package worker

import (
	"os"
	"sync/atomic"
	"syscall"
	"unsafe"
)

// progressCell is the supervisor's mapping of a batch worker's progress cell: eight
// bytes at the start of an unlinked temporary file, mapped shared by both processes.
type progressCell struct{ mem []byte }

// newProgressCell makes the cell's file (already unlinked: only the two mappings and
// the child's fd name it) and maps it. The caller passes the file to the child as fd 3
// and closes it.
func newProgressCell() (*progressCell, *os.File, error) {
	f, err := os.CreateTemp("", "a0diff-progress-*")
	if err != nil {
		return nil, nil, err
	}
	os.Remove(f.Name())
	c, err := mapCell(f)
	if err != nil {
		f.Close()
		return nil, nil, err
	}
	return c, f, nil
}

func mapCell(f *os.File) (*progressCell, error) {
	if err := f.Truncate(8); err != nil {
		return nil, err
	}
	mem, err := syscall.Mmap(int(f.Fd()), 0, 8, syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_SHARED)
	if err != nil {
		return nil, err
	}
	return &progressCell{mem: mem}, nil
}

func (c *progressCell) word() *uint64 { return (*uint64)(unsafe.Pointer(&c.mem[0])) }

func (c *progressCell) load() uint64 {
	if c.mem == nil {
		return 0
	}
	return atomic.LoadUint64(c.word())
}

func (c *progressCell) store(v uint64) {
	if c.mem != nil {
		atomic.StoreUint64(c.word(), v)
	}
}

// close unmaps the cell; load then reads 0.
func (c *progressCell) close() {
	if c.mem != nil {
		syscall.Munmap(c.mem)
		c.mem = nil
	}
}
