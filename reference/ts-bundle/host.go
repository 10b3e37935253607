package tsbundle

import (
	"fmt"
	"runtime/debug"
	"sync"

	"github.com/a0diff/a0diff/runtime/outcome"
	"github.com/a0diff/a0diff/runtime/toolkit"
	"github.com/a0diff/a0diff/runtime/value"
	"github.com/dop251/goja"
)

// newShippedKit is the default kit factory: a fresh toolkit.Virtual per run. WithKit
// replaces it (tests inject faulty tools this way).
func newShippedKit(f outcome.Fixtures) toolkit.Kit { return toolkit.New(f) }

// runState is what the host callbacks of one run act on.
type runState struct {
	cfg    outcome.Config
	newKit func(outcome.Fixtures) toolkit.Kit

	// mu guards kit: after an abandoned run the Runner reads the calls while the
	// abandoned goroutine may still be calling tools.
	mu  sync.Mutex
	kit toolkit.Kit // created on the first host.call

	// hostPanic is set (before the runtime is interrupted) when a host callback panicked.
	hostPanic string

	// handed is the Outcome the bundle handed to host.outcome (nil: none): run then
	// returns "" instead of its text.
	handed *outcome.Outcome
	// textOutcome: host.outcome declines, the bundle writes the text (tests compare).
	textOutcome bool
}

// calls returns the tool calls the run's kit recorded.
func (s *runState) calls() []outcome.Call {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.kit == nil {
		return nil
	}
	return s.kit.Calls()
}

// callsIfIdle is calls for an abandoned run, whose goroutine may be stuck inside a
// tool: then the calls are unknown (nil) rather than waited for.
func (s *runState) callsIfIdle() []outcome.Call {
	if !s.mu.TryLock() {
		return nil
	}
	defer s.mu.Unlock()
	if s.kit == nil {
		return nil
	}
	return s.kit.Calls()
}

// errHostPanic is the interrupt value that ends a run whose host callback panicked.
var errHostPanic = fmt.Errorf("host callback panicked")

// newHost builds the host object of the ABI. It is built once per engine and acts on
// whichever run is current, so runs allocate no JS functions for it.
func (e *engine) newHost() *goja.Object {
	h := e.rt.NewObject()
	e.setHostFunc(h, "tools", func(call goja.FunctionCall) goja.Value {
		return e.rt.ToValue(catalogueJSON())
	})
	e.setHostFunc(h, "validate", func(call goja.FunctionCall) goja.Value {
		tool, args := e.toolArgs("validate", call)
		if _, ok := toolkit.Lookup(tool); !ok {
			panic(e.rt.NewTypeError("host.validate: unknown tool %q", tool))
		}
		return e.rt.ToValue(toolkit.ValidateArgs(tool, args))
	})
	// host.outcome(o): the bundle offers its Outcome as the object it would write with
	// JSON.stringify; true means the host has read it (outcomeFromJS) and run may return
	// "" instead of the text. Optional in the ABI (README.md): a bundle that never calls
	// it returns the text as before.
	e.setHostFunc(h, "outcome", func(call goja.FunctionCall) goja.Value {
		if e.cur.textOutcome {
			return e.rt.ToValue(false)
		}
		o, ok := outcomeFromJS(call.Argument(0), call.Argument(1), call.Argument(2))
		if ok {
			e.cur.handed = &o
		}
		return e.rt.ToValue(ok)
	})
	e.setHostFunc(h, "call", func(call goja.FunctionCall) goja.Value {
		tool, args := e.toolArgs("call", call)
		if _, ok := toolkit.Lookup(tool); !ok {
			panic(e.rt.NewTypeError("host.call: unknown tool %q", tool))
		}
		// The third argument is the text the reference serialised for fs.write
		// (undefined or null: none). A bundle of the older ABI passes only two: the
		// host then writes the text as the Go evaluator does, as it used to.
		var data toolkit.Data
		if len(call.Arguments) < 3 && tool == "fs.write" {
			text, ok, err := value.WriteDataText(args, e.cur.cfg.Limits.MaxSize)
			if err != nil {
				panic(e.rt.NewTypeError("host.call: fs.write data: %v", err))
			}
			data = toolkit.Data{Text: text, OK: ok}
		}
		switch t := call.Argument(2).(type) {
		case goja.String:
			data = toolkit.Data{Text: stringFromJS(t), OK: true}
		default:
			if !goja.IsUndefined(t) && !goja.IsNull(t) {
				panic(e.rt.NewTypeError("host.call(tool, argsJSON, dataText): dataText must be a string, undefined or null"))
			}
		}
		return e.rt.ToValue(e.cur.callTool(tool, args, data))
	})
	return h
}

// setHostFunc installs fn as h[name], wrapped so that a Go panic inside it ends the run
// as a crash instead of unwinding through the JavaScript engine. JavaScript throws (a
// panic with a goja value, e.g. from NewTypeError) pass through: they are the bundle's
// errors to see.
func (e *engine) setHostFunc(h *goja.Object, name string, fn func(goja.FunctionCall) goja.Value) {
	wrapped := func(call goja.FunctionCall) (result goja.Value) {
		defer func() {
			x := recover()
			if x == nil {
				return
			}
			if isJSThrow(x) {
				panic(x)
			}
			if e.cur != nil && e.cur.hostPanic == "" {
				e.cur.hostPanic = fmt.Sprintf("host.%s panicked: %s\n%s", name, panicText(x), debug.Stack())
			}
			// The callback must return; the interrupt stops the JavaScript at its next
			// instruction and the runner reports the recorded panic.
			e.rt.Interrupt(errHostPanic)
			result = goja.Undefined()
		}()
		return fn(call)
	}
	if err := h.Set(name, wrapped); err != nil {
		panic(err) // a fresh ordinary object accepts any property
	}
}

// isJSThrow reports whether a panic value is goja's way of throwing into JavaScript.
func isJSThrow(x any) bool {
	switch x.(type) {
	case goja.Value, *goja.Exception, *goja.InterruptedError, *goja.StackOverflowError:
		return true
	}
	return false
}

// toolArgs reads (tool, argsJSON) and decodes the arguments, which must be a record.
// Misuse by the bundle is a TypeError thrown into it.
func (e *engine) toolArgs(fn string, call goja.FunctionCall) (string, *value.Record) {
	toolV, ok1 := call.Argument(0).(goja.String)
	argsV, ok2 := call.Argument(1).(goja.String)
	if !ok1 || !ok2 {
		panic(e.rt.NewTypeError("host.%s(tool, argsJSON) takes two strings", fn))
	}
	v, err := value.UnmarshalCanonical([]byte(jsonTextFromJS(argsV)))
	if err != nil {
		panic(e.rt.NewTypeError("host.%s: argsJSON is not canonical JSON: %v", fn, err))
	}
	args, ok := v.(*value.Record)
	if !ok {
		panic(e.rt.NewTypeError("host.%s: argsJSON must encode a record", fn))
	}
	return toolV.String(), args
}

// callTool runs the tool through the run's kit and encodes the result as
// {"ok":VALUE} or {"err":"MESSAGE"}. A panic inside the kit is a tool failure: the
// reference reports it as E_TOOL, like any other failure of the tool.
func (s *runState) callTool(tool string, args *value.Record, data toolkit.Data) string {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.kit == nil {
		s.kit = s.newKit(s.cfg.Fixtures)
	}
	result, err := func() (result value.Value, err error) {
		defer func() {
			if x := recover(); x != nil {
				err = fmt.Errorf("internal error: tool panicked: %s", panicText(x))
			}
		}()
		return s.kit.CallData(tool, args, data)
	}()
	if err != nil {
		return `{"err":` + string(value.MarshalCanonical(err.Error())) + `}`
	}
	return `{"ok":` + string(value.MarshalCanonical(result)) + `}`
}

var (
	catalogueOnce sync.Once
	catalogueText string
)

// catalogueJSON is host.tools(), computed once: the catalogue never changes.
func catalogueJSON() string {
	catalogueOnce.Do(func() { catalogueText = toolkit.CatalogueJSON() })
	return catalogueText
}

// panicText renders a recovered panic value.
func panicText(x any) string {
	if err, ok := x.(error); ok {
		return err.Error()
	}
	return fmt.Sprint(x)
}
