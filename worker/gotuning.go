package worker

import (
	"os"
	"runtime/debug"
	"strconv"
)

// GoWorkerConfig is the Config of a pool of workers that are Go programs (a0diff's own
// built-in workers: argv re-executes a0diff in worker mode) under a ceiling of
// rssLimitMB (0: none), with the Go runtime tuned for them through the environment —
// unless the user set the variable: GOMAXPROCS=1 (a worker runs one program at a time:
// with one processor, handing the run and each message between its goroutines is a
// switch on that processor, not a wake-up of another OS thread) and GOMEMLIMIT at a third
// of the ceiling (an ordinary run's small heap keeps the speed of GOGC 400, while a large
// one, a run the step limit ends in goja, is collected harder instead of growing to five
// times its live data).
func GoWorkerConfig(name string, argv []string, size, rssLimitMB int) Config {
	var env []string
	if os.Getenv("GOMAXPROCS") == "" {
		env = append(env, "GOMAXPROCS=1")
	}
	if rssLimitMB > 0 && os.Getenv("GOMEMLIMIT") == "" {
		env = append(env, "GOMEMLIMIT="+strconv.Itoa(rssLimitMB/3)+"MiB")
	}
	return Config{Name: name, Command: argv, Env: env, Size: size, RSSLimitMB: rssLimitMB}
}

// TuneSupervisorGC sets the garbage collector of a process that supervises workers and
// runs no implementation itself back to GOGC 100 (unless the user set GOGC): a0diff's
// GOGC 400, chosen for goja in process, would only let its heap grow to five times its
// live data.
func TuneSupervisorGC() {
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(100)
	}
}
