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
var heapMetrics = [...]string{
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

// HeavyItemShare is the share of a batch worker's soft memory limit (GOMEMLIMIT) above
// which the heap the Go runtime holds after an item makes the item heavy: a batch worker
// hands that heap back to the kernel at once (ReleaseAfterHeavyItem), before its next
// item. An ordinary generated case leaves the heap at the collector's goal, about half
// the limit at BatchWorkerGOGC; the few cases that build values at the harness's size
// bound (a 32 Mi-unit text, a 2^20-element list) hold 70–100 MiB while they run and
// leave the heap at the limit or above it.
const HeavyItemShare = 0.75

// ReleaseAfterHeavyItem, called by a batch worker after each item, returns the free
// heap to the kernel when the Go runtime holds more than HeavyItemShare of the process's
// soft memory limit (GOMEMLIMIT; 128 MiB without one), and reports whether it did. It
// costs a read of three runtime metrics, a few microseconds; the release, a collection
// of what is live between items (a few MB) and the return of the rest, happens only after
// a heavy item. Released after the item rather than after its batch, a campaign worker
// holds a heavy case's heap for the case's duration only: before, two campaign workers
// and a per-case worker running such a case again held 330–450 MiB together at the peak
// of a 200 000-case campaign, one of the campaign workers 149–163 MiB.
func ReleaseAfterHeavyItem() bool {
	limit := debug.SetMemoryLimit(-1)
	if limit <= 0 || limit == math.MaxInt64 {
		limit = 128 << 20
	}
	return releaseHeapOver(uint64(float64(limit) * HeavyItemShare))
}

// ReleaseHeap returns the free heap to the kernel now: a batch worker asked to make room
// (the supervisor is about to run a heavy item again in per-case workers).
func ReleaseHeap() { debug.FreeOSMemory() }

// releaseHeapOver returns the free heap to the kernel when the heap the Go runtime holds
// is over threshold bytes, and reports whether it did.
func releaseHeapOver(threshold uint64) bool {
	if heapHeld() > threshold {
		debug.FreeOSMemory()
		return true
	}
	return false
}

// heapHeld is the heap the Go runtime holds from the kernel (heapMetrics).
func heapHeld() uint64 {
	var samples [len(heapMetrics)]metrics.Sample
	for i, name := range heapMetrics {
		samples[i].Name = name
	}
	metrics.Read(samples[:])
	var held uint64
	for _, s := range samples {
		if s.Value.Kind() == metrics.KindUint64 {
			held += s.Value.Uint64()
		}
	}
	return held
}
