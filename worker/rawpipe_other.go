//go:build !linux

package worker

import "os"

// rawPipe is used on Linux only (rawpipe_linux.go).
type rawPipe struct{ *os.File }

func newRawPipe(*os.File) *rawPipe { return nil }
