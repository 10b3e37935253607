package main

import (
	"fmt"
	"os"

	tsbundle "github.com/a0diff/a0diff/reference/ts-bundle"
	"github.com/a0diff/a0diff/runtime/outcome"
	"github.com/a0diff/a0diff/runtime/run"
)

// newGoImplementation is the Go evaluator.
func newGoImplementation() outcome.Runner { return run.New() }

// newRefImplementation is the reference: the embedded bundle, or the one at refPath
// (checked before anything runs, so a broken bundle is an input error).
func newRefImplementation(refPath string) (outcome.Runner, error) {
	b, err := tsbundle.Open(refPath)
	if err != nil {
		return nil, err
	}
	if refPath != "" {
		if ignored, _ := b.IgnoredLimits(); len(ignored) > 0 {
			fmt.Fprintf(os.Stderr, "a0diff: warning: %s does not declare the harness limits %s in A0Reference.limits: a program over one of them may run on in it and diverge as [resource] (see reference/ts-bundle/README.md)\n",
				refPath, outcome.JoinLimitNames(ignored, ", "))
		}
	}
	return tsbundle.NewRunner(b), nil
}
