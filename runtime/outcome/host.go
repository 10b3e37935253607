package outcome

// Which diagnostics are [HOST] texts is part of the shared vocabulary: diff compares them
// by code only and corpus checks an @expect error line the same way, so the rule lives
// here, below both.

import (
	"strings"

	"github.com/a0diff/a0diff/runtime/value"
)

// The texts spec Appendix D compares by code only: they come from the host (JSON parser,
// operating system, HTTP stack, internal errors), not from A0.
const (
	parseJSONFailed    = "Function 'parse.json' failed: "
	parseJSONTypeError = parseJSONFailed + "parse.json requires 'in' to be a string."
)

// HostMessage reports whether d's message is a [HOST] text that differential
// comparison checks by code only (spec Appendix D): every E_AST (raised only by the
// JSON decoding of string literals, §1.7), E_TOOL, E_IO and E_RUNTIME, and an E_FN of
// parse.json that failed on a syntax error (details.fn is "parse.json" and the message
// is not parse.json's own type error).
func HostMessage(d Diagnostic) bool {
	fn := ""
	if r, ok := d.Details.(*value.Record); ok {
		if v, ok := r.Get("fn"); ok {
			fn, _ = v.(string)
			if fn == "" {
				return false // a non-string fn is not parse.json
			}
		}
	}
	return hostText(string(d.Code), d.Message, fn)
}

// HostText is HostMessage for a code and message that travel without details (the
// run_end trace event's error and message, an @expect error line): the message's
// prefix decides whether an E_FN is parse.json's.
func HostText(code, message string) bool { return hostText(code, message, "") }

// hostText decides for a known function name fn ("" when unknown).
func hostText(code, message, fn string) bool {
	switch code {
	case "E_AST", "E_TOOL", "E_IO", "E_RUNTIME":
		return true
	case "E_FN":
		if fn != "" && fn != "parse.json" {
			return false
		}
		return strings.HasPrefix(message, parseJSONFailed) && message != parseJSONTypeError
	}
	return false
}
