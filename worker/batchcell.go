package worker

import (
	"errors"
	"os"
)

// ProgressCell is a batch worker's side of its progress cell (see batch.go).
type ProgressCell struct{ c *progressCell }

// OpenProgressCell maps the progress cell the supervisor passed as fd 3.
func OpenProgressCell() (*ProgressCell, error) {
	f := os.NewFile(3, "progress-cell")
	if f == nil {
		return nil, errors.New("no progress cell on fd 3 (a batch worker is started by a0diff's supervisor)")
	}
	c, err := mapCell(f)
	if err != nil {
		return nil, errors.New("the progress cell on fd 3: " + err.Error())
	}
	return &ProgressCell{c: c}, nil
}

// Set says the worker is on item position (counted from 1; 0: between items).
func (p *ProgressCell) Set(position uint64) {
	if p != nil {
		p.c.store(position)
	}
}
