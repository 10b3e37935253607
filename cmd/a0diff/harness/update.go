package harness

import (
	"bytes"
	"context"
	"fmt"
	"time"

	"github.com/a0diff/a0diff/corpus"
	"github.com/a0diff/a0diff/diff"
)

// maxUpdateRounds bounds the re-runs of an entry whose rewritten header moved its code:
// one round moves it, the next confirms; more means the expectations never settle.
const maxUpdateRounds = 4

// update rewrites res.Entry's expectations from the agreed outcome and stores the new
// entry, outcomes and comparison in res. It never pins a divergence: when the sides
// disagree (now, or after a re-run on the moved code) the file is left alone.
func update(ctx context.Context, rs Runners, res *EntryResult, timeout time.Duration) {
	u := &UpdateResult{}
	res.Update = u
	if !agreed(res.Diff, res) {
		u.Skipped = "the implementations diverge; expectations left unchanged"
		return
	}
	e, goOut, refOut, d := res.Entry, res.Go, res.Ref, res.Diff
	settled := false
	for round := 0; round < maxUpdateRounds && !settled; round++ {
		// The reference defines behaviour, so its texts (e.g. [HOST] messages) are pinned.
		text, err := corpus.Update(e, refOut)
		if err != nil {
			u.Err = err
			return
		}
		if bytes.Equal(text, e.Raw) {
			settled = true
			break
		}
		next, err := corpus.Parse(e.Path, text)
		if err != nil {
			u.Err = fmt.Errorf("rewritten entry does not parse (a bug in the corpus package): %w", err)
			return
		}
		shifted := corpus.CodeShifted(e, next)
		e = next
		if !shifted {
			settled = true // same code lines: the outcome still holds for the new text
			break
		}
		goOut, refOut = RunBoth(ctx, rs, e, timeout)
		d = diff.Compare(goOut, refOut)
		if !agreed(d, &EntryResult{Go: goOut, Ref: refOut}) {
			u.Skipped = "the implementations diverge once the expectations moved the code; file left unchanged"
			return
		}
	}
	if !settled {
		u.Err = fmt.Errorf("expectations did not settle after %d rewrites", maxUpdateRounds)
		return
	}
	if e == res.Entry {
		return // nothing to change
	}
	u.Removed, u.Added = lineChanges(expectLines(res.Entry), expectLines(e))
	if err := corpus.WriteFileAtomic(e.Path, e.Raw); err != nil {
		u.Err = err
		return
	}
	u.Written = true
	res.Entry, res.Go, res.Ref, res.Diff = e, goOut, refOut, d
}

// agreed reports whether an outcome may be pinned: the sides agree, or both ended the
// same inconclusive way (both timed out, say — an entry may pin `exit timeout`).
func agreed(d diff.Result, r *EntryResult) bool {
	return d.Verdict == diff.Agree || (d.Verdict == diff.Inconclusive && r.Go.Status == r.Ref.Status)
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
	count := map[string]int{}
	for _, l := range new {
		count[l]++
	}
	for _, l := range old {
		if count[l] > 0 {
			count[l]--
		} else {
			removed = append(removed, l)
		}
	}
	count = map[string]int{}
	for _, l := range old {
		count[l]++
	}
	for _, l := range new {
		if count[l] > 0 {
			count[l]--
		} else {
			added = append(added, l)
		}
	}
	return removed, added
}
