package worker

import "github.com/a0diff/a0diff/runtime/outcome"

// GoForTest is the Go evaluator for the tests that need a real A0 implementation: the
// worker it serves (TestMain's "go" mode) and its runner in process. go_test.go (package
// worker_test) sets it, as package worker may not import runtime/run: the protocol knows
// no implementation, and runtime/run serves it.
var GoForTest struct {
	Worker    func() Implementation
	InProcess func() outcome.Runner
}
