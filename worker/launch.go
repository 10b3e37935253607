package worker

import (
	"fmt"
	"io"
	"os"
	"os/exec"
)

// launch starts a worker process, per-case or batch alike: in a process group of its own
// (killed with it), with a0diff a subreaper of what it leaves behind, registered for
// KillAll, and extra as its descriptors from 3 on. It returns the proc with its stdin
// and stdout set; the caller puts its writer on w.stdin.
//
// The host's ends are os.Pipe files, which the runtime's poller serves, so read and
// write deadlines work on them (StdinPipe would hide the *os.File). Stderr is a pipe of
// the host's own too, read by a goroutine of its own: os/exec's Wait would wait for a
// copy of it to end, which a descendant holding the pipe open delays for ever.
func launch(command, env []string, extra []*os.File) (*proc, error) {
	becomeSubreaper()
	cmd := exec.Command(command[0], command[1:]...)
	ownGroup(cmd)
	cmd.Env = append(os.Environ(), env...)
	cmd.ExtraFiles = extra
	w := &proc{cmd: cmd, stderr: newHeadTail(4 << 10), stderrDone: make(chan struct{})}
	childIn, stdin, err := os.Pipe()
	if err != nil {
		return nil, err
	}
	errR, errW, err := os.Pipe()
	if err != nil {
		childIn.Close()
		stdin.Close()
		return nil, err
	}
	cmd.Stdin, cmd.Stderr = childIn, errW
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		childIn.Close()
		stdin.Close()
		errR.Close()
		errW.Close()
		return nil, err
	}
	startMu.Lock()
	err = cmd.Start()
	if err == nil {
		live[cmd.Process.Pid] = w
	}
	startMu.Unlock()
	childIn.Close()
	errW.Close()
	if err != nil {
		stdin.Close()
		errR.Close()
		return nil, fmt.Errorf("starting %s: %w", command[0], err)
	}
	w.stderrR = errR
	go func() {
		io.Copy(w.stderr, errR)
		close(w.stderrDone)
	}()
	w.stdin = stdin
	w.out = newLineReader(stdout.(*os.File))
	return w, nil
}
