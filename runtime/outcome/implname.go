package outcome

import "regexp"

// ImplNameRule is what an implementation (Runner.Name) may be called, in words: the one
// rule for a name given with a0diff's --impl NAME=COMMAND and a name in a baseline file.
// Reports, bucket signatures and baseline lines say the name, so it has no blanks and
// does not start with punctuation a reader could take for an option or a path.
const ImplNameRule = "letters, digits, '_', '.' and '-', starting with a letter or digit"

// implName is ImplNameRule as a pattern.
var implName = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9_.-]*$`)

// IsImplName reports whether name follows ImplNameRule.
func IsImplName(name string) bool { return implName.MatchString(name) }
