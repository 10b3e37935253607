package run_test

import (
	"context"
	"testing"

	"github.com/a0diff/a0diff/runtime/eval"
	"github.com/a0diff/a0diff/runtime/outcome"
	"github.com/a0diff/a0diff/runtime/run"
	"github.com/a0diff/a0diff/runtime/syntax"
	"github.com/a0diff/a0diff/runtime/toolkit"
	"github.com/a0diff/a0diff/runtime/validate"
)

func BenchmarkPartValidate(b *testing.B) {
	prog, _ := syntax.Parse("b.a0", benchB18)
	b.ReportAllocs()
	for b.Loop() {
		validate.Check(prog)
	}
}

func BenchmarkPartEval(b *testing.B) {
	prog, _ := syntax.Parse("b.a0", benchB18)
	b.ReportAllocs()
	for b.Loop() {
		eval.Run(context.Background(), prog, eval.Options{File: "b.a0"})
	}
}

func BenchmarkPartKit(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		_ = eval.KitTools{Kit: toolkit.New(toolkit.Fixtures{})}
	}
}

func BenchmarkPartEmpty(b *testing.B) {
	r := run.New()
	b.ReportAllocs()
	for b.Loop() {
		r.Run(context.Background(), "return 1", outcome.Config{File: "b.a0"})
	}
}

func BenchmarkPartEvalNoTrace(b *testing.B) {
	prog, _ := syntax.Parse("b.a0", benchB18)
	b.ReportAllocs()
	for b.Loop() {
		eval.Run(context.Background(), prog, eval.Options{File: "b.a0"})
	}
}
