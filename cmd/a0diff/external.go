package main

import (
	"strings"

	"github.com/spf13/pflag"

	"github.com/a0diff/a0diff/diff"
	"github.com/a0diff/a0diff/lineup"
)

// extraFlags are the flags that add implementations beyond the primary pair:
// --cross-check (the reference under node) and --impl NAME=COMMAND (external ones).
type extraFlags struct {
	lineup.Extras
	compare string
}

const compareHelp = "compare only these `ASPECTS` of the outcomes (comma-separated, of exit, value, errors.code, errors.message, errors.span, errors.hint, errors.details, evidence, trace.event, trace.span, trace.data, toolCalls; errors, trace and all name groups), e.g. value,exit,errors.code; how a run ended (crash, timeout, resource) is always compared, and the summary says what was left out"

// scope is the scope --compare chooses (diff.Full without it).
func (f *extraFlags) scope() (diff.Scope, error) {
	s, err := diff.CompareScope(f.compare)
	if err != nil {
		return s, usageErrorf("%v", err)
	}
	return s, nil
}

// specs maps each --impl NAME to its NAME=COMMAND (for replay commands).
func (f *extraFlags) specs() map[string]string {
	m := map[string]string{}
	for _, spec := range f.Impls {
		if name, _, ok := strings.Cut(spec, "="); ok {
			m[name] = spec
		}
	}
	return m
}

const implFlagHelp = "add an external implementation `NAME=COMMAND` (repeatable): COMMAND is started as a worker speaking worker/PROTOCOL.md, and every run is compared with the reference; COMMAND is split into words like a shell would, with '…' and \"…\" quoting and \\ escapes, but no expansion"

const crossCheckHelp = "also run the reference under node (V8) and attribute every disagreement: engine (goja differs from V8) or implementation (the Go evaluator is wrong); needs node on the PATH"

// addExtraFlags registers --cross-check, and --impl when withImpl.
func addExtraFlags(fl *pflag.FlagSet, f *extraFlags, withImpl bool) {
	fl.BoolVar(&f.CrossCheck, "cross-check", false, crossCheckHelp)
	if withImpl {
		fl.StringArrayVar(&f.Impls, "impl", nil, implFlagHelp)
	}
}
