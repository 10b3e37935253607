package syntax

import (
	"fmt"
	"runtime/debug"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/a0diff/a0diff/runtime/ast"
	"github.com/a0diff/a0diff/runtime/diag"
)

const parseHint = "Check syntax near this location."

// MaxNestingDepth bounds how deeply expressions, unary minus chains and function
// declarations may nest. It is above what the spec's programs need (Appendix D asks for
// 10 000 levels; 10 000 records nested through lists are 20 000 expressions) and keeps every recursive consumer of the tree — this parser, the
// validator, the printer, the evaluator — within a modest Go stack. A deeper program
// yields the single diagnostic CodeTooDeep, which is a harness limit, not an A0 outcome
// (callers report it as outcome.StatusResource with Limit outcome.LimitNesting).
//
// The reference's parser has the same bound at the same points (MAX_NESTING in
// reference/ts/src/limits.ts), so the limit is never itself a divergence. It is low
// enough that the reference's deepest-nesting construct (a record literal, about five
// JavaScript frames per level in its parser) fits in goja's call stack (250 000 frames)
// at the bound; at 50 000 levels records overflowed it first.
const MaxNestingDepth = 25_000

// CodeTooDeep is the diagnostic code Parse returns for a program nested deeper than
// MaxNestingDepth. It is not an A0 error code.
const CodeTooDeep = diag.TooDeep

// CodeInternal is the diagnostic code Parse returns, as the only diagnostic, when the
// parser itself failed (a Go panic: a bug in this package). Its message carries the panic
// and its hint the stack. It is not an A0 error code: callers report it the way a panic
// in the evaluator is reported, as outcome.StatusCrash.
const CodeInternal = diag.Internal

// Parse lexes, parses and desugars one program (spec §1–§3). file is the span file name.
// It returns the program and no diagnostics, or nil and the diagnostics the reference
// reports: every E_LEX of the file; else the one E_PARSE of the first syntax error; else
// the first E_PARSE/E_AST of AST construction in traversal order (§2.8).
//
// src should come from DecodeSource; text that is not valid UTF-8 is first decoded the
// same way. Parse never panics: a failure of the parser itself is the one diagnostic
// CodeInternal.
func Parse(file, src string) (prog *ast.Program, diags []diag.Diagnostic) {
	return parseWith(nil, nil, file, src)
}

// Trees is node memory reused from parse to parse, for a caller that parses one program
// at a time and is done with each tree — and with every pointer into it, such as the
// spans an evaluator's trace events and errors point to — before it parses the next: a
// campaign worker, which compares a run's Outcome and drops it before the next case.
// The most frequent nodes (nodeSlabs) of a tree parsed with Trees.Parse are taken from
// chunks that the next Trees.Parse zeroes and hands out again, so a run allocates them
// once per worker rather than once per program; so is the parser's state (its token
// slice and scratch stacks). The zero value is ready to use; it is not safe for
// concurrent use.
type Trees struct {
	nodes nodeSlabs
	p     *parser
}

// Parse is syntax.Parse into t's node memory. It invalidates every tree t parsed
// before: their nodes are zeroed and reused.
func (t *Trees) Parse(file, src string) (prog *ast.Program, diags []diag.Diagnostic) {
	t.nodes.reuse()
	if t.p == nil {
		t.p = new(parser)
	}
	return parseWith(&t.nodes, t.p, file, src)
}

// parseWith is Parse with the nodes taken from nodes (nil: fresh chunks, nodeSlabs' own)
// by the parser p (nil: one from parsers).
func parseWith(nodes *nodeSlabs, p *parser, file, src string) (prog *ast.Program, diags []diag.Diagnostic) {
	defer func() {
		if r := recover(); r != nil {
			prog, diags = nil, []diag.Diagnostic{{
				Code:    CodeInternal,
				Message: fmt.Sprintf("panic in the Go parser: %v", r),
				Hint:    string(debug.Stack()),
			}}
		}
	}()
	if !utf8.ValidString(src) {
		src = DecodeSource([]byte(src))
	}
	if p == nil {
		p = parsers.Get().(*parser)
		defer parsers.Put(p) // after reset
	}
	defer p.reset()
	p.nodes = &p.fresh
	if nodes != nil {
		p.nodes = nodes
	}
	toks, lexErrs := tokenizeInto(file, src, p.toks)
	p.file, p.src, p.toks = file, src, toks
	if len(lexErrs) > 0 {
		return nil, lexErrs
	}
	prog, bad := p.parseProgram()
	if bad != nil {
		return nil, []diag.Diagnostic{*bad}
	}
	if p.deferred != nil {
		return nil, []diag.Diagnostic{*p.deferred}
	}
	return prog, nil
}

// testHookParse, when set (by tests only), is called with the source text after lexing,
// where a syntax error would bail out; a test makes it panic to check that Parse keeps
// its promise.
var testHookParse func(src string)

// parser is a recursive-descent parser over the significant tokens. The first syntax
// error aborts the parse (bailout panic, recovered in parseProgram). Errors of AST
// construction (§2.8) are only remembered — the first one in traversal order, which is
// the order this parser meets them in — because any syntax error later in the file
// takes precedence over them.
type parser struct {
	file     string
	src      string
	toks     []token
	pos      int // index of the next token
	last     int // index of the last consumed token
	depth    int
	deferred *diag.Diagnostic

	// Scratch stacks for the items of the lists being parsed (nested lists push above
	// their parent's items); popExact moves a finished list into a slice of its exact
	// size, so no list is built by repeated growth.
	entries  []ast.RecordEntry
	elements []ast.Expr
	stmts    []ast.Stmt

	nodes *nodeSlabs // fresh, or a Trees' reused memory
	fresh nodeSlabs
}

// nodeSlabs supply the most frequent nodes (a program's tree has dozens of them).
type nodeSlabs struct {
	pairs    slab[ast.RecordPair]
	records  slab[ast.RecordExpr]
	paths    slab[identPathWithRoom]
	ints     slab[ast.IntLiteral]
	strs     slab[ast.StrLiteral]
	binaries slab[ast.BinaryExpr]
	calls    slab[ast.FnCallExpr]
	lets     slab[ast.LetStmt]
	returns  slab[ast.ReturnStmt]

	// The backing arrays of the lists of statements, record entries and list elements:
	// cut from chunks for a Trees only (listSlab).
	stmtLists  listSlab[ast.Stmt]
	entryLists listSlab[ast.RecordEntry]
	exprLists  listSlab[ast.Expr]
}

// reuse readies the slabs of a Trees for the next tree: every chunk the last tree used
// is zeroed and handed out again.
func (n *nodeSlabs) reuse() {
	n.pairs.reuse()
	n.records.reuse()
	n.paths.reuse()
	n.ints.reuse()
	n.strs.reuse()
	n.binaries.reuse()
	n.calls.reuse()
	n.lets.reuse()
	n.returns.reuse()
	n.stmtLists.reuse()
	n.entryLists.reuse()
	n.exprLists.reuse()
}

// slab hands out zeroed nodes a chunk at a time: one allocation for many nodes.
// A node keeps its whole chunk reachable, so the chunks are small, and a chunk holds the
// nodes of one tree only: reset drops the slabs' partly used chunks. (When chunks were
// shared between consecutive trees, each tree's first chunk kept the previous tree's
// last nodes reachable, and through them every tree ever parsed, from the parser in the
// pool: a worker's heap grew by ~5 MB per thousand programs.)
//
// The chunks grow from slabFirst to slabLast nodes, doubling: a program uses some kinds
// of node a few times, others a hundred times, and a chunk's unused tail is allocated
// for nothing (with chunks of 16 nodes, 2.8 KB of the 17.7 KB a parse of a generated
// program allocated; BenchmarkParseGenerated in gen).
//
// A slab of a Trees (kept) remembers its chunks, and reuse hands them out again, zeroed,
// for the next tree: at most maxKeptNodes nodes of each kind, a huge program's beyond
// them are left to the GC.
type slab[T any] struct {
	free []T
	next int // the size of the next chunk (0: slabFirst)

	kept   bool  // a Trees' slab: chunks are remembered and reused
	chunks [][]T // a Trees' chunks, whole; the first used of them handed out since reuse
	used   int
}

const (
	slabFirst    = 4
	slabLast     = 32
	maxKeptNodes = 1 << 12
)

func (s *slab[T]) alloc() *T {
	if len(s.free) == 0 {
		s.refill()
	}
	n := &s.free[0]
	s.free = s.free[1:]
	return n
}

func (s *slab[T]) refill() {
	if s.used < len(s.chunks) {
		s.free = s.chunks[s.used]
		s.used++
		return
	}
	n := max(s.next, slabFirst)
	s.free = make([]T, n)
	s.next = min(2*n, slabLast)
	if s.kept && len(s.chunks)*slabLast < maxKeptNodes {
		s.chunks = append(s.chunks, s.free)
		s.used++
	}
}

// reuse zeroes the chunks handed out since the last reuse and makes them free again.
func (s *slab[T]) reuse() {
	s.kept = true
	for _, c := range s.chunks[:s.used] {
		clear(c)
	}
	s.free, s.used = nil, 0
}

// listSlab hands out the backing arrays of a tree's lists, each of exactly its length
// and capacity (nothing appended to one can write into the next). Outside a Trees each is
// an allocation of its own (a list would keep its whole chunk reachable, see slab); a
// Trees' lists are cut from chunks that its next parse zeroes and hands out again, but
// for long lists, which get arrays of their own.
type listSlab[T any] struct {
	free   []T
	kept   bool
	chunks [][]T
	used   int
}

const (
	listChunk   = 64
	maxListCut  = listChunk / 4
	maxKeptList = 1 << 12
)

// take returns a zeroed slice of n items.
func (s *listSlab[T]) take(n int) []T {
	if !s.kept || n == 0 || n > maxListCut {
		return make([]T, n)
	}
	if n > len(s.free) {
		if s.used < len(s.chunks) {
			s.free = s.chunks[s.used]
		} else {
			s.free = make([]T, listChunk)
			if len(s.chunks)*listChunk < maxKeptList {
				s.chunks = append(s.chunks, s.free)
			}
		}
		s.used++
	}
	items := s.free[:n:n]
	s.free = s.free[n:]
	return items
}

// reuse zeroes the chunks handed out since the last reuse and makes them free again.
func (s *listSlab[T]) reuse() {
	s.kept = true
	for _, c := range s.chunks[:min(s.used, len(s.chunks))] {
		clear(c)
	}
	s.free, s.used = nil, 0
}

// parsers recycles parser state from parse to parse: the token slice (the largest
// allocation of a parse) and the scratch stacks. Nothing refers to them once the tree is
// built: tokens are only read while parsing, and finished lists are copied out of the
// stacks. Old tokens are not cleared; the source texts they point into stay reachable
// only until the pool lets go of the parser at a later GC.
var parsers = sync.Pool{New: func() any { return new(parser) }}

// maxRecycledItems bounds the token slice and stacks kept for reuse: a huge program's
// are left to the GC.
const maxRecycledItems = 1 << 16

// reset empties p, keeping its slices' room (but not its node slabs, see slab), for its
// next parse.
func (p *parser) reset() {
	next := &parser{}
	if cap(p.toks) <= maxRecycledItems {
		next.toks = p.toks[:0]
	}
	// After a syntax error the stacks still hold items of unfinished lists.
	if cap(p.entries) <= maxRecycledItems {
		clear(p.entries)
		next.entries = p.entries[:0]
	}
	if cap(p.elements) <= maxRecycledItems {
		clear(p.elements)
		next.elements = p.elements[:0]
	}
	if cap(p.stmts) <= maxRecycledItems {
		clear(p.stmts)
		next.stmts = p.stmts[:0]
	}
	*p = *next
}

// popExact removes the items above mark from *stack and returns them in a new slice of
// exactly their number (an empty, non-nil slice when there are none), from lists.
func popExact[T any](stack *[]T, mark int, lists *listSlab[T]) []T {
	items := lists.take(len(*stack) - mark)
	copy(items, (*stack)[mark:])
	clear((*stack)[mark:])
	*stack = (*stack)[:mark]
	return items
}

// commaSeparated parses the items of a record or list up to its closing bracket: items
// separated by commas, where a comma not followed by an item's start is taken as the
// trailing comma. stack is the scratch stack of the item kind.
func commaSeparated[T any](p *parser, stack *[]T, lists *listSlab[T], canStart func(kind) bool, item func(*parser) T) []T {
	mark := len(*stack)
	if canStart(p.peekKind()) {
		*stack = append(*stack, item(p))
		for p.peekKind() == tComma && canStart(p.peekKindAt(1)) {
			p.advance()
			*stack = append(*stack, item(p))
		}
		if p.peekKind() == tComma {
			p.advance()
		}
	}
	return popExact(stack, mark, lists)
}

type bailout struct{ d diag.Diagnostic }

func (p *parser) parseProgram() (prog *ast.Program, bad *diag.Diagnostic) {
	defer func() {
		if r := recover(); r != nil {
			b, ok := r.(bailout)
			if !ok {
				panic(r) // not a syntax error: Parse reports it as CodeInternal
			}
			prog, bad = nil, &b.d
		}
	}()
	if testHookParse != nil {
		testHookParse(p.src)
	}
	return p.program(), nil
}

// ---- token access ----

// text is the image of t: its exact source text, "<EOF>" for the end of input.
func (p *parser) text(t *token) string {
	if t.kind == tEOF {
		return "<EOF>"
	}
	return p.src[t.start:t.end]
}

func (p *parser) peek() *token { return &p.toks[p.pos] }

func (p *parser) peekKind() kind { return p.toks[p.pos].kind }

func (p *parser) peekKindAt(d int) kind {
	if p.pos+d < len(p.toks) {
		return p.toks[p.pos+d].kind
	}
	return tEOF
}

func (p *parser) advance() *token {
	t := &p.toks[p.pos]
	p.last = p.pos
	if t.kind != tEOF {
		p.pos++
	}
	return t
}

// expect consumes a token of kind k or fails with `Expected K but found 'X'.`.
func (p *parser) expect(k kind) *token {
	t := p.peek()
	if t.kind != k {
		if strings.ContainsAny(p.text(t), "\r\n") {
			p.fail(t, "Syntax error near '"+p.text(t)+"'.")
		}
		p.fail(t, "Expected "+k.String()+" but found '"+p.text(t)+"'.")
	}
	return p.advance()
}

func (p *parser) failUnexpected(t *token) {
	p.fail(t, "Unexpected token '"+p.text(t)+"'.")
}

func (p *parser) fail(t *token, msg string) {
	sp := p.tokSpan(t)
	panic(bailout{diag.Diagnostic{Code: diag.Parse, Message: msg, Span: &sp, Hint: parseHint}})
}

func (p *parser) tokSpan(t *token) ast.Span {
	return ast.Span{File: p.file, StartLine: int(t.line), StartCol: int(t.col), EndLine: int(t.endLine), EndCol: int(t.endCol)}
}

// spanFrom is the span from token index start to the last consumed token.
func (p *parser) spanFrom(start int) ast.Span {
	a, b := &p.toks[start], &p.toks[p.last]
	return ast.Span{File: p.file, StartLine: int(a.line), StartCol: int(a.col), EndLine: int(b.endLine), EndCol: int(b.endCol)}
}

// deferError records an AST-construction error unless an earlier one is already recorded.
func (p *parser) deferError(code diag.Code, msg string, span *ast.Span, hint string) {
	if p.deferred == nil {
		p.deferred = &diag.Diagnostic{Code: code, Message: msg, Span: span, Hint: hint}
	}
}

func (p *parser) enter() {
	p.depth++
	if p.depth > MaxNestingDepth {
		sp := p.tokSpan(p.peek())
		panic(bailout{diag.Diagnostic{
			Code:    CodeTooDeep,
			Message: "program nested deeper than " + strconv.Itoa(MaxNestingDepth) + " levels",
			Span:    &sp,
		}})
	}
}

func (p *parser) leave() { p.depth-- }

// ---- programs, headers, statements ----

func (p *parser) program() *ast.Program {
	prog := &ast.Program{}
	for {
		switch p.peekKind() {
		case tCap:
			start := p.pos
			p.advance()
			rec := p.record()
			prog.Headers = append(prog.Headers, &ast.CapDecl{Span: p.spanFrom(start), Capabilities: rec})
			continue
		case tBudget:
			start := p.pos
			p.advance()
			rec := p.record()
			prog.Headers = append(prog.Headers, &ast.BudgetDecl{Span: p.spanFrom(start), Budget: rec})
			continue
		case tImport:
			prog.Headers = append(prog.Headers, p.importDecl())
			continue
		}
		break
	}
	for canStartStmt(p.peekKind()) {
		p.stmts = append(p.stmts, p.stmt())
	}
	if len(p.stmts) > 0 {
		prog.Statements = popExact(&p.stmts, 0, &p.nodes.stmtLists)
	}
	if t := p.peek(); t.kind != tEOF {
		p.fail(t, "Syntax error near '"+p.text(t)+"'.")
	}
	if len(p.toks) == 1 {
		prog.Span = ast.Span{File: p.file, StartLine: 1, StartCol: 1, EndLine: 1, EndCol: 2}
	} else {
		p.last = len(p.toks) - 2
		prog.Span = p.spanFrom(0)
	}
	return prog
}

func (p *parser) importDecl() *ast.ImportDecl {
	start := p.pos
	p.advance()
	path := p.expect(tString)
	p.expect(tAs)
	alias := p.expect(tIdent)
	return &ast.ImportDecl{Span: p.spanFrom(start), Path: p.decodeString(path), Alias: p.text(alias)}
}

func (p *parser) stmt() ast.Stmt {
	start := p.pos
	switch p.peekKind() {
	case tFn:
		p.enter()
		defer p.leave()
		p.advance()
		name := p.text(p.expect(tIdent))
		params := p.paramList()
		body := p.block()
		return &ast.FnDecl{Span: p.spanFrom(start), Name: name, Params: params, Body: body}
	case tLet:
		p.advance()
		name := p.text(p.expect(tIdent))
		p.expect(tEquals)
		v := p.expr()
		n := p.nodes.lets.alloc()
		*n = ast.LetStmt{Span: p.spanFrom(start), Name: name, Value: v}
		return n
	case tReturn:
		p.advance()
		v := p.expr()
		n := p.nodes.returns.alloc()
		*n = ast.ReturnStmt{Span: p.spanFrom(start), Value: v}
		return n
	}
	e := p.expr()
	s := &ast.ExprStmt{Expr: e}
	if p.peekKind() == tArrow {
		p.advance()
		s.Target = p.identPath()
	}
	s.Span = p.spanFrom(start)
	return s
}

func (p *parser) paramList() []string {
	p.expect(tLBrace)
	params := []string{}
	if p.peekKind() == tIdent {
		params = append(params, p.text(p.advance()))
		for p.peekKind() == tComma && p.peekKindAt(1) == tIdent {
			p.advance()
			params = append(params, p.text(p.advance()))
		}
		if p.peekKind() == tComma {
			p.advance()
		}
	}
	p.expect(tRBrace)
	return params
}

func (p *parser) block() []ast.Stmt {
	p.expect(tLBrace)
	mark := len(p.stmts)
	for canStartStmt(p.peekKind()) {
		p.stmts = append(p.stmts, p.stmt())
	}
	p.expect(tRBrace)
	return popExact(&p.stmts, mark, &p.nodes.stmtLists)
}

// binder parses `{ IDENT }` (match arms, catch).
func (p *parser) binder() string {
	p.expect(tLBrace)
	name := p.text(p.expect(tIdent))
	p.expect(tRBrace)
	return name
}

// ---- expressions ----

func (p *parser) expr() ast.Expr {
	p.enter()
	defer p.leave()
	start := p.pos
	switch p.peekKind() {
	case tIf:
		switch p.peekKindAt(1) {
		case tLParen:
			return p.ifBlock()
		case tLBrace:
			return p.ifRecord()
		}
		p.failUnexpected(p.peek())
	case tFor:
		p.advance()
		rec := p.record()
		list, binding, ok := inAs(rec)
		var d *diag.Diagnostic
		if !ok {
			d = p.deferShape("for expression requires 'in' and 'as' fields",
				`Use syntax: for { in: <list>, as: "name" } { ... }.`)
		}
		body := p.block()
		sp := p.spanFrom(start)
		setSpan(d, sp)
		return &ast.ForExpr{Span: sp, List: list, Binding: binding, Body: body}
	case tFilter:
		p.advance()
		rec := p.record()
		if p.peekKind() != tLBrace {
			sp := p.spanFrom(start)
			return &ast.FnCallExpr{Span: sp, Name: &ast.IdentPath{Span: sp, Parts: []string{"filter"}}, Args: rec}
		}
		list, binding, ok := inAs(rec)
		var d *diag.Diagnostic
		if !ok {
			d = p.deferShape("filter block requires 'in' and 'as' fields",
				`Use syntax: filter { in: <list>, as: "name" } { ... }.`)
		}
		body := p.block()
		sp := p.spanFrom(start)
		setSpan(d, sp)
		return &ast.FilterBlockExpr{Span: sp, List: list, Binding: binding, Body: body}
	case tLoop:
		p.advance()
		rec := p.record()
		init, binding, ok := inAs(rec)
		times := lastValue(rec, "times")
		var d *diag.Diagnostic
		if !ok || times == nil {
			d = p.deferShape("loop requires 'in', 'times', and 'as' fields",
				`Use syntax: loop { in: <init>, times: <N>, as: "name" } { ... }.`)
		}
		body := p.block()
		sp := p.spanFrom(start)
		setSpan(d, sp)
		return &ast.LoopExpr{Span: sp, Init: init, Times: times, Binding: binding, Body: body}
	case tMatch:
		return p.match()
	case tCallQ:
		p.advance()
		tool := p.identPath()
		args := p.record()
		return &ast.CallExpr{Span: p.spanFrom(start), Tool: tool, Args: args}
	case tDo:
		p.advance()
		tool := p.identPath()
		args := p.record()
		return &ast.DoExpr{Span: p.spanFrom(start), Tool: tool, Args: args}
	case tAssert:
		p.advance()
		args := p.record()
		return &ast.AssertExpr{Span: p.spanFrom(start), Args: args}
	case tCheck:
		p.advance()
		args := p.record()
		return &ast.CheckExpr{Span: p.spanFrom(start), Args: args}
	case tTry:
		p.advance()
		tryBody := p.block()
		p.expect(tCatch)
		name := p.binder()
		catchBody := p.block()
		return &ast.TryExpr{Span: p.spanFrom(start), TryBody: tryBody, CatchBinding: name, CatchBody: catchBody}
	}
	if !canStartComparison(p.peekKind()) {
		p.failUnexpected(p.peek())
	}
	return p.comparison()
}

// deferShape records a missing-field error of §2.8 when it is the first error of AST
// construction. The check happens between the construct's record and its body (errors in
// the record come first, errors in the body later) but the span covers the whole
// construct, so the caller fills it in with setSpan once the body is parsed.
func (p *parser) deferShape(msg, hint string) *diag.Diagnostic {
	if p.deferred != nil {
		return nil
	}
	p.deferred = &diag.Diagnostic{Code: diag.Parse, Message: msg, Span: &ast.Span{}, Hint: hint}
	return p.deferred
}

func setSpan(d *diag.Diagnostic, sp ast.Span) {
	if d != nil {
		*d.Span = sp
	}
}

func (p *parser) ifBlock() ast.Expr {
	start := p.pos
	p.advance()
	p.expect(tLParen)
	cond := p.expr()
	p.expect(tRParen)
	thenBody := p.block()
	p.expect(tElse)
	elseBody := p.block()
	return &ast.IfBlockExpr{Span: p.spanFrom(start), Cond: cond, ThenBody: thenBody, ElseBody: elseBody}
}

func (p *parser) ifRecord() ast.Expr {
	start := p.pos
	p.advance()
	rec := p.record()
	cond, then, els := lastValue(rec, "cond"), lastValue(rec, "then"), lastValue(rec, "else")
	sp := p.spanFrom(start)
	if cond == nil || then == nil || els == nil {
		setSpan(p.deferShape("if expression requires cond, then, and else fields",
			"Use syntax: if { cond: ..., then: ..., else: ... }."), sp)
	}
	return &ast.IfExpr{Span: sp, Cond: cond, Then: then, Else: els}
}

func (p *parser) match() ast.Expr {
	start := p.pos
	p.advance()
	var subject ast.Expr
	switch p.peekKind() {
	case tLParen:
		p.advance()
		subject = p.expr()
		p.expect(tRParen)
	case tIdent:
		subject = p.identPath()
	default:
		p.failUnexpected(p.peek())
	}
	p.expect(tLBrace)
	m := &ast.MatchExpr{Subject: subject}
	for range 2 {
		arm := p.matchArm()
		switch arm.Tag {
		case ast.OkTag:
			m.OkArm = arm
		case ast.ErrTag:
			m.ErrArm = arm
		}
	}
	p.expect(tRBrace)
	m.Span = p.spanFrom(start)
	if m.OkArm == nil || m.ErrArm == nil {
		sp := m.Span
		p.deferError(diag.Parse, "match expression requires both ok and err arms", &sp,
			"Provide both arms: ok {v} { ... } and err {e} { ... }.")
	}
	return m
}

func (p *parser) matchArm() *ast.MatchArm {
	start := p.pos
	tag := p.text(p.expect(tIdent))
	binding := p.binder()
	body := p.block()
	arm := &ast.MatchArm{Span: p.spanFrom(start), Tag: ast.ArmTag(tag), Binding: binding, Body: body}
	if arm.Tag != ast.OkTag && arm.Tag != ast.ErrTag {
		sp := arm.Span
		p.deferError(diag.Parse, "match arm must be 'ok' or 'err', got '"+tag+"'", &sp,
			"Use exactly two arms: ok {v} { ... } and err {e} { ... }.")
	}
	return arm
}

// comparison: Additive [ CompareOp Additive ] — at most one operator.
func (p *parser) comparison() ast.Expr {
	start := p.pos
	left := p.additive()
	var op ast.Op
	switch p.peekKind() {
	case tGt, tLt, tGtEq, tLtEq, tEqEq, tBangEq:
		op = ast.Op(p.text(p.advance()))
	default:
		return left
	}
	right := p.additive()
	n := p.nodes.binaries.alloc()
	*n = ast.BinaryExpr{Span: p.spanFrom(start), Op: op, Left: left, Right: right}
	return n
}

// additive and multiplicative build left-nested chains; every node of one chain gets the
// span of the whole chain (§3.1).
func (p *parser) additive() ast.Expr {
	start := p.pos
	left := p.multiplicative()
	chain := 0
	for k := p.peekKind(); k == tPlus || k == tMinus; k = p.peekKind() {
		op := ast.Op(p.text(p.advance()))
		right := p.multiplicative()
		n := p.nodes.binaries.alloc()
		*n = ast.BinaryExpr{Op: op, Left: left, Right: right}
		left = n
		chain++
	}
	p.setChainSpan(start, left, chain)
	return left
}

func (p *parser) multiplicative() ast.Expr {
	start := p.pos
	left := p.unary()
	chain := 0
	for k := p.peekKind(); k == tStar || k == tSlash || k == tPercent; k = p.peekKind() {
		op := ast.Op(p.text(p.advance()))
		right := p.unary()
		n := p.nodes.binaries.alloc()
		*n = ast.BinaryExpr{Op: op, Left: left, Right: right}
		left = n
		chain++
	}
	p.setChainSpan(start, left, chain)
	return left
}

// setChainSpan gives the span from token start to the last consumed token to the chain
// nodes of one additive or multiplicative chain: the first n nodes down the Left spine
// from top (below them, a Left operand is an operand of its own, e.g. parenthesised).
func (p *parser) setChainSpan(start int, top ast.Expr, n int) {
	if n == 0 {
		return
	}
	sp := p.spanFrom(start)
	for node := top; n > 0; n-- {
		b := node.(*ast.BinaryExpr)
		b.Span = sp
		node = b.Left
	}
}

func (p *parser) unary() ast.Expr {
	if p.peekKind() != tMinus {
		return p.primary()
	}
	p.enter()
	defer p.leave()
	start := p.pos
	p.advance()
	operand := p.unary()
	return &ast.UnaryExpr{Span: p.spanFrom(start), Op: ast.Minus, Operand: operand}
}

func (p *parser) primary() ast.Expr {
	t := p.peek()
	switch t.kind {
	case tLParen:
		p.advance()
		e := p.expr()
		p.expect(tRParen)
		return e
	case tLBrace:
		return p.record()
	case tLBracket:
		return p.list()
	case tInt:
		p.advance()
		n := p.nodes.ints.alloc()
		*n = ast.IntLiteral{Span: p.tokSpan(t), Value: parseNumber(p.text(t)), Text: p.text(t)}
		return n
	case tFloat:
		p.advance()
		return &ast.FloatLiteral{Span: p.tokSpan(t), Value: parseNumber(p.text(t)), Text: p.text(t)}
	case tString:
		p.advance()
		n := p.nodes.strs.alloc()
		*n = ast.StrLiteral{Span: p.tokSpan(t), Value: p.decodeString(t)}
		return n
	case tTrue, tFalse:
		p.advance()
		return &ast.BoolLiteral{Span: p.tokSpan(t), Value: t.kind == tTrue}
	case tNull:
		p.advance()
		return &ast.NullLiteral{Span: p.tokSpan(t)}
	case tIdent:
		start := p.pos
		path := p.identPath()
		if p.peekKind() != tLBrace {
			return path
		}
		args := p.record()
		n := p.nodes.calls.alloc()
		*n = ast.FnCallExpr{Span: p.spanFrom(start), Name: path, Args: args}
		return n
	}
	p.failUnexpected(t)
	return nil
}

// decodeString decodes a StringLit, deferring E_AST (no span, no hint) on failure.
func (p *parser) decodeString(t *token) string {
	v, msg, ok := decodeStringLiteral(p.text(t))
	if !ok {
		p.deferError(diag.AST, msg, nil, "")
	}
	return v
}

// parseNumber converts literal text to the nearest double; overflow gives +Inf.
func parseNumber(text string) float64 { return ast.NumberValue(text) }

// identPath: IDENT { "." KeyName }.
func (p *parser) identPath() *ast.IdentPath {
	start := p.pos
	// Most paths are one name: the node and its Parts share one allocation.
	x := p.nodes.paths.alloc()
	x.first[0] = p.text(p.expect(tIdent))
	parts := x.first[:]
	for p.peekKind() == tDot {
		p.advance()
		parts = append(parts, p.keyName())
	}
	x.path = ast.IdentPath{Span: p.spanFrom(start), Parts: parts}
	return &x.path
}

type identPathWithRoom struct {
	path  ast.IdentPath
	first [1]string
}

func (p *parser) keyName() string {
	t := p.peek()
	if !isKeyName(t.kind) {
		p.failUnexpected(t)
	}
	p.advance()
	return p.text(t)
}

func (p *parser) record() *ast.RecordExpr {
	start := p.pos
	p.expect(tLBrace)
	rec := p.nodes.records.alloc()
	rec.Pairs = commaSeparated(p, &p.entries, &p.nodes.entryLists, canStartEntry, (*parser).entry)
	p.expect(tRBrace)
	rec.Span = p.spanFrom(start)
	return rec
}

func (p *parser) entry() ast.RecordEntry {
	start := p.pos
	if p.peekKind() == tDotDotDot {
		p.advance()
		e := p.expr()
		return &ast.SpreadPair{Span: p.spanFrom(start), Expr: e}
	}
	key := p.keyName()
	for p.peekKind() == tDot {
		p.advance()
		key += "." + p.keyName()
	}
	p.expect(tColon)
	v := p.expr()
	n := p.nodes.pairs.alloc()
	*n = ast.RecordPair{Span: p.spanFrom(start), Key: key, Value: v}
	return n
}

func (p *parser) list() *ast.ListExpr {
	start := p.pos
	p.expect(tLBracket)
	l := &ast.ListExpr{}
	l.Elements = commaSeparated(p, &p.elements, &p.nodes.exprLists, canStartExpr, (*parser).expr)
	p.expect(tRBracket)
	l.Span = p.spanFrom(start)
	return l
}

// ---- desugaring helpers (§2.8) ----

// lastValue is the value of the last pair with key k (spreads ignored), or nil.
func lastValue(rec *ast.RecordExpr, k string) ast.Expr {
	var v ast.Expr
	for _, e := range rec.Pairs {
		if pr, ok := e.(*ast.RecordPair); ok && pr.Key == k {
			v = pr.Value
		}
	}
	return v
}

// inAs reads `in` and `as` of a for/filter/loop record: `as` is the last `as` pair whose
// value is a string literal, and an empty string counts as missing.
func inAs(rec *ast.RecordExpr) (in ast.Expr, as string, ok bool) {
	in = lastValue(rec, "in")
	for _, e := range rec.Pairs {
		if pr, isPair := e.(*ast.RecordPair); isPair && pr.Key == "as" {
			if s, isStr := pr.Value.(*ast.StrLiteral); isStr {
				as = s.Value
			}
		}
	}
	return in, as, in != nil && as != ""
}
