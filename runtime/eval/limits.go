package eval

import (
	"errors"
	"fmt"

	"github.com/a0diff/a0diff/runtime/outcome"
	"github.com/a0diff/a0diff/runtime/value"
)

// The harness limits of outcome.Limits, enforced at the points its documentation names so
// that the reference (which follows the same rules) ends the same programs the same way.

func (ev *evaluator) sizeAbort(what string, n int) error {
	return &abort{status: outcome.StatusResource, limit: outcome.LimitSize, detail: fmt.Sprintf("maxSize: %s of size %d exceeds the size limit %d", what, n, ev.limits.MaxSize)}
}

// nestingAbort is the outcome of a run whose evaluation nests deeper than maxNest
// frames: the engine stack limit, a harness bound like the reference engine's.
func (ev *evaluator) nestingAbort() error {
	return &abort{status: outcome.StatusResource, detail: fmt.Sprintf("evaluator nesting exceeded %d frames (engine stack limit)", ev.maxNest)}
}

// stepsExhausted is the panic value of the step that would exceed Limits.MaxSteps. The
// step limit is checked where trace events are emitted, which happens in too many places
// to thread an error out of each; Run recovers it (like go/parser's bailout), and since
// the run ends there, nothing half-done survives it.
type stepsExhausted struct{}

// takeStep takes one step of Limits.MaxSteps (one trace event or one counted iteration,
// see outcome.Limits); the step over the limit ends the run before it happens.
func (ev *evaluator) takeStep() {
	if ev.stepsLeft == 0 {
		panic(stepsExhausted{})
	}
	ev.stepsLeft--
}

// checkString bounds a produced string by its UTF-16 length. The byte length bounds the
// UTF-16 length from above, so the exact count is only needed for long strings.
func (ev *evaluator) checkString(s string) error {
	if len(s) <= ev.limits.MaxSize {
		return nil
	}
	if n := value.UTF16Len(s); n > ev.limits.MaxSize {
		return ev.sizeAbort("string", n)
	}
	return nil
}

func (ev *evaluator) checkList(n int) error {
	if n > ev.limits.MaxSize {
		return ev.sizeAbort("list", n)
	}
	return nil
}

// checkProduced bounds a value produced by a stdlib function: a list by its elements, a
// string by its UTF-16 code units.
func (ev *evaluator) checkProduced(v value.Value) error {
	switch v := v.(type) {
	case string:
		return ev.checkString(v)
	case *value.List:
		return ev.checkList(len(v.Items))
	}
	return nil
}

// checkSerialised bounds a value about to cross to a host as text (tool arguments and
// results travel as canonical JSON in the reference's host ABI).
func (ev *evaluator) checkSerialised(v value.Value) error {
	if err := CheckSerialisable(v, ev.limits.MaxSize); err != nil {
		if a, ok := fromLimitError(err); ok {
			return a
		}
		return err
	}
	return nil
}

// CheckSerialisable applies the serialisation bound of outcome.Limits.MaxSize to v
// without serialising it: more than maxSize nodes (every scalar, list and record reached)
// or more than value.TextLimit(maxSize) text units gives a *value.LimitError, counted as
// value.CheckNodes counts them and as the reference counts a value it encodes for a host
// (values.ts, isPlainJSON and CanonicalWriter). Counting stops at the limit, so a value
// with much sharing (a list holding the same big list twice, nested many times) is
// measured in bounded time.
func CheckSerialisable(v value.Value, maxSize int) error {
	return value.CheckNodes(v, maxSize)
}

// fromLimitError turns a stdlib's *value.LimitError into the run-ending abort.
func fromLimitError(err error) (error, bool) {
	var le *value.LimitError
	if errors.As(err, &le) {
		return &abort{status: outcome.StatusResource, limit: outcome.LimitSize, detail: "maxSize: " + le.Error()}, true
	}
	return nil, false
}
