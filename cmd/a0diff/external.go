package main

import (
	"errors"
	"fmt"
	"github.com/a0diff/a0diff/diff"
	"regexp"
	"strings"

	"github.com/spf13/pflag"

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

// implName is what an external implementation may be called: reports and bucket
// signatures say it.
var implName = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9_.-]*$`)

// parseImplSpec reads --impl NAME=COMMAND.
func parseImplSpec(spec string) (name string, argv []string, err error) {
	name, command, ok := strings.Cut(spec, "=")
	if !ok {
		return "", nil, usageErrorf("--impl %q: want NAME=COMMAND", spec)
	}
	if !implName.MatchString(name) {
		return "", nil, usageErrorf("--impl %q: the name must be letters, digits, '_', '.' and '-', starting with a letter or digit", spec)
	}
	if name == "go" || name == "ref" || name == "node" {
		return "", nil, usageErrorf("--impl %q: %s is the name of a built-in implementation", spec, name)
	}
	argv, err = splitWords(command)
	if err != nil {
		return "", nil, usageErrorf("--impl %q: %v", spec, err)
	}
	if len(argv) == 0 {
		return "", nil, usageErrorf("--impl %q: the command is empty", spec)
	}
	return name, argv, nil
}

// splitWords splits a command line into words the way a POSIX shell splits a simple
// command, without any expansion: blanks (space, tab, newline) separate words; inside
// '…' every character is literal; inside "…" a backslash escapes only " \ $ and `
// (and is kept before anything else); outside quotes a backslash makes the next
// character literal. Quotes may join parts into one word (a'b'"c" is abc); a pair of
// single quotes with nothing between them is an empty word. Variables, globs, ~, pipes
// and redirections have no special meaning.
func splitWords(s string) ([]string, error) {
	var words []string
	var cur strings.Builder
	inWord := false
	rs := []rune(s)
	for i := 0; i < len(rs); i++ {
		c := rs[i]
		switch {
		case c == ' ' || c == '\t' || c == '\n':
			if inWord {
				words = append(words, cur.String())
				cur.Reset()
				inWord = false
			}
		case c == '\'':
			inWord = true
			j := i + 1
			for j < len(rs) && rs[j] != '\'' {
				j++
			}
			if j == len(rs) {
				return nil, errors.New("unterminated ' quote")
			}
			cur.WriteString(string(rs[i+1 : j]))
			i = j
		case c == '"':
			inWord = true
			j := i + 1
			for ; j < len(rs) && rs[j] != '"'; j++ {
				if rs[j] == '\\' && j+1 < len(rs) && strings.ContainsRune("\"\\$`", rs[j+1]) {
					j++
				}
				cur.WriteRune(rs[j])
			}
			if j == len(rs) {
				return nil, errors.New(`unterminated " quote`)
			}
			i = j
		case c == '\\':
			inWord = true
			if i+1 == len(rs) {
				return nil, errors.New("a backslash ends the command")
			}
			i++
			cur.WriteRune(rs[i])
		default:
			inWord = true
			cur.WriteRune(c)
		}
	}
	if inWord {
		words = append(words, cur.String())
	}
	return words, nil
}
