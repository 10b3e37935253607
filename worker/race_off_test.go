//go:build !race

package worker

// raceDetector: see race_on_test.go.
const raceDetector = false
