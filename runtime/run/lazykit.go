package run

import (
	"github.com/a0diff/a0diff/runtime/outcome"
	"github.com/a0diff/a0diff/runtime/toolkit"
	"github.com/a0diff/a0diff/runtime/value"
)

// lazyKit is the hermetic tool kit of one run, built on the first tool call: most
// programs call no tool, and building the kit (its virtual file system and fixture
// indexes) costs as much as running a small program. Tool descriptors and argument
// validation need no kit.
type lazyKit struct {
	fixtures outcome.Fixtures
	kit      *toolkit.Kit
}

func (l *lazyKit) Lookup(name string) (toolkit.Tool, bool) { return toolkit.Lookup(name) }

func (l *lazyKit) ValidateArgs(name string, args *value.Record) string {
	return toolkit.ValidateArgs(name, args)
}

func (l *lazyKit) Call(name string, args *value.Record) (any, error) {
	if l.kit == nil {
		l.kit = toolkit.New(l.fixtures)
	}
	return l.kit.Call(name, args)
}

func (l *lazyKit) CallData(name string, args *value.Record, data toolkit.Data) (any, error) {
	if l.kit == nil {
		l.kit = toolkit.New(l.fixtures)
	}
	return l.kit.CallData(name, args, data)
}

// Calls is what a fresh kit reports when no tool was called: nothing.
func (l *lazyKit) Calls() []outcome.Call {
	if l.kit == nil {
		return nil
	}
	return l.kit.Calls()
}
