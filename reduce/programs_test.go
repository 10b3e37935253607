package reduce

import (
	"fmt"
	"math/rand/v2"
	"strings"

	"github.com/a0diff/a0diff/runtime/ast"
	"github.com/a0diff/a0diff/runtime/outcome"
)

// progGen builds large, well-typed A0 programs by code (package gen is written in
// parallel; these programs need a planted trigger anyway). Variables are tracked by
// type so that every program runs to completion on both implementations: they agree on
// it until a fault is injected. Statements use earlier variables at random, so the
// value of the planted trigger flows into some later variables and, through the final
// `return` record, into the outcome.
type progGen struct {
	rng   *rand.Rand
	fault string
	n     int
	nums  []string
	strs  []string
	lists []string // lists of numbers
	recs  []string // records {k1: number, k2: string, k3: list}
	fns   []string // fn NAME {a, b}: numbers to a number
	files []string // readable fixture files (.txt)
	body  []ast.Stmt
}

var words = []string{"alpha", "beta", "gamma", "delta", "omega", "kappa", "sigma", "tau", "rho", "phi"}

func (g *progGen) name(prefix string) string {
	g.n++
	return fmt.Sprintf("%s%d", prefix, g.n)
}

func num(v float64) ast.Expr       { return &ast.IntLiteral{Value: v} }
func str(s string) ast.Expr        { return &ast.StrLiteral{Value: s} }
func ref(parts ...string) ast.Expr { return &ast.IdentPath{Parts: parts} }
func rec(kv ...any) *ast.RecordExpr {
	r := &ast.RecordExpr{}
	for i := 0; i < len(kv); i += 2 {
		r.Pairs = append(r.Pairs, &ast.RecordPair{Key: kv[i].(string), Value: kv[i+1].(ast.Expr)})
	}
	return r
}
func call(name string, args *ast.RecordExpr) ast.Expr {
	return &ast.FnCallExpr{Name: &ast.IdentPath{Parts: strings.Split(name, ".")}, Args: args}
}

func (g *progGen) pick(xs []string) string { return xs[g.rng.IntN(len(xs))] }

func (g *progGen) numExpr(depth int) ast.Expr {
	for {
		switch g.rng.IntN(9) {
		case 0, 1:
			return num(float64(g.rng.IntN(20)))
		case 2:
			if len(g.nums) > 0 {
				return ref(g.pick(g.nums))
			}
		case 3, 4:
			if depth > 0 {
				ops := []ast.Op{"+", "-", "*", "+"}
				return &ast.BinaryExpr{Op: ops[g.rng.IntN(len(ops))], Left: g.numExpr(depth - 1), Right: g.numExpr(depth - 1)}
			}
		case 5:
			if len(g.lists) > 0 {
				return call("len", rec("in", ref(g.pick(g.lists))))
			}
		case 6:
			if len(g.fns) > 0 && depth > 0 {
				return call(g.pick(g.fns), rec("a", g.numExpr(depth-1), "b", g.numExpr(depth-1)))
			}
		case 7:
			if len(g.recs) > 0 {
				return ref(g.pick(g.recs), "k1")
			}
		case 8:
			if depth > 0 {
				return &ast.IfExpr{
					Cond: &ast.BinaryExpr{Op: ">", Left: g.numExpr(0), Right: g.numExpr(0)},
					Then: g.numExpr(depth - 1), Else: g.numExpr(depth - 1),
				}
			}
		}
	}
}

func (g *progGen) strExpr(depth int) ast.Expr {
	for {
		switch g.rng.IntN(6) {
		case 0:
			return str(g.pick(words))
		case 1, 2:
			if len(g.strs) > 0 {
				return ref(g.pick(g.strs))
			}
		case 3:
			if depth > 0 {
				// At most two parts: three or more is the concat3 fault's trigger.
				parts := &ast.ListExpr{Elements: []ast.Expr{g.strExpr(depth - 1)}}
				if g.rng.IntN(2) == 0 {
					parts.Elements = append(parts.Elements, g.numExpr(depth-1))
				}
				return call("str.concat", rec("parts", parts))
			}
		case 4:
			if len(g.lists) > 0 {
				return call("join", rec("in", ref(g.pick(g.lists)), "sep", str("-")))
			}
		case 5:
			if len(g.recs) > 0 {
				return ref(g.pick(g.recs), "k2")
			}
		}
	}
}

func (g *progGen) listExpr() ast.Expr {
	if len(g.lists) > 0 && g.rng.IntN(3) == 0 {
		x := g.name("x")
		return &ast.ForExpr{List: ref(g.pick(g.lists)), Binding: x, Body: []ast.Stmt{
			&ast.LetStmt{Name: "y", Value: &ast.BinaryExpr{Op: "*", Left: ref(x), Right: num(float64(1 + g.rng.IntN(3)))}},
			&ast.ReturnStmt{Value: ref("y")},
		}}
	}
	l := &ast.ListExpr{}
	for range 1 + g.rng.IntN(4) {
		l.Elements = append(l.Elements, num(float64(g.rng.IntN(30))))
	}
	return l
}

func (g *progGen) let(prefix string, e ast.Expr, into *[]string) {
	n := g.name(prefix)
	g.body = append(g.body, &ast.LetStmt{Name: n, Value: e})
	*into = append(*into, n)
}

// statement adds one random statement.
func (g *progGen) statement() {
	switch g.rng.IntN(12) {
	case 0, 1, 2:
		g.let("n", g.numExpr(2), &g.nums)
	case 3, 4:
		g.let("s", g.strExpr(2), &g.strs)
	case 5:
		g.let("l", g.listExpr(), &g.lists)
	case 6:
		if len(g.strs) > 0 && len(g.lists) > 0 {
			g.let("r", rec("k1", g.numExpr(1), "k2", g.strExpr(1), "k3", ref(g.pick(g.lists))), &g.recs)
		} else {
			g.let("n", g.numExpr(1), &g.nums)
		}
	case 7:
		f := g.name("f")
		g.body = append(g.body, &ast.FnDecl{Name: f, Params: []string{"a", "b"}, Body: []ast.Stmt{
			&ast.LetStmt{Name: "t", Value: &ast.BinaryExpr{Op: "+", Left: &ast.BinaryExpr{Op: "*", Left: ref("a"), Right: num(float64(1 + g.rng.IntN(4)))}, Right: ref("b")}},
			&ast.ReturnStmt{Value: ref("t")},
		}})
		g.fns = append(g.fns, f)
	case 8:
		g.body = append(g.body, &ast.ExprStmt{Expr: &ast.CheckExpr{Args: rec(
			"that", &ast.BinaryExpr{Op: ">=", Left: g.numExpr(1), Right: num(0)},
			"msg", str("non-negative"),
		)}})
	case 9:
		t := g.name("s")
		g.body = append(g.body, &ast.ExprStmt{Expr: call("str.concat", rec("parts", &ast.ListExpr{Elements: []ast.Expr{g.strExpr(1), str("!")}})), Target: &ast.IdentPath{Parts: []string{t}}})
		g.strs = append(g.strs, t)
	case 10:
		v := g.name("n")
		z := g.name("z")
		g.body = append(g.body, &ast.LetStmt{Name: v, Value: &ast.IfBlockExpr{
			Cond:     &ast.BinaryExpr{Op: "<", Left: g.numExpr(1), Right: g.numExpr(1)},
			ThenBody: []ast.Stmt{&ast.LetStmt{Name: z, Value: g.numExpr(1)}, &ast.ReturnStmt{Value: &ast.BinaryExpr{Op: "+", Left: ref(z), Right: num(1)}}},
			ElseBody: []ast.Stmt{&ast.ReturnStmt{Value: g.numExpr(1)}},
		}})
		g.nums = append(g.nums, v)
	case 11:
		if len(g.files) > 0 {
			g.let("s", &ast.CallExpr{Tool: &ast.IdentPath{Parts: []string{"fs", "read"}}, Args: rec("path", str(g.pick(g.files)))}, &g.strs)
		} else {
			g.let("s", g.strExpr(1), &g.strs)
		}
	}
}

// trigger adds the statements that plant the fault.
func (g *progGen) trigger() {
	switch g.fault {
	case "concat3":
		g.let("s", call("str.concat", rec("parts", &ast.ListExpr{Elements: []ast.Expr{g.strExpr(1), g.numExpr(1), g.strExpr(1)}})), &g.strs)
	case "maxneg":
		l := g.name("l")
		g.body = append(g.body, &ast.LetStmt{Name: l, Value: &ast.ListExpr{Elements: []ast.Expr{num(float64(g.rng.IntN(5))), &ast.UnaryExpr{Op: "-", Operand: num(2)}, num(float64(10 + g.rng.IntN(5)))}}})
		g.let("n", call("math.max", rec("in", ref(l))), &g.nums)
	case "keysrev":
		r := g.name("r")
		g.body = append(g.body, &ast.LetStmt{Name: r, Value: rec("a", g.numExpr(1), "zeta", g.strExpr(1), "m", num(1))})
		g.let("s", call("join", rec("in", call("keys", rec("in", ref(r))), "sep", str(","))), &g.strs)
	case "csvupper":
		g.let("s", &ast.CallExpr{Tool: &ast.IdentPath{Parts: []string{"fs", "read"}}, Args: rec("path", str("data/table.csv"))}, &g.strs)
	case "loopcount":
		x := g.name("x")
		g.let("n", &ast.LoopExpr{Init: g.numExpr(1), Times: num(float64(3 + g.rng.IntN(3))), Binding: x, Body: []ast.Stmt{
			&ast.ReturnStmt{Value: &ast.BinaryExpr{Op: "+", Left: ref(x), Right: num(2)}},
		}}, &g.nums)
	}
}

// bigProgram returns a program of about stmts statements (100+ lines when printed)
// with the fault's trigger planted in its first half, and the host configuration it
// runs under.
func bigProgram(seed uint64, faultName string, stmts int) (string, outcome.Config) {
	g := &progGen{rng: rand.New(rand.NewPCG(seed, 0xa0)), fault: faultName}
	cfg := outcome.Config{File: fmt.Sprintf("gen-%s-%d.a0", faultName, seed)}
	prog := &ast.Program{}
	if faultName == "csvupper" || g.rng.IntN(2) == 0 {
		// Tools, capabilities and fixtures, most of which the reduction should drop.
		prog.Headers = append(prog.Headers, &ast.CapDecl{Capabilities: rec("fs.read", &ast.BoolLiteral{Value: true})})
		cfg.Allow = []string{"fs.read", "http.get"}
		cfg.Fixtures.Cwd = "/work"
		for i := range 4 {
			p := fmt.Sprintf("data/note%d.txt", i)
			cfg.Fixtures.Files = append(cfg.Fixtures.Files, outcome.File{Path: p, Content: g.pick(words) + "\n"})
			g.files = append(g.files, p)
		}
		cfg.Fixtures.Files = append(cfg.Fixtures.Files, outcome.File{Path: "data/table.csv", Content: "id,name\n1,ada\n"})
		cfg.Fixtures.HTTP = append(cfg.Fixtures.HTTP, outcome.HTTPResponse{URL: "https://api.test/x", Status: 200, Body: "hi"})
		cfg.Fixtures.Shell = append(cfg.Fixtures.Shell, outcome.ShellResult{Cmd: "ls", Stdout: "a\n"})
	}
	if g.rng.IntN(2) == 0 {
		prog.Headers = append(prog.Headers, &ast.BudgetDecl{Budget: rec("maxIterations", num(100000))})
	}
	at := stmts/4 + g.rng.IntN(stmts/4)
	for i := range stmts {
		if i == at {
			g.trigger()
		}
		g.statement()
	}
	// The result: the last few variables of every kind and some at random.
	ret := &ast.RecordExpr{}
	seen := map[string]bool{}
	add := func(v string) {
		if !seen[v] {
			seen[v] = true
			ret.Pairs = append(ret.Pairs, &ast.RecordPair{Key: "out_" + v, Value: ref(v)})
		}
	}
	for _, vs := range [][]string{g.nums, g.strs, g.lists, g.recs} {
		for i := max(0, len(vs)-2); i < len(vs); i++ {
			add(vs[i])
		}
		for range 2 {
			if len(vs) > 0 {
				add(g.pick(vs))
			}
		}
	}
	g.body = append(g.body, &ast.ReturnStmt{Value: ret})
	prog.Statements = g.body
	return ast.Print(prog), cfg
}
