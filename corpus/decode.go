package corpus

import (
	"bytes"
	"fmt"

	"github.com/a0diff/a0diff/runtime/syntax"
)

// decodeSource turns a file's bytes into the program text the implementations get, the
// way the A0 CLI reads a file (spec §1.1): ill-formed UTF-8 sequences become U+FFFD, so
// stray bytes inside otherwise UTF-8 text are A0 behaviour worth testing, not bad input.
func decodeSource(b []byte) string { return syntax.DecodeSource(b) }

// checkText rejects files that are not UTF-8 text at all — UTF-16/UTF-32 files (their
// byte-order marks) and binary files (NUL bytes) — which are almost always a mistake and
// would otherwise run as a program of U+FFFD characters. The error starts with the
// line:column of the offending byte.
func checkText(b []byte) error {
	for _, bom := range []struct {
		mark []byte
		name string
	}{
		{[]byte{0xFF, 0xFE, 0x00, 0x00}, "UTF-32LE"},
		{[]byte{0x00, 0x00, 0xFE, 0xFF}, "UTF-32BE"},
		{[]byte{0xFF, 0xFE}, "UTF-16LE"},
		{[]byte{0xFE, 0xFF}, "UTF-16BE"},
	} {
		if bytes.HasPrefix(b, bom.mark) {
			return fmt.Errorf("1:1: not UTF-8 text: the file starts with a %s byte-order mark (A0 sources are UTF-8)", bom.name)
		}
	}
	if i := bytes.IndexByte(b, 0); i >= 0 {
		line := 1 + bytes.Count(b[:i], []byte{'\n'})
		col := i + 1 - (bytes.LastIndexByte(b[:i], '\n') + 1)
		return fmt.Errorf("%d:%d: not UTF-8 text: NUL byte (A0 sources are UTF-8 text)", line, col)
	}
	return nil
}
