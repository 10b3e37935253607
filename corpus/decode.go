package corpus

import "github.com/a0diff/a0diff/runtime/syntax"

// decodeSource turns a file's bytes into the program text the implementations get, the
// way the A0 CLI reads a file (spec §1.1).
func decodeSource(b []byte) string { return syntax.DecodeSource(b) }
