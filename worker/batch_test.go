package worker

import (
	"context"
	"errors"
	"os/exec"
	"strings"
	"testing"
	"time"
)

// shBatch is a batch worker written in sh: the hello, then the body.
func shBatch(t *testing.T, body string) BatchConfig {
	t.Helper()
	if _, err := exec.LookPath("sh"); err != nil {
		t.Skip("no sh")
	}
	hello := strings.TrimSuffix(string(BatchHelloLine("sh")), "\n")
	return BatchConfig{Name: "sh", Command: []string{"sh", "-c", "printf '%s\\n' '" + hello + "'\n" + body}, StartTimeout: time.Minute}
}

// A batch worker's start either gives a worker or says why not; a process that started
// and ended before its hello (a kill from outside can land there) is told apart from a
// command that never ran, because the first cost a process and counts as a death.
func TestStartBatch(t *testing.T) {
	hello := strings.TrimSuffix(string(BatchHelloLine("sh")), "\n")
	for _, tc := range []struct {
		name, script string
		command      []string
		endedEarly   bool // errors.Is(err, ErrEndedBeforeHello)
		wantErr      string
	}{
		{name: "hello", script: "printf '%s\\n' '" + hello + "'; cat >/dev/null"},
		{name: "exits before its hello", script: "exit 3", endedEarly: true, wantErr: "ended before its hello"},
		{name: "killed before its hello", script: "kill -9 $$", endedEarly: true, wantErr: "ended before its hello"},
		{name: "no hello", script: "echo '{\"type\":\"outcome\"}'; cat >/dev/null", wantErr: "first line is not a hello"},
		{name: "other protocol", script: "echo '{\"type\":\"hello\",\"protocol\":99}'; cat >/dev/null", wantErr: "speaks protocol 99"},
		{name: "no such command", command: []string{"/nonexistent/a0diff-batch-worker"}, wantErr: "starting /nonexistent/a0diff-batch-worker"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cmd := tc.command
			if cmd == nil {
				cmd = []string{"sh", "-c", tc.script}
			}
			b, err := StartBatch(BatchConfig{Name: "sh", Command: cmd, StartTimeout: time.Minute})
			if tc.wantErr == "" {
				if err != nil {
					t.Fatalf("StartBatch: %v", err)
				}
				b.Stop()
				return
			}
			if err == nil {
				b.Stop()
				t.Fatalf("StartBatch started a worker; want an error containing %q", tc.wantErr)
			}
			if !strings.Contains(err.Error(), tc.wantErr) || errors.Is(err, ErrEndedBeforeHello) != tc.endedEarly {
				t.Errorf("StartBatch: %v (ErrEndedBeforeHello: %v); want %q, ErrEndedBeforeHello: %v", err, errors.Is(err, ErrEndedBeforeHello), tc.wantErr, tc.endedEarly)
			}
		})
	}
}

// A slot counts every process it started, those that died starting included, and
// believes a start's error only after batchStartAttempts tries; then it is broken.
func TestBatchSlotCountsWorkersThatDieStarting(t *testing.T) {
	s := NewBatchSlot(BatchConfig{Name: "sh", Command: []string{"sh", "-c", "exit 3"}, StartTimeout: time.Minute})
	defer s.Close()
	if _, err := s.Worker(); !errors.Is(err, ErrEndedBeforeHello) {
		t.Fatalf("Worker: %v; want the start's error", err)
	}
	if st := s.Stats(); st.Started != batchStartAttempts || st.DiedStarting != batchStartAttempts {
		t.Errorf("stats %+v; want %d started, all died starting", st, batchStartAttempts)
	}
	// Broken: the slot starts no more workers.
	if _, err := s.Worker(); !errors.Is(err, ErrEndedBeforeHello) {
		t.Fatalf("Worker again: %v; want the start's error", err)
	}
	if st := s.Stats(); st.Started != batchStartAttempts {
		t.Errorf("stats %+v after a second Worker; want no more starts", st)
	}
}

// Do returns the worker's answer line, and a death (with what the worker wrote on
// stderr) when the worker ends instead of answering.
func TestBatchDo(t *testing.T) {
	cfg := shBatch(t, `read -r line; echo "answer to $line"; read -r line; echo dying >&2; exit 4`)
	b, err := StartBatch(cfg)
	if err != nil {
		t.Fatal(err)
	}
	defer b.Stop()
	got, death := b.Do(context.Background(), []byte("one\n"), []byte("cancel\n"), time.Minute)
	if death != nil || string(got) != "answer to one" {
		t.Fatalf("Do = %q, %+v; want the answer line", got, death)
	}
	_, death = b.Do(context.Background(), []byte("two\n"), []byte("cancel\n"), time.Minute)
	if death == nil || death.Reason != "crash" || !strings.Contains(death.Detail, "dying") {
		t.Fatalf("Do after the worker exited: death %+v; want a crash whose detail has its stderr", death)
	}
}
