package main

import (
	"fmt"
	"io"

	"github.com/a0diff/a0diff/baseline"
)

// verdict is what decides the exit status of a run or a campaign, with or without a
// baseline of known failures.
type verdict struct {
	failures []baseline.Failure
	// header heads a baseline written with --write-baseline; noun names its lines in
	// the message that says it was written ("known failures").
	header, noun string
	// covered reports whether the run ran what a known failure is about (nil: nothing).
	covered func(baseline.Failure) bool
	// failed: the run fails without a baseline; failsAnyway: whatever the baseline says
	// (a campaign's one-sided timeout, which no baseline lists).
	failed, failsAnyway bool
}

// judge writes the failures to writeBaseline when it is named, then returns errFailed
// when the run fails: against known, a baseline, when there is one (saying on stderr
// how the run compares with it), else when v.failed.
func (a *app) judge(v verdict, writeBaseline string, known *baseline.Baseline) error {
	if writeBaseline != "" {
		if err := baseline.New(v.failures).WriteFile(writeBaseline, v.header); err != nil {
			return err
		}
		fmt.Fprintf(a.stderr, "a0diff: wrote %d %s to %s\n", len(v.failures), v.noun, writeBaseline)
	}
	if known == nil {
		if v.failed {
			return errFailed
		}
		return nil
	}
	covered := v.covered
	if covered == nil {
		covered = func(baseline.Failure) bool { return false }
	}
	check := known.Against(v.failures, covered)
	writeBaselineCheck(a.stderr, known.Path, check)
	if !check.OK() || v.failsAnyway {
		return errFailed
	}
	return nil
}

// writeBaselineCheck says how a run compares with its baseline.
func writeBaselineCheck(w io.Writer, path string, c baseline.Check) {
	fmt.Fprintf(w, "baseline %s: %d known failures as expected, %d new, %d known failures now pass\n", path, len(c.Expected), len(c.New), len(c.Fixed))
	for _, f := range c.New {
		fmt.Fprintf(w, "  NEW FAILURE %s   # %s\n", f, f.Note)
	}
	for _, f := range c.Fixed {
		fmt.Fprintf(w, "  now passes: %s (tighten the baseline: --write-baseline %s)\n", f, path)
	}
}
