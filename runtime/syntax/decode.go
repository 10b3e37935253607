package syntax

import "github.com/a0diff/a0diff/runtime/diag"

// DecodeSource converts the bytes of a program file to the source text the way the
// reference's UTF-8 decoder does (spec §1.1): every maximal subpart of an ill-formed
// sequence becomes one U+FFFD (the WHATWG rule, not one per byte), and a byte-order mark
// is kept as an ordinary U+FEFF character.
func DecodeSource(b []byte) string { return diag.DecodeUTF8(string(b)) }
