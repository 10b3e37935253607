package toolkit

import (
	"math"
	"strconv"

	"github.com/a0diff/a0diff/runtime/value"
)

// sh.exec models child_process.execSync(cmd, {cwd, env, timeout, maxBuffer: 10 MiB})
// with /bin/sh being dash, answered from the shell fixtures. It never fails: every
// outcome is a result record (spec §9.2).

const (
	defaultTimeoutMs = 30000
	maxOutputBytes   = 10 << 20
)

func (k *Virtual) shExec(args *value.Record) (value.Value, error) {
	cmd := stringArg(args, "cmd")
	if !k.shellOptionsValid(args, cmd) {
		return shellResult(1, "", "", 0), nil
	}
	timeout := float64(defaultTimeoutMs)
	if v, ok := ownField(args, "timeoutMs"); ok {
		timeout, _ = v.(float64)
	}
	if i, ok := k.shellIndex[hostText(cmd)]; ok {
		fx := k.fixtures.Shell[i]
		if timeout > 0 && float64(fx.DurationMs) > timeout {
			// Killed by the timeout before it finished: nothing captured.
			return shellResult(1, "", "", int(timeout)), nil
		}
		if len(fx.Stdout) > maxOutputBytes || len(fx.Stderr) > maxOutputBytes {
			return shellResult(1, "", "", fx.DurationMs), nil
		}
		stderr := decodeUTF8(fx.Stderr, false)
		if fx.ExitCode == 0 {
			stderr = ""
		}
		return shellResult(fx.ExitCode, decodeUTF8(fx.Stdout, false), stderr, fx.DurationMs), nil
	}
	word, line := firstWord(cmd)
	if word == "" {
		return shellResult(0, "", "", 0), nil // only blanks: the shell does nothing
	}
	return shellResult(127, "", "/bin/sh: "+strconv.Itoa(line)+": "+hostText(word)+": not found\n", 0), nil
}

// shellOptionsValid is false where execSync throws before running anything (an empty
// command, NUL bytes, a timeout that is not a non-negative integer) or the spawn fails
// (a cwd that is not an existing directory); the tool then reports exit code 1.
func (k *Virtual) shellOptionsValid(args *value.Record, cmd string) bool {
	if cmd == "" || hasNUL(cmd) {
		return false
	}
	if v, ok := ownField(args, "timeoutMs"); ok {
		t, _ := v.(float64)
		if t < 0 || math.IsInf(t, 0) || t != math.Trunc(t) {
			return false
		}
	}
	if v, ok := ownField(args, "env"); ok {
		if env, ok := v.(*value.Record); ok {
			for _, name := range env.Keys() {
				item, _ := env.Get(name)
				s, _ := item.(string)
				if hasNUL(name) || hasNUL(s) {
					return false
				}
			}
		}
	}
	if v, ok := ownField(args, "cwd"); ok {
		dir, _ := v.(string)
		if dir == "" || hasNUL(dir) { // spawn fails on an empty cwd (ENOENT)
			return false
		}
		n, code := k.fs.lookup(hostText(resolvePath(k.cwd, dir)))
		if code != errOK || !n.dir {
			return false
		}
	}
	return true
}

// firstWord is the command word dash reports as not found, with its line number.
func firstWord(cmd string) (string, int) {
	line := 1
	i := 0
	for i < len(cmd) && (cmd[i] == ' ' || cmd[i] == '\t' || cmd[i] == '\n') {
		if cmd[i] == '\n' {
			line++
		}
		i++
	}
	end := i
	for end < len(cmd) && cmd[end] != ' ' && cmd[end] != '\t' && cmd[end] != '\n' {
		end++
	}
	return cmd[i:end], line
}

func shellResult(exitCode int, stdout, stderr string, durationMs int) *value.Record {
	r := value.NewRecordSize(4)
	r.Set("exitCode", float64(exitCode))
	r.Set("stdout", stdout)
	r.Set("stderr", stderr)
	r.Set("durationMs", float64(durationMs))
	return r
}
