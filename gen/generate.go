package gen

import (
	"sort"
	"strconv"

	"github.com/a0diff/a0diff/runtime/ast"
	"github.com/a0diff/a0diff/runtime/outcome"
)

// Generate makes one case from the decisions of ch.
func Generate(ch Chooser, opts Options) *Case {
	opts = opts.withDefaults()
	g := &generator{ch: ch, opts: opts, feat: opts.Features, size: opts.Size, usedTools: map[string]bool{}}
	if opts.Swarm {
		g.feat = swarm(ch, opts.Features)
	} else {
		g.feat = thin(ch, opts.Features, opts.DropPercent)
	}
	invalid := opts.InvalidShare > 0 && ch.Intn(1000) >= 1000-int(opts.InvalidShare*1000+0.5)
	g.world = g.newWorld()
	prog := g.program()
	c := &Case{
		Program:  prog,
		Source:   ast.Print(prog),
		Config:   g.config(prog),
		Mode:     Valid,
		Features: g.feat,
	}
	if invalid {
		mutate(g, c)
	} else if g.has(FeatLayout) && g.chance(20) {
		c.Source = relayout(g, c.Source)
	}
	if !invalid && g.has(FeatLimits) && g.pitfall() && g.chance(SmallSizePercent) {
		// a small size limit (outcome.Limits.MaxSize, README "Limits and their costs"),
		// so that results, tool arguments, produced lists and strings sometimes meet it
		// exactly: what is exactly maxSize is within the limit. Drawn last, so that the
		// program is the one the same decisions make without it.
		c.Config.Limits.MaxSize = 4 + g.n(40)
	}
	if !invalid {
		g.drawLimits(&c.Config.Limits)
	}
	return c
}

// SmallSizePercent is the share, in percent of the valid cases that draw a pitfall, that
// run under a small size limit (4 to 43).
const SmallSizePercent = 10

// generator is the state of one generation.
type generator struct {
	ch   Chooser
	opts Options
	feat Features
	// size is what is left of the node budget.
	size int

	names     int
	ranks     int
	allFns    []*fnInfo
	world     *world
	usedTools map[string]bool
	// portable > 0 while generating values sort will compare: ASCII/Latin-1 strings and
	// finite numbers only (spec Appendix D).
	portable int
	// noUserCalls > 0 while generating the body of a redeclared function.
	noUserCalls int
	// risk > 0 while generating a try body: wrong types are more likely there.
	risk int
	// capDenied is set when the configuration must refuse one declared capability.
	capDenied bool
	// watched are top-level variables the final value must return (scenario results).
	watched []string
}

// maxDepth bounds expression nesting; blocks count as levels too.
const maxDepth = 5

func (g *generator) n(k int) int { return g.ch.Intn(k) }

// chance is true with probability pct/100; an answer of 0 means false.
func (g *generator) chance(pct int) bool { return pct > 0 && g.n(100) >= 100-pct }

func (g *generator) has(f Features) bool { return g.feat.Has(f) }

func (g *generator) spend(k int) { g.size -= k }

func (g *generator) out() bool { return g.size <= 0 }

// fresh returns a new identifier with the given stem.
func (g *generator) fresh(stem string) string {
	g.names++
	return stem + strconv.Itoa(g.names)
}

func (g *generator) varName() string {
	return g.fresh(varBases[g.n(len(varBases))])
}

// weighted picks an index by weight; the answer 0 picks the first option of non-zero
// weight. At least one weight must be positive.
func (g *generator) weighted(ws ...int) int {
	total := 0
	for _, w := range ws {
		if w > 0 {
			total += w
		}
	}
	r := g.n(total)
	for i, w := range ws {
		if w <= 0 {
			continue
		}
		if r < w {
			return i
		}
		r -= w
	}
	return 0
}

// program generates the whole program: statements first (they decide which tools are
// used), then the headers.
func (g *generator) program() *ast.Program {
	sc := newScope(nil)
	sc.top = true
	var stmts []ast.Stmt
	if g.has(FeatFunctions) && g.chance(50) {
		for n := 1 + g.n(3); n > 0 && !g.out(); n-- {
			stmts = append(stmts, g.fnDecl(sc, 0))
		}
		// call most of them (a declaration nothing calls tests little)
		for _, f := range sc.fns {
			if g.chance(75) && g.canCall(sc, f) {
				e, t := g.callOf(sc, f, 1)
				name := g.varName()
				sc.addVar(name, t)
				stmts = append(stmts, &ast.LetStmt{Name: name, Value: e})
			}
		}
	}
	maxStmts := max(12, g.opts.Size/6)
	for len(stmts) < maxStmts && !g.out() && (len(stmts) == 0 && g.chance(97) || g.chance(80)) {
		stmts = append(stmts, g.stmt(sc, 0)...)
	}
	stmts = append(stmts, g.corner(sc)...)
	// the final value is chosen before the probes, so that their variables do not crowd
	// the program's own out of it; the probes' values are added to it
	final := g.finalValue(sc)
	probeStmts, probeVars := g.probes(sc)
	stmts = append(stmts, probeStmts...)
	stmts = append(stmts, &ast.ReturnStmt{Value: withProbes(final, probeVars)})
	p := &ast.Program{Statements: stmts}
	p.Headers = g.headers()
	return p
}

// finalValue is the program's result: usually a record of the variables, so that as many
// values as possible are compared.
func (g *generator) finalValue(sc *scope) ast.Expr {
	vars := sc.visibleVars()
	if len(vars) > 0 && g.chance(75) {
		r := &ast.RecordExpr{}
		for i := len(vars) - 1; i >= 0 && len(r.Pairs) < 6; i-- {
			r.Pairs = append(r.Pairs, &ast.RecordPair{Key: vars[i].name, Value: &ast.IdentPath{Parts: []string{vars[i].name}}})
		}
		return g.withWatched(r)
	}
	e, _ := g.expr(sc, tyAny, 1)
	if len(g.watched) == 0 {
		return e
	}
	return g.withWatched(&ast.RecordExpr{Pairs: []ast.RecordEntry{&ast.RecordPair{Key: "value", Value: e}}})
}

// withWatched adds the watched variables r does not return yet.
func (g *generator) withWatched(r *ast.RecordExpr) *ast.RecordExpr {
	has := map[string]bool{}
	for _, en := range r.Pairs {
		if p, ok := en.(*ast.RecordPair); ok {
			has[p.Key] = true
		}
	}
	for _, name := range g.watched {
		if !has[name] {
			has[name] = true
			r.Pairs = append(r.Pairs, &ast.RecordPair{Key: name, Value: &ast.IdentPath{Parts: []string{name}}})
		}
	}
	return r
}

// headers builds the cap header from the tools the program uses, and sometimes a budget.
func (g *generator) headers() []ast.Header {
	var hs []ast.Header
	caps := map[string]bool{}
	for t := range g.usedTools {
		caps[toolCap[t]] = true
	}
	if g.has(FeatTools) && len(caps) == 0 && g.chance(4) {
		caps[allCaps[g.n(len(allCaps))]] = true // declared but unused
	}
	if len(caps) > 0 {
		var names []string
		for c := range caps {
			names = append(names, c)
		}
		sort.Strings(names)
		g.shuffle(names)
		rec := &ast.RecordExpr{}
		for _, c := range names {
			rec.Pairs = append(rec.Pairs, &ast.RecordPair{Key: c, Value: &ast.BoolLiteral{Value: true}})
		}
		hs = append(hs, &ast.CapDecl{Capabilities: rec})
		g.capDenied = g.chance(3)
	}
	if g.has(FeatBudget) && g.chance(30) {
		hs = append(hs, g.budgetHeader())
	}
	return hs
}

func (g *generator) shuffle(xs []string) {
	for i := len(xs) - 1; i > 0; i-- {
		j := g.n(i + 1)
		xs[i], xs[j] = xs[j], xs[i]
	}
}

// budgetHeader declares small limits so that programs run into them (never timeMs,
// whose outcome depends on the machine).
func (g *generator) budgetHeader() *ast.BudgetDecl {
	rec := &ast.RecordExpr{}
	fields := []struct {
		name string
		max  int
	}{{"maxIterations", 16}, {"maxToolCalls", 5}, {"maxBytesWritten", 400}}
	for _, f := range fields {
		if g.chance(60) || len(rec.Pairs) == 0 && f.name == "maxBytesWritten" {
			v := g.n(f.max)
			if f.name == "maxBytesWritten" && g.chance(50) {
				v = g.n(40)
			}
			rec.Pairs = append(rec.Pairs, &ast.RecordPair{Key: f.name, Value: intLit(float64(v))})
		}
	}
	if g.chance(20) {
		// a field given twice: the last value counts (§5.16)
		p := rec.Pairs[g.n(len(rec.Pairs))].(*ast.RecordPair)
		v := p.Value.(*ast.IntLiteral).Value
		rec.Pairs = append(rec.Pairs, &ast.RecordPair{Key: p.Key, Value: intLit(float64(int(v+1+float64(g.n(8))) % 20))})
	}
	return &ast.BudgetDecl{Budget: rec}
}

// config is the host configuration of the generated program: the fixtures of the world,
// and a policy that allows what the program declares (minus one capability, rarely, so
// that the gate refuses it; plus all capabilities, sometimes).
func (g *generator) config(p *ast.Program) outcome.Config {
	cfg := outcome.Config{File: g.opts.File, Allow: []string{}}
	if len(g.usedTools) > 0 {
		cfg.Fixtures = g.world.fixtures()
	}
	declared := declaredCaps(p)
	if len(declared) == 0 {
		return cfg
	}
	if g.chance(10) {
		cfg.Allow = append(cfg.Allow, allCaps...)
		return cfg
	}
	skip := -1
	if g.capDenied {
		skip = g.n(len(declared))
	}
	for i, c := range declared {
		if i != skip {
			cfg.Allow = append(cfg.Allow, c)
		}
	}
	return cfg
}

// declaredCaps lists the distinct capabilities the cap headers set to true.
func declaredCaps(p *ast.Program) []string {
	var out []string
	seen := map[string]bool{}
	for _, h := range p.Headers {
		c, ok := h.(*ast.CapDecl)
		if !ok || c.Capabilities == nil {
			continue
		}
		for _, en := range c.Capabilities.Pairs {
			pr, ok := en.(*ast.RecordPair)
			if !ok {
				continue
			}
			if b, ok := pr.Value.(*ast.BoolLiteral); ok && b.Value && !seen[pr.Key] {
				seen[pr.Key] = true
				out = append(out, pr.Key)
			}
		}
	}
	return out
}
