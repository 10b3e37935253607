// Package tsbundle hosts a reference bundle — the TypeScript reference of A0 compiled to
// one JavaScript script, or any other script honouring the same ABI (README.md) — in
// goja, and exposes it to the harness as an outcome.Runner named "ref".
//
// A Bundle is compiled once; a Runner keeps a pool of goja runtimes that have evaluated
// it and reuses them across cases. Every run is bounded: a deadline interrupts the
// JavaScript, a run stuck inside a native built-in is abandoned, and the engine's own
// call-stack limit turns runaway recursion into a classified outcome.
//
// The package is named tsbundle in the directory reference/ts-bundle: DESIGN.md fixes
// the directory (the build writes the bundle there), a Go package name cannot contain a
// hyphen, and go:embed cannot reach a parent directory, so the embedding package has to
// live beside the bundle. Importers name it explicitly:
//
//	import tsbundle "github.com/a0diff/a0diff/reference/ts-bundle"
package tsbundle

import (
	_ "embed"
	"errors"
	"fmt"
	"os"
	"slices"
	"sync"
	"sync/atomic"

	"github.com/a0diff/a0diff/internal/filekind"
	"github.com/a0diff/a0diff/runtime/outcome"
	"github.com/dop251/goja"
	"github.com/dop251/goja/parser"
)

//go:embed a0-reference.js
var embeddedSource string

// EmbeddedName is the file name the embedded bundle reports in stack traces and errors.
const EmbeddedName = "a0-reference.js"

// Bundle is a compiled reference bundle. It is immutable and safe for concurrent use;
// any number of Runners may share it.
type Bundle struct {
	name string
	prog *goja.Program

	// checked records the result of the first evaluation of the bundle in a runtime:
	// whether it defines A0Reference.run, and its version.
	checkOnce sync.Once
	checkErr  error
	version   string
	limits    []string
	declared  bool // the bundle defines A0Reference.limits
	// checked is the runtime Check evaluated the bundle in, until a Runner takes it over
	// (Runner.acquire): a worker process that checks its bundle before serving would
	// otherwise evaluate it twice, which for a large --ref bundle is most of its start.
	checked atomic.Pointer[engine]
}

var (
	embeddedOnce   sync.Once
	embeddedBundle *Bundle
)

// Embedded returns the bundle built into the binary (a0-reference.js, compiled once).
// The embedded file is a build artefact checked by this package's tests, so a failure to
// compile it is a defect of the build and panics.
func Embedded() *Bundle {
	embeddedOnce.Do(func() {
		b, err := Compile(EmbeddedName, embeddedSource)
		if err != nil {
			panic("tsbundle: the embedded reference bundle does not compile: " + err.Error())
		}
		embeddedBundle = b
	})
	return embeddedBundle
}

// MaxBundleBytes bounds the size of a bundle file Load reads (whole, then parsed and
// compiled, in a0diff's own process and in each worker): a path that names a disk image
// or a log by mistake is refused before it is read.
const MaxBundleBytes = 64 << 20

// Load reads and compiles the bundle at path (a0diff --ref FILE.js) and evaluates it
// once to check that it defines A0Reference.run, so that a broken bundle is reported
// before any case runs. Errors name the file, and the line for syntax errors
// ("FILE:LINE:COL: message").
func Load(path string) (*Bundle, error) {
	// Only a regular file is read: a named pipe would block the read until a writer
	// came, and a device may never end.
	if st, err := os.Stat(path); err != nil {
		return nil, fmt.Errorf("reference bundle: %w", err)
	} else if !st.Mode().IsRegular() {
		return nil, fmt.Errorf("reference bundle %s: %s, not a bundle file", path, filekind.Of(st.Mode()))
	} else if st.Size() > MaxBundleBytes {
		return nil, fmt.Errorf("reference bundle %s: %d MiB, over the bound of %d MiB (the embedded bundle is 0.2 MiB): not a bundle file?", path, st.Size()>>20, MaxBundleBytes>>20)
	}
	src, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("reference bundle: %w", err)
	}
	b, err := Compile(path, string(src))
	if err != nil {
		return nil, err
	}
	if err := b.Check(); err != nil {
		return nil, err
	}
	return b, nil
}

// Open is the bundle a0diff's --ref names: the embedded one when path is empty, else
// Load(path).
func Open(path string) (*Bundle, error) {
	if path == "" {
		return Embedded(), nil
	}
	return Load(path)
}

// Compile compiles src as a bundle named name (the name used in errors and stacks).
// It does not evaluate it; see Check.
func Compile(name, src string) (*Bundle, error) {
	// Parsing separately keeps the parser's positions, which goja.Compile folds into
	// a message.
	ast, err := parser.ParseFile(nil, name, src, 0)
	if err != nil {
		return nil, compileError(name, err)
	}
	prog, err := goja.CompileAST(ast, false)
	if err != nil {
		return nil, compileError(name, err)
	}
	return &Bundle{name: name, prog: prog}, nil
}

// compileError rewrites goja's parser and compiler errors as FILE:LINE:COL: message.
func compileError(name string, err error) error {
	var list parser.ErrorList
	if errors.As(err, &list) && len(list) > 0 {
		e := list[0]
		msg := fmt.Sprintf("%s:%d:%d: %s", name, e.Position.Line, e.Position.Column, e.Message)
		if len(list) > 1 {
			msg += fmt.Sprintf(" (and %d more errors)", len(list)-1)
		}
		return errors.New(msg)
	}
	var syn *goja.CompilerSyntaxError
	if errors.As(err, &syn) {
		return compilerErrorAt(name, syn.CompilerError)
	}
	var ref *goja.CompilerReferenceError
	if errors.As(err, &ref) {
		return compilerErrorAt(name, ref.CompilerError)
	}
	return fmt.Errorf("%s: %w", name, err)
}

// compilerErrorAt is a goja compiler error (a syntax or a reference error) as
// FILE:LINE:COL: message, or FILE: message when goja gives no position.
func compilerErrorAt(name string, e goja.CompilerError) error {
	if e.File != nil {
		p := e.File.Position(e.Offset)
		return fmt.Errorf("%s:%d:%d: %s", name, p.Line, p.Column, e.Message)
	}
	return fmt.Errorf("%s: %s", name, e.Message)
}

// Name is the bundle's file name.
func (b *Bundle) Name() string { return b.name }

// Check evaluates the bundle in a fresh runtime (once per Bundle; later calls return the
// first result) and reports whether it honours the ABI: evaluating it must not throw and
// must define A0Reference.run as a function.
func (b *Bundle) Check() error {
	b.checkOnce.Do(func() {
		e := newEngine(b, defaultMaxCallStack)
		b.checkErr = e.initWithTimeout(checkTimeout)
		if b.checkErr == nil {
			b.version = e.version
			b.limits, b.declared = e.limits, e.limits != nil
			b.checked.Store(e)
		}
	})
	return b.checkErr
}

// Version is A0Reference.version ("" when the bundle does not set it). It evaluates the
// bundle (see Check) and returns its error.
func (b *Bundle) Version() (string, error) {
	err := b.Check()
	return b.version, err
}

// IgnoredLimits lists the harness limits a bundle may enforce
// (outcome.ImplementationLimits: the keys of configJSON.limits and the parser's nesting
// bound, as A0Reference.limits names them) that the bundle does not say it
// enforces in A0Reference.limits — all of them when it has no such list (a bundle written
// before the list existed). Such a bundle is still loaded and run, but a program over
// one of those limits runs on in it where the Go evaluator stops, and the two sides
// diverge; a0diff warns when it loads one. It evaluates the bundle (see Check) and
// returns its error.
func (b *Bundle) IgnoredLimits() ([]outcome.LimitName, error) {
	if err := b.Check(); err != nil {
		return nil, err
	}
	var out []outcome.LimitName
	for _, l := range outcome.ImplementationLimits() {
		if !slices.Contains(b.limits, string(l)) {
			out = append(out, l)
		}
	}
	return out, nil
}
