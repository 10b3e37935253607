package corpus

import "strings"

// trimmed is a file's text without its final line terminator (for one-line texts).
func trimmed(s string) string {
	return strings.TrimRight(s, "\r\n")
}
