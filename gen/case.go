package gen

import (
	"fmt"

	"github.com/a0diff/a0diff/runtime/ast"
	"github.com/a0diff/a0diff/runtime/outcome"
)

// Mode says how a case was made.
type Mode uint8

const (
	// Valid: a generated program meant to pass validation.
	Valid Mode = iota
	// InvalidTree: a valid program with one mutation of its tree (unbound name,
	// duplicate binding, missing return, unknown function or tool, bad header, …).
	InvalidTree
	// InvalidText: a valid program's text with one token-level mutation (deleted,
	// duplicated, swapped or replaced token, injected character, truncation).
	InvalidText
)

func (m Mode) String() string {
	switch m {
	case Valid:
		return "valid"
	case InvalidTree:
		return "invalid-tree"
	case InvalidText:
		return "invalid-text"
	}
	return fmt.Sprintf("Mode(%d)", m)
}

// Case is one generated test case: a program and the host configuration to run it under.
type Case struct {
	// Program is the tree (nil for InvalidText cases, whose text no tree describes).
	Program *ast.Program
	// Source is the program text handed to the implementations: ast.Print(Program), or
	// the mutated text.
	Source string
	// Config is the host configuration: span file name, allowed capabilities, fixtures.
	Config outcome.Config
	Mode   Mode
	// Mutation describes the invalid-mode mutation ("" for valid cases).
	Mutation string
	// Features are the features the case was generated with (after swarm selection).
	Features Features
}

// String is a short description for reports and gopter's counterexample output.
func (c *Case) String() string {
	s := c.Mode.String()
	if c.Mutation != "" {
		s += " (" + c.Mutation + ")"
	}
	return s + ", features " + c.Features.String() + ":\n" + c.Source
}

// withProgram returns a copy of c whose program (and source) is p.
func (c *Case) withProgram(p *ast.Program) *Case {
	d := *c
	d.Program = p
	d.Source = ast.Print(p)
	return &d
}

// withSource returns a copy of c with the given source and no tree.
func (c *Case) withSource(src string) *Case {
	d := *c
	d.Program = nil
	d.Source = src
	return &d
}
