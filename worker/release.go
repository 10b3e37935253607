package worker

import (
	"math"
	"runtime/debug"
	"runtime/metrics"
)

// releaseThreshold is the heap a per-case worker may keep between runs before it hands
// the memory back to the kernel: well above what an ordinary run leaves (the collector's
// goal at GOGC 400 over a live heap of a few MB, 20 MiB or so), well below what a run
// the step limit ends leaves (a trace of tens of thousands of events, 100 MiB and more).
const releaseThreshold = 48 << 20

// heapMetrics are the runtime/metrics of the heap the Go runtime holds from the kernel:
// objects (live or dead and not yet swept), the unused parts of their spans, and free
// spans not yet returned.
var heapMetrics = []string{
	"/memory/classes/heap/objects:bytes",
	"/memory/classes/heap/unused:bytes",
	"/memory/classes/heap/free:bytes",
}

// releaseAfterLargeRun returns to the kernel the memory a large run left the process
// holding. A per-case worker waits between runs — in a campaign with campaign workers it
// serves only the cases they hand back, a few a minute — and without this it would keep
// the heap of the largest run it served until the collector's background scavenger got
// round to it, which on an idle process it hardly does: a ref worker that ran one such
// case held 117 MiB and a Go worker 70 MiB for the rest of a 200 000-case campaign. The
// check is a few microseconds; the release, a collection of what is live between runs
// (little) and the return of the rest, happens only after a large run.
func releaseAfterLargeRun() { releaseHeapOver(releaseThreshold) }

// ReleaseAfterLargeBatch is releaseAfterLargeRun for a batch worker, called after it has
// answered a batch: it hands the heap back when the Go runtime holds more than the
// process's soft memory limit (GOMEMLIMIT; 128 MiB without one), which only a batch with
// a large run makes it do. Between batches a campaign worker that ran such a case held
// 165 MiB while the case was run again in per-case workers beside it.
func ReleaseAfterLargeBatch() {
	limit := debug.SetMemoryLimit(-1)
	if limit <= 0 || limit == math.MaxInt64 {
		limit = 128 << 20
	}
	releaseHeapOver(uint64(limit))
}

// releaseHeapOver returns the free heap to the kernel when the heap the Go runtime holds
// is over threshold bytes.
func releaseHeapOver(threshold uint64) {
	samples := make([]metrics.Sample, len(heapMetrics))
	for i, name := range heapMetrics {
		samples[i].Name = name
	}
	metrics.Read(samples)
	var held uint64
	for _, s := range samples {
		if s.Value.Kind() == metrics.KindUint64 {
			held += s.Value.Uint64()
		}
	}
	if held > threshold {
		debug.FreeOSMemory()
	}
}
