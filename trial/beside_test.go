package trial

import (
	"context"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/a0diff/a0diff/runtime/outcome"
)

// sideRunner is an implementation that logs when its runs start and end; with meet set,
// a run waits (up to 10 s) for the other side's run to start, so it finishes well only
// when the sides run at the same time.
type sideRunner struct {
	name   string
	beside bool
	log    *sideLog
	meet   bool
}

type sideLog struct {
	mu      sync.Mutex
	events  []string
	started map[string]chan struct{}
}

func (s *sideRunner) Name() string     { return s.name }
func (s *sideRunner) RunsBeside() bool { return s.beside }

func (s *sideRunner) Run(ctx context.Context, source string, cfg outcome.Config) outcome.Outcome {
	l := s.log
	l.mu.Lock()
	l.events = append(l.events, s.name+" starts")
	close(l.started[s.name])
	l.mu.Unlock()
	o := outcome.Outcome{Status: outcome.StatusOK, Value: s.name, HasValue: true}
	if s.meet {
		other := map[string]string{"go": "ref", "ref": "go"}[s.name]
		select {
		case <-l.started[other]:
		case <-time.After(10 * time.Second):
			o = outcome.Outcome{Status: outcome.StatusTimeout, Detail: "the other side did not start meanwhile"}
		}
	}
	l.mu.Lock()
	l.events = append(l.events, s.name+" ends")
	l.mu.Unlock()
	return o
}

// The two sides of a case run at the same time when both implementations allow it
// (worker pools of one worker), the Go side first otherwise.
func TestSidesRunBesideWhenBothAllowIt(t *testing.T) {
	for _, beside := range []bool{true, false} {
		l := &sideLog{started: map[string]chan struct{}{"go": make(chan struct{}), "ref": make(chan struct{})}}
		rs := Runners{Impl: &sideRunner{name: "go", beside: true, log: l, meet: beside},
			Ref: &sideRunner{name: "ref", beside: beside, log: l, meet: beside}}
		c := Compare(context.Background(), rs, "return 1\n", outcome.Config{File: "t.a0"})
		if c.Impl.Status != outcome.StatusOK || c.Ref.Status != outcome.StatusOK {
			t.Errorf("beside %v: go %s %s, ref %s %s", beside, c.Impl.Status, c.Impl.Detail, c.Ref.Status, c.Ref.Detail)
		}
		if inTurn := []string{"go starts", "go ends", "ref starts", "ref ends"}; !beside && !slices.Equal(l.events, inTurn) {
			t.Errorf("in turn: %v, want %v", l.events, inTurn)
		}
	}
}
