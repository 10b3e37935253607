package harness

import (
	"strings"
	"time"

	"github.com/a0diff/a0diff/corpus"
	"github.com/a0diff/a0diff/diff"
	"github.com/a0diff/a0diff/runtime/outcome"
	"github.com/a0diff/a0diff/trial"
)

// kept is what a Report holds of one entry: the whole result of an entry that failed
// (the reports show its Outcomes and divergences), or of a passing one only what the
// reports show of it — its path, statuses, verdict and update — in about 200 bytes, so
// that a0diff's memory does not grow with the corpus beyond that.
type kept struct {
	full *EntryResult // a failed entry
	pass passing
}

// passing is what the reports show of a passing entry.
type passing struct {
	path             string
	sections         []string // the doc/a0.md sections it cites (the scoreboard counts them)
	goO, refO, nodeO status
	diff             diff.Result // agreement or inconclusive: no divergence, or a few
	attribution      diff.Attribution
	crossChecked     bool
	timeout, retried bool
	extras           []trial.Extra // status only
	update           *UpdateResult
	elapsed          time.Duration
}

type status struct {
	status outcome.Status
	exit   int
}

// statusOf keeps o's status and exit code. The status is copied: one read from a
// worker's message may point into the whole message's text, which would keep it alive.
func statusOf(o outcome.Outcome) status {
	return status{outcome.Status(strings.Clone(string(o.Status))), o.ExitCode}
}

func (s status) outcome() outcome.Outcome { return outcome.Outcome{Status: s.status, ExitCode: s.exit} }

// keep turns a result into what the report holds of it.
func keep(r *EntryResult) kept {
	if !r.Passed() {
		return kept{full: r}
	}
	p := passing{path: r.Entry.Path, sections: r.Entry.Sections, goO: statusOf(r.Go), refO: statusOf(r.Ref), nodeO: statusOf(r.Node),
		diff: r.Diff, attribution: r.Attribution, crossChecked: r.CrossChecked, timeout: r.Timeout,
		retried: r.Retried, update: r.Update, elapsed: r.Elapsed}
	if r.Diff.Verdict == diff.Agree {
		p.diff = diff.Result{Verdict: diff.Agree}
	}
	for _, x := range r.Extras {
		p.extras = append(p.extras, trial.Extra{Name: x.Name, Outcome: statusOf(x.Outcome).outcome(), Diff: diff.Result{Verdict: x.Diff.Verdict}, NotRun: x.NotRun})
	}
	return kept{pass: p}
}

// result is the entry's result as the reports read it (for a passing entry, made anew:
// its path and statuses, no source, no Outcome beyond status and exit code).
func (k *kept) result() *EntryResult {
	if k.full != nil {
		return k.full
	}
	p := &k.pass
	return &EntryResult{Entry: &corpus.Entry{Path: p.path, Sections: p.sections}, Go: p.goO.outcome(), Ref: p.refO.outcome(), Node: p.nodeO.outcome(),
		Diff: p.diff, Attribution: p.attribution, CrossChecked: p.crossChecked, Timeout: p.timeout, Retried: p.retried,
		Extras: p.extras, Update: p.update, Elapsed: p.elapsed}
}

// Len is the number of entries in the report.
func (r *Report) Len() int { return len(r.kept) }

// Each calls fn with each entry's result in the entries' order. A passing entry's result
// is made for the call (see kept) and may be dropped after it.
func (r *Report) Each(fn func(*EntryResult)) {
	for i := range r.kept {
		fn(r.kept[i].result())
	}
}

// Results returns every entry's result in the entries' order (for a large report, Each
// holds less at a time).
func (r *Report) Results() []*EntryResult {
	out := make([]*EntryResult, 0, len(r.kept))
	r.Each(func(res *EntryResult) { out = append(out, res) })
	return out
}
