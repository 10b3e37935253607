package main

import (
	"context"
	"testing"

	"github.com/a0diff/a0diff/diff"
	"github.com/a0diff/a0diff/runtime/outcome"
)

// TestShippedImplementationsAgree checks the wiring of the real implementations (the Go
// evaluator and the embedded reference bundle) on a program whose outcome the spec fixes:
// `return 1 / 0` is E_TYPE "Division by zero." on the operator (spec §5.6), exit 4.
func TestShippedImplementationsAgree(t *testing.T) {
	ref, err := newRefImplementation("")
	if err != nil {
		t.Fatal(err)
	}
	cfg := outcome.Config{File: "t.a0", Limits: outcome.DefaultLimits}
	g := newGoImplementation().Run(context.Background(), "return 1 / 0\n", cfg)
	r := ref.Run(context.Background(), "return 1 / 0\n", cfg)
	if res := diff.Compare(g, r); res.Verdict != diff.Agree {
		t.Fatalf("implementations disagree: %v", res.Divergences)
	}
	if g.ExitCode != 4 || len(g.Errors) != 1 || g.Errors[0].Code != "E_TYPE" || g.Errors[0].Message != "Division by zero." ||
		g.Errors[0].Span == nil || g.Errors[0].Span.StartCol != 8 || g.Errors[0].Span.EndCol != 13 {
		t.Errorf("outcome %s", outcome.Marshal(g))
	}
	if _, err := newRefImplementation("testdata/none.js"); err == nil {
		t.Error("a missing --ref bundle loaded")
	}
}
