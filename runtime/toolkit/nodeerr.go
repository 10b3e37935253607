package toolkit

import (
	"strconv"
	"strings"

	"github.com/a0diff/a0diff/runtime/value"
)

// The texts below are what Node 20 prints on Linux for the same failures; they were
// checked against node in a scratch directory (see testdata/README.md).

// errno is a system error code the virtual file system can produce.
type errno string

const (
	errOK          errno = ""
	errNOENT       errno = "ENOENT"
	errNOTDIR      errno = "ENOTDIR"
	errISDIR       errno = "EISDIR"
	errEXIST       errno = "EEXIST"
	errNAMETOOLONG errno = "ENAMETOOLONG"
)

var errnoText = map[errno]string{
	errNOENT:       "no such file or directory",
	errNOTDIR:      "not a directory",
	errISDIR:       "illegal operation on a directory",
	errEXIST:       "file already exists",
	errNAMETOOLONG: "name too long",
}

// toolError is a tool failure; its text becomes MSG of E_TOOL "Tool 'T' failed: MSG".
type toolError struct{ msg string }

func (e *toolError) Error() string { return e.msg }

func failf(msg string) error { return &toolError{msg: msg} }

// sysError is libuv's message for a failed system call on a path:
// "ENOENT: no such file or directory, open '/work/x.txt'". The path is the one handed
// to the system call, i.e. already converted to UTF-8.
func sysError(code errno, syscall, path string) error {
	return failf(string(code) + ": " + errnoText[code] + ", " + syscall + " '" + path + "'")
}

// nulPathError is Node's ERR_INVALID_ARG_VALUE for a path with a NUL byte.
func nulPathError(path string) error {
	return failf(invalidArgValue("path", path, "must be a string, Uint8Array, or URL without null bytes"))
}

// invalidArgValue is the message of Node's ERR_INVALID_ARG_VALUE: the value is shown as
// util.inspect shows it, cut to 128 code units.
func invalidArgValue(name, val, reason string) string {
	inspected := value.ToUTF16(inspectString(val))
	shown := value.FromUTF16(inspected)
	if len(inspected) > 128 {
		shown = value.FromUTF16(inspected[:128]) + "..."
	}
	kind := "argument"
	if strings.Contains(name, ".") {
		kind = "property"
	}
	return "The " + kind + " '" + name + "' " + reason + ". Received " + shown
}

// inspectString is util.inspect(s) with Node's default options: strings longer than
// 10000 code units are cut with a "... N more characters" trailer, and strings longer
// than 76 code units are split after each newline into quoted pieces joined by " +\n  ".
func inspectString(s string) string {
	units := value.ToUTF16(s)
	trailer := ""
	if len(units) > 10000 {
		rest := len(units) - 10000
		units = units[:10000]
		trailer = "... " + strconv.Itoa(rest) + " more character"
		if rest > 1 {
			trailer += "s"
		}
	}
	if len(units) <= 76 {
		return quoteForInspect(units) + trailer
	}
	var pieces []string
	start := 0
	for i, u := range units {
		if u == '\n' {
			pieces = append(pieces, quoteForInspect(units[start:i+1]))
			start = i + 1
		}
	}
	if start < len(units) {
		pieces = append(pieces, quoteForInspect(units[start:]))
	}
	return strings.Join(pieces, " +\n  ") + trailer
}

// quoteForInspect quotes one piece like util.inspect: single quotes unless the text
// contains one, then double quotes, then backticks; backslashes, control characters,
// C1 controls and lone surrogates are escaped.
func quoteForInspect(units []uint16) string {
	has := func(c uint16) bool {
		for _, u := range units {
			if u == c {
				return true
			}
		}
		return false
	}
	hasDollarBrace := false
	for i := 0; i+1 < len(units); i++ {
		if units[i] == '$' && units[i+1] == '{' {
			hasDollarBrace = true
		}
	}
	quote := uint16('\'')
	escapeQuote := true
	if has('\'') {
		switch {
		case !has('"'):
			quote, escapeQuote = '"', false
		case !has('`') && !hasDollarBrace:
			quote, escapeQuote = '`', false
		}
	}
	out := make([]uint16, 0, len(units)+2)
	out = append(out, quote)
	appendASCII := func(s string) {
		for i := 0; i < len(s); i++ {
			out = append(out, uint16(s[i]))
		}
	}
	for i := 0; i < len(units); i++ {
		u := units[i]
		switch {
		case u == '\'' && escapeQuote:
			appendASCII(`\'`)
		case u == '\\':
			appendASCII(`\\`)
		case u < 0x20 || (u >= 0x7F && u < 0xA0):
			appendASCII(controlEscape(u))
		case u >= 0xD800 && u <= 0xDBFF && i+1 < len(units) && units[i+1] >= 0xDC00 && units[i+1] <= 0xDFFF:
			out = append(out, u, units[i+1])
			i++
		case u >= 0xD800 && u <= 0xDFFF:
			appendASCII(`\u` + strconv.FormatUint(uint64(u), 16))
		default:
			out = append(out, u)
		}
	}
	out = append(out, quote)
	return value.FromUTF16(out)
}

func controlEscape(u uint16) string {
	switch u {
	case '\b':
		return `\b`
	case '\t':
		return `\t`
	case '\n':
		return `\n`
	case '\f':
		return `\f`
	case '\r':
		return `\r`
	}
	const hex = "0123456789ABCDEF"
	return `\x` + string([]byte{hex[u>>4], hex[u&0xF]})
}
