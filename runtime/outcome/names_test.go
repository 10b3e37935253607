package outcome

import (
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// TestNamesMatchTheReference: the tables of limit and event names are the ones
// doc/a0.md documents — the rows of its "Harness limits" table and of the §6.2 table of
// event types (`a_start` / `a_end` rows name two events), in the tables' order.
func TestNamesMatchTheReference(t *testing.T) {
	doc, err := os.ReadFile("../../doc/a0.md")
	if err != nil {
		t.Fatal(err)
	}
	text := string(doc)

	limits := firstColumn(t, section(t, text, "## Harness limits"))
	if want := JoinLimitNames(LimitNames(nil), " "); strings.Join(limits, " ") != want {
		t.Errorf("doc/a0.md, Harness limits: the table lists %q, outcome.HarnessLimits %q", limits, want)
	}

	var events []string
	for _, cell := range firstColumn(t, section(t, text, "### 6.2 Event types")) {
		events = append(events, strings.Split(cell, " / ")...)
	}
	var want []string
	for _, e := range EventNames {
		want = append(want, string(e))
	}
	if !slices.Equal(events, want) {
		t.Errorf("doc/a0.md §6.2: the table lists %q,\noutcome.EventNames %q", events, want)
	}
}

// TestDeterministicLimit: every limit an implementation enforces trips at a point of
// the program; the deadline does not.
func TestDeterministicLimit(t *testing.T) {
	for _, l := range HarnessLimits {
		if got := DeterministicLimit(l.Name); got != (l.Name != LimitTimeout) {
			t.Errorf("DeterministicLimit(%s) = %v", l.Name, got)
		}
	}
	if DeterministicLimit("") || DeterministicLimit("maxFoo") {
		t.Error("an unknown limit or an engine's stack is deterministic")
	}
}

// section is the text of doc from the heading to the next heading of any level.
func section(t *testing.T, doc, heading string) string {
	t.Helper()
	i := strings.Index(doc, "\n"+heading)
	if i < 0 {
		t.Fatalf("doc/a0.md has no %q", heading)
	}
	rest := doc[i+1+len(heading):]
	if j := strings.Index(rest, "\n#"); j >= 0 {
		rest = rest[:j]
	}
	return rest
}

var cellName = regexp.MustCompile("`([^`]+)`")

// firstColumn reads the first cell of each row of the first table in text, with the
// backquotes of code spans removed ("`a` / `b`" reads "a / b").
func firstColumn(t *testing.T, text string) []string {
	t.Helper()
	var out []string
	for _, line := range strings.Split(text, "\n") {
		if !strings.HasPrefix(line, "|") {
			if len(out) > 0 {
				break
			}
			continue
		}
		cell := strings.TrimSpace(strings.Split(line, "|")[1])
		if strings.HasPrefix(cell, "---") || !strings.Contains(cell, "`") {
			continue // the separator and header rows
		}
		out = append(out, cellName.ReplaceAllString(cell, "$1"))
	}
	if len(out) == 0 {
		t.Fatal("no table rows")
	}
	return out
}
