package reduce

import (
	"context"
	"strings"
	"sync"

	tsbundle "github.com/a0diff/a0diff/reference/ts-bundle"
	"github.com/a0diff/a0diff/runtime/outcome"
	"github.com/a0diff/a0diff/runtime/run"
	"github.com/a0diff/a0diff/runtime/stdlib"
	"github.com/a0diff/a0diff/runtime/toolkit"
	"github.com/a0diff/a0diff/runtime/value"
	"github.com/a0diff/a0diff/trial"
)

// The tests make the implementations diverge on purpose by injecting a fault into the
// Go side — a faulty stdlib function or tool through run.Options, or a wrapper that
// perturbs the Outcome — never by changing the shipped evaluator. Each fault is
// triggered by what the program computes, not by its text, so a reduction has to keep
// the data flow that leads from the trigger to the outcome.

// fault is one injected bug.
type fault struct {
	name string
	// about says what goes wrong, for test names and failure messages.
	about  string
	goImpl func() outcome.Runner
}

var faults = map[string]fault{
	"concat3": {
		name:  "concat3",
		about: "str.concat of three or more parts appends a '!'",
		goImpl: func() outcome.Runner {
			return faultyStdlib("str.concat", func(args *value.Record, res value.Value) value.Value {
				parts, _ := args.Lookup("parts")
				if l, ok := parts.(*value.List); ok && len(l.Items) >= 3 {
					if s, ok := res.(string); ok {
						return s + "!"
					}
				}
				return res
			})
		},
	},
	"maxneg": {
		name:  "maxneg",
		about: "math.max of a list holding a negative number returns its first element",
		goImpl: func() outcome.Runner {
			return faultyStdlib("math.max", func(args *value.Record, res value.Value) value.Value {
				in, _ := args.Lookup("in")
				if l, ok := in.(*value.List); ok {
					for _, it := range l.Items {
						if f, ok := it.(float64); ok && f < 0 {
							return l.Items[0]
						}
					}
				}
				return res
			})
		},
	},
	"keysrev": {
		name:  "keysrev",
		about: "keys of a record with a key starting with 'z' lists the keys in reverse",
		goImpl: func() outcome.Runner {
			return faultyStdlib("keys", func(args *value.Record, res value.Value) value.Value {
				l, ok := res.(*value.List)
				if !ok {
					return res
				}
				hit := false
				for _, k := range l.Items {
					if s, ok := k.(string); ok && strings.HasPrefix(s, "z") {
						hit = true
					}
				}
				if !hit {
					return res
				}
				rev := make([]value.Value, len(l.Items))
				for i, k := range l.Items {
					rev[len(rev)-1-i] = k
				}
				return value.NewList(rev...)
			})
		},
	},
	"csvupper": {
		name:  "csvupper",
		about: "fs.read of a .csv file returns its content in upper case",
		goImpl: func() outcome.Runner {
			return run.NewRunner(run.Options{Kit: func(fx outcome.Fixtures) toolkit.Kit {
				return upperCSV{toolkit.New(fx)}
			}})
		},
	},
	"parsemsg": {
		name:  "parsemsg",
		about: "E_PARSE messages get a suffix on the Go side",
		goImpl: func() outcome.Runner {
			return parseMessage{run.New()}
		},
	},
	"loopcount": {
		name:  "loopcount",
		about: "the loop_end event of a loop of 3 or more iterations reports one iteration too many",
		goImpl: func() outcome.Runner {
			return perturbOutcome{run.New()}
		},
	},
}

// faultyStdlib is the Go implementation with the stdlib function name's results passed
// through wrong.
func faultyStdlib(name string, wrong func(args *value.Record, res value.Value) value.Value) outcome.Runner {
	return run.NewRunner(run.Options{Stdlib: func(n string) (stdlib.Func, bool) {
		f, ok := stdlib.Lookup(n)
		if !ok || n != name {
			return f, ok
		}
		return func(args *value.Record, lim stdlib.Limits) (value.Value, error) {
			res, err := f(args, lim)
			if err != nil {
				return res, err
			}
			return wrong(args, res), nil
		}, true
	}})
}

// upperCSV is the hermetic tool kit with a faulty fs.read.
type upperCSV struct{ *toolkit.Virtual }

func (u upperCSV) CallData(name string, args *value.Record, data toolkit.Data) (value.Value, error) {
	res, err := u.Virtual.CallData(name, args, data)
	if name == "fs.read" && err == nil {
		p, _ := args.Lookup("path")
		if ps, ok := p.(string); ok && strings.HasSuffix(ps, ".csv") {
			if s, ok := res.(string); ok {
				return strings.ToUpper(s), nil
			}
		}
	}
	return res, err
}

// perturbOutcome wraps a Runner and corrupts the loop_end events it reports.
type perturbOutcome struct{ outcome.Runner }

func (p perturbOutcome) Run(ctx context.Context, src string, cfg outcome.Config) outcome.Outcome {
	o := p.Runner.Run(ctx, src, cfg)
	for i, ev := range o.Trace {
		if ev.Event != "loop_end" {
			continue
		}
		rec, ok := ev.Data.(*value.Record)
		if !ok {
			continue
		}
		if n, ok := rec.Get("iterations"); ok {
			if f, ok := n.(float64); ok && f >= 3 {
				c := rec.Clone()
				c.Set("iterations", f+1)
				o.Trace[i].Data = c
			}
		}
	}
	return o
}

// parseMessage wraps a Runner and changes the message of its E_PARSE diagnostics.
type parseMessage struct{ outcome.Runner }

func (p parseMessage) Run(ctx context.Context, src string, cfg outcome.Config) outcome.Outcome {
	o := p.Runner.Run(ctx, src, cfg)
	if len(o.Errors) > 0 && o.Errors[0].Code == "E_PARSE" {
		o.Errors = append([]outcome.Diagnostic(nil), o.Errors...)
		o.Errors[0].Message += " (go)"
	}
	return o
}

var (
	refOnce   sync.Once
	refRunner outcome.Runner
)

// reference is the shipped reference, shared by all tests (its runtimes are pooled).
func reference() outcome.Runner {
	refOnce.Do(func() { refRunner = tsbundle.NewRunner(tsbundle.Embedded()) })
	return refRunner
}

// faultyRunners pairs the faulty Go implementation with the shipped reference.
func faultyRunners(f fault) trial.Runners {
	return trial.Runners{Impl: f.goImpl(), Ref: reference()}
}

// shippedRunners are both implementations without faults.
func shippedRunners() trial.Runners {
	return trial.Runners{Impl: run.New(), Ref: reference()}
}
