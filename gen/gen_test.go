package gen

import (
	"context"
	"strings"
	"testing"

	"github.com/a0diff/a0diff/corpus"
	"github.com/a0diff/a0diff/runtime/ast"
	"github.com/a0diff/a0diff/runtime/outcome"
	"github.com/a0diff/a0diff/runtime/run"
	"github.com/a0diff/a0diff/runtime/syntax"
	"github.com/a0diff/a0diff/runtime/validate"
)

func TestExhaustedInputGivesTheSmallestProgram(t *testing.T) {
	for _, opts := range []Options{{}, {Swarm: true}, {Size: 1}} {
		c := Generate(NewByteChooser(nil), opts)
		if c.Source != "return 0\n" || c.Mode != Valid {
			t.Errorf("options %+v: got %s case %q, want the valid program %q", opts, c.Mode, c.Source, "return 0\n")
		}
	}
}

func TestGenerationIsDeterministic(t *testing.T) {
	for i := 0; i < 50; i++ {
		opts := Options{Swarm: i%2 == 0, InvalidShare: 0.3}
		a := Generate(RandChooser{CaseRand(3, i)}, opts)
		b := Generate(RandChooser{CaseRand(3, i)}, opts)
		if a.Source != b.Source || a.Mode != b.Mode || a.Mutation != b.Mutation {
			t.Fatalf("case %d differs between two generations", i)
		}
		if strings.Join(a.Config.Allow, ",") != strings.Join(b.Config.Allow, ",") || len(a.Config.Fixtures.Files) != len(b.Config.Fixtures.Files) {
			t.Fatalf("case %d: configuration differs between two generations", i)
		}
	}
}

// Every valid-mode program must validate: the generator tracks scopes exactly as the
// validator does (spec §4.3). The quality test measures the same over more programs.
func TestValidModeProgramsValidate(t *testing.T) {
	for _, opts := range []Options{{}, {Swarm: true}, {Size: 200}} {
		for i := 0; i < 300; i++ {
			c := Generate(RandChooser{CaseRand(11, i)}, opts)
			p, diags := syntax.Parse(DefaultFile, c.Source)
			if len(diags) > 0 {
				t.Fatalf("options %+v, case %d does not parse: %s %s\n%s", opts, i, diags[0].Code, diags[0].Message, c.Source)
			}
			if r := validate.Check(p); len(r.Diagnostics) > 0 || r.UnsupportedSpread {
				d := "an unsupported spread"
				if len(r.Diagnostics) > 0 {
					d = string(r.Diagnostics[0].Code) + " " + r.Diagnostics[0].Message
				}
				t.Fatalf("options %+v, case %d does not validate: %s\n%s", opts, i, d, c.Source)
			}
			if err := ast.Printable(c.Program); err != nil {
				t.Fatalf("case %d: tree not printable: %v", i, err)
			}
		}
	}
}

// The portable subset of spec Appendix D: no timeMs budget, no spread in argument
// records or cap headers, no __proto__ or prototype-member keys, no deep recursion.
func TestProgramsStayPortable(t *testing.T) {
	forbiddenKeys := map[string]bool{"__proto__": true, "constructor": true, "toString": true, "valueOf": true, "hasOwnProperty": true}
	for i := 0; i < 500; i++ {
		// without proto, programs stay in the portable subset
		c := Generate(RandChooser{CaseRand(12, i)}, Options{Size: 120, Features: AllFeatures &^ FeatProto})
		walkProgram(c.Program, func(n ast.Node) {
			args := ast.Args(n)
			switch n := n.(type) {
			case *ast.BudgetDecl:
				for _, en := range n.Budget.Pairs {
					if p, ok := en.(*ast.RecordPair); ok && p.Key == "timeMs" {
						t.Fatalf("case %d: timeMs budget\n%s", i, c.Source)
					}
				}
			case *ast.CapDecl:
				args = n.Capabilities
			case *ast.RecordPair:
				if forbiddenKeys[n.Key] {
					t.Fatalf("case %d: key %q\n%s", i, n.Key, c.Source)
				}
			}
			if args == nil {
				return
			}
			fnKeys := 0
			for _, en := range args.Pairs {
				if _, ok := en.(*ast.SpreadPair); ok {
					t.Fatalf("case %d: spread in an argument record\n%s", i, c.Source)
				}
				if p, ok := en.(*ast.RecordPair); ok && p.Key == "fn" {
					fnKeys++
				}
			}
			if fnKeys > 1 {
				t.Fatalf("case %d: repeated fn: key\n%s", i, c.Source)
			}
		})
	}
}

// Generated programs terminate well within the deadline: recursion is guarded and loops
// are small, so nothing runs into the harness limits — except the limits drawn small
// (limits.go): the size limit of the cases drawn to run under a small one
// (SmallSizePercent), which some of them must meet exactly without exceeding it, and the
// step and depth limits, which only those cases may run into; and the text-bound corner
// (corners.go), which is meant to meet the size limit's text bound.
func TestProgramsTerminate(t *testing.T) {
	r := run.New()
	small, over := 0, 0
	tripped := map[outcome.LimitName]int{}
	for i := 0; i < 400; i++ {
		c := Generate(RandChooser{CaseRand(13, i)}, Options{Size: 150})
		o := r.Run(context.Background(), c.Source, c.Config)
		l := c.Config.Limits
		if l.MaxSteps != 0 && (l.MaxSteps < MinSmallSteps || l.MaxSteps > MaxSmallSteps) || l.MaxDepth > 3 {
			t.Errorf("case %d: limits %+v, want steps %d to %d, depth 1 to 3", i, l, MinSmallSteps, MaxSmallSteps)
		}
		if o.Status == outcome.StatusResource && (o.Limit == outcome.LimitSteps && l.MaxSteps != 0 || o.Limit == outcome.LimitDepth && l.MaxDepth != 0) {
			tripped[o.Limit]++
			continue
		}
		if o.Status == outcome.StatusResource && o.Limit == outcome.LimitSize && strings.Contains(c.Source, cornerMarks["text bound"]) {
			continue // the text-bound corner is one unit over the bound half of the time
		}
		if c.Config.Limits.MaxSize != 0 {
			small++
			if c.Config.Limits.MaxSize < 4 || c.Config.Limits.MaxSize > 43 {
				t.Errorf("case %d: size limit %d, want 4 to 43", i, c.Config.Limits.MaxSize)
			}
			if o.Status == outcome.StatusResource && o.Limit == outcome.LimitSize {
				over++
				continue
			}
		}
		if o.Status != "ok" {
			t.Fatalf("case %d ended with status %s (%s)\n%s", i, o.Status, o.Detail, c.Source)
		}
	}
	t.Logf("%d of 400 cases under a small size limit, %d of them over it; small step and depth limits tripped: %v", small, over, tripped)
	if tripped[outcome.LimitSteps] == 0 {
		t.Errorf("no case ran into its small step limit")
	}
	if small == 0 || over == small {
		t.Errorf("%d cases under a small size limit, %d over it: want some, not all over", small, over)
	}
}

func TestInvalidModeFailsBeforeRunning(t *testing.T) {
	r := run.New()
	modes := map[Mode]int{}
	for i := 0; i < 400; i++ {
		c := Generate(RandChooser{CaseRand(14, i)}, Options{InvalidShare: 1})
		modes[c.Mode]++
		if c.Mode == Valid || c.Mutation == "" {
			t.Fatalf("case %d: invalid share 1 gave a %s case", i, c.Mode)
		}
		o := r.Run(context.Background(), c.Source, c.Config)
		// A few mutations leave a program that still runs (a deleted token can be
		// harmless); most must be rejected with exit 2.
		if o.ExitCode != 2 {
			modes[Valid]++
		}
	}
	if modes[InvalidTree] < 100 || modes[InvalidText] < 100 {
		t.Errorf("mode counts %v: want both kinds of mutation", modes)
	}
	if modes[Valid] > 60 {
		t.Errorf("%d of 400 invalid-mode cases passed the front end, want at most 60", modes[Valid])
	}
}

// A generated case written as a corpus entry (corpus.Draft, the one entry writer's
// rendering) parses back to the same program and host configuration.
func TestCaseEntriesParseBack(t *testing.T) {
	for i := 0; i < 200; i++ {
		c := Generate(RandChooser{CaseRand(16, i)}, Options{})
		text := corpus.Draft{Source: c.Source, Config: c.Config, Prose: []string{"Generated for a test.", "Second line"}}.Text(false)
		e, err := corpus.Parse("x.a0", []byte(text))
		if err != nil {
			t.Fatalf("case %d: %v\n%s", i, err, text)
		}
		if !strings.HasPrefix(e.Source, c.Source) {
			t.Fatalf("case %d: the entry's program differs", i)
		}
		if e.Config.File != c.Config.File || strings.Join(e.Config.Allow, ",") != strings.Join(c.Config.Allow, ",") {
			t.Fatalf("case %d: file/allow %q %v, want %q %v", i, e.Config.File, e.Config.Allow, c.Config.File, c.Config.Allow)
		}
		got, want := e.Config.Fixtures, c.Config.Fixtures
		if got.Cwd != want.Cwd || len(got.Files) != len(want.Files) || len(got.HTTP) != len(want.HTTP) || len(got.Shell) != len(want.Shell) {
			t.Fatalf("case %d: fixtures %+v, want %+v", i, got, want)
		}
		for j := range want.Files {
			if got.Files[j] != want.Files[j] {
				t.Fatalf("case %d: file %d is %+v, want %+v", i, j, got.Files[j], want.Files[j])
			}
		}
		for j := range want.HTTP {
			g, w := got.HTTP[j], want.HTTP[j]
			if w.Status == 0 && w.Error == "" {
				w.Status = 200
			}
			if g.URL != w.URL || g.Status != w.Status || g.Body != w.Body || g.Error != w.Error || len(g.Headers) != len(w.Headers) {
				t.Fatalf("case %d: http %d is %+v, want %+v", i, j, g, w)
			}
		}
		for j := range want.Shell {
			if got.Shell[j] != want.Shell[j] {
				t.Fatalf("case %d: shell %d is %+v, want %+v", i, j, got.Shell[j], want.Shell[j])
			}
		}
	}
}

func TestParseFeatures(t *testing.T) {
	tests := []struct {
		in   string
		want Features
		err  bool
	}{
		{"all", AllFeatures, false},
		{"", AllFeatures, false},
		{"none", 0, false},
		{"loops, tools", FeatLoops | FeatTools, false},
		{"loops,bogus", 0, true},
		{"all,proto", AllFeatures, false},
		{"proto", FeatProto, false},
		{"all,-proto,-limits", AllFeatures &^ (FeatProto | FeatLimits), false},
		{"-loops,tools", FeatTools, false},
		{"-proto", AllFeatures &^ FeatProto, false},
		{"all,-bogus", 0, true},
	}
	for _, tt := range tests {
		got, err := ParseFeatures(tt.in)
		if (err != nil) != tt.err || got != tt.want {
			t.Errorf("ParseFeatures(%q) = %v, %v; want %v, error %v", tt.in, got, err, tt.want, tt.err)
		}
		if err == nil {
			back, _ := ParseFeatures(got.String())
			if back != got {
				t.Errorf("%q: String() %q does not parse back", tt.in, got.String())
			}
		}
	}
}

// FuzzGenerate: any input bytes give a case without panicking; a case with a tree has a
// printable one whose text is its source (or a random layout of it), and valid mode
// validates.
func FuzzGenerate(f *testing.F) {
	f.Add([]byte{}, uint8(0))
	f.Add([]byte{255, 255, 255, 255, 255, 255, 255, 255}, uint8(3))
	for i := 0; i < 64; i++ {
		b := make([]byte, 32+i*8)
		r := CaseRand(int64(i), 0)
		r.Read(b)
		f.Add(b, uint8(i))
	}
	f.Fuzz(func(t *testing.T, data []byte, mode uint8) {
		opts := Options{Swarm: mode&1 == 1, InvalidShare: float64(mode>>1&3) / 3, Size: 20 + int(mode>>3)*10}
		c := Generate(NewByteChooser(data), opts)
		if c.Program != nil {
			if err := ast.Printable(c.Program); err != nil {
				t.Fatalf("tree not printable: %v", err)
			}
			p, diags := syntax.Parse(DefaultFile, c.Source)
			if len(diags) > 0 || !ast.Equal(p, c.Program) {
				t.Fatalf("the source does not parse to the tree:\n%s", c.Source)
			}
		}
		if c.Mode == Valid && !Validates(c.Source) {
			t.Fatalf("valid-mode case does not validate:\n%s", c.Source)
		}
	})
}

// TestProtoFeature: with FeatProto the generator writes "__proto__" pairs whose values
// cover the kinds of spec §10.2 (record, list, function value via get, null), and the
// programs still validate.
func TestProtoFeature(t *testing.T) {
	seen := map[string]int{}
	for i := 0; i < 300; i++ {
		c := Generate(RandChooser{CaseRand(10, i)}, Options{Size: 120, DropPercent: -1})
		if c.Mode == Valid && !Validates(c.Source) {
			t.Fatalf("case %d does not validate:\n%s", i, c.Source)
		}
		walkProgram(c.Program, func(n ast.Node) {
			p, ok := n.(*ast.RecordPair)
			if !ok || p.Key != "__proto__" {
				return
			}
			switch v := p.Value.(type) {
			case *ast.RecordExpr:
				seen["record"]++
			case *ast.ListExpr:
				seen["list"]++
			case *ast.NullLiteral:
				seen["null"]++
			case *ast.FnCallExpr:
				if len(v.Name.Parts) == 1 && v.Name.Parts[0] == "get" {
					seen["function"]++
				}
			}
		})
	}
	for _, kind := range []string{"record", "list", "function", "null"} {
		if seen[kind] == 0 {
			t.Errorf("no __proto__ pair with a %s value in 300 cases (seen %v)", kind, seen)
		}
	}
}
