package trial

import "github.com/a0diff/a0diff/runtime/outcome"

// Transient is implemented by implementations that can tell an Outcome the machine may
// have caused from one the program did (worker.Pool: a worker killed by a signal the
// supervisor did not send, or by the memory ceiling).
type Transient interface {
	Transient(outcome.Outcome) bool
}

// NeedsRerun reports whether got, r's Outcome, must be run again (with RetryFactor
// times the deadline) before it is believed beside other, the Outcome of the
// implementation it is compared with. It is a0diff's one rule about re-running a side,
// so that only what reproduces becomes a verdict:
//
//   - got timed out while other completed (a loaded machine, a slow engine);
//   - got timed out while other ended by a deterministic limit (maxSteps, maxDepth,
//     maxNesting, maxSize): given the time, the same limit would likely have ended got;
//   - got is r's Transient outcome (a worker killed from outside, or over the memory
//     ceiling while the machine was busy) and other is not the same.
func NeedsRerun(r outcome.Runner, got, other outcome.Outcome) bool {
	if got.Status == outcome.StatusTimeout {
		return other.Status == outcome.StatusOK || other.Status == outcome.StatusResource && deterministicLimit(other.Limit)
	}
	if t, ok := r.(Transient); ok && t.Transient(got) {
		return other.Status != got.Status
	}
	return false
}

func deterministicLimit(limit outcome.LimitName) bool {
	switch limit {
	case outcome.LimitSteps, outcome.LimitDepth, outcome.LimitNesting, outcome.LimitSize:
		return true
	}
	return false
}
