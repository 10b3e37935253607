package run

import (
	"github.com/a0diff/a0diff/runtime/outcome"
	"github.com/a0diff/a0diff/runtime/toolkit"
	"github.com/a0diff/a0diff/runtime/value"
)

// lazyVirtual is the toolkit.Kit of one run that builds its toolkit.Virtual on the first
// tool call: most programs call no tool, and building the kit (its virtual file system
// and fixture indexes) costs as much as running a small program.
type lazyVirtual struct {
	fixtures outcome.Fixtures
	kit      *toolkit.Virtual
}

func (l *lazyVirtual) CallData(name string, args *value.Record, data toolkit.Data) (value.Value, error) {
	if l.kit == nil {
		l.kit = toolkit.New(l.fixtures)
	}
	return l.kit.CallData(name, args, data)
}

// Calls is what a fresh kit reports when no tool was called: nothing.
func (l *lazyVirtual) Calls() []outcome.Call {
	if l.kit == nil {
		return nil
	}
	return l.kit.Calls()
}
