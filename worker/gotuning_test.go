package worker

import (
	"reflect"
	"runtime"
	"runtime/debug"
	"strconv"
	"testing"
)

func TestTuneGC(t *testing.T) {
	defer debug.SetGCPercent(debug.SetGCPercent(100))
	defer debug.SetMemoryLimit(debug.SetMemoryLimit(-1))
	tests := []struct {
		name  string
		tune  func()
		gogc  string // the environment's GOGC
		want  int    // the GOGC in force after tune
		limit int64  // the memory limit in force after tune (-1: untouched)
	}{
		{"process", TuneProcessGC, "", 400, -1},
		{"in process", TuneInProcessGC, "", 1600, 512 << 20},
		{"batch worker", TuneBatchWorkerGC, "", 800, -1},
		{"supervisor", TuneSupervisorGC, "", 100, -1},
		{"process, GOGC set", TuneProcessGC, "150", 150, -1},
		{"in process, GOGC set", TuneInProcessGC, "150", 150, 512 << 20},
	}
	for _, tt := range tests {
		t.Setenv("GOGC", tt.gogc)
		t.Setenv("GOMEMLIMIT", "")
		debug.SetGCPercent(150) // what GOGC=150 would have set at the start
		const untouched = 1 << 40
		debug.SetMemoryLimit(untouched)
		tt.tune()
		if got := debug.SetGCPercent(100); got != tt.want {
			t.Errorf("%s: GOGC %d, want %d", tt.name, got, tt.want)
		}
		limit := debug.SetMemoryLimit(-1)
		if tt.limit == -1 && limit != untouched || tt.limit != -1 && limit != tt.limit {
			t.Errorf("%s: memory limit %d, want %d (-1: untouched)", tt.name, limit, tt.limit)
		}
	}
	// GOMEMLIMIT in the environment keeps the in-process limit away.
	t.Setenv("GOMEMLIMIT", "1GiB")
	debug.SetMemoryLimit(1 << 30)
	TuneInProcessGC()
	if limit := debug.SetMemoryLimit(-1); limit != 1<<30 {
		t.Errorf("with GOMEMLIMIT set: memory limit %d, want 1 GiB kept", limit)
	}
}

func TestMemoryLimitEnv(t *testing.T) {
	tests := []struct {
		rss        int
		gomemlimit string
		want       []string
	}{
		{1536, "", []string{"GOMEMLIMIT=512MiB"}},
		{1000, "", []string{"GOMEMLIMIT=333MiB"}},
		{0, "", nil},
		{1536, "2GiB", nil},
	}
	for _, tt := range tests {
		t.Setenv("GOMEMLIMIT", tt.gomemlimit)
		if got := MemoryLimitEnv(tt.rss); !reflect.DeepEqual(got, tt.want) {
			t.Errorf("MemoryLimitEnv(%d) with GOMEMLIMIT=%q = %q, want %q", tt.rss, tt.gomemlimit, got, tt.want)
		}
	}
	for _, tt := range []struct {
		rss        int
		gomemlimit string
		want       []string
	}{
		{384, "", []string{"GOMEMLIMIT=96MiB"}},
		{0, "", nil},
		{384, "2GiB", nil},
	} {
		t.Setenv("GOMEMLIMIT", tt.gomemlimit)
		if got := BatchWorkerMemoryLimitEnv(tt.rss); !reflect.DeepEqual(got, tt.want) {
			t.Errorf("BatchWorkerMemoryLimitEnv(%d) with GOMEMLIMIT=%q = %q, want %q", tt.rss, tt.gomemlimit, got, tt.want)
		}
	}
	t.Setenv("GOMEMLIMIT", "")
	t.Setenv("GOMAXPROCS", "")
	c := GoWorkerConfig("go", []string{"a0diff", "worker"}, 2, 1536)
	if want := []string{"GOMAXPROCS=1", "GOMEMLIMIT=512MiB"}; !reflect.DeepEqual(c.Env, want) || c.Size != 2 || c.RSSLimitMB != 1536 || c.Name != "go" {
		t.Errorf("GoWorkerConfig = %+v, want env %q", c, want)
	}
}

func TestBatchWorkerProcsEnv(t *testing.T) {
	n := runtime.NumCPU()
	tests := []struct {
		workers    int
		gomaxprocs string
		want       []string
	}{
		{1, "", []string{"GOMAXPROCS=" + strconv.Itoa(n)}},
		{n, "", []string{"GOMAXPROCS=1"}},
		{2 * n, "", []string{"GOMAXPROCS=1"}}, // never below one
		{0, "", []string{"GOMAXPROCS=" + strconv.Itoa(n)}},
		{1, "3", nil}, // the user's setting reaches the workers unchanged
	}
	if n >= 4 {
		tests = append(tests, struct {
			workers    int
			gomaxprocs string
			want       []string
		}{2, "", []string{"GOMAXPROCS=" + strconv.Itoa(n/2)}})
	}
	for _, tt := range tests {
		t.Setenv("GOMAXPROCS", tt.gomaxprocs)
		if got := BatchWorkerProcsEnv(tt.workers); !reflect.DeepEqual(got, tt.want) {
			t.Errorf("BatchWorkerProcsEnv(%d) on %d CPUs with GOMAXPROCS=%q = %q, want %q", tt.workers, n, tt.gomaxprocs, got, tt.want)
		}
	}
}
