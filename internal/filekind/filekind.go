// Package filekind names the type of a file that is not a regular file, for the errors
// that refuse one where a0diff reads a file a user named (a corpus entry, a reference
// bundle): reading a named pipe would wait for a writer for ever, and a directory or a
// device is a slip the user should be told of, by name.
package filekind

import "io/fs"

// Of names m's type with its article: "a directory", "a named pipe", "a device",
// "a socket", or "a special file" for any other type that is not a regular file.
func Of(m fs.FileMode) string {
	switch {
	case m.IsDir():
		return "a directory"
	case m&fs.ModeNamedPipe != 0:
		return "a named pipe"
	case m&fs.ModeDevice != 0:
		return "a device"
	case m&fs.ModeSocket != 0:
		return "a socket"
	}
	return "a special file"
}
