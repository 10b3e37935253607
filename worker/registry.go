package worker

import "sync"

// The workers alive in this process, by process id: the pools' processes that have been
// started and not yet waited for. startMu is held while a worker starts, so that a sweep
// of orphans (tree_linux.go) never takes a worker just started for an orphan.
var (
	startMu sync.Mutex
	live    = map[int]*proc{}
)

// liveWorker reports whether pid is a worker alive in this process; startMu is held.
func liveWorker(pid int) bool { return live[pid] != nil }

// KillAll kills every worker of this process with its whole process tree, and the
// orphans they left. It is for a0diff's exit at once (a second Ctrl-C): no worker, nor
// anything a worker started, outlives a0diff.
func KillAll() {
	startMu.Lock()
	pids := make([]int, 0, len(live))
	for pid := range live {
		pids = append(pids, pid)
	}
	startMu.Unlock()
	for _, pid := range pids {
		killTree(pid)
	}
	sweepOrphans()
}
