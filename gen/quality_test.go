package gen

import (
	"context"
	"flag"
	"fmt"
	"sort"
	"strings"
	"testing"

	"github.com/a0diff/a0diff/runtime/ast"
	"github.com/a0diff/a0diff/runtime/outcome"
	"github.com/a0diff/a0diff/runtime/run"
	"github.com/a0diff/a0diff/runtime/validate"
)

// driveCases is the number of programs TestCoverageDrive runs. The default keeps
// `make test` fast; the coverage figure of README.md is measured with 10 000:
//
//	go test ./gen -run TestCoverageDrive -count=1 -drive=10000 \
//	    -coverpkg=./runtime/eval,./runtime/stdlib -coverprofile=/tmp/gen.cover
var (
	driveCases  = flag.Int("drive", 400, "number of generated programs TestCoverageDrive runs through the Go implementation")
	driveExtras = flag.Bool("drive-extras", true, "TestCoverageDrive: also run under tiny harness limits and without validation")
)

var stdlibName = func() map[string]bool {
	m := map[string]bool{}
	for _, f := range validate.StdlibFunctions {
		m[f] = true
	}
	return m
}()

// nodeKind names a node for the construct census.
func nodeKind(n ast.Node) string {
	switch n := n.(type) {
	case *ast.FnCallExpr:
		name := strings.Join(n.Name.Parts, ".")
		if !stdlibName[name] {
			return "call (user function)"
		}
		return "call " + name
	case *ast.CallExpr:
		return "tool " + strings.Join(n.Tool.Parts, ".")
	case *ast.DoExpr:
		return "tool " + strings.Join(n.Tool.Parts, ".")
	case *ast.BinaryExpr:
		return "op " + n.Op.String()
	case *ast.ExprStmt:
		if n.Target != nil {
			return "-> target"
		}
	case *ast.SpreadPair:
		return "spread"
	}
	return strings.TrimPrefix(fmt.Sprintf("%T", n), "*ast.")
}

// TestQuality measures the generator on 2 000 valid-mode programs (default options) and
// holds it to the figures of README.md: at least 90 % pass validation (the generator
// aims at 100 %), every construct, stdlib function and tool occurs, every feature is on
// in most cases and off in some, every harness limit trips, and runs end in every exit
// status.
func TestQuality(t *testing.T) {
	const n = 2000
	impl := run.New()
	valid := 0
	census := map[string]int{}
	exits := map[int]int{}
	codes := map[string]int{}
	size := 0
	// the default options: every feature, each case switching some off (DropPercent)
	features := map[string]int{}
	allFeatures, limitsDrawn, limitsTripped := 0, map[outcome.LimitName]int{}, map[outcome.LimitName]int{}
	for i := 0; i < n; i++ {
		c := Generate(RandChooser{CaseRand(1, i)}, Options{})
		size += len(c.Source)
		for b, name := range featureNames {
			if c.Features.Has(1 << b) {
				features[name]++
			}
		}
		if c.Features == AllFeatures {
			allFeatures++
		}
		l := c.Config.Limits
		for name, v := range map[outcome.LimitName]int{outcome.LimitSteps: l.MaxSteps, outcome.LimitDepth: l.MaxDepth, outcome.LimitSize: l.MaxSize} {
			if v != 0 {
				limitsDrawn[name]++
			}
		}
		if Validates(c.Source) {
			valid++
		}
		seen := map[string]bool{}
		walkProgram(c.Program, func(nd ast.Node) { seen[nodeKind(nd)] = true })
		for k := range seen {
			census[k]++
		}
		o := impl.Run(context.Background(), c.Source, c.Config)
		exits[o.ExitCode]++
		if o.Status == outcome.StatusResource {
			limitsTripped[o.Limit]++
		}
		for _, d := range o.Errors {
			codes[string(d.Code)]++
		}
	}
	share := float64(valid) / n
	t.Logf("valid share: %.1f%% of %d valid-mode programs pass validation (mean %d bytes)", 100*share, n, size/n)
	var fl []string
	for _, name := range featureNames {
		fl = append(fl, fmt.Sprintf("%s %.0f%%", name, 100*float64(features[name])/n))
	}
	t.Logf("feature shares (cases with the feature on; %.0f%% with all of them): %s", 100*float64(allFeatures)/n, strings.Join(fl, ", "))
	var ll []string
	for _, name := range []outcome.LimitName{outcome.LimitSteps, outcome.LimitDepth, outcome.LimitSize} {
		ll = append(ll, fmt.Sprintf("%s drawn small in %.1f%%, tripped in %.1f%%", name, 100*float64(limitsDrawn[name])/n, 100*float64(limitsTripped[name])/n))
	}
	t.Logf("limit shares: %s", strings.Join(ll, "; "))
	for _, name := range featureNames {
		if f := float64(features[name]) / n; f < 0.7 || f > 0.95 {
			t.Errorf("feature %s on in %.0f%% of the cases, want 70%% to 95%%", name, 100*f)
		}
	}
	for _, name := range []outcome.LimitName{outcome.LimitSteps, outcome.LimitDepth, outcome.LimitSize} {
		if limitsTripped[name] == 0 {
			t.Errorf("no case ran into the %s limit", name)
		}
	}
	t.Logf("exit statuses: %v", exits)
	t.Logf("runtime error codes: %v", codes)
	if share < 0.90 {
		t.Errorf("valid share %.1f%%, want at least 90%%", 100*share)
	}
	var want []string
	for _, f := range validate.StdlibFunctions {
		want = append(want, "call "+f)
	}
	for _, tl := range validate.Tools {
		want = append(want, "tool "+tl.Name)
	}
	for _, op := range []string{"+", "-", "*", "/", "%", "<", ">", "<=", ">=", "==", "!="} {
		want = append(want, "op "+op)
	}
	want = append(want, "call (user function)", "-> target", "spread", "CapDecl", "BudgetDecl", "LetStmt", "ExprStmt", "FnDecl",
		"IntLiteral", "FloatLiteral", "BoolLiteral", "StrLiteral", "NullLiteral", "IdentPath", "RecordExpr",
		"ListExpr", "AssertExpr", "CheckExpr", "IfExpr", "IfBlockExpr", "ForExpr", "FilterBlockExpr",
		"LoopExpr", "MatchExpr", "TryExpr", "UnaryExpr")
	var rare []string
	for _, k := range want {
		if census[k] < n/200 {
			rare = append(rare, fmt.Sprintf("%s (%d)", k, census[k]))
		}
	}
	if len(rare) > 0 {
		t.Errorf("constructs in fewer than 0.5%% of the programs: %s", strings.Join(rare, ", "))
	}
	var lines []string
	for k, v := range census {
		lines = append(lines, fmt.Sprintf("%5.1f%% %s", 100*float64(v)/n, k))
	}
	sort.Strings(lines)
	t.Logf("share of programs using each construct:\n%s", strings.Join(lines, "\n"))
	for _, e := range []int{0, 3, 4, 5} {
		if exits[e] == 0 {
			t.Errorf("no program ended with exit status %d", e)
		}
	}
	if float64(exits[0]+exits[5])/n < 0.4 {
		t.Errorf("only %d of %d programs completed (exit 0 or 5), want at least 40%%", exits[0]+exits[5], n)
	}
	for _, code := range []string{"E_TYPE", "E_PATH", "E_FN", "E_TOOL", "E_TOOL_ARGS", "E_BUDGET", "E_ASSERT", "E_FOR_NOT_LIST", "E_MATCH_NOT_RECORD", "E_MATCH_NO_ARM", "E_CAP_DENIED", "E_UNKNOWN_FN"} {
		if codes[code] == 0 {
			t.Errorf("no program ended with %s", code)
		}
	}
}

// TestInvalidModeCoversTheFrontEnd checks that invalid mode reaches every lexer, parser
// and validator diagnostic of spec §1.9, §2.8, §2.9 and §4.7.
func TestInvalidModeCoversTheFrontEnd(t *testing.T) {
	impl := run.New()
	codes := map[string]int{}
	for i := 0; i < 3000; i++ {
		c := Generate(RandChooser{CaseRand(2, i)}, Options{InvalidShare: 1})
		o := impl.Run(context.Background(), c.Source, c.Config)
		for _, d := range o.Errors {
			if o.ExitCode == 2 {
				codes[string(d.Code)]++
			}
		}
	}
	t.Logf("diagnostic codes of 3000 invalid-mode cases: %v", codes)
	for _, code := range []string{"E_LEX", "E_PARSE", "E_AST", "E_DUP_BUDGET", "E_IMPORT_UNSUPPORTED", "E_NO_RETURN",
		"E_RETURN_NOT_LAST", "E_UNKNOWN_CAP", "E_CAP_VALUE", "E_UNKNOWN_BUDGET", "E_BUDGET_TYPE", "E_DUP_BINDING",
		"E_FN_DUP", "E_UNBOUND", "E_UNKNOWN_FN", "E_UNKNOWN_TOOL", "E_UNDECLARED_CAP", "E_CALL_EFFECT"} {
		if codes[code] == 0 {
			t.Errorf("no invalid-mode case produced %s", code)
		}
	}
}

// TestCoverageDrive runs -drive generated programs through the Go implementation; run it
// with -coverpkg to measure the statement coverage of the Go runtime they reach (see
// driveCases). Tree-mutated programs are also run without validation (RunProgram), which
// reaches the run-time checks validation otherwise makes unreachable (spec §5.14), and
// every tenth program runs a second time under tiny harness limits.
func TestCoverageDrive(t *testing.T) {
	impl := run.New()
	ctx := context.Background()
	completed := 0
	for i := 0; i < *driveCases; i++ {
		c := Generate(RandChooser{CaseRand(3, i)}, Options{Swarm: i%3 == 2, InvalidShare: 0.1, Size: 40 + i%4*30})
		o := impl.Run(ctx, c.Source, c.Config)
		if o.Status == outcome.StatusCrash {
			t.Fatalf("case %d crashed the Go implementation: %s\n%s", i, o.Detail, c.Source)
		}
		if o.Status == outcome.StatusOK && (o.ExitCode == 0 || o.ExitCode == 5) {
			completed++
		}
		if !*driveExtras {
			continue
		}
		if i%10 == 0 {
			// The harness limits of outcome.Limits, set tiny so that generated programs
			// reach them (lists and strings longer than MaxSize, calls nested deeper
			// than MaxDepth): they must end as resource outcomes, never crash.
			cfg := c.Config
			cfg.Limits = outcome.Limits{MaxSize: 2 + i%7, MaxDepth: 1 + i%3}
			if o := impl.Run(ctx, c.Source, cfg); o.Status == outcome.StatusCrash {
				t.Fatalf("case %d crashed the Go implementation under tiny limits: %s\n%s", i, o.Detail, c.Source)
			}
		}
		if c.Mode == InvalidTree {
			if o := impl.RunProgram(ctx, c.Program, c.Config); o.Status == outcome.StatusCrash {
				t.Fatalf("case %d crashed the Go evaluator without validation: %s\n%s", i, o.Detail, c.Source)
			}
		}
	}
	t.Logf("%d programs, %d completed", *driveCases, completed)
}
