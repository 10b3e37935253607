package worker

import (
	"errors"
	"fmt"
	"strings"

	"github.com/a0diff/a0diff/runtime/outcome"
)

// Spec is an external implementation as a user names it on the command line
// (a0diff's --impl NAME=COMMAND): a worker speaking PROTOCOL.md, started as Command
// and known in reports and signatures as Name.
type Spec struct {
	Name    string
	Command []string
}

// BuiltinNames are the names of a0diff's own implementations, which an external one
// may not take: the Go evaluator, the reference in goja and the reference under node.
var BuiltinNames = []string{"go", "ref", "node"}

// ParseSpec reads NAME=COMMAND: a name following outcome.ImplNameRule that is not a
// built-in one, and a command split into words by SplitCommand. Its errors say what is
// wrong with spec and leave naming the flag and spec to the caller.
func ParseSpec(spec string) (Spec, error) {
	name, command, ok := strings.Cut(spec, "=")
	if !ok {
		return Spec{}, errors.New("want NAME=COMMAND")
	}
	if !outcome.IsImplName(name) {
		return Spec{}, errors.New("the name must be " + outcome.ImplNameRule)
	}
	for _, b := range BuiltinNames {
		if name == b {
			return Spec{}, fmt.Errorf("%s is the name of a built-in implementation", name)
		}
	}
	argv, err := SplitCommand(command)
	if err != nil {
		return Spec{}, err
	}
	if len(argv) == 0 {
		return Spec{}, errors.New("the command is empty")
	}
	return Spec{Name: name, Command: argv}, nil
}

// SplitCommand splits a command line into words the way a POSIX shell splits a simple
// command, without any expansion: blanks (space, tab, newline) separate words; inside
// '…' every character is literal; inside "…" a backslash escapes only " \ $ and `
// (and is kept before anything else); outside quotes a backslash makes the next
// character literal. Quotes may join parts into one word (a'b'"c" is abc); a pair of
// single quotes with nothing between them is an empty word. Variables, globs, ~, pipes
// and redirections have no special meaning.
func SplitCommand(s string) ([]string, error) {
	var words []string
	var cur strings.Builder
	inWord := false
	rs := []rune(s)
	for i := 0; i < len(rs); i++ {
		c := rs[i]
		switch {
		case c == ' ' || c == '\t' || c == '\n':
			if inWord {
				words = append(words, cur.String())
				cur.Reset()
				inWord = false
			}
		case c == '\'':
			inWord = true
			j := i + 1
			for j < len(rs) && rs[j] != '\'' {
				j++
			}
			if j == len(rs) {
				return nil, errors.New("unterminated ' quote")
			}
			cur.WriteString(string(rs[i+1 : j]))
			i = j
		case c == '"':
			inWord = true
			j := i + 1
			for ; j < len(rs) && rs[j] != '"'; j++ {
				if rs[j] == '\\' && j+1 < len(rs) && strings.ContainsRune("\"\\$`", rs[j+1]) {
					j++
				}
				cur.WriteRune(rs[j])
			}
			if j == len(rs) {
				return nil, errors.New(`unterminated " quote`)
			}
			i = j
		case c == '\\':
			inWord = true
			if i+1 == len(rs) {
				return nil, errors.New("a backslash ends the command")
			}
			i++
			cur.WriteRune(rs[i])
		default:
			inWord = true
			cur.WriteRune(c)
		}
	}
	if inWord {
		words = append(words, cur.String())
	}
	return words, nil
}
