package main

import (
	tsbundle "github.com/a0diff/a0diff/reference/ts-bundle"
	"github.com/a0diff/a0diff/runtime/outcome"
	"github.com/a0diff/a0diff/runtime/run"
)

// newGoImplementation is the Go evaluator.
func newGoImplementation() outcome.Runner { return run.New() }

// newRefImplementation is the reference: the embedded bundle, or the one at refPath
// (checked before anything runs, so a broken bundle is an input error).
func newRefImplementation(refPath string) (outcome.Runner, error) {
	b := tsbundle.Embedded()
	if refPath != "" {
		var err error
		if b, err = tsbundle.Load(refPath); err != nil {
			return nil, err
		}
	}
	return refImplementation{tsbundle.NewRunner(b)}, nil
}

// refImplementation is the reference in this process, reporting its abandoned runs to
// the summaries (harness.Abandoner).
type refImplementation struct{ *tsbundle.Runner }

// Abandoned is the number of runs abandoned at their deadline.
func (r refImplementation) Abandoned() int64 { return r.Stats().Abandoned }
