package campaign

import (
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"github.com/a0diff/a0diff/baseline"
	"github.com/a0diff/a0diff/diff"
	"github.com/a0diff/a0diff/trial"
)

// WriteText prints the summary as a0diff fuzz does (its text format); replayFlags are
// the flags the replay commands of timed-out cases repeat (Options.ReplayFlags).
func (s *Summary) WriteText(w io.Writer, replayFlags string) {
	fmt.Fprintf(w, "cases: %d in %s (%.1f cases/s, %d workers)\n", s.Cases(), s.Elapsed.Round(time.Millisecond), s.Rate(), s.Workers)
	share := 0.0
	if s.ValidMode > 0 {
		share = 100 * float64(s.ValidPass) / float64(s.ValidMode)
	}
	fmt.Fprintf(w, "valid share: %.1f%% of %d valid-mode cases pass validation; %d invalid-mode cases\n", share, s.ValidMode, s.InvalidMode)
	fmt.Fprintf(w, "verdicts: %d agree, %d diverge, %d inconclusive, %d timeout\n", s.Verdicts[diff.Agree], s.Verdicts[diff.Diverge], s.Verdicts[diff.Inconclusive], s.Timeouts)
	fmt.Fprintf(w, "abandoned runs: %d\n", s.Abandoned)
	fmt.Fprintf(w, "coverage: %d features", s.Coverage)
	if s.Guided {
		fmt.Fprintf(w, " (guided: %d cases derived from a pool of %d)", s.Derived, s.Pool)
	}
	for _, p := range s.Curve {
		fmt.Fprintf(w, "; %d cases: %d features, %d signatures", p.Cases, p.Features, p.Signatures)
	}
	fmt.Fprintln(w)
	if s.CrossChecked {
		fmt.Fprintf(w, "cross-checked under node: %s\n", s.Attribution)
	}
	for _, name := range sortedNames(s.Implementations) {
		n := s.Implementations[name]
		fmt.Fprintf(w, "implementation %s against the reference: %d agree, %d diverged, %d not compared\n", name, n.Agree, n.Diverged, n.NotCompared)
	}
	for _, name := range sortedNames(s.Scopes) {
		who := "implementation " + name
		if name == "go" {
			who = "go and ref"
		}
		fmt.Fprintf(w, "%s: %s\n", who, s.Scopes[name])
	}
	if s.ReducedCandidates > 0 || s.BudgetSpent > 0 {
		fmt.Fprintf(w, "reduction: %d candidates in %s", s.ReducedCandidates, s.ReducedTime.Round(time.Millisecond))
		if s.BudgetSpent > 0 {
			fmt.Fprintf(w, "; %d signatures not reduced, the campaign's budget being spent", s.BudgetSpent)
		}
		fmt.Fprintln(w)
	}
	if s.Timeouts > 0 || s.Retried > 0 {
		fmt.Fprintf(w, "timeouts: %d cases timed out on one side only, %d of them also with %d times the deadline", s.Retried, s.Timeouts, trial.RetryFactor)
		if len(s.TimeoutCases) > 0 {
			fmt.Fprintf(w, "; cases %s (replay: a0diff fuzz --seed %d --start I --count 1%s)", joinInts(s.TimeoutCases), s.Seed, replayFlags)
		}
		fmt.Fprintln(w)
	}
	if len(s.Buckets) == 0 {
		return
	}
	fmt.Fprintf(w, "signatures: %d\n", len(s.Buckets))
	for _, b := range s.Buckets {
		line := fmt.Sprintf("  %s: %d cases, first case %d", b.Signature, b.Count, b.First)
		if b.Derived != "" {
			line += " (" + b.Derived + ")"
		}
		if b.Attribution != "" {
			line += " [" + b.Attribution.Explain() + "]"
		}
		if b.File != "" {
			line += " → " + b.File
		}
		if b.Note != "" {
			line += " (" + b.Note + ")"
		}
		fmt.Fprintln(w, line)
		if b.Program != "" {
			for _, l := range strings.Split(strings.TrimRight(b.Program, "\n"), "\n") {
				fmt.Fprintln(w, "      "+l)
			}
		}
	}
}

func joinInts(ns []int) string {
	s := make([]string, len(ns))
	for i, n := range ns {
		s[i] = strconv.Itoa(n)
	}
	return strings.Join(s, ", ")
}

// WriteText prints what the campaign workers did.
func (st BatchStats) WriteText(w io.Writer) {
	fmt.Fprintf(w, "campaign workers: %d started, %d died or killed, %d replaced for memory kept, %d cases run again one implementation per worker (%d pinned by a death, the others not agreement)\n",
		st.Started, st.Deaths, st.Recycled, st.Redone, st.Pinned)
	if st.StartError != "" {
		fmt.Fprintf(w, "campaign workers: one could not be started, and its cases ran one implementation per worker: %s\n", st.StartError)
	}
}

// Failures are the campaign's signatures in baseline terms: per implementation ("go"
// for the Go evaluator against the reference), each signature with its case count.
func (s *Summary) Failures() []baseline.Failure {
	var out []baseline.Failure
	for _, b := range s.Buckets {
		impl, sig := "go", b.Signature
		if b.Implementation != "" {
			impl, sig = b.Implementation, strings.TrimPrefix(b.Signature, ExtraSignature(b.Implementation, ""))
		}
		out = append(out, baseline.Failure{Impl: impl, Kind: baseline.Signature, Name: sig, Note: fmt.Sprintf("%d cases, first case %d", b.Count, b.First)})
	}
	return out
}

// Failed reports whether the campaign fails without a baseline: a case diverged or
// timed out on one side, or an external implementation diverged.
func (s *Summary) Failed() bool {
	if s.Verdicts[diff.Diverge] > 0 || s.Timeouts > 0 {
		return true
	}
	for _, n := range s.Implementations {
		if n.Diverged > 0 {
			return true
		}
	}
	return false
}
