// Command tocorpus turns the failing inputs a native fuzz target saved under
// fuzz/testdata/fuzz/TARGET/ into corpus entries ready to commit (default directory
// corpus/fuzz-found/). It is what `make fuzz-ci` runs after a target fails.
//
//	go run ./fuzz/tocorpus [-in fuzz/testdata/fuzz] [-out corpus/fuzz-found] [TARGET...]
//
// Each input is decoded the way its target decodes it (FuzzGen: the generated case;
// FuzzParse and FuzzDiff: the text, as a corpus entry when it is one), run through both
// implementations, and written by the one entry writer (corpus.WriteNew: the text parsed
// back and run once more, written only when it gives the input's signature) as NAME.a0
// (TARGET-INPUTFILE.a0) with a comment saying where it came from, what diverged and how
// to replay it. Existing files are left alone.
// The exit status is 1 when an input could not be read or written, else 0.
package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/a0diff/a0diff/corpus"
	"github.com/a0diff/a0diff/diff"
	"github.com/a0diff/a0diff/fuzz"
	"github.com/a0diff/a0diff/gen"
	"github.com/a0diff/a0diff/harness"
	"github.com/a0diff/a0diff/trial"
)

func main() {
	in := flag.String("in", "fuzz/testdata/fuzz", "the directory of the go fuzzing inputs (one subdirectory per target)")
	out := flag.String("out", "corpus/fuzz-found", "the directory the corpus entries are written to")
	flag.Usage = func() {
		fmt.Fprintf(flag.CommandLine.Output(), "usage: tocorpus [-in DIR] [-out DIR] [TARGET...]\n\nTARGET is one of %s (default: all).\n\n", strings.Join(fuzz.Targets, ", "))
		flag.PrintDefaults()
	}
	flag.Parse()
	targets := flag.Args()
	if len(targets) == 0 {
		targets = fuzz.Targets
	}
	failed := false
	for _, t := range targets {
		known := false
		for _, k := range fuzz.Targets {
			known = known || k == t
		}
		if !known {
			fmt.Fprintf(os.Stderr, "tocorpus: unknown target %q (known: %s)\n", t, strings.Join(fuzz.Targets, ", "))
			os.Exit(2)
		}
		files, err := filepath.Glob(filepath.Join(*in, t, "*"))
		if err != nil {
			fmt.Fprintf(os.Stderr, "tocorpus: %v\n", err)
			os.Exit(2)
		}
		for _, f := range files {
			path, err := convert(t, f, *out)
			switch {
			case err != nil:
				fmt.Fprintf(os.Stderr, "tocorpus: %v\n", err)
				failed = true
			case path == "":
				fmt.Printf("%s: already converted\n", f)
			default:
				fmt.Printf("%s → %s\n", f, path)
			}
		}
	}
	if failed {
		os.Exit(1)
	}
}

// convert writes the entry of one input file; it returns "" when the entry exists.
func convert(target, input, outDir string) (string, error) {
	data, err := fuzz.ReadInput(input)
	if err != nil {
		return "", err
	}
	path := filepath.Join(outDir, target+"-"+filepath.Base(input)+".a0")
	if _, err := os.Stat(path); err == nil {
		return "", nil
	}
	ctx := context.Background()
	var c *gen.Case
	if target == "FuzzGen" {
		c = fuzz.GenCase(data)
	} else {
		source, cfg := fuzz.SourceCase(data)
		c = &gen.Case{Source: source, Config: cfg}
	}
	cfg := c.Config
	cfg.Limits.Timeout = fuzz.Timeout
	g, r := fuzz.Run(ctx, c.Source, cfg)
	prose := []string{fmt.Sprintf("Found by go test -fuzz=%s (input %s).", target, filepath.ToSlash(input))}
	if target == "FuzzParse" {
		if msg := fuzz.CheckParse(g, r); msg != "" {
			prose = append(prose, "The front ends disagree: "+oneLine(msg))
		}
	}
	res := diff.Compare(g, r)
	if res.Verdict == diff.Diverge {
		prose = append(prose, "Divergence "+res.Signature()+":")
		for i, d := range res.Divergences {
			if i == 3 {
				break
			}
			prose = append(prose, "  "+oneLine(d.String()))
		}
	} else {
		prose = append(prose, "The implementations "+string(res.Verdict)+" on this entry now.")
	}
	prose = append(prose, "Replay: "+harness.ReplayCommand("go", path, "")+" ; "+harness.ReplayCommand("ref", path, ""))

	// The entry must reproduce what the input gave: same comparison signature (or
	// agreement). It is written by the one entry writer (corpus.WriteNew: render, parse
	// back, run once, write atomically); drafts in order of preference.
	var drafts []corpus.Draft
	if target != "FuzzGen" {
		if e, err := corpus.Parse(path, data); err == nil && len(e.Directives) > 0 {
			// already an entry: keep it byte for byte (its directives are in its text),
			// prose appended, or else without the prose
			drafts = append(drafts, corpus.Draft{Source: string(data), Prose: prose}, corpus.Draft{Source: string(data)})
		}
	}
	c.Config.Limits.Timeout = 0
	drafts = append(drafts,
		corpus.Draft{Source: c.Source, Config: c.Config, Prose: prose},
		corpus.Draft{Source: defuseDirectives(c.Source), Config: c.Config, Prose: prose})
	judge := func(got trial.Comparison) error {
		if got.Diff.Signature() != res.Signature() {
			return fmt.Errorf("signature %q", got.Diff.Signature())
		}
		return nil
	}
	if err := os.MkdirAll(outDir, 0o755); err != nil {
		return "", err
	}
	var tried []string
	for _, d := range drafts {
		_, err := corpus.WriteNew(ctx, path, d, fuzz.Runners().Primary(), fuzz.Timeout, judge)
		if err == nil {
			return path, nil
		}
		if _, statErr := os.Lstat(path); statErr == nil {
			return "", nil // written meanwhile by another run: left alone
		}
		tried = append(tried, err.Error())
	}
	return "", fmt.Errorf("%s: no corpus entry reproduces the input's outcome (signature %q; the drafts gave: %s); convert it by hand", input, res.Signature(), strings.Join(tried, "; "))
}

func oneLine(s string) string {
	return strings.NewReplacer("\n", `\n`, "\r", `\r`).Replace(s)
}

// defuseDirectives replaces the @ of every comment line that looks like a directive.
func defuseDirectives(src string) string {
	lines := strings.Split(src, "\n")
	for i, l := range lines {
		if corpus.IsDirectiveLine(l) {
			at := strings.IndexByte(l, '@') // the first @ is the directive's: only blanks and # precede it
			lines[i] = l[:at] + "\uFF20" + l[at+1:]
		}
	}
	return strings.Join(lines, "\n")
}
