package harness

import (
	"bytes"
	"context"
	"fmt"
	"time"

	"github.com/a0diff/a0diff/corpus"
	"github.com/a0diff/a0diff/diff"
	"github.com/a0diff/a0diff/runtime/outcome"
	"github.com/a0diff/a0diff/trial"
)

// maxUpdateRounds bounds the rewrites of one entry: the first rewrite normally settles
// it, a second one is needed when the rewrite moved the code (spans follow line
// numbers); more means the expectations never settle (a flaky outcome).
const maxUpdateRounds = 4

// update rewrites res.Entry's expectations from the agreed outcome and stores the new
// entry, outcomes and comparison in res. Every rewritten text is run again, and the
// file is written only once a run of the text it would write reproduces it exactly — so
// spans that moved with the header (corpus.CodeShifted) are pinned as they now are. It
// never pins a divergence: when the sides disagree, now or on the rewritten text, the
// file is left alone.
func update(ctx context.Context, rs trial.Runners, res *EntryResult, timeout time.Duration) {
	u := &UpdateResult{}
	res.Update = u
	if !agreed(res.Diff, res.Go, res.Ref) {
		u.Skipped = "the implementations diverge; expectations left unchanged"
		if res.Diff.Verdict == diff.Inconclusive {
			u.Skipped = "the runs ended differently (go " + string(res.Go.Status) + ", ref " + string(res.Ref.Status) + "); expectations left unchanged"
		}
		return
	}
	e, goOut, refOut, d := res.Entry, res.Go, res.Ref, res.Diff
	for round := 0; ; round++ {
		if round == maxUpdateRounds {
			u.Err = fmt.Errorf("expectations did not settle after %d rewrites (is the outcome deterministic?)", maxUpdateRounds)
			return
		}
		// The reference defines behaviour, so its texts (e.g. [HOST] messages) are pinned.
		text, err := corpus.Update(e, refOut)
		if err != nil {
			u.Err = err
			return
		}
		if bytes.Equal(text, e.Raw) {
			break
		}
		if e, err = corpus.Parse(e.Path, text); err != nil {
			u.Err = fmt.Errorf("rewritten entry does not parse (a bug in the corpus package): %w", err)
			return
		}
		c := trial.Compare(ctx, trial.Runners{Impl: rs.Impl, Ref: rs.Ref}, e.Source, e.RunConfig(timeout))
		if ctx.Err() != nil {
			u.Skipped = "interrupted; file left unchanged"
			return
		}
		if goOut, refOut, d = c.Impl, c.Ref, c.Diff; !agreed(d, goOut, refOut) {
			u.Skipped = "the implementations diverge on the rewritten entry; file left unchanged"
			return
		}
	}
	if e == res.Entry {
		return // already up to date
	}
	if ctx.Err() != nil {
		u.Skipped = "interrupted; file left unchanged"
		return
	}
	u.Removed, u.Added = lineChanges(expectLines(res.Entry), expectLines(e))
	if err := corpus.RewriteFile(e.Path, res.Entry.Raw, e.Raw); err != nil {
		u.Err = err
		return
	}
	u.Written = true
	res.Entry, res.Go, res.Ref, res.Diff = e, goOut, refOut, d
}

// agreed reports whether an outcome may be pinned: the sides agree, or both ended the
// same inconclusive way (both timed out, say — an entry may pin `exit timeout`).
func agreed(d diff.Result, goOut, refOut outcome.Outcome) bool {
	return d.Verdict == diff.Agree || (d.Verdict == diff.Inconclusive && goOut.Status == refOut.Status)
}

// expectLines returns the text of e's @expect lines.
func expectLines(e *corpus.Entry) []string {
	lines := bytes.SplitAfter(e.Raw, []byte("\n"))
	var out []string
	for _, n := range e.Expect.Lines {
		out = append(out, string(bytes.TrimRight(lines[n-1], "\r\n")))
	}
	return out
}

// lineChanges returns the lines of old missing from new and those of new missing from
// old, each in order (counting repeated lines).
func lineChanges(old, new []string) (removed, added []string) {
	return missingFrom(new, old), missingFrom(old, new)
}

// missingFrom returns the lines of lines that other lacks, in order: a line repeated n
// times in lines and m times in other is missing n−m times (its last occurrences).
func missingFrom(other, lines []string) []string {
	count := map[string]int{}
	for _, l := range other {
		count[l]++
	}
	var missing []string
	for _, l := range lines {
		if count[l] > 0 {
			count[l]--
		} else {
			missing = append(missing, l)
		}
	}
	return missing
}
