package worker

import (
	"runtime"
	"runtime/debug"
	"runtime/metrics"
	"testing"
)

func heapHeld() uint64 {
	samples := make([]metrics.Sample, len(heapMetrics))
	for i, name := range heapMetrics {
		samples[i].Name = name
	}
	metrics.Read(samples)
	var held uint64
	for _, s := range samples {
		held += s.Value.Uint64()
	}
	return held
}

// After a run that left much more heap than is live, a worker hands it back to the
// kernel before it waits for the next run.
func TestReleaseAfterLargeRun(t *testing.T) {
	chunks := make([][]byte, 0, 128)
	for range 128 {
		b := make([]byte, 1<<20)
		for i := 0; i < len(b); i += 4096 {
			b[i] = 1
		}
		chunks = append(chunks, b)
	}
	runtime.KeepAlive(chunks)
	chunks = nil
	if held := heapHeld(); held <= releaseThreshold {
		t.Skipf("the heap holds %d MiB after a 128 MiB run: the collector already gave it back", held>>20)
	}
	releaseAfterLargeRun()
	if held := heapHeld(); held > releaseThreshold {
		t.Errorf("the heap still holds %d MiB after the release", held>>20)
	}
}

// A batch worker hands back the heap of a batch only when it holds more than its soft
// memory limit.
func TestReleaseAfterLargeBatch(t *testing.T) {
	defer debug.SetMemoryLimit(debug.SetMemoryLimit(96 << 20))
	chunks := make([][]byte, 0, 160)
	for range 160 {
		b := make([]byte, 1<<20)
		for i := 0; i < len(b); i += 4096 {
			b[i] = 1
		}
		chunks = append(chunks, b)
	}
	runtime.KeepAlive(chunks)
	chunks = nil
	if held := heapHeld(); held <= 96<<20 {
		t.Skipf("the heap holds %d MiB after a 160 MiB batch: the collector already gave it back", held>>20)
	}
	ReleaseAfterLargeBatch()
	if held := heapHeld(); held > 96<<20 {
		t.Errorf("the heap still holds %d MiB after the release", held>>20)
	}
}
