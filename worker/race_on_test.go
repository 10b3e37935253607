//go:build race

package worker

// raceDetector: this test binary, and so every worker it re-executes, runs under the
// race detector, whose shadow memory adds to each process's resident set.
const raceDetector = true
