package worker

import (
	"runtime"
	"runtime/debug"
	"testing"

	"github.com/a0diff/a0diff/worker/workertest"
)

// allocateAndDrop makes a heap of mib MiB, every page touched, and lets it go: what a
// large run leaves behind.
func allocateAndDrop(mib int) {
	runtime.KeepAlive(workertest.Resident(mib))
}

// After a run that left much more heap than is live, a worker hands it back to the
// kernel before it waits for the next run.
func TestReleaseAfterLargeRun(t *testing.T) {
	allocateAndDrop(128)
	if held := heapHeld(); held <= releaseThreshold {
		t.Skipf("the heap holds %d MiB after a 128 MiB run: the collector already gave it back", held>>20)
	}
	releaseAfterLargeRun()
	if held := heapHeld(); held > releaseThreshold {
		t.Errorf("the heap still holds %d MiB after the release", held>>20)
	}
}

// A batch worker hands back the heap an item left only when it holds more than
// HeavyItemShare of its soft memory limit, and says whether it did.
func TestReleaseAfterHeavyItem(t *testing.T) {
	defer debug.SetMemoryLimit(debug.SetMemoryLimit(96 << 20))
	threshold := uint64(96 << 20 * HeavyItemShare)
	if held := heapHeld(); held > threshold {
		t.Skipf("the test binary's heap holds %d MiB before the test", held>>20)
	}
	if ReleaseAfterHeavyItem() {
		t.Errorf("released a heap of %d MiB, under %d MiB", heapHeld()>>20, threshold>>20)
	}
	allocateAndDrop(160)
	if held := heapHeld(); held <= threshold {
		t.Skipf("the heap holds %d MiB after a 160 MiB item: the collector already gave it back", held>>20)
	}
	if !ReleaseAfterHeavyItem() {
		t.Error("a heavy item's heap was not released")
	}
	if held := heapHeld(); held > threshold {
		t.Errorf("the heap still holds %d MiB after the release", held>>20)
	}
}
