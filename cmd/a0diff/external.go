package main

import (
	"errors"
	"fmt"
	"strings"

	"github.com/spf13/pflag"

	"github.com/a0diff/a0diff/diff"
	tsbundle "github.com/a0diff/a0diff/reference/ts-bundle"
	"github.com/a0diff/a0diff/trial"
	"github.com/a0diff/a0diff/worker"
)

// extraFlags are the flags that add implementations beyond the primary pair:
// --cross-check (the reference under node) and --impl NAME=COMMAND (external ones).
type extraFlags struct {
	crossCheck bool
	impls      []string
	compare    string
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
	for _, spec := range f.impls {
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
	fl.BoolVar(&f.crossCheck, "cross-check", false, crossCheckHelp)
	if withImpl {
		fl.StringArrayVar(&f.impls, "impl", nil, implFlagHelp)
	}

}

// addExtras adds the implementations the flags ask for to rs. Every one runs in its own
// pool of at most workers worker processes, under the same supervisor settings as the
// built-in ones; each is started once here, so that a command that cannot start or
// breaks the protocol is an input error before anything runs. On error the pools made
// so far are closed.
func (a *app) addExtras(rs *trial.Runners, f *extraFlags, workers int) (err error) {
	var made []*worker.Pool
	defer func() {
		if err != nil {
			for _, p := range made {
				p.Close()
			}
		}
	}()
	start := func(name string, argv []string) (*worker.Pool, error) {
		p := worker.NewPool(worker.Config{Name: name, Command: argv, Size: workers, RSSLimitMB: a.rssLimitMB})
		made = append(made, p)
		h, err := p.Hello()
		if err != nil {
			return nil, err
		}
		if len(h.Unmodelled) > 0 {
			if _, err := diff.ParseAspects(strings.Join(h.Unmodelled, ",")); err != nil {
				return nil, fmt.Errorf("the worker's hello: \"unmodelled\": %v", err)
			}
		}
		return p, nil
	}
	if f.crossCheck {
		p, err := a.nodePool(workers)
		if err != nil {
			return err
		}
		made = append(made, p)
		if _, err := p.Hello(); err != nil {
			return fmt.Errorf("--cross-check: the node host did not start: %v", err)
		}
		rs.Node = p
	}
	// Every spec is read before anything starts.
	type impl struct {
		spec, name string
		argv       []string
	}
	var impls []impl
	seen := map[string]bool{}
	for _, spec := range f.impls {
		name, argv, err := parseImplSpec(spec)
		if err != nil {
			return err
		}
		if seen[name] {
			return usageErrorf("--impl %s: the name %s is given twice", spec, name)
		}
		seen[name] = true
		impls = append(impls, impl{spec, name, argv})
	}
	for _, x := range impls {
		p, err := start(x.name, x.argv)
		if err != nil {
			return fmt.Errorf("--impl %s: %v", x.spec, err)
		}
		rs.Extra = append(rs.Extra, p)
	}
	return nil
}

// nodePool is the supervisor of the node host's workers: the reference bundle (the
// embedded one or --ref) under node.
func (a *app) nodePool(workers int) (*worker.Pool, error) {
	argv, err := tsbundle.NodeCommand(a.refPath)
	if err != nil {
		if errors.Is(err, tsbundle.ErrNoNode) {
			return nil, usageErrorf("%v", err)
		}
		return nil, err
	}
	return worker.NewPool(worker.Config{Name: "node", Command: argv, Size: workers, RSSLimitMB: a.rssLimitMB}), nil
}

// parseImplSpec reads --impl NAME=COMMAND (worker.ParseSpec), its errors naming the flag.
func parseImplSpec(spec string) (name string, argv []string, err error) {
	s, err := worker.ParseSpec(spec)
	if err != nil {
		return "", nil, usageErrorf("--impl %q: %v", spec, err)
	}
	return s.Name, s.Command, nil
}
