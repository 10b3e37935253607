package harness

import (
	"path/filepath"
	"strings"

	"github.com/a0diff/a0diff/baseline"
	"github.com/a0diff/a0diff/diff"
	"github.com/a0diff/a0diff/scoreboard"
)

// Scoreboards are the scoreboards of a report: one per external implementation, or the
// Go evaluator's ("go") when there is none.
func Scoreboards(rep *Report, o ReportOptions) []*scoreboard.Board {
	if len(rep.Implementations) == 0 {
		cases := make([]scoreboard.Case, 0, rep.Len())
		rep.Each(func(r *EntryResult) {
			cases = append(cases, boardCase(r, r.Diff, ReplayCommand("go", r.Entry.Path, o.RefPath)))
		})
		return []*scoreboard.Board{scoreboard.Build("go", rep.Scopes["go"], cases)}
	}
	var boards []*scoreboard.Board
	for _, name := range sortedKeys(rep.Implementations) {
		var cases []scoreboard.Case
		rep.Each(func(r *EntryResult) {
			for _, x := range r.Extras {
				if x.Name == name {
					cases = append(cases, boardCase(r, x.Diff, ExtraReplayCommand(name, o.Impls[name], r.Entry.Path)))
				}
			}
		})
		boards = append(boards, scoreboard.Build(name, rep.Scopes[name], cases))
	}
	return boards
}

func boardCase(r *EntryResult, d diff.Result, replay string) scoreboard.Case {
	return scoreboard.Case{
		Name: r.Entry.Path, Group: filepath.ToSlash(filepath.Dir(r.Entry.Path)), Sections: r.Entry.Sections,
		Verdict: d.Verdict, Divergences: d.Divergences, Size: len(r.Entry.Raw), Replay: replay,
	}
}

// Failures are a report's failures in baseline terms: per implementation ("go" for the
// Go evaluator against the reference and the entries' expectations), the entries that
// failed, each noted with its signatures.
func Failures(rep *Report) []baseline.Failure {
	var out []baseline.Failure
	rep.Each(func(r *EntryResult) {
		if r.Diff.Verdict == diff.Diverge || r.ExpectationFailed() || r.Timeout {
			out = append(out, baseline.Failure{Impl: "go", Kind: baseline.Entry, Name: r.Entry.Path, Note: strings.Join(r.Diff.Signatures(), " ")})
		}
		for _, x := range r.Extras {
			if x.Diff.Verdict == diff.Diverge {
				out = append(out, baseline.Failure{Impl: x.Name, Kind: baseline.Entry, Name: r.Entry.Path, Note: strings.Join(x.Diff.Signatures(), " ")})
			}
		}
	})
	return out
}

// Covers reports whether rep ran the entry and implementation a known failure names.
func Covers(rep *Report) func(baseline.Failure) bool {
	ran := map[string]bool{}
	impls := map[string]bool{"go": true}
	for name := range rep.Implementations {
		impls[name] = true
	}
	rep.Each(func(r *EntryResult) { ran[r.Entry.Path] = true })
	return func(f baseline.Failure) bool { return f.Kind == baseline.Entry && ran[f.Name] && impls[f.Impl] }
}
