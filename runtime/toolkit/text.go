package toolkit

import (
	"strings"
	"unicode/utf8"

	"github.com/a0diff/a0diff/runtime/value"
)

// decodeUTF8 decodes raw bytes the way Node's Buffer#toString('utf8') and the WHATWG
// "UTF-8 decode" do (value.DecodeUTF8). With stripBOM a leading U+FEFF is
// dropped (Response#text()); Buffer#toString keeps it.
func decodeUTF8(raw string, stripBOM bool) string {
	if stripBOM {
		raw = strings.TrimPrefix(raw, "\uFEFF")
	}
	return value.DecodeUTF8(raw)
}

// hostText converts an A0 string to what the host's system calls see: UTF-8 with every
// lone surrogate replaced by U+FFFD (spec §10.3). Go strings that did not come from A0
// (fixtures) may hold arbitrary bytes; those are repaired the WHATWG way as well.
func hostText(s string) string {
	s = value.ToUTF8(s)
	if !utf8.ValidString(s) {
		s = decodeUTF8(s, false)
	}
	return s
}
