package worker

import (
	"os"
	"runtime"
	"runtime/debug"
	"strconv"
)

// The Go collector settings of a0diff's processes. An explicit GOGC, GOMEMLIMIT or
// GOMAXPROCS in the environment always wins over them.
const (
	// ProcessGOGC is the setting of an a0diff process from its start (TuneProcessGC),
	// and so of the built-in per-case workers. Each goja object is several Go
	// allocations and a reference runtime's live heap is about 2 MB, under the
	// collector's 4 MB floor, so with the default GOGC the collector runs every few
	// programs; GOGC=400 runs the reference about 1.4× faster for a few more MB per
	// worker. Workers bound their heap with GOMEMLIMIT (MemoryLimitEnv).
	ProcessGOGC = 400

	// InProcessGOGC and InProcessMemoryLimitMB are the settings of a process that runs
	// both implementations itself (--isolation none; TuneInProcessGC): its live heap is
	// still only a few MB (the goja runtimes and the cases in flight), and a generated
	// case allocates about 0.5 MB, nearly all of it goja's, so with GOGC 400 the
	// collector still runs every 20-odd cases, and while it marks, every pointer write
	// of the JavaScript engine pays the write barrier. GOGC 1600 collects a quarter as
	// often (measured: README.md, "Figures"). The soft memory limit keeps a large live
	// heap (a run the step limit ends in goja holds about 130 MiB) from growing to 17
	// times its size: near the limit the collector runs as often as it must.
	InProcessGOGC          = 1600
	InProcessMemoryLimitMB = 512

	// BatchWorkerGOGC is the setting of a worker that runs both implementations on
	// batches of cases (TuneBatchWorkerGC): as in process, but two such processes at -j
	// 2, so half the in-process setting, which keeps most of its speed for two thirds
	// of the memory (README, "Figures").
	BatchWorkerGOGC = InProcessGOGC / 2
)

// TuneProcessGC applies ProcessGOGC.
func TuneProcessGC() { setGOGC(ProcessGOGC) }

// TuneInProcessGC applies InProcessGOGC and InProcessMemoryLimitMB.
func TuneInProcessGC() {
	setGOGC(InProcessGOGC)
	if os.Getenv("GOMEMLIMIT") == "" {
		debug.SetMemoryLimit(InProcessMemoryLimitMB << 20)
	}
}

// TuneBatchWorkerGC applies BatchWorkerGOGC.
func TuneBatchWorkerGC() { setGOGC(BatchWorkerGOGC) }

// TuneSupervisorGC sets the garbage collector of a process that supervises workers and
// runs no implementation itself back to GOGC 100 (unless the user set GOGC): a0diff's
// GOGC 400, chosen for goja in process, would only let its heap grow to five times its
// live data.
func TuneSupervisorGC() { setGOGC(100) }

func setGOGC(percent int) {
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(percent)
	}
}

// MemoryLimitEnv is the environment that bounds the heap of a Go worker under a ceiling
// of rssLimitMB (0: none): GOMEMLIMIT at a third of it, so that an ordinary run's small
// heap keeps the collector's pace while a large one, a run the step limit ends in goja,
// is collected harder well before the ceiling instead of growing to five times its live
// data. It is empty without a ceiling or when the user set GOMEMLIMIT.
func MemoryLimitEnv(rssLimitMB int) []string {
	if rssLimitMB > 0 && os.Getenv("GOMEMLIMIT") == "" {
		return []string{"GOMEMLIMIT=" + strconv.Itoa(rssLimitMB/3) + "MiB"}
	}
	return nil
}

// BatchWorkerMemoryLimitEnv is MemoryLimitEnv for a batch worker: GOMEMLIMIT at a
// quarter of the ceiling. A batch worker runs thousands of cases between starts at
// BatchWorkerGOGC, whose heap goal (nine times a live heap of 10–15 MB) a third of the
// default ceiling only capped: two campaign workers then held 140–155 MiB each, most of
// a 200 000-case campaign's peak. At a quarter their ordinary cases cost no measurable
// CPU more (5 000 cases: 9.9–10.0 against 9.8–10.2 CPU-s), and a run the step limit ends
// in goja (about 130 MiB live) 10–20 % more; at a sixth it would cost that run twice the
// CPU.
func BatchWorkerMemoryLimitEnv(rssLimitMB int) []string {
	if rssLimitMB > 0 && os.Getenv("GOMEMLIMIT") == "" {
		return []string{"GOMEMLIMIT=" + strconv.Itoa(rssLimitMB/4) + "MiB"}
	}
	return nil
}

// BatchWorkerProcsEnv is the environment that gives each of workers batch workers its
// share of the machine's processors: GOMAXPROCS at the number of CPUs divided by workers,
// at least 1 (unless the user set GOMAXPROCS). A batch worker runs one case at a time on
// one goroutine; with more processors than its share, its collector marks on the spare
// ones, which at -j NumCPU are the other workers' cores: two campaign workers on two
// cores at GOMAXPROCS 2 were switched out voluntarily 13 900–17 700 times per 20 000
// cases (at GOMAXPROCS 1: 7 700–9 600) against 1 550–2 150 for the same work in one
// process (README, "Behind the defaults"). At -j 1 the lone worker keeps
// every processor, which its collector then uses alone.
func BatchWorkerProcsEnv(workers int) []string {
	if os.Getenv("GOMAXPROCS") != "" {
		return nil
	}
	return []string{"GOMAXPROCS=" + strconv.Itoa(max(1, runtime.NumCPU()/max(1, workers)))}
}

// GoWorkerConfig is the Config of a pool of workers that are Go programs (a0diff's own
// built-in workers: argv re-executes a0diff in worker mode) under a ceiling of
// rssLimitMB (0: none), with the Go runtime tuned for them through the environment —
// unless the user set the variable: GOMAXPROCS=1 (a worker runs one program at a time:
// with one processor, handing the run and each message between its goroutines is a
// switch on that processor, not a wake-up of another OS thread) and MemoryLimitEnv.
func GoWorkerConfig(name string, argv []string, size, rssLimitMB int) Config {
	var env []string
	if os.Getenv("GOMAXPROCS") == "" {
		env = append(env, "GOMAXPROCS=1")
	}
	env = append(env, MemoryLimitEnv(rssLimitMB)...)
	return Config{Name: name, Command: argv, Env: env, Size: size, RSSLimitMB: rssLimitMB}
}
