package main

import (
	"encoding/json"
	"fmt"
	"go/scanner"
	"go/token"
	"math/rand"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
)

// gremlinsReport is the part of gremlins' --output JSON that lists the mutants.
type gremlinsReport struct {
	Files []struct {
		FileName  string `json:"file_name"`
		Mutations []struct {
			Type   string `json:"type"`
			Status string `json:"status"`
			Line   int    `json:"line"`
			Column int    `json:"column"`
		} `json:"mutations"`
	} `json:"files"`
}

// gremlinsMutants enumerates the operator-level mutants of gremlins (its dry run, which
// lists each mutant's kind and position without running anything) in the packages
// pkgs of the module at root, and turns each into a Mutant that replaces one operator
// token. gremlins itself cannot run a custom test command, so tools/mutants applies
// them and runs its own probe.
func gremlinsMutants(root, version string, pkgs []string, logf func(string, ...any)) ([]Mutant, error) {
	var out []Mutant
	for _, pkg := range pkgs {
		js := filepath.Join(os.TempDir(), fmt.Sprintf("gremlins-%d-%s.json", os.Getpid(), filepath.Base(pkg)))
		cmd := exec.Command("go", "run", "github.com/go-gremlins/gremlins/cmd/gremlins@"+version,
			"unleash", "--dry-run", "--invert-logical", "-o", js, "./"+pkg)
		cmd.Dir = root
		logf("gremlins dry run: %s", pkg)
		if b, err := cmd.CombinedOutput(); err != nil {
			return nil, fmt.Errorf("gremlins dry run of %s: %v\n%s", pkg, err, b)
		}
		b, err := os.ReadFile(js)
		os.Remove(js)
		if err != nil {
			return nil, err
		}
		var rep gremlinsReport
		if err := json.Unmarshal(b, &rep); err != nil {
			return nil, fmt.Errorf("gremlins report of %s: %v", pkg, err)
		}
		for _, f := range rep.Files {
			file := pkg + "/" + f.FileName
			src, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(file)))
			if err != nil {
				return nil, err
			}
			for _, mu := range f.Mutations {
				m, err := operatorMutant(file, src, mu.Type, mu.Line, mu.Column)
				if err != nil {
					logf("skipping a gremlins mutant: %v", err)
					continue
				}
				out = append(out, m)
			}
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].ID < out[j].ID })
	return out, nil
}

// operatorReplacements is what each gremlins mutator makes of an operator (gremlins'
// documented mutators; INVERT_NEGATIVES drops a unary minus).
var operatorReplacements = map[string]map[token.Token]string{
	"ARITHMETIC_BASE":       {token.ADD: "-", token.SUB: "+", token.MUL: "/", token.QUO: "*", token.REM: "*"},
	"CONDITIONALS_BOUNDARY": {token.LSS: "<=", token.LEQ: "<", token.GTR: ">=", token.GEQ: ">"},
	"CONDITIONALS_NEGATION": {token.EQL: "!=", token.NEQ: "==", token.LSS: ">=", token.LEQ: ">", token.GTR: "<=", token.GEQ: "<"},
	"INCREMENT_DECREMENT":   {token.INC: "--", token.DEC: "++"},
	"INVERT_NEGATIVES":      {token.SUB: ""},
	"INVERT_LOGICAL":        {token.LAND: "||", token.LOR: "&&"},
}

// operatorMutant is the mutant replacing the operator at line:col of file (src its text).
func operatorMutant(file string, src []byte, kind string, line, col int) (Mutant, error) {
	repl, ok := operatorReplacements[kind]
	if !ok {
		return Mutant{}, fmt.Errorf("%s:%d:%d: unknown mutator %s", file, line, col, kind)
	}
	fset := token.NewFileSet()
	tf := fset.AddFile(file, -1, len(src))
	var s scanner.Scanner
	s.Init(tf, src, nil, 0)
	for {
		pos, tok, _ := s.Scan()
		if tok == token.EOF {
			return Mutant{}, fmt.Errorf("%s:%d:%d: no token there", file, line, col)
		}
		p := fset.Position(pos)
		if p.Line != line || p.Column != col {
			continue
		}
		with, ok := repl[tok]
		if !ok {
			return Mutant{}, fmt.Errorf("%s:%d:%d: %s does not apply to %q", file, line, col, kind, tok)
		}
		off := p.Offset
		// The old snippet is the whole source line, so that it is unique and readable;
		// the mutant applies by position, not by search.
		start := strings.LastIndexByte(string(src[:off]), '\n') + 1
		end := off + strings.IndexByte(string(src[off:])+"\n", '\n')
		oldLine := string(src[start:end])
		newLine := oldLine[:off-start] + with + oldLine[off-start+len(tok.String()):]
		return Mutant{
			ID:       fmt.Sprintf("%s:%d:%d:%s", file, line, col, kind),
			File:     file,
			Old:      oldLine,
			New:      newLine,
			Category: "operator",
			Desc:     fmt.Sprintf("gremlins %s: %s → %s", kind, tok, orNothing(with)),
			Line:     line,
			offset:   off,
			tokLen:   len(tok.String()),
			with:     with,
		}, nil
	}
}

func orNothing(s string) string {
	if s == "" {
		return "(nothing)"
	}
	return s
}

// sample picks n of ms, reproducibly from seed, keeping their order.
func sample(ms []Mutant, n int, seed int64) []Mutant {
	if n <= 0 || n >= len(ms) {
		return ms
	}
	idx := rand.New(rand.NewSource(seed)).Perm(len(ms))[:n]
	sort.Ints(idx)
	out := make([]Mutant, n)
	for i, k := range idx {
		out[i] = ms[k]
	}
	return out
}
