package gen

import (
	"strings"

	"github.com/a0diff/a0diff/corpus"
)

// EntryText renders c as a corpus entry (format: corpus/README.md): the program text,
// then a trailing comment block with the prose lines and the directives that recreate
// c's host configuration (corpus.Directives). A prose line must not start with "@". The
// entry's program is c.Source followed by comments, so it runs exactly as c does unless
// the program's last token is unterminated (an open string literal would swallow the
// comment block); callers that need certainty parse the text back and run it again.
func EntryText(c *Case, prose []string) string {
	var b strings.Builder
	b.WriteString(c.Source)
	if !strings.HasSuffix(c.Source, "\n") {
		b.WriteByte('\n')
	}
	for _, line := range prose {
		for _, l := range strings.Split(line, "\n") {
			b.WriteString(strings.TrimRight("# "+l, " "))
			b.WriteByte('\n')
		}
	}
	for _, d := range corpus.Directives(c.Config) {
		b.WriteString(d + "\n")
	}
	return b.String()
}
